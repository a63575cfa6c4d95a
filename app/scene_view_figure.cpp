// Figures for slides (docs/figures.md): the view drawn once more, on demand, into an image of
// its own, by the same drawing as the screen's (SceneView::drawPass), with what only a window
// needs left out; the labels and the explorer's picture drawn into a draw list of the
// figure's own. A vector figure records those same calls (render/vector_figure.hpp).
#include "scene_view.hpp"

#include "platform.hpp"

#include "document/scene_edit.hpp"
#include "render/svg_writer.hpp"
#include "render/view_setup.hpp"
#include "ui/layout.hpp"
#include "ui/theme.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

/// Draws one draw list into the bound framebuffer with the UI's own renderer, `scale`
/// framebuffer pixels per window unit (the figure's scale: ImGui scales its geometry,
/// and clip rectangles, by the draw data's FramebufferScale).
void renderDrawList(ImDrawList& list, const glm::vec2& windowSize, float scale) {
  ImDrawList* lists[] = {&list};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = list.VtxBuffer.Size;
  data.TotalIdxCount = list.IdxBuffer.Size;
  data.DisplayPos = ImVec2(0.0f, 0.0f);
  data.DisplaySize = ImVec2(windowSize.x, windowSize.y);
  data.FramebufferScale = ImVec2(scale, scale);
  // The UI's own renderer (platform.hpp): Dear ImGui's OpenGL backend, or the page's.
  platform::uiRender(&data);
}

/// MSAA samples for a figure of `scale`: fewer as the image grows (the shaders' own
/// anti-aliasing remains), so that a 4x figure of a 1080p window is not 1 GB of samples.
int figureSamples(int scale) { return scale <= 1 ? 4 : scale == 2 ? 2 : 0; }

}  // namespace

bool SceneView::drawFigure(const Scene& scene, const FigureSpec& spec, Figure& out, std::string& error) {
  const int scale = std::clamp(spec.options.scale, 1, kMaxFigureScale);
  const glm::vec2 window = glm::max(spec.windowSize, glm::vec2(1.0f));
  out = Figure{};
  out.width = static_cast<int>(std::lround(window.x * static_cast<float>(scale)));
  out.height = static_cast<int>(std::lround(window.y * static_cast<float>(scale)));
  if (figureTarget_.width() != out.width || figureTarget_.height() != out.height) {
    if (!figureTarget_.create(out.width, out.height, figureSamples(scale), error)) return false;
  }
  const glm::vec2 size(static_cast<float>(out.width), static_cast<float>(out.height));
  const float fs = static_cast<float>(scale);

  // The layout of a window of that size with its panels hidden and nothing but the picture on
  // it: the explorer's picture at the bottom right, the camera's area above it (viewer.cpp's
  // layoutPanels), snapped to 8 units as setFreeArea snaps.
  const ScreenRect whole{glm::vec2(0.0f), window};
  const std::optional<ScreenRect> picture =
      spec.options.picture ? explorer_.canvasPictureRect(scene, whole, presentation_, window.y) : std::nullopt;
  float bottom = window.y;
  if (picture && picture->hi.y > window.y * 2.0f / 3.0f) bottom = std::min(bottom, picture->lo.y - kPanelMargin);
  auto snap = [](float v) { return std::round(v / 8.0f) * 8.0f; };
  const FreeArea free = freeAreaFor(glm::vec4(0.0f, snap(window.x), 0.0f, snap(bottom)), window, size);
  const float freeHeight = std::max(free.bottom - free.top, 1.0f);

  // The screen's camera; framed again into the figure's area while it is where framing put
  // it (the user has not moved it), as a new window size would frame it.
  OrbitCamera camera = camera_;
  if (autoFramed_ && framed_) {
    frameInto(scene, std::max(free.right - free.left, 1.0f) / freeHeight, freeHeight / size.y, camera);
  }

  ViewPass pass;
  pass.camera = camera;
  pass.sizePx = glm::ivec2(out.width, out.height);
  pass.fbPerWindow = glm::vec2(fs);
  pass.pixelScale = theme_.linePixelScale(1.0f, window.y) * fs;
  pass.background =
      figureBackgroundColor(spec.options.background, glm::vec3(theme_.clear[0], theme_.clear[1], theme_.clear[2]));
  pass.centerShift = free.centerShift(size);
  pass.axesWidgetLeftPx = free.left;
  pass.gizmo = false;
  pass.selection = spec.options.selection;
  pass.hover = false;

  VectorFigure recording(size);
  recording.uiScale = fs;
  VectorFigure* recorder = spec.vector ? &recording : nullptr;
  const RenderSettings screenSettings = renderer_.settings();
  // The overlays and the picture in the colours of the figure's background (a transparent
  // one keeps the theme's): a dark view exported on white is drawn as on a light screen.
  const PaletteOverride palette(spec.options.background == FigureBackground::Transparent
                                    ? currentPalette()
                                    : paletteFor(glm::vec3(pass.background)));
  figureTarget_.bind();
  renderer_.setRecorder(recorder);
  drawPass(scene, pass);

  // Labels and the explorer's picture, as the screen draws them into ImGui's background list,
  // into a list of the figure's own, drawn at once into the figure.
  // In the UI's font rasterised at the figure's scale, so that a 4x figure's text is as
  // sharp as its lines (the layout is the screen's: figure_font.hpp).
  ImFont* font = figureFont_.fontFor(fs);
  if (font != nullptr) ImGui::PushFont(font);
  ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.PushTextureID(font != nullptr ? font->ContainerAtlas->TexID : ImGui::GetIO().Fonts->TexID);
  list.PushClipRect(ImVec2(0.0f, 0.0f), ImVec2(window.x, window.y));
  std::vector<ScreenRect> blocked;
  if (picture) blocked.push_back(*picture);
  renderer_.labels().setBlockedRects(blocked);
  renderer_.drawLabels(&list, pass.fbPerWindow);
  if (picture) {
    if (recorder) recorder->beginGroup("picture");
    explorer_.drawCanvasPicture(scene, whole, presentation_, window.y, &list, recorder);
    if (recorder) recorder->endGroup();
  }
  if (font != nullptr) ImGui::PopFont();
  renderDrawList(list, window, fs);
  renderer_.setRecorder(nullptr);

  // Where the shapes and the picture are in the figure, from the matrix it was drawn with.
  for (const SceneShape& s : scene.shapes) {
    glm::vec2 px;
    if (projectToPixel(renderer_.viewProj(), size, shapeCenter(s), px)) out.shapes.push_back({s.name, px, s.color});
  }
  if (picture) out.picture = ScreenRect{picture->lo * fs, picture->hi * fs};
  if (spec.vector) {
    const bool transparent = spec.options.background == FigureBackground::Transparent;
    out.svg = svgDocument(recording, transparent ? std::nullopt : std::optional<glm::vec3>(glm::vec3(pass.background)),
                          spec.title);
    out.counts = recording.counts();
  } else {
    out.rgba = figureTarget_.readRgba(spec.options.background == FigureBackground::Transparent);
  }

  // Back to the frame's own target for the UI still to be drawn into it.
  renderer_.settings() = screenSettings;
  if (drewOffscreen_) {
    offscreen_.bind();
  } else {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, static_cast<GLsizei>(viewport_.x), static_cast<GLsizei>(viewport_.y));
  }
  return true;
}

}  // namespace satlab
