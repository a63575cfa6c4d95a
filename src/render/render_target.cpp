#include "render/render_target.hpp"

#include <stb/stb_image_write.h>  // the implementation is compiled into Debian's libstb

#include <algorithm>
#include <cstring>

namespace satlab {

namespace {

struct OffscreenLimits {
  GLint renderbuffer = 0;
  GLint viewport[2] = {0, 0};
};

OffscreenLimits offscreenLimits() {
  OffscreenLimits l;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &l.renderbuffer);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, l.viewport);
  return l;
}

/// Errors left by earlier calls, so that the next glGetError is about what follows.
void drainGlErrors() {
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }
}

}  // namespace

std::string offscreenLimitsText() {
  const OffscreenLimits l = offscreenLimits();
  return "GL_MAX_RENDERBUFFER_SIZE " + std::to_string(l.renderbuffer) + ", GL_MAX_VIEWPORT_DIMS " +
         std::to_string(l.viewport[0]) + "x" + std::to_string(l.viewport[1]);
}

std::string offscreenSizeProblem(int width, int height) {
  const OffscreenLimits l = offscreenLimits();
  if (width <= 0 || height <= 0) return "no image at that size";
  if (width > l.renderbuffer || height > l.renderbuffer) {
    return "larger than this OpenGL renders offscreen (GL_MAX_RENDERBUFFER_SIZE " + std::to_string(l.renderbuffer) +
           ")";
  }
  if (width > l.viewport[0] || height > l.viewport[1]) {
    return "larger than this OpenGL renders offscreen (GL_MAX_VIEWPORT_DIMS " + std::to_string(l.viewport[0]) + "x" +
           std::to_string(l.viewport[1]) + ")";
  }
  return {};
}

RenderTarget::~RenderTarget() { release(); }

void RenderTarget::release() {
  if (msFbo_) glDeleteFramebuffers(1, &msFbo_);
  if (resolveFbo_) glDeleteFramebuffers(1, &resolveFbo_);
  GLuint rbs[] = {msColor_, msDepth_, resolveColor_};
  for (GLuint rb : rbs) {
    if (rb) glDeleteRenderbuffers(1, &rb);
  }
  msFbo_ = resolveFbo_ = msColor_ = msDepth_ = resolveColor_ = 0;
  width_ = height_ = 0;
}

bool RenderTarget::create(int width, int height, int samples, std::string& error) {
  release();
  if (std::string problem = offscreenSizeProblem(width, height); !problem.empty()) {
    error = problem;
    return false;
  }
  drainGlErrors();
  GLint maxSamples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
  samples = std::clamp(samples, 0, static_cast<int>(maxSamples));

  glGenFramebuffers(1, &msFbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, msFbo_);
  glGenRenderbuffers(1, &msColor_);
  glBindRenderbuffer(GL_RENDERBUFFER, msColor_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msColor_);
  glGenRenderbuffers(1, &msDepth_);
  glBindRenderbuffer(GL_RENDERBUFFER, msDepth_);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH24_STENCIL8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, msDepth_);
  // Within the limits, an implementation may still not have the memory (Mesa's llvmpipe
  // refuses a resource over 1 GiB: 16384x16384 with 4 samples is 4 GiB).
  const auto failed = [&](const std::string& what) {
    error = "OpenGL could not make " + what + " of that size (" + offscreenLimitsText() + ")";
    release();
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    drainGlErrors();
    return false;
  };
  if (glGetError() == GL_OUT_OF_MEMORY)
    return failed("the " + std::to_string(samples) + "-sample image: out of memory");
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    return failed("a complete " + std::to_string(samples) + "-sample framebuffer");
  }

  glGenFramebuffers(1, &resolveFbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, resolveFbo_);
  glGenRenderbuffers(1, &resolveColor_);
  glBindRenderbuffer(GL_RENDERBUFFER, resolveColor_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolveColor_);
  const bool outOfMemory = glGetError() == GL_OUT_OF_MEMORY;
  const bool ok = !outOfMemory && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (!ok) return failed(outOfMemory ? "the resolved image: out of memory" : "a complete resolve framebuffer");
  width_ = width;
  height_ = height;
  return true;
}

void RenderTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, msFbo_);
  glViewport(0, 0, width_, height_);
}

std::vector<std::uint8_t> RenderTarget::readRgba(bool keepAlpha) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msFbo_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFbo_);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolveFbo_);
  std::vector<std::uint8_t> out = readFramebufferRgba(width_, height_, keepAlpha);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return out;
}

std::vector<std::uint8_t> readFramebufferRgba(int width, int height, bool keepAlpha) {
  const size_t row = static_cast<size_t>(width) * 4;
  std::vector<std::uint8_t> pixels(row * static_cast<size_t>(height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  // OpenGL's first row is the bottom one; PNG's is the top one.
  std::vector<std::uint8_t> tmp(row);
  for (int y = 0; y < height / 2; ++y) {
    std::uint8_t* a = pixels.data() + static_cast<size_t>(y) * row;
    std::uint8_t* b = pixels.data() + static_cast<size_t>(height - 1 - y) * row;
    std::memcpy(tmp.data(), a, row);
    std::memcpy(a, b, row);
    std::memcpy(b, tmp.data(), row);
  }
  if (keepAlpha) {
    for (size_t i = 0; i + 3 < pixels.size(); i += 4) {
      const unsigned a = pixels[i + 3];
      for (size_t k = 0; k < 3; ++k) {
        pixels[i + k] = a == 0 ? 0 : static_cast<std::uint8_t>(std::min(255u, (pixels[i + k] * 255u + a / 2) / a));
      }
    }
    return pixels;
  }
  // The image is opaque whatever alpha blending left in the buffer.
  for (size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;
  return pixels;
}

bool writePng(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgba, std::string& error,
              NonRegularTarget nonRegular) {
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  if (width <= 0 || height <= 0 ||
      rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4) {
    error = path + ": not written: no image of " + size + " to write";
    return false;
  }
  std::string png;
  const auto append = [](void* to, void* data, int bytes) {
    static_cast<std::string*>(to)->append(static_cast<const char*>(data), static_cast<std::size_t>(bytes));
  };
  if (stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4) == 0 || png.empty()) {
    error = path + ": not written: the " + size + " image could not be encoded as PNG";
    return false;
  }
  if (auto e = writeFileAtomically(path, png, nonRegular)) {
    error = *e;
    return false;
  }
  return true;
}

}  // namespace satlab
