#include "render/shape_style.hpp"

#include "render/palette.hpp"

#include <algorithm>

namespace satlab {

glm::vec4 brighten(const glm::vec4& color, float amount) {
  amount = std::clamp(amount, 0.0f, 1.0f);
  return glm::vec4(glm::mix(glm::vec3(color), glm::vec3(1.0f), amount), color.a);
}

EdgeLook edgeLook(const glm::vec4& color, const ShapeStyle& style, float baseWidthPx, float pixelScale,
                  float baseFillAlpha, bool onLight) {
  EdgeLook look;
  const glm::vec4 opaque(glm::vec3(color), 1.0f);
  // Emphasis moves away from the background: towards white on dark, towards black on light.
  auto emphasise = [&](float amount) {
    return onLight ? glm::vec4(glm::vec3(opaque) * (1.0f - amount), 1.0f) : brighten(opaque, amount);
  };
  look.color = opaque;
  look.widthPx = baseWidthPx * pixelScale;
  look.fillAlpha = baseFillAlpha;
  if (style.hovered) {
    look.color = emphasise(0.3f);
    look.widthPx = (baseWidthPx + 0.75f) * pixelScale;
    look.fillAlpha = baseFillAlpha * 1.35f;
  }
  if (style.selected) {
    // The halo is a soft rim (white on dark, dark on light) just wider than the edges, so
    // the edges keep their colour inside it.
    look.color = emphasise(0.15f);
    look.widthPx = (baseWidthPx + 1.5f) * pixelScale;
    look.haloColor = (onLight ? lightPalette() : darkPalette()).selectionHalo;
    look.haloWidthPx = look.widthPx + 3.5f * pixelScale;
    look.fillAlpha = baseFillAlpha * 1.6f;
  }
  // Culled: as far towards the background as 1.6:1 allows (recede, palette.hpp), the faces
  // nearly gone; the hue stays recognisable, the name and the outline style unchanged.
  if (style.dimmed) {
    look.color = recede(look.color, (onLight ? lightPalette() : darkPalette()).background, 1.6f);
    look.fillAlpha *= 0.3f;
  }
  // Dashes long enough to read as a pattern at any width.
  if (style.dashed) look.dashPx = std::max(10.0f * pixelScale, look.widthPx * 4.0f);
  look.fillAlpha = std::min(look.fillAlpha, 0.6f);
  return look;
}

}  // namespace satlab
