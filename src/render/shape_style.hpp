// How one shape is drawn beyond its own colour: selection, hover and the dashed outline
// style (used to mark overlapping shapes without relying on colour alone). The shape's
// colour is never replaced: state shows as edge width, brightness and a halo.
#pragma once

#include <glm/glm.hpp>

namespace satlab {

struct ShapeStyle {
  bool selected = false;  ///< thicker, brighter edges inside a white halo; denser fill
  bool hovered = false;   ///< brighter, slightly thicker edges
  bool dashed = false;    ///< dashed edges and outline (e.g. "overlaps another shape")
  bool label = true;      ///< its name is shown (the Pairs panel's "labels" setting)
  bool dimmed = false;    ///< faded towards the background (culled by the second camera's frustum)
  /// A mesh that is selected, hovered or overlapping is marked by the box of its bounds (its
  /// own edges are too dense to show it); false where something else marks it, e.g. the
  /// explorer drawing the mesh's tree of boxes, which that large box would drown.
  bool boundsBox = true;
};

/// What the edges of a shape look like in a given style. Widths and the dash period are in
/// framebuffer pixels (already multiplied by the pixel scale).
struct EdgeLook {
  glm::vec4 color{1.0f};
  float widthPx = 2.0f;
  float dashPx = 0.0f;        ///< 0 = solid
  glm::vec4 haloColor{0.0f};  ///< alpha 0 = no halo
  float haloWidthPx = 0.0f;
  float fillAlpha = 0.2f;  ///< opacity of the translucent faces or fill
};

/// `color` mixed towards white by `amount` in [0, 1]; alpha kept.
glm::vec4 brighten(const glm::vec4& color, float amount);

/// The look of a shape of colour `color` in `style`, for edges `baseWidthPx` logical pixels
/// wide at `pixelScale` framebuffer pixels per logical pixel, and faces of opacity
/// `baseFillAlpha`. On a light background (`onLight`) hover and selection stand out by
/// going darker instead of brighter (brighter would fade them into the background), and the
/// halo is the light palette's dark rim instead of a white one.
EdgeLook edgeLook(const glm::vec4& color, const ShapeStyle& style, float baseWidthPx, float pixelScale,
                  float baseFillAlpha, bool onLight = false);

}  // namespace satlab
