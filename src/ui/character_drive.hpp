// Driving the scene's character (world/character.hpp) from the keyboard, and stepping its
// slide one iteration at a time (docs/wall-sliding.md).
//
//   Drive (D): the arrow keys move the character, relative to the camera (up: away from
//   the viewer; in 2D: +Y); each frame is one slide step of speed * frame time. The drive
//   is one undo step, made when it stops.
//   Paused (not driving): an arrow key starts one step of `stepLength` units; "Step
//   iteration" (]) runs its next iteration and shows it; "Finish step" runs the rest. A
//   finished step that moved the character is one undo step.
//
// Like the bounding-volume lab's Spin, the panel asks (setDriving, stepIteration, ...) and
// the next frame() acts, so that every edit of the scene happens in the view's update.
// No ImGui drawing here: character_panel.hpp draws the panel, character_overlay.hpp the
// picture.
#pragma once

#include "document/scene.hpp"
#include "world/character.hpp"

#include <optional>
#include <string>

namespace satlab {

class CharacterDrive {
 public:
  struct Edit {
    bool changed = false;       ///< the character moved this frame
    bool stepFinished = false;  ///< a drive stopped or a stepped move ended: one undo step
  };

  /// Reads the scene's "character" (again when its text or the shapes change), keeps the
  /// wall grid current, reads the keys when `keys` (nothing has the keyboard), and drives or
  /// steps. `forward` is the camera's viewing direction (for the arrow keys in 3D).
  Edit frame(Scene& scene, const std::string& sceneName, float dt, bool keys, const glm::vec3& forward);
  /// A new scene, or the history rewrote this one: stops driving, drops the step in progress.
  void reset();

  /// The scene has a "character" (valid or not): the panel has something to say.
  bool active() const { return spec_.has_value() || !error_.empty(); }
  const std::optional<CharacterSpec>& spec() const { return spec_; }
  /// Why the scene's "character" cannot be used (names the file and the field); empty when it can.
  const std::string& error() const { return error_; }
  size_t walls() const { return grid_.walls(); }

  bool driving() const { return driving_; }
  void setDriving(bool on) { wantDriving_ = on; }
  /// Paused: the length of the step an arrow key starts (clamped to the longest step).
  float stepLength = 0.2f;
  /// Paused: start a step towards `direction` (x: right, y: up, as the arrow keys).
  void startStep(const glm::vec2& direction) { wantStep_ = direction; }
  void stepIteration() { wantIteration_ = true; }
  void finishStep() { wantFinish_ = true; }
  /// A paused step has iterations left.
  bool stepping() const { return step_.has_value() && !step_->finished(); }

  /// The step shown in the panel and the view: the one in progress, or the last one run.
  const SlideTrace* shown() const { return step_ ? &step_->trace() : nullptr; }
  /// The move the step in progress tries next (valid while stepping()).
  glm::vec3 nextMove() const { return step_ ? step_->nextMove() : glm::vec3(0.0f); }
  /// Steps run by this drive, and the steps among them that slid or were blocked.
  int driveSteps() const { return driveSteps_; }

  /// For scripted runs and tests: "satlab: character: hero at x,y,z, driving, last step
  /// slid in 2 iterations, 1 contact, deepest after 0.000000" (empty without a character).
  std::string report(const Scene& scene) const;

 private:
  void follow(const Scene& scene, const std::string& sceneName);
  glm::vec3 worldDirection(const glm::vec2& keys, const glm::vec3& forward, bool flat) const;
  void apply(Scene& scene, const SlideTrace& trace, Edit& edit);

  std::optional<CharacterSpec> spec_;
  std::string error_;
  std::string seenJson_, seenName_;  // the "character" text and the scene name last read
  size_t seenShapes_ = 0;
  bool seenAny_ = false;
  ColliderGrid grid_;
  bool driving_ = false, wantDriving_ = false;
  bool movedThisDrive_ = false;
  int driveSteps_ = 0;
  std::optional<glm::vec2> wantStep_;
  bool wantIteration_ = false, wantFinish_ = false;
  std::optional<SlideStep> step_;
};

}  // namespace satlab
