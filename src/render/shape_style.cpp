#include "render/shape_style.hpp"

#include <algorithm>

namespace satlab {

glm::vec4 brighten(const glm::vec4& color, float amount) {
  amount = std::clamp(amount, 0.0f, 1.0f);
  return glm::vec4(glm::mix(glm::vec3(color), glm::vec3(1.0f), amount), color.a);
}

EdgeLook edgeLook(const glm::vec4& color, const ShapeStyle& style, float baseWidthPx, float pixelScale,
                  float baseFillAlpha) {
  EdgeLook look;
  const glm::vec4 opaque(glm::vec3(color), 1.0f);
  look.color = opaque;
  look.widthPx = baseWidthPx * pixelScale;
  look.fillAlpha = baseFillAlpha;
  if (style.hovered) {
    look.color = brighten(opaque, 0.3f);
    look.widthPx = (baseWidthPx + 0.75f) * pixelScale;
    look.fillAlpha = baseFillAlpha * 1.35f;
  }
  if (style.selected) {
    // The halo is a soft white rim just wider than the edges, so the edges keep their
    // colour inside it.
    look.color = brighten(opaque, 0.15f);
    look.widthPx = (baseWidthPx + 1.5f) * pixelScale;
    look.haloColor = glm::vec4(1.0f, 1.0f, 1.0f, 0.6f);
    look.haloWidthPx = look.widthPx + 3.5f * pixelScale;
    look.fillAlpha = baseFillAlpha * 1.6f;
  }
  // Dashes long enough to read as a pattern at any width.
  if (style.dashed) look.dashPx = std::max(10.0f * pixelScale, look.widthPx * 4.0f);
  look.fillAlpha = std::min(look.fillAlpha, 0.6f);
  return look;
}

}  // namespace satlab
