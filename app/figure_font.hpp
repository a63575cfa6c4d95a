// The UI's font rasterised again for a figure drawn at a larger scale (docs/figures.md): the
// screen's glyphs are bitmaps of the window's size, and a 4x figure drawing them four times
// larger would blur every label. The copy has the same fonts, merged the same way (whatever
// the app loaded: the configurations are the UI atlas's own), at the figure's pixel size, and
// measures exactly as the UI's font does in window units (ImFont::Scale), so the layout is
// the screen's; only its texture has more pixels.
#pragma once

#include "render/gl.hpp"

#include <memory>

struct ImFont;
struct ImFontAtlas;

namespace satlab {

class FigureFont {
 public:
  FigureFont() = default;
  FigureFont(const FigureFont&) = delete;
  FigureFont& operator=(const FigureFont&) = delete;
  ~FigureFont();

  /// The current ImGui font rasterised for `scale` figure pixels per window unit; nullptr
  /// when the UI's own font already has those pixels (or the copy cannot be built). Needs
  /// an ImGui frame and the GL context; kept until release() or another scale.
  ImFont* fontFor(float scale);
  /// Frees the copy and its texture (while the GL context is current).
  void release();

 private:
  std::unique_ptr<ImFontAtlas> atlas_;
  GLuint texture_ = 0;
  ImFont* font_ = nullptr;
  const ImFont* source_ = nullptr;
  float pixels_ = 0.0f;
};

}  // namespace satlab
