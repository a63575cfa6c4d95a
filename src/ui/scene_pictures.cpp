#include "ui/scene_pictures.hpp"

#include <imgui.h>

#include <cstdio>

namespace satlab {

ScenePicture scenePictureFor(const ScenePictureInput& in) {
  if (in.lab.active()) return ScenePicture::Volumes;
  if (in.frustum.present() && in.frustum.active()) return ScenePicture::SecondCamera;
  if (in.sceneMoves) return ScenePicture::Pipeline;
  return ScenePicture::None;
}

void ScenePictures::draw(const ScenePictureInput& in, const ScreenRect& area, bool presentation) {
  const ScenePicture which = scenePictureFor(in);
  if (which == ScenePicture::None) return;
  CanvasStyle style = CanvasStyle::current(ImGui::GetIO().DisplaySize.y, presentation);
  if (presentation) {
    // These hold a table and a plot where the explorer's picture holds one number line: a
    // little smaller text (2.7% of the height, 19 px at 720 rows) leaves the view room.
    const float k = kScenePictureText / kCanvasPresentationText;
    style.text *= k, style.pad *= k, style.line *= k, style.bar *= k;
  }
  const glm::vec2 size = which == ScenePicture::Volumes        ? volumesPictureSize(in, style)
                         : which == ScenePicture::SecondCamera ? secondCameraPictureSize(in, style)
                                                               : pipelinePictureSize(in, style);
  const ScreenRect rect = placeBottomRight(area, size, style.pad);
  if (rectWidth(rect) < style.text * 6.0f || rectHeight(rect) < style.text * 3.0f) return;  // no room to say anything
  ImDrawList* dl = ImGui::GetBackgroundDrawList();
  const CanvasPainter painter(dl, style);
  dl->PushClipRect(ImVec2(rect.lo.x, rect.lo.y), ImVec2(rect.hi.x, rect.hi.y), true);
  painter.backing(rect);
  words_ = which == ScenePicture::Volumes        ? drawVolumesPicture(in, painter, rect)
           : which == ScenePicture::SecondCamera ? drawSecondCameraPicture(in, painter, rect)
                                                 : drawPipelinePicture(in, painter, rect);
  dl->PopClipRect();
  shown_ = which;
  rect_ = rect;
  frame_ = ImGui::GetFrameCount();
  text_ = style.text;
}

std::optional<ScreenRect> ScenePictures::rect() const {
  if (ImGui::GetCurrentContext() == nullptr || frame_ < ImGui::GetFrameCount() - 1) return std::nullopt;
  return rect_;
}

std::string ScenePictures::status() const {
  if (!rect()) return {};
  const char* name = shown_ == ScenePicture::Volumes        ? "volumes"
                     : shown_ == ScenePicture::SecondCamera ? "second camera"
                                                            : "pipeline";
  char buf[160];
  std::snprintf(buf, sizeof buf, "picture: %s at %.0f,%.0f to %.0f,%.0f (text %.0f px):", name,
                static_cast<double>(rect_.lo.x), static_cast<double>(rect_.lo.y), static_cast<double>(rect_.hi.x),
                static_cast<double>(rect_.hi.y), static_cast<double>(text_));
  std::string out = buf;
  for (size_t i = 0; i < words_.size(); ++i) out += (i == 0 ? " " : " | ") + words_[i];
  return out;
}

}  // namespace satlab
