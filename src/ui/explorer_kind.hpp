// One explorer kind: the panel, the step bar's words, the pictures in the view and the status
// line of one family of traced tests (SAT, slab, closest point, ...). The Explorer
// (explorer.hpp) owns the focused pair, its trace and the state they share, and forwards to
// the kind the trace names, as Box2D's samples give each sample a class of its own.
#pragma once

#include "render/camera.hpp"
#include "render/line_batch.hpp"
#include "scene/pair_trace.hpp"
#include "scene/scene.hpp"
#include "ui/picking.hpp"

#include <imgui.h>
#include <glm/glm.hpp>

#include <optional>
#include <string>

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
};

/// What a kind draws from: the scene, the focused pair's trace (its shapes in the test's
/// roles) and the shared state.
struct ExplorerInput {
  const Scene& scene;
  const PairTrace& trace;
  const ExplorerState& state;
};

/// Where the world-space pictures go and how the view maps the world to pixels.
struct OverlayTarget {
  LineBatch& lines;
  const ViewMapping& view;
  const OrbitCamera& camera;
  glm::vec2 fbPerWindow{1.0f};
};

/// What the panel may ask the viewer to do this frame.
struct PanelRequests {
  std::optional<CameraRequest> camera;  // move the camera
  std::optional<glm::vec3> moveB;       // translate shape B (the test's B) by this
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
};

// ---- Shared by the kinds' panels ---------------------------------------------------------

/// Colours of the panels' words: "separates", "overlap" (and warnings), and the rows after
/// the current step.
ImVec4 separatesColor();
ImVec4 penetratesColor();
ImVec4 dimColor();

/// A scene shape's name, "?" for an index out of range.
std::string shapeName(const Scene& scene, int index);

/// Prev / Next / Play buttons for `count` steps.
void drawStepButtons(ExplorerState& state, int count);
/// The buttons, the speed and a step slider: the stepping controls at the top of a panel.
void drawStepper(ExplorerState& state, int count);

/// Yaw and pitch of an orbit camera whose view direction is `forward`, aimed at `target`.
CameraRequest lookAlong(const glm::vec3& forward, const glm::vec3& target);

}  // namespace satlab
