// An offscreen multisampled framebuffer, resolved for readback. Used for --screenshot so
// the image does not depend on the window being visible or fitting on the screen.
#pragma once

#include "document/atomic_file.hpp"
#include "render/gl.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace satlab {

class RenderTarget {
 public:
  RenderTarget() = default;
  RenderTarget(const RenderTarget&) = delete;
  RenderTarget& operator=(const RenderTarget&) = delete;
  ~RenderTarget();

  /// (Re)creates the target at width x height with up to `samples` MSAA samples. False, with
  /// `error` saying why and naming this OpenGL's limits, when the size is beyond them
  /// (offscreenSizeProblem) or the framebuffer cannot be made (out of memory, incomplete).
  bool create(int width, int height, int samples, std::string& error);
  void bind() const;
  /// Resolves the multisampled image and returns it as tightly packed RGBA8 rows, top row
  /// first (PNG order). Opaque, or with `keepAlpha` the image's own alpha (see
  /// readFramebufferRgba).
  std::vector<std::uint8_t> readRgba(bool keepAlpha = false);
  int width() const { return width_; }
  int height() const { return height_; }
  /// Deletes the GL objects (while the context is still current).
  void release();

 private:
  int width_ = 0;
  int height_ = 0;
  GLuint msFbo_ = 0;
  GLuint msColor_ = 0;
  GLuint msDepth_ = 0;
  GLuint resolveFbo_ = 0;
  GLuint resolveColor_ = 0;
};

/// Why this OpenGL cannot render an offscreen image of width x height ("larger than this
/// OpenGL renders offscreen (GL_MAX_RENDERBUFFER_SIZE 16384)"), naming the limit it reports:
/// GL_MAX_RENDERBUFFER_SIZE for the target's renderbuffers, GL_MAX_VIEWPORT_DIMS for drawing
/// into them; empty when the size is within both. Needs a current context.
std::string offscreenSizeProblem(int width, int height);

/// This OpenGL's limits on an offscreen image: "GL_MAX_RENDERBUFFER_SIZE 16384,
/// GL_MAX_VIEWPORT_DIMS 16384x16384".
std::string offscreenLimitsText();

/// Reads the currently bound read framebuffer (GL_BACK of the window when none is bound)
/// as RGBA8, top row first. Opaque (alpha 255), or with `keepAlpha` the alpha drawn into a
/// target cleared to transparent, the colours divided by it (blending leaves them multiplied
/// by their coverage; PNG wants them straight).
std::vector<std::uint8_t> readFramebufferRgba(int width, int height, bool keepAlpha = false);

/// Writes RGBA8 pixels (top row first) as a PNG, through writeFileAtomically (a complete
/// file or the old one; `nonRegular` as there). Returns false with `error` set on failure:
/// no pixels (a zero size, or fewer bytes than width x height x 4), encoding, writing.
bool writePng(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgba, std::string& error,
              NonRegularTarget nonRegular = NonRegularTarget::Refuse);

}  // namespace satlab
