// The OpenGL API satlab draws with: OpenGL 3.3 core on the desktop (functions loaded by
// glad), OpenGL ES 3.0 in the browser (WebGL 2, emscripten's headers). The renderer uses
// the part both share; the few differences are named here, in one place: the header, the
// shaders' first lines, the depth buffer's clear value, multisampling and point sizes.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>

namespace satlab::gl {

/// The first lines of every shader: the version, and in the browser the default precision
/// that GLSL ES requires (the sources in shaders/ start after them; gl_program.cpp).
/// GLSL ES has no `noperspective`: there the lines' across-the-line coordinate is
/// interpolated with perspective, which differs from the screen-linear value by the depth
/// change across a few pixels of width, far below what the anti-aliasing shows.
inline constexpr const char* kShaderPreamble =
    "#version 300 es\nprecision highp float;\nprecision highp int;\n#define noperspective\n";

/// The depth buffer's clear value (glClearDepthf in ES).
inline void clearDepth(float depth) { glClearDepthf(depth); }

/// Multisampled rasterisation of the bound target on or off: in ES a multisampled target
/// always is, so there is nothing to do.
inline void multisample(bool) {}

/// Points take their size from the vertex shader's gl_PointSize: always so in ES.
inline void programPointSize() {}

}  // namespace satlab::gl

#else
#include <glad/gl.h>

namespace satlab::gl {

/// The first lines of every shader (the sources in shaders/ start after them;
/// gl_program.cpp).
inline constexpr const char* kShaderPreamble = "#version 330 core\n";

/// The depth buffer's clear value.
inline void clearDepth(float depth) { glClearDepth(depth); }

/// Multisampled rasterisation of the bound target on or off.
inline void multisample(bool on) {
  if (on) {
    glEnable(GL_MULTISAMPLE);
  } else {
    glDisable(GL_MULTISAMPLE);
  }
}

/// Points take their size from the vertex shader's gl_PointSize (a switch in desktop GL).
inline void programPointSize() { glEnable(GL_PROGRAM_POINT_SIZE); }

}  // namespace satlab::gl

#endif
