// The second camera (docs/frustum.md): a scene's "frustum" (world/scene_frustum.hpp), what it
// culls each frame (world/frustum_cull.hpp), and its panel: sliders that move the camera
// (yaw, pitch, distance around its target, field of view, near, far), the counts of both
// tests, the plane test's false positives, and the one selected shape's tests traced plane
// by plane and axis by axis.
//
// The panel docks in the Explorer's place (ui/layout.hpp) while no pair is focused and the
// bounding-volume lab is not open: the explorer is about a pair, the frustum about every
// shape against one camera. The camera's moves are the view's, not edits of the scene: the
// scene file's "frustum" is what a new load starts from.
#pragma once

#include "document/scene.hpp"
#include "satlab/collide/frustum.hpp"
#include "world/frustum_cull.hpp"
#include "world/scene_frustum.hpp"

#include <optional>
#include <string>
#include <vector>

namespace satlab {

class FrustumCulling {
 public:
  /// A new scene: its "frustum" is read again on the next frame.
  void reset();
  /// Reads the scene's "frustum" when its text changed (a load error is printed once to
  /// stderr and shown on the panel), then culls every shape and traces the one selected.
  void frame(const Scene& scene, const std::string& sceneName, const std::vector<int>& selection);

  /// The scene has a "frustum" (valid or not): the panel has something to say.
  bool present() const { return present_; }
  /// A valid camera: there is a frustum to draw and to cull with.
  bool active() const { return spec_.has_value(); }
  const std::string& error() const { return error_; }
  const FrustumSpec* spec() const { return spec_ ? &*spec_ : nullptr; }
  const Frustum& frustum() const { return frustum_; }
  const SceneCull& cull() const { return cull_; }
  /// Whether shape i is drawn dimmed: culled by the test chosen, while dimming is on.
  bool dims(std::size_t i) const;

  /// The traced shape (the one shape selected), -1 if none.
  int focus() const { return focus_; }
  const FrustumTrace& trace() const { return trace_; }
  const ShapeCull& focusCull() const { return focusCull_; }

  /// The panel's settings.
  bool dimCulled = true;     ///< dim the shapes culled
  bool dimByPlanes = false;  ///< by the plane test (else by the exact SAT test)
  bool showFalsePositives = true;

  /// Moves the camera (the panel's sliders); invalid values are refused (false).
  bool setOrbit(const FrustumOrbit& orbit);
  bool setLens(float fovDeg, float nearDist, float farDist);
  const FrustumOrbit& orbit() const { return orbit_; }

  /// Scripted runs and tests: "satlab: frustum: ..." lines (the counts, the false positives,
  /// the traced shape's verdicts), or "" without a frustum.
  std::string report(const Scene& scene) const;

 private:
  void rebuild();

  bool present_ = false;
  bool read_ = false;       // the scene's frustum text has been read
  std::string sourceJson_;  // the "frustum" text it was read from
  std::string error_;
  std::optional<FrustumSpec> spec_;
  FrustumOrbit orbit_;
  Frustum frustum_;
  SceneCull cull_;
  int focus_ = -1;
  FrustumTrace trace_;
  ShapeCull focusCull_;
};

/// The panel's title and id: "Second camera###Explorer.N" (the Explorer's window).
std::string frustumPanelId();

/// A frustum plane's name as the window shows it ("left", "near"...), in the window's language.
const char* frustumPlaneWord(int plane);
/// A SAT axis of the box against the frustum as the window names it: a face of the frustum
/// by its plane's word ("left", translated), the others as the core labels them (B0, EhxB1).
std::string frustumAxisWord(const FrustumAxis& axis);
/// What the plane test says of a box, as the tables show it: "inside", "crosses", "OUTSIDE".
const char* frustumVerdictWord(FrustumVerdict verdict);

/// Draws the panel in the Explorer's place (when `culling.present()`).
void drawFrustumPanel(FrustumCulling& culling, const Scene& scene);

}  // namespace satlab
