#include "model/bv_lab.hpp"

#include "i18n/i18n.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <thread>
#include <utility>

#include <glm/gtc/matrix_transform.hpp>

namespace satlab {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kPi = 3.14159265358979323846;
constexpr std::size_t kCacheSize = 4;  // meshes (with their scales) whose volumes are kept
// Update costs: the least of this many measurements, each of repeated runs lasting at least
// this long.
constexpr int kUpdateMeasurements = 7;
constexpr double kUpdateMeasureSeconds = 5e-4;

std::size_t slot(LabRow row) { return static_cast<std::size_t>(row); }
std::size_t slot(VolumeKind kind) { return static_cast<std::size_t>(kind); }

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

glm::mat3 turn(const glm::vec3& unitAxis, float angle) {
  return glm::mat3(glm::rotate(glm::mat4(1.0f), angle, unitAxis));
}

// Keeps the timed updates from being optimised away.
volatile float g_labSink = 0.0f;

float sum(const glm::vec3& a, const glm::vec3& b) { return a.x + a.y + a.z + b.x + b.y + b.z; }
float sum(const Aabb& a) { return sum(a.center, a.half); }
float sum(const Obb& o) { return sum(o.center, o.axes[0]) + o.axes[1].x + o.axes[2].y; }
float sum(const Sphere& c) { return c.center.x + c.center.y + c.center.z + c.radius; }

/// One frame's update of `row` at `pose`: placeVolumes's part for it (placeVolume, or
/// placeMeshBox for the mesh's own box), reduced to a number that depends on every part of
/// the result. `w` holds the result (kept between runs: a run does not pay for a whole
/// WorldVolumes).
float updateOnce(const MeshFrameVolumes& local, LabRow row, const MeshPose& pose, std::vector<glm::vec3>& scratch,
                 WorldVolumes& w) {
  const std::optional<VolumeKind> kind = volumeKindOf(row);
  if (!kind) return sum(placeMeshBox(local, pose));
  placeVolume(local, *kind, pose, scratch, w);
  switch (*kind) {
    case VolumeKind::Aabb: return sum(w.aabb);
    case VolumeKind::AabbOfObb: return sum(w.aabbOfObb);
    case VolumeKind::Cube: return sum(w.cube);
    case VolumeKind::ObbCovariance: return sum(w.obbCovariance);
    case VolumeKind::ObbAreaWeighted: return sum(w.obbAreaWeighted);
    case VolumeKind::ObbMin: return sum(w.obbMin);
    case VolumeKind::SphereRitter: return sum(w.sphereRitter);
    case VolumeKind::SphereMin: return sum(w.sphereMin);
  }
  return 0.0f;
}

/// Seconds per update of `row`: runs over `poses` in turn (so that no run can reuse the
/// last one's result) in doubling batches until one lasts `minSeconds`.
double updateSecondsOf(const MeshFrameVolumes& local, LabRow row, const std::vector<MeshPose>& poses, double minSeconds,
                       std::vector<glm::vec3>& scratch) {
  WorldVolumes w;
  for (std::size_t batch = 1;; batch *= 2) {
    float acc = 0.0f;
    const Clock::time_point t0 = Clock::now();
    for (std::size_t i = 0; i < batch; ++i) acc += updateOnce(local, row, poses[i % poses.size()], scratch, w);
    const double t = since(t0);
    g_labSink = acc;
    if (t >= minSeconds || batch >= (std::size_t{1} << 30)) return t / static_cast<double>(batch);
  }
}

}  // namespace

// ---- Rows and axes -----------------------------------------------------------------------

std::optional<VolumeKind> volumeKindOf(LabRow row) {
  switch (row) {
    case LabRow::ModelObb: return std::nullopt;
    case LabRow::Aabb: return VolumeKind::Aabb;
    case LabRow::AabbOfObb: return VolumeKind::AabbOfObb;
    case LabRow::Cube: return VolumeKind::Cube;
    case LabRow::ObbCovariance: return VolumeKind::ObbCovariance;
    case LabRow::ObbAreaWeighted: return VolumeKind::ObbAreaWeighted;
    case LabRow::ObbMin: return VolumeKind::ObbMin;
    case LabRow::SphereRitter: return VolumeKind::SphereRitter;
    case LabRow::SphereMin: return VolumeKind::SphereMin;
  }
  return std::nullopt;
}

// volumeLabel's names (mesh/bounding_volumes.cpp), marked here for the catalog: the window
// shows them in its language (labRowLabel), the command line and the files keep the keys.
[[maybe_unused]] constexpr const char* kVolumeLabels[] = {
    N_("optimal AABB"),      N_("AABB of the OBB"), N_("bounding cube"), N_("covariance OBB"),
    N_("area-weighted OBB"), N_("minimum OBB"),     N_("Ritter sphere"), N_("minimum sphere")};

const char* labRowLabel(LabRow row) {
  const std::optional<VolumeKind> kind = volumeKindOf(row);
  return tr(kind ? volumeLabel(*kind) : N_("OBB (mesh box)"));
}

const char* labRowKey(LabRow row) {
  const std::optional<VolumeKind> kind = volumeKindOf(row);
  return kind ? volumeKey(*kind) : "mesh_box";
}

const char* labRowUpdateCost(LabRow row) {
  const std::optional<VolumeKind> kind = volumeKindOf(row);
  return kind ? volumeUpdateCost(*kind) : "O(1)";
}

glm::vec3 spinAxisVector(SpinAxis axis) {
  switch (axis) {
    case SpinAxis::WorldZ: return {0.0f, 0.0f, 1.0f};
    case SpinAxis::WorldX: return {1.0f, 0.0f, 0.0f};
    case SpinAxis::WorldY: return {0.0f, 1.0f, 0.0f};
  }
  return {0.0f, 0.0f, 1.0f};
}

const char* spinAxisLabel(SpinAxis axis) {
  switch (axis) {
    // English here (the report prints it); the window shows tr(spinAxisLabel(axis)).
    case SpinAxis::WorldZ: return N_("world Z (up)");
    case SpinAxis::WorldX: return N_("world X");
    case SpinAxis::WorldY: return N_("world Y");
  }
  return "";
}

// ---- Background jobs ---------------------------------------------------------------------

// A result computed on a detached worker thread (in the web page: at once). The job owns what the worker reads and
// writes (the worker holds the job by shared_ptr), so an abandoned job, or the lab destroyed
// while one runs, leaves the worker nothing dangling to touch.
template <class T>
struct BvLab::Job {
  std::atomic<bool> done{false};
  std::shared_ptr<T> result;  // null when the work was cancelled
  Progress progress;          // how far the work has got (base/progress.hpp); its cancel stops it

  template <class F>
  static std::shared_ptr<Job> start(F work, double stageDelay = 0.0) {
    auto job = std::make_shared<Job>();
    job->progress.setStageDelay(stageDelay);
    auto run = [job](F& w) {
      ProgressScope scope(&job->progress);
      try {
        job->result = w();
      } catch (const Cancelled&) {
        job->result.reset();
      }
      job->done.store(true, std::memory_order_release);
    };
    if constexpr (SATLAB_THREADS) {
      std::thread([run, work = std::move(work)]() mutable { run(work); }).detach();
    } else {
      // The web page has no threads (the top CMakeLists.txt): the work runs at once,
      // within this frame.
      run(work);
    }
    return job;
  }
  bool finished() const { return done.load(std::memory_order_acquire); }
  /// Waits up to `seconds` for the worker (short sleeps); true when it has finished.
  bool waitFor(double seconds) const {
    const Clock::time_point t0 = Clock::now();
    while (!finished()) {
      if (since(t0) >= seconds) return false;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    return true;
  }
};

struct BvLab::Built {
  std::shared_ptr<const MeshData> data;
  glm::vec3 scale{1.0f};
  MeshFrameVolumes volumes;
  std::string error;  // the build failed (out of memory): no volumes
};

struct BvLab::CostJob {
  std::shared_ptr<const Built> built;
  std::array<double, kLabRows> seconds{};
};

struct BvLab::PlotJob {
  std::shared_ptr<const Built> built;
  glm::mat3 base{1.0f};
  SpinAxis axis = SpinAxis::WorldZ;
  Plot plot;
};

namespace {

std::shared_ptr<BvLab::Built> buildVolumes(std::shared_ptr<const MeshData> data, glm::vec3 scale);

}  // namespace

// ---- The lab -----------------------------------------------------------------------------

BvLab::BvLab() { shown.fill(true); }

BvLab::~BvLab() = default;  // running workers own their jobs and finish on their own

BvLab::State BvLab::state() const {
  if (!active()) return State::Inactive;
  if (!error_.empty()) return State::Failed;
  if (local_) return State::Ready;
  return cancelled_ ? State::Cancelled : State::Computing;
}

ProgressSnapshot BvLab::buildProgress() const {
  return building_ && !cancelled_ ? building_->progress.snapshot() : ProgressSnapshot{};
}

void BvLab::cancelBuild() {
  if (state() != State::Computing) return;
  if (building_) building_->progress.cancel();
  cancelled_ = true;
  cancelledData_ = data_;
  cancelledScale_ = scale_;
}

void BvLab::buildAgain() {
  cancelled_ = false;
  cancelledData_.reset();
}

double BvLab::waitLimit() const {
  return waitForResults_ && slowSeconds_ <= 0.0 ? std::numeric_limits<double>::infinity() : kBuildWaitSeconds;
}

void BvLab::follow(const Scene& scene, const std::vector<int>& selection) {
  int index = -1;
  if (selection.size() == 1 && selection[0] >= 0 && selection[0] < static_cast<int>(scene.shapes.size())) {
    // A mesh, or a hull's surface (a hull has its bounding volumes too).
    const MeshShape* m = meshBodyOf(scene.shapes[static_cast<std::size_t>(selection[0])].geometry);
    if (m != nullptr && m->data && m->triangleCount() > 0) index = selection[0];
  }
  const MeshShape* mesh = index >= 0 ? meshBodyOf(scene.shapes[static_cast<std::size_t>(index)].geometry) : nullptr;
  if (index != shape_ || (mesh != nullptr && mesh->data != data_)) {
    // Another mesh (or none): its own spin state, starting from its rotation as it is.
    shape_ = index;
    data_ = mesh != nullptr ? mesh->data : nullptr;
    spinning_ = wantSpin_ = false;
    angle_ = 0.0f;
    if (mesh != nullptr) restartSpin(*mesh);
    plotReady_ = false;
  }
  if (mesh != nullptr) scale_ = mesh->pose.scale;
}

namespace {

std::shared_ptr<BvLab::Built> buildVolumes(std::shared_ptr<const MeshData> data, glm::vec3 scale) {
  auto b = std::make_shared<BvLab::Built>();
  b->data = data;
  b->scale = scale;
  try {
    b->volumes = buildMeshFrameVolumes(data->mesh, scale);
  } catch (const std::exception& e) {
    b->volumes = MeshFrameVolumes{};
    // Said in the window's language where it is taken (startBuildIfNeeded); never empty.
    b->error = *e.what() != '\0' ? e.what() : "?";
  }
  return b;
}

std::shared_ptr<BvLab::CostJob> measureCosts(std::shared_ptr<const BvLab::Built> built) {
  auto c = std::make_shared<BvLab::CostJob>();
  c->built = built;
  // Update costs do not depend on where the mesh stands: measured over poses turned about
  // a tilted axis through the origin. The least of several short measurements: a run that
  // another thread or process preempted (two shared cores, a build next door) only ever
  // reads slower.
  std::vector<MeshPose> poses(16);
  for (std::size_t k = 0; k < poses.size(); ++k) {
    poses[k].axes = turn(glm::normalize(glm::vec3(1.0f, 2.0f, 3.0f)), 0.4f * static_cast<float>(k));
    poses[k].scale = built->scale;
  }
  std::vector<glm::vec3> scratch(built->volumes.vertices.size());
  c->seconds.fill(std::numeric_limits<double>::infinity());
  for (int k = 0; k < kUpdateMeasurements; ++k) {
    for (LabRow row : kAllLabRows) {
      const double t = updateSecondsOf(built->volumes, row, poses, kUpdateMeasureSeconds, scratch);
      c->seconds[slot(row)] = std::min(c->seconds[slot(row)], t);
    }
  }
  return c;
}

std::shared_ptr<BvLab::PlotJob> spinPlotOf(std::shared_ptr<const BvLab::Built> built, glm::mat3 base, SpinAxis axis) {
  auto p = std::make_shared<BvLab::PlotJob>();
  p->built = built;
  p->base = base;
  p->axis = axis;
  MeshPose pose;
  pose.axes = base;
  pose.scale = built->scale;
  const SpinPlot s = spinPlot(built->volumes, pose, spinAxisVector(axis), kSpinPlotSamples);
  p->plot.angles = s.angles;
  for (LabRow row : kAllLabRows) {
    const std::optional<VolumeKind> kind = volumeKindOf(row);
    if (kind) {
      p->plot.volumes[slot(row)] = s.volumes[slot(*kind)];
    } else {
      // The mesh box turns with the mesh: the same volume at every angle.
      p->plot.volumes[slot(row)].assign(s.angles.size(), volumeOf(built->volumes.box));
    }
  }
  return p;
}

}  // namespace

void BvLab::adoptBuilds() {
  if (!building_ || !building_->finished()) return;
  std::shared_ptr<const Built> done = building_->result;
  building_.reset();
  if (!done) return;  // cancelled: nothing was built
  cache_.insert(cache_.begin(), done);
  if (cache_.size() > kCacheSize) cache_.pop_back();
}

void BvLab::startBuildIfNeeded() {
  local_.reset();
  error_.clear();
  if (!data_) return;
  auto useCached = [&] {
    for (const std::shared_ptr<const Built>& b : cache_) {
      if (b->data == data_ && b->scale == scale_) {
        if (b->error.empty()) {
          local_ = b;
        } else {
          char buf[512];
          std::snprintf(buf, sizeof buf, tr("the volumes could not be built: %s"), b->error.c_str());
          error_ = buf;
        }
        return true;
      }
    }
    return false;
  };
  if (useCached()) return;
  // Cancelled for this mesh and scale: built again when asked (buildAgain).
  if (cancelled_ && cancelledData_ == data_ && cancelledScale_ == scale_) return;
  cancelled_ = false;
  // One build at a time: a build for an older key runs on to its next stage (a cancelled one
  // stops there) and the newest key is built when it ends.
  if (building_) return;
  building_ = Job<Built>::start([data = data_, scale = scale_] { return buildVolumes(data, scale); }, slowSeconds_);
  if (building_->waitFor(waitLimit())) {
    adoptBuilds();
    useCached();
  }
}

void BvLab::restartSpin(const MeshShape& mesh) {
  base_ = lastSet_ = mesh.pose.axes;
  lastCenter_ = mesh.pose.center;
  // The spin turns the mesh about the middle of its own box, which stays where it is (a mesh
  // whose origin is at a corner would otherwise swing out of the picture).
  pivotLocal_ = mesh.data ? mesh.pose.scale * (mesh.data->lo + mesh.data->hi) * 0.5f : glm::vec3(0.0f);
  pivotWorld_ = mesh.pose.center + mesh.pose.axes * pivotLocal_;
  angle_ = 0.0f;
}

void BvLab::spin(MeshShape& mesh, float dt, Edit& edit) {
  const bool outsideEdit = mesh.pose.axes != lastSet_ || mesh.pose.center != lastCenter_;
  if (outsideEdit) {
    // The gizmo, the inspector or undo moved or turned the mesh: that edit stands, the spin
    // stops (without a step of its own: the edit makes its own) and the plot starts there.
    spinning_ = wantSpin_ = false;
    restartSpin(mesh);
  }
  if (wantAxis_ != axis_) {
    axis_ = wantAxis_;
    restartSpin(mesh);
  }
  if (wantSpin_ && !spinning_) spinning_ = true;
  if (!wantSpin_ && spinning_) {
    spinning_ = false;
    edit.changed = edit.stepFinished = true;  // the mesh stays where it stopped: one undo step
  }
  if (!spinning_) return;
  const float step = std::isfinite(dt) ? std::clamp(dt, 0.0f, 0.1f) : 0.0f;
  angle_ = std::fmod(angle_ + step * kSpinRadiansPerSecond, static_cast<float>(2.0 * kPi));
  mesh.pose.axes = turn(spinAxisVector(axis_), angle_) * base_;
  mesh.pose.center = pivotWorld_ - mesh.pose.axes * pivotLocal_;
  lastSet_ = mesh.pose.axes;
  lastCenter_ = mesh.pose.center;
  edit.changed = true;
}

void BvLab::startPlotIfNeeded() {
  plotReady_ = false;
  if (!local_) return;
  auto adopt = [&] {
    if (plotting_ && plotting_->finished()) {
      plot_ = plotting_->result;
      plotting_.reset();
    }
    plotReady_ = plot_ && plot_->built == local_ && plot_->base == base_ && plot_->axis == axis_;
  };
  adopt();
  if (plotReady_ || plotting_) return;  // ready, or an older plot is being made (the current one follows)
  plotting_ =
      Job<PlotJob>::start([built = local_, base = base_, axis = axis_] { return spinPlotOf(built, base, axis); });
  if (plotting_->waitFor(waitLimit())) adopt();
}

void BvLab::startCostsIfNeeded() {
  costsReady_ = false;
  if (!local_) return;
  auto adopt = [&] {
    if (measuring_ && measuring_->finished()) {
      costs_ = measuring_->result;
      measuring_.reset();
    }
    costsReady_ = costs_ && costs_->built == local_;
  };
  adopt();
  if (costsReady_ || measuring_) return;
  measuring_ = Job<CostJob>::start([built = local_] { return measureCosts(built); });
  // Interactively the costs come a few frames later; a run for machines has them at once.
  if (waitForResults_ && measuring_->waitFor(waitLimit())) adopt();
}

BvLab::Edit BvLab::frame(Scene& scene, const std::vector<int>& selection, float dt) {
  Edit edit;
  const bool wasSpinning = spinning_;
  const int before = shape_;
  follow(scene, selection);
  if (wasSpinning && shape_ != before) {
    // The mesh was deselected (or another chosen) while it turned: it stays where it is, as
    // one undo step.
    edit.changed = edit.stepFinished = true;
  }
  adoptBuilds();
  if (!active()) {
    local_.reset();
    return edit;
  }
  startBuildIfNeeded();
  MeshShape& mesh = *meshBodyOf(scene.shapes[static_cast<std::size_t>(shape_)].geometry);
  spin(mesh, dt, edit);
  startPlotIfNeeded();
  startCostsIfNeeded();
  if (local_) {
    const Clock::time_point t0 = Clock::now();
    world_ = placeVolumes(local_->volumes, mesh.pose, scratch_);
    frameSeconds_ = since(t0);
  }
  return edit;
}

const MeshFrameVolumes* BvLab::local() const { return local_ ? &local_->volumes : nullptr; }

double BvLab::hullSeconds() const { return local_ ? local_->volumes.hullSeconds : 0.0; }

const BvLab::Plot* BvLab::plot() const { return plotReady_ && plot_ ? &plot_->plot : nullptr; }

double BvLab::volume(LabRow row) const {
  if (!local_) return 0.0;
  const std::optional<VolumeKind> kind = volumeKindOf(row);
  return kind ? world_.volume(*kind) : volumeOf(world_.box);
}

std::optional<double> BvLab::hullRatio(LabRow row) const {
  if (!local_ || !(local_->volumes.hull.volume > 0.0)) return std::nullopt;
  return volume(row) / local_->volumes.hull.volume;
}

double BvLab::buildSeconds(LabRow row) const {
  if (!local_) return 0.0;
  const std::optional<VolumeKind> kind = volumeKindOf(row);
  // The mesh box is the mesh-frame AABB, built in the AABB-of-the-OBB's slot.
  return local_->volumes.buildSeconds[slot(kind ? *kind : VolumeKind::AabbOfObb)];
}

std::optional<double> BvLab::updateSeconds(LabRow row) const {
  if (!costsReady_) return std::nullopt;
  return costs_->seconds[slot(row)];
}

std::optional<double> BvLab::covarianceOverAreaWeighted() const {
  const double cov = volume(LabRow::ObbCovariance), area = volume(LabRow::ObbAreaWeighted);
  if (!local_ || !(cov > 0.0) || !(area > 0.0)) return std::nullopt;
  return cov / area;
}

std::string BvLab::report(const Scene& scene) const {
  if (!active()) return {};
  const char* states[] = {"inactive", "computing", "ready", "failed", "cancelled"};
  char buf[512];
  const std::string& name = scene.shapes[static_cast<std::size_t>(shape_)].name;
  std::snprintf(buf, sizeof buf,
                "satlab: bv lab: %s: %s, hull volume %.6g, spinning %s about %s, angle %.1f deg, plot %s, costs %s\n",
                name.c_str(), states[static_cast<int>(state())], local_ ? local_->volumes.hull.volume : 0.0,
                spinning_ ? "yes" : "no", spinAxisLabel(axis_), static_cast<double>(angle_) * 180.0 / kPi,
                plotReady_ ? "ready" : "computing", costsReady_ ? "measured" : "measuring");
  std::string out = buf;
  if (!local_) return out;
  for (LabRow row : kAllLabRows) {
    const std::optional<double> ratio = hullRatio(row);
    const std::optional<double> update = updateSeconds(row);
    std::snprintf(buf, sizeof buf,
                  "satlab: bv lab: %s shown %d volume %.6g ratio %.4g build %.3g s update %.3g s (%s)\n",
                  labRowKey(row), shown[slot(row)] ? 1 : 0, volume(row), ratio ? *ratio : 0.0, buildSeconds(row),
                  update ? *update : 0.0, labRowUpdateCost(row));
    out += buf;
  }
  return out;
}

}  // namespace satlab
