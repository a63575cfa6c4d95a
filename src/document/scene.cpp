#include "document/scene.hpp"

#include "base/utf8.hpp"

#include <array>
#include <cstdint>
#include <cstdio>

namespace satlab {

static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Aabb), ShapeGeometry>, Aabb>);
static_assert(std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Obb), ShapeGeometry>, Obb>);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Sphere), ShapeGeometry>, Sphere>);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Segment), ShapeGeometry>, Segment>);

static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Triangle), ShapeGeometry>, Triangle>);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Mesh), ShapeGeometry>, MeshShape>);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Capsule), ShapeGeometry>, Capsule>);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(ShapeKind::Hull), ShapeGeometry>, HullShape>);
static_assert(std::variant_size_v<ShapeGeometry> == kShapeKindCount);

std::string_view shapeKindName(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Aabb: return "aabb";
    case ShapeKind::Obb: return "obb";
    case ShapeKind::Sphere: return "sphere";
    case ShapeKind::Segment: return "segment";
    case ShapeKind::Triangle: return "triangle";
    case ShapeKind::Mesh: return "mesh";
    case ShapeKind::Capsule: return "capsule";
    case ShapeKind::Hull: return "hull";
  }
  return "?";
}

std::string_view viewModeName(ViewMode view) { return view == ViewMode::TwoD ? "2d" : "3d"; }

const std::string* ownTextInLanguage(const std::string& english, const std::vector<LanguageText>& others,
                                     std::string_view language) {
  if (language == "en") return &english;
  for (const LanguageText& t : others) {
    if (t.language == language) return &t.text;
  }
  return nullptr;
}

const std::string& textInLanguage(const std::string& english, const std::vector<LanguageText>& others,
                                  std::string_view language) {
  if (const std::string* own = ownTextInLanguage(english, others, language); own && !own->empty()) return *own;
  if (!english.empty()) return english;
  for (const LanguageText& t : others) {
    if (t.text.empty()) continue;
    for (const char* shown : kSceneTextLanguages) {
      if (t.language == shown) return t.text;
    }
  }
  return english;  // empty
}

void setTextInLanguage(std::string& english, std::vector<LanguageText>& others, std::string_view language,
                       std::string text) {
  if (language == "en") {
    english = std::move(text);
    return;
  }
  for (auto it = others.begin(); it != others.end(); ++it) {
    if (it->language != language) continue;
    if (text.empty()) {
      others.erase(it);
    } else {
      it->text = std::move(text);
    }
    return;
  }
  // No text of its own: only text written for it (not the fallback shown unedited) is added.
  if (text.empty() || text == textInLanguage(english, others, language)) return;
  others.push_back(LanguageText{std::string(language), std::move(text)});
}

std::optional<std::string> shapeNameProblem(std::string_view name) {
  if (name.empty()) return std::string("must not be empty");
  if (name.size() > kMaxShapeNameBytes) {
    return "too long (" + std::to_string(name.size()) + " bytes; the limit is " + std::to_string(kMaxShapeNameBytes) +
           ")";
  }
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(name[k]); };
  const auto control = [&](unsigned code, std::size_t at) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "contains the control character U+%04X (at byte %zu); names must be printable", code,
                  at);
    return std::string(buf);
  };
  for (std::size_t i = 0; i < name.size();) {
    const unsigned char b = byte(i);
    if (b < 0x80) {
      if (b < 0x20 || b == 0x7f) return control(b, i);
      ++i;
      continue;
    }
    // Overlong forms, surrogates and code points above U+10FFFF are not UTF-8 either.
    const std::size_t n = utf8Length(name, i);
    if (n == 0) return "is not valid UTF-8 (at byte " + std::to_string(i) + ")";
    if (b == 0xc2 && byte(i + 1) <= 0x9f) return control(byte(i + 1), i);  // C1: U+0080..U+009F
    i += n;
  }
  return std::nullopt;
}

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
      0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
  const std::uint32_t rgb = kPalette[index % kPaletteSize];
  return glm::vec4(static_cast<float>((rgb >> 16) & 0xff) / 255.0f, static_cast<float>((rgb >> 8) & 0xff) / 255.0f,
                   static_cast<float>(rgb & 0xff) / 255.0f, 1.0f);
}

}  // namespace satlab
