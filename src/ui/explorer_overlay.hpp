// Helpers the explorer kinds share for their pictures in the view: labels at world points,
// number formatting, pixel sizes at a point, the points of a shape that a projection's
// extremes come from. Positions come from the trace records; the shapes' corners are used
// only to tie interval ends back to the shapes that produced them.
#pragma once

#include "document/scene.hpp"
#include "model/board_geometry.hpp"  // supportPoints
#include "render/camera.hpp"
#include "render/label_layer.hpp"
#include "ui/picking.hpp"

#include <glm/glm.hpp>

#include <string>
#include <vector>

namespace satlab {

/// The label layer's priority of the numbers and names worldLabel queues: above the view's
/// own labels (the shapes' names, 1 to 3), and what keeps clear of the focused pair.
inline constexpr int kExplorerLabelPriority = 4;

/// Text at a world point, just above it, queued on the view's one label layer (`labels`), so
/// that it keeps off the other labels, the panels, the step bar, the canvas picture and the
/// gizmo. Without a layer (nullptr) it is drawn at once into the background draw list on
/// the theme's label chip. Points off screen or not placeable draw nothing.
void worldLabel(LabelLayer* labels, const ViewMapping& view, const glm::vec2& fbPerWindow, const glm::vec3& at,
                const std::string& text, const glm::vec4& color);

/// printf of one number ("gap %.3g").
std::string fmt(const char* format, float value);
/// printf of one name ("slab %s"): a translated format around an axis's or a shape's name.
std::string fmtName(const char* format, const std::string& name);

/// The world length of one pixel at `p` (for offsets that should look the same size),
/// measured over a step of `scale` world units along the unit `dir` (the camera distance
/// times a little: a unit step is lost in rounding far from the origin and spans 1e30
/// pixels in a tiny scene). Finite and positive.
float worldPerPixel(const ViewMapping& view, const glm::vec3& p, const glm::vec3& dir, float scale);

/// The point of `pts` whose projection on `axis` is nearest `value`.
glm::vec3 pointAt(const std::vector<glm::vec3>& pts, const glm::vec3& axis, float value);

}  // namespace satlab
