// One explorer kind: the panel, the step bar's words, the pictures in the view and the status
// line of one family of traced tests (SAT, slab, closest point, ...). The Explorer
// (explorer.hpp) owns the focused pair, its trace and the state they share, and forwards to
// the kind the trace names, as Box2D's samples give each sample a class of its own.
#pragma once

#include "ui/wrapped_text.hpp"

#include "i18n/i18n.hpp"

#include "document/scene.hpp"
#include "evaluation/pair_trace.hpp"
#include "render/camera.hpp"
#include "render/label_layer.hpp"
#include "render/line_batch.hpp"
#include "ui/canvas_overlay.hpp"
#include "ui/explorer_predict.hpp"
#include "ui/picking.hpp"

#include <imgui.h>
#include <glm/glm.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

/// A camera the explorer asks the viewer to move to (animated).
struct CameraRequest {
  float yawDeg = 0.0f;
  float pitchDeg = 0.0f;
  glm::vec3 target{0.0f};
};

/// What the explorer's kinds share with their owner: the current step, playback and the
/// test's options. The Explorer is one (it derives from this), so the viewer sets
/// `explorer.step` and `explorer.options` directly.
struct ExplorerState {
  ExplorerOptions options;
  int step = 0;  // current row (SAT axis, slab, clamp step)
  bool playing = false;
  float stepsPerSecond = 1.0f;
  float playClock = 0.0f;
  /// "Predict, then reveal" (explorer_predict.hpp): while a question is open, every kind
  /// hides its answer (predict.hidesAnswer()).
  Prediction predict;
};

/// What a kind draws from: the scene, the focused pair's trace (its shapes in the test's
/// roles) and the shared state.
struct ExplorerInput {
  const Scene& scene;
  const PairTrace& trace;
  const ExplorerState& state;
  /// How the view maps the world this frame, when known: a picture on the canvas runs its
  /// number line the way the view shows the axis.
  const ViewMapping* view = nullptr;
  const OrbitCamera* camera = nullptr;
};

/// Where the world-space pictures go and how the view maps the world to pixels.
struct OverlayTarget {
  LineBatch& lines;
  const ViewMapping& view;
  const OrbitCamera& camera;
  glm::vec2 fbPerWindow{1.0f};
  LabelLayer* labels = nullptr;  ///< the view's label layer, for every number and name drawn
};

/// What the panel may ask the viewer to do this frame.
struct PanelRequests {
  std::optional<CameraRequest> camera;  // move the camera
  std::optional<glm::vec3> moveB;       // translate shape B (the test's B) by this
  /// After this frame's edit, step to this SAT axis (when it separates the pair), else to
  /// the first separating axis: "Separate" shows the axis it opened.
  std::optional<AxisId> landOnAxis;
};

class ExplorerView {
 public:
  virtual ~ExplorerView() = default;
  /// Steps (rows) of this kind's record; 0 when it is not stepped.
  virtual int stepCount(const PairTrace& trace) const = 0;
  /// Forgets per-pair UI state (a new pair was focused).
  virtual void reset() {}
  /// The panel's body, under the header every kind shares (names, test, verdict).
  virtual void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) = 0;
  /// What the step bar says about the current step ("A1: separates"); empty when nothing.
  virtual std::string stepText(const ExplorerInput& in) const = 0;
  /// The pictures in the view (world-space lines) and their numbers (screen labels).
  virtual void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const = 0;
  /// Said after "step i of n" in the status line (", current A2, interval A at ...").
  virtual std::string statusDetail(const ExplorerInput& in, const ViewMapping& view,
                                   const OrbitCamera& camera) const = 0;
  /// The key picture on the canvas (canvas_overlay.hpp): its size in window pixels in
  /// `style`, the same at every step of a trace so that the framing around it stays put;
  /// nullopt when this kind has none.
  virtual std::optional<glm::vec2> canvasSize(const ExplorerInput&, const CanvasStyle&) const { return std::nullopt; }
  /// Draws the picture of the current step into `rect` (its backing is already drawn).
  virtual void drawCanvas(const ExplorerInput&, const CanvasPainter&, const ScreenRect&) const {}
};

// ---- Shared by the kinds' panels ---------------------------------------------------------

/// A palette colour (render/palette.hpp) as ImGui takes it.
inline ImVec4 imVec4(const glm::vec4& c) { return ImVec4(c.r, c.g, c.b, c.a); }
inline ImU32 imU32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(imVec4(c)); }

/// Colours of the panels' words in the current theme (ui/theme.hpp's palette): "separates",
/// "overlap" (and warnings), and the rows after the current step.
ImVec4 separatesColor();
ImVec4 penetratesColor();
ImVec4 dimColor();

/// A scene shape's name, "?" for an index out of range.
std::string shapeName(const Scene& scene, int index);

/// SameLine() when an item `nextWidth` wide still fits on the line, else a new line: rows
/// of buttons wrap in a narrow panel instead of running off its edge.
void sameLineIfFits(float nextWidth);

/// The width of a button with `label` (for sameLineIfFits).
float buttonWidth(const char* label);

/// Prev / Next / Play buttons for `count` steps; `wrap`: onto a new line where they do not
/// fit (not in a window that sizes itself to its content, which would never grow).
void drawStepButtons(ExplorerState& state, int count, bool wrap = true);
/// Said in place of an answer while a prediction is open.
inline constexpr const char* kHiddenUntilPredicted = N_("(hidden until you predict)");  // shown through tr()

/// The buttons, the speed and a step slider: the stepping controls at the top of a panel.
void drawStepper(ExplorerState& state, int count);

/// The kind's canvas picture (drawCanvas) drawn in the panel, as wide as the panel, at the
/// panel's text size: one picture, on the canvas and in the panel alike.
void drawPictureInPanel(const ExplorerView& view, const ExplorerInput& in);

/// A fixed English text of the collision core (a test's, an axis kind's, a step's name from
/// results.hpp / trace.hpp) in the window's language: the core has no catalog of its own, so
/// its literals are listed with N_ in explorer_kind.cpp. Empty stays empty; a text not in the
/// catalog is shown as it is.
std::string trCore(std::string_view coreText);

/// Yaw and pitch of an orbit camera whose view direction is `forward`, aimed at `target`.
CameraRequest lookAlong(const glm::vec3& forward, const glm::vec3& target);

}  // namespace satlab
