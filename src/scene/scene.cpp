#include "scene/scene.hpp"

#include <array>
#include <cstdint>

namespace satlab {

static_assert(std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Aabb), ShapeGeometry>, Aabb>);
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Obb), ShapeGeometry>, Obb>);
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Sphere), ShapeGeometry>, Sphere>);
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Segment), ShapeGeometry>, Segment>);

std::string_view shapeKindName(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Aabb: return "aabb";
    case ShapeKind::Obb: return "obb";
    case ShapeKind::Sphere: return "sphere";
    case ShapeKind::Segment: return "segment";
  }
  return "?";
}

std::string_view viewModeName(ViewMode view) { return view == ViewMode::TwoD ? "2d" : "3d"; }

const SceneShape* findShape(const Scene& scene, std::string_view name) {
  for (const SceneShape& s : scene.shapes) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

SceneShape* findShape(Scene& scene, std::string_view name) {
  return const_cast<SceneShape*>(findShape(static_cast<const Scene&>(scene), name));
}

glm::vec4 paletteColor(std::size_t index) {
  // Tableau 10: distinct hues of similar weight, readable on dark and light backgrounds.
  static constexpr std::array<std::uint32_t, kPaletteSize> kPalette = {
      0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
      0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
  const std::uint32_t rgb = kPalette[index % kPaletteSize];
  return glm::vec4(static_cast<float>((rgb >> 16) & 0xff) / 255.0f,
                   static_cast<float>((rgb >> 8) & 0xff) / 255.0f,
                   static_cast<float>(rgb & 0xff) / 255.0f, 1.0f);
}

}  // namespace satlab
