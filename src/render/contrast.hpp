// Colour contrast as WCAG 2.1 measures it (success criteria 1.4.3 and 1.4.11): the relative
// luminance of an sRGB colour and the ratio (L1 + 0.05) / (L2 + 0.05) of a lighter colour
// to a darker one, from 1 (the same) to 21 (black on white). Text needs 4.5:1 against what
// is behind it, lines and other graphics 3:1. Pure maths, no GL.
//
// Colours are straight (not premultiplied) RGBA with sRGB components in [0, 1], as the scene
// file and the renderer use them. Blending happens on the sRGB values (the framebuffer is
// not an sRGB one), so a translucent colour is seen as `over(c, background)` mixed in sRGB.
#pragma once

#include <glm/glm.hpp>

#include <cstdint>
#include <unordered_map>

namespace satlab {

inline constexpr float kMinTextContrast = 4.5f;  ///< WCAG 1.4.3, normal-size text
inline constexpr float kMinLineContrast = 3.0f;  ///< WCAG 1.4.11, lines and other graphics

/// WCAG relative luminance of an sRGB colour: 0 (black) to 1 (white).
float relativeLuminance(const glm::vec3& srgb);

/// (lighter + 0.05) / (darker + 0.05) of the two colours' luminances: 1 to 21.
float contrastRatio(const glm::vec3& a, const glm::vec3& b);

/// What `color` looks like drawn with its alpha over the opaque `background`.
glm::vec3 over(const glm::vec4& color, const glm::vec3& background);

/// The contrast of `color` (with its alpha) drawn over `background`.
float contrastOver(const glm::vec4& color, const glm::vec3& background);

/// True when `background` is light: black has more contrast on it than white.
bool isLightBackground(const glm::vec3& background);

/// `color` moved just far enough towards black (on a light background) or white (on a dark
/// one) that, drawn with its alpha over `background`, it has at least `minRatio` contrast;
/// `color` itself when it already has. The hue is kept (a mix with black or white), so a
/// red shape stays red; alpha is kept. Any `minRatio` up to 4.58 can be met (black or white
/// reaches that on every background); beyond it the result is black or white.
glm::vec4 legibleOn(const glm::vec4& color, const glm::vec3& background, float minRatio);

/// legibleOn for many shapes a frame: remembers the answers for the colours it has seen on
/// the current background and ratio (a scene has few colours; each answer costs a search).
class LegibleColors {
 public:
  /// legibleOn(color, background, minRatio), cached; a new background or ratio forgets.
  glm::vec4 get(const glm::vec4& color, const glm::vec3& background, float minRatio);

 private:
  glm::vec3 background_{-1.0f};
  float ratio_ = -1.0f;
  std::unordered_map<std::uint64_t, glm::vec4> cache_;
};

}  // namespace satlab
