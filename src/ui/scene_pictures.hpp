// The key picture of a lesson that has no focused pair, on the canvas beside the view, as the
// explorer's number line is for a pair (canvas_overlay.hpp): in presentation mode, with the
// panels hidden, what a lesson is about stays on the projector without Tab.
//   - the bounding-volume lab (one mesh selected, lessons 13 and 14): each volume shown with
//     its swatch, its volume and its ratio to the hull, and their plot over a whole turn;
//   - the second camera (a scene's frustum, lesson 17): what both tests cull, and the selected
//     shape's plane test plane by plane against its exact test;
//   - the two-phase pipeline (a scene in motion, lessons 15 and 16): the pairs after each
//     phase, the share the AABB test settles alone, the two caches' counts and their saving,
//     with the share and the frame times plotted over the frames kept.
// The first that applies is drawn. Each picture is as large at every frame of a lesson, so
// that the framing around it does not move, and says in its status what it shows.
#pragma once

#include "document/scene.hpp"
#include "model/bv_lab.hpp"
#include "model/live_pairs.hpp"
#include "ui/canvas_overlay.hpp"
#include "ui/frustum_panel.hpp"

#include <optional>
#include <string>
#include <vector>

namespace satlab {

/// Text height of these pictures in presentation mode, as a share of the window height.
inline constexpr float kScenePictureText = 0.027f;

struct ScenePictureInput {
  const Scene& scene;
  const BvLab& lab;
  const FrustumCulling& frustum;
  const LivePairs& pairs;
  bool sceneMoves = false;  ///< the time bar is shown: the pipeline steps with the time
};

enum class ScenePicture { None, Volumes, SecondCamera, Pipeline };
/// Which picture the input calls for (None when nothing applies).
ScenePicture scenePictureFor(const ScenePictureInput& in);

/// What a picture drew, in words, line by line (for the status line and tests).
using PictureWords = std::vector<std::string>;

// The pictures, one file each: their size in a style (the same at every frame of a scene),
// and the drawing into a rectangle whose backing is drawn.
glm::vec2 volumesPictureSize(const ScenePictureInput& in, const CanvasStyle& style);
PictureWords drawVolumesPicture(const ScenePictureInput& in, const CanvasPainter& p, const ScreenRect& rect);
glm::vec2 secondCameraPictureSize(const ScenePictureInput& in, const CanvasStyle& style);
PictureWords drawSecondCameraPicture(const ScenePictureInput& in, const CanvasPainter& p, const ScreenRect& rect);
glm::vec2 pipelinePictureSize(const ScenePictureInput& in, const CanvasStyle& style);
PictureWords drawPipelinePicture(const ScenePictureInput& in, const CanvasPainter& p, const ScreenRect& rect);

class ScenePictures {
 public:
  /// Draws the picture the input calls for in the bottom-right corner of `area` (window
  /// pixels), on ImGui's background list. Call once a frame between NewFrame and Render.
  void draw(const ScenePictureInput& in, const ScreenRect& area, bool presentation);
  /// Where it was drawn this frame or the last; nullopt when none was.
  std::optional<ScreenRect> rect() const;
  /// The pipeline picture was drawn last frame: its caches' saving wants the run without
  /// caches beside the pipeline (LivePairs::setMeasuringCaches).
  bool showsPipeline() const { return rect().has_value() && shown_ == ScenePicture::Pipeline; }
  /// "picture: pipeline at 831,402 to 1268,708 (text 23 px): frame 61: 98790 pairs possible | ..."
  /// for scripted runs; empty when none was drawn.
  std::string status() const;

 private:
  ScenePicture shown_ = ScenePicture::None;
  ScreenRect rect_{};
  int frame_ = -10;
  float text_ = 0.0f;
  PictureWords words_;
};

}  // namespace satlab
