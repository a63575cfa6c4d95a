// The bounding-volume lab's state (docs/bv-lab.md): for the one mesh shape selected, every
// bounding volume of src/mesh/bounding_volumes.hpp, built in the background and placed at the
// mesh's pose every frame; the spin that turns the mesh; the spin plot. No ImGui and no GL
// here: the panel (bv_lab_panel.hpp) and the view's wires (bv_lab_overlay.hpp) read it.
//
// The cache. What is built once per mesh (the hull, the OBBs, the spheres, in the mesh frame
// on the scaled vertices) is keyed by the mesh's shared MeshData and its scale: a new mesh or
// a new scale builds again, a move or a turn does not. Building runs on a worker thread
// (the minimum OBB of a large hull takes seconds), one build at a time; the lab says
// "computing" meanwhile and a frame never waits for it beyond kBuildWaitSeconds (in a run
// for machines it waits until the build is done: setWaitForResults). What a
// build finds out of date when it ends (the scale was dragged on) is dropped and the newest
// key is built next. The spin plot (a whole turn sampled, O(vertices) per sample) is built
// the same way, keyed by the volumes, the plot's base rotation and the spin axis.
//
// The spin turns the mesh in the scene itself (the view, the pairs and the picking follow),
// about a world axis through the middle of the mesh's own box (which stays put), at
// kSpinRadiansPerSecond: the rotation is turn(angle) * base, from the rotation the mesh had
// when the angle was 0, and the centre follows so that the box's middle does not move. Like a gizmo drag,
// each frame of it is a change without an undo step; stopping it is one undo step, and the
// mesh stays where it stopped (Ctrl+Z turns it back). An edit of the rotation by anything
// else (the gizmo, the inspector, undo; a move too) stops it at once and leaves that edit alone.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "base/progress.hpp"
#include "document/scene.hpp"
#include "mesh/bounding_volumes.hpp"

namespace satlab {

/// The lab's rows: the mesh's own box turned by its pose ("Using AABB"'s figure 2 OBB, the
/// one the AABB of the OBB is built from), then the eight volumes of bounding_volumes.hpp.
enum class LabRow { ModelObb, Aabb, AabbOfObb, Cube, ObbCovariance, ObbAreaWeighted, ObbMin, SphereRitter, SphereMin };
inline constexpr std::size_t kLabRows = 9;
inline constexpr std::array<LabRow, kLabRows> kAllLabRows = {
    LabRow::ModelObb,        LabRow::Aabb,   LabRow::AabbOfObb,    LabRow::Cube,     LabRow::ObbCovariance,
    LabRow::ObbAreaWeighted, LabRow::ObbMin, LabRow::SphereRitter, LabRow::SphereMin};

/// The volume a row shows, or nullopt for ModelObb (not one of bounding_volumes.hpp's).
std::optional<VolumeKind> volumeKindOf(LabRow row);
/// "OBB (mesh box)" for ModelObb, else volumeLabel's.
const char* labRowLabel(LabRow row);
/// "mesh_box" for ModelObb, else volumeKey's (the lab's report lines).
const char* labRowKey(LabRow row);
/// "O(1)" for ModelObb, else volumeUpdateCost's.
const char* labRowUpdateCost(LabRow row);

/// The world axes a spin can turn about: Z is the view's vertical (camera.hpp).
enum class SpinAxis { WorldZ, WorldX, WorldY };
glm::vec3 spinAxisVector(SpinAxis axis);
const char* spinAxisLabel(SpinAxis axis);  ///< "world Z (up)", "world X", "world Y"

/// Radians a second: a whole turn in 12 s, slow enough to follow the wobble.
inline constexpr float kSpinRadiansPerSecond = 2.0f * 3.14159265f / 12.0f;
/// Angles the spin plot samples over a whole turn.
inline constexpr int kSpinPlotSamples = 180;
/// The longest a frame waits for a build it has just started (a small mesh's volumes then
/// show in the same frame, without a "computing" flash).
inline constexpr double kBuildWaitSeconds = 0.004;

class BvLab {
 public:
  BvLab();
  ~BvLab();
  BvLab(const BvLab&) = delete;
  BvLab& operator=(const BvLab&) = delete;

  struct Edit {
    bool changed = false;       ///< the spin turned the mesh this frame
    bool stepFinished = false;  ///< the spin stopped: one undo step
  };
  /// Once a frame, before the view's tools: follows the selection (the lab is active while
  /// exactly one shape, a mesh, is selected), starts a build when the mesh or its scale
  /// changed, adopts finished builds, turns the mesh while spinning (by `dt` seconds) and
  /// places every volume at the mesh's pose (the optimal AABB from every vertex, timed).
  Edit frame(Scene& scene, const std::vector<int>& selection, float dt);

  bool active() const { return shape_ >= 0; }
  int shape() const { return shape_; }  ///< the mesh's index in the scene, -1 when inactive

  /// Cancelled: the user stopped the build (cancelBuild); nothing is built for this mesh and
  /// scale until buildAgain().
  enum class State { Inactive, Computing, Ready, Failed, Cancelled };
  State state() const;
  /// How far the build has got (Computing): the hull, then each volume
  /// (mesh/bounding_volumes.hpp, base/progress.hpp).
  ProgressSnapshot buildProgress() const;
  /// The panel's Cancel (Esc) while Computing: the build stops at its next stage and its
  /// work is dropped; the mesh and the scene are as they were.
  void cancelBuild();
  /// The panel's "Build the volumes" after a cancel.
  void buildAgain();
  const std::string& error() const { return error_; }

  /// Built volumes and this frame's placing (Ready only; else nullptr).
  const MeshFrameVolumes* local() const;
  const WorldVolumes* world() const { return local_ ? &world_ : nullptr; }
  /// The row's world volume at this frame's pose, 0 when not ready.
  double volume(LabRow row) const;
  /// Volume over the convex hull's; none when the hull is flat or not ready.
  std::optional<double> hullRatio(LabRow row) const;
  /// The row's own build time (bounding_volumes.hpp's buildSeconds; for ModelObb, the
  /// mesh-frame AABB's), and the hull's (Qhull), which the hull's volumes also need.
  double buildSeconds(LabRow row) const;
  double hullSeconds() const;
  /// The row's update cost per frame, measured on a worker once the volumes are built (none
  /// until then): seconds per update over 16 turned poses in turn (so that no update reuses
  /// the last), in batches of at least 0.5 ms, the least of 7 such measurements (a preempted
  /// one only reads slower).
  std::optional<double> updateSeconds(LabRow row) const;
  /// This frame's placeVolumes (every volume, the AABB's loop over the vertices included).
  double frameSeconds() const { return frameSeconds_; }

  /// The spin plot for the current volumes, base and axis (nullptr while it is computed).
  struct Plot {
    std::vector<double> angles;                         ///< radians
    std::array<std::vector<double>, kLabRows> volumes;  ///< per row, one per angle
  };
  const Plot* plot() const;
  /// The spin's angle from the plot's base rotation, in [0, 2 pi).
  float spinAngle() const { return angle_; }

  /// Runs for machines (a script, a screenshot: a fixed step a frame, app/gui.cpp): a frame
  /// that starts a build, a spin plot or the cost measurement waits until it is done, so
  /// that its result shows at the same frame however busy the machine is. Otherwise a frame
  /// waits at most kBuildWaitSeconds and the result shows when it comes.
  void setWaitForResults(bool on) { waitForResults_ = on; }
  /// A script's `slow`: each stage of a build waits this long, and a run for machines waits
  /// for none of them (the build shows its progress and can be cancelled, as a person sees it).
  void setSlowWork(double seconds) { slowSeconds_ = seconds; }

  bool spinning() const { return spinning_; }
  /// The panel's toggle; takes effect in the next frame().
  void setSpinning(bool on) { wantSpin_ = on; }
  SpinAxis spinAxis() const { return axis_; }
  void setSpinAxis(SpinAxis axis) { wantAxis_ = axis; }

  /// Which rows are drawn in the view and plotted (all by default).
  std::array<bool, kLabRows> shown;

  /// The covariance OBB's volume over the area-weighted one's (Ready, both nonzero).
  std::optional<double> covarianceOverAreaWeighted() const;

  /// For scripted runs: one "satlab: bv lab: ..." line for the state, then one per row
  /// with its key, shown flag, volume, ratio, build and update times (0 until measured);
  /// empty when inactive.
  std::string report(const Scene& scene) const;

  // What the workers make (defined in bv_lab.cpp).
  struct Built;
  struct PlotJob;
  struct CostJob;

 private:
  template <class T>
  struct Job;
  void follow(const Scene& scene, const std::vector<int>& selection);
  void adoptBuilds();
  void startBuildIfNeeded();
  void spin(MeshShape& mesh, float dt, Edit& edit);
  void restartSpin(const MeshShape& mesh);
  void startPlotIfNeeded();
  void startCostsIfNeeded();

  double waitLimit() const;

  bool waitForResults_ = false;
  double slowSeconds_ = 0.0;
  int shape_ = -1;
  std::shared_ptr<const MeshData> data_;  // the selected mesh's
  glm::vec3 scale_{1.0f};
  std::shared_ptr<Job<Built>> building_;             // the build running (at most one)
  std::shared_ptr<const Built> local_;               // the volumes for data_ and scale_, when built
  std::vector<std::shared_ptr<const Built>> cache_;  // the latest builds, newest first
  std::string error_;
  bool cancelled_ = false;  // the build for cancelledData_ at cancelledScale_ was stopped
  std::shared_ptr<const MeshData> cancelledData_;
  glm::vec3 cancelledScale_{1.0f};
  WorldVolumes world_;
  std::vector<glm::vec3> scratch_;
  double frameSeconds_ = 0.0;
  std::shared_ptr<Job<PlotJob>> plotting_;
  std::shared_ptr<const PlotJob> plot_;
  bool plotReady_ = false;
  std::shared_ptr<Job<CostJob>> measuring_;
  std::shared_ptr<const CostJob> costs_;
  bool costsReady_ = false;
  // The spin.
  bool spinning_ = false, wantSpin_ = false;
  SpinAxis axis_ = SpinAxis::WorldZ, wantAxis_ = SpinAxis::WorldZ;
  float angle_ = 0.0f;
  glm::mat3 base_{1.0f};        // the rotation at angle 0
  glm::mat3 lastSet_{1.0f};     // the rotation the spin (or the last restart) left
  glm::vec3 lastCenter_{0.0f};  // and the centre
  glm::vec3 pivotLocal_{0.0f};  // the middle of the mesh's box, mesh frame (scaled)
  glm::vec3 pivotWorld_{0.0f};  // where it stays in the world while the mesh turns
};

}  // namespace satlab
