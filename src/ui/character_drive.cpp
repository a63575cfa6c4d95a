#include "ui/character_drive.hpp"

#include "document/scene_edit.hpp"
#include "ui/keys.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

// The grid's cells: a few character widths, so that a step's sweep covers a handful of them.
float gridCell(const Aabb& box) { return 4.0f * std::max({box.half.x, box.half.y, 1e-3f}); }

// The longest frame a drive step stands for: a stalled frame does not throw the character far.
constexpr float kMaxDriveDt = 0.1f;

}  // namespace

void CharacterDrive::reset() {
  driving_ = wantDriving_ = false;
  movedThisDrive_ = false;
  driveSteps_ = 0;
  wantStep_.reset();
  wantIteration_ = wantFinish_ = false;
  step_.reset();
  seenAny_ = false;  // read the character again
}

void CharacterDrive::follow(const Scene& scene, const std::string& sceneName) {
  const ExtraField* field = nullptr;
  for (const ExtraField& e : scene.extras) {
    if (e.key == "character") field = &e;
  }
  const std::string json = field ? field->json : std::string();
  const bool same = seenAny_ && json == seenJson_ && sceneName == seenName_ && scene.shapes.size() == seenShapes_ &&
                    (!spec_ || (spec_->index < scene.shapes.size() && scene.shapes[spec_->index].name == spec_->shape &&
                                scene.shapes[spec_->index].kind() == ShapeKind::Aabb));
  if (!same) {
    seenAny_ = true;
    seenJson_ = json;
    seenName_ = sceneName;
    seenShapes_ = scene.shapes.size();
    spec_ = characterOf(scene, sceneName, error_);
    step_.reset();
    if (!spec_) driving_ = wantDriving_ = false;
  }
  if (spec_ && grid_.stale(scene, spec_->index)) {
    grid_.build(scene, spec_->index, gridCell(std::get<Aabb>(scene.shapes[spec_->index].geometry)));
  }
}

glm::vec3 CharacterDrive::worldDirection(const glm::vec2& keys, const glm::vec3& forward, bool flat) const {
  if (keys == glm::vec2(0.0f)) return glm::vec3(0.0f);
  glm::vec2 up(0.0f, 1.0f);
  if (!flat) {
    // Up is away from the viewer on the ground: the camera's forward direction in XY (its
    // yaw, whatever its pitch); straight down, the view's up.
    const glm::vec2 f(forward);
    const float len = glm::length(f);
    if (len > 1e-4f && std::isfinite(len)) up = f / len;
  }
  const glm::vec2 right(up.y, -up.x);
  const glm::vec2 d = keys.x * right + keys.y * up;
  const float len = glm::length(d);
  return len > 0.0f ? glm::vec3(d / len, 0.0f) : glm::vec3(0.0f);
}

void CharacterDrive::apply(Scene& scene, const SlideTrace& trace, Edit& edit) {
  if (!spec_ || trace.end == trace.start) return;
  translateShape(scene.shapes[spec_->index], trace.end - trace.start);
  edit.changed = true;
}

CharacterDrive::Edit CharacterDrive::frame(Scene& scene, const std::string& sceneName, float dt, bool keys,
                                           const glm::vec3& forward) {
  Edit edit;
  follow(scene, sceneName);
  if (!spec_) return edit;
  const bool flat = scene.view == ViewMode::TwoD;
  if (keys && plainPressed(Key::D)) wantDriving_ = !driving_;
  // Starting or stopping a drive; stopping one that moved the character is its undo step.
  if (wantDriving_ != driving_) {
    driving_ = wantDriving_;
    if (driving_) {
      step_.reset();
      driveSteps_ = 0;
      movedThisDrive_ = false;
    } else if (movedThisDrive_) {
      edit.stepFinished = true;
      movedThisDrive_ = false;
    }
  }
  glm::vec2 arrows(0.0f);
  if (keys) {
    if (driving_) {
      arrows = glm::vec2((held(Key::Right) ? 1.0f : 0.0f) - (held(Key::Left) ? 1.0f : 0.0f),
                         (held(Key::Up) ? 1.0f : 0.0f) - (held(Key::Down) ? 1.0f : 0.0f));
    } else {
      arrows = glm::vec2((plainPressed(Key::Right) ? 1.0f : 0.0f) - (plainPressed(Key::Left) ? 1.0f : 0.0f),
                         (plainPressed(Key::Up) ? 1.0f : 0.0f) - (plainPressed(Key::Down) ? 1.0f : 0.0f));
    }
  }
  if (driving_) {
    // One slide step per frame while an arrow is held.
    const glm::vec3 dir = worldDirection(arrows, forward, flat);
    if (dir != glm::vec3(0.0f)) {
      const float frameDt = std::clamp(std::isfinite(dt) ? dt : 0.0f, 0.0f, kMaxDriveDt);
      step_.emplace(scene, *spec_, dir * (spec_->speed * frameDt));
      step_->finish(scene, grid_);
      apply(scene, step_->trace(), edit);
      movedThisDrive_ = movedThisDrive_ || edit.changed;
      ++driveSteps_;
    }
    return edit;
  }
  // Paused: a step begun by an arrow key (or the panel), run one iteration at a time.
  if (arrows != glm::vec2(0.0f)) wantStep_ = arrows;
  if (keys && plainPressed(Key::RightBracket)) wantIteration_ = true;
  if (wantStep_) {
    const glm::vec3 dir = worldDirection(*wantStep_, forward, flat);
    wantStep_.reset();
    if (dir != glm::vec3(0.0f)) step_.emplace(scene, *spec_, dir * std::max(stepLength, 0.0f));
  }
  if ((wantIteration_ || wantFinish_) && step_ && !step_->finished()) {
    if (wantFinish_) {
      step_->finish(scene, grid_);
    } else {
      step_->iterate(scene, grid_);
    }
    if (step_->finished()) {
      apply(scene, step_->trace(), edit);
      edit.stepFinished = edit.changed;
    }
  }
  wantIteration_ = wantFinish_ = false;
  return edit;
}

std::string CharacterDrive::report(const Scene& scene) const {
  if (!active()) return {};
  if (!spec_) return "satlab: character: " + error_ + "\n";
  if (spec_->index >= scene.shapes.size()) return {};
  const Aabb& box = std::get<Aabb>(scene.shapes[spec_->index].geometry);
  float deepest = 0.0f;
  for (const SlideContact& c : contactsOf(scene, spec_->index, box, 0.0f)) deepest = std::max(deepest, c.contact.depth);
  char buf[320];
  std::snprintf(buf, sizeof buf, "satlab: character: %s at %.4f,%.4f,%.4f, %s, %zu walls, deepest overlap %.6f",
                spec_->shape.c_str(), static_cast<double>(box.center.x), static_cast<double>(box.center.y),
                static_cast<double>(box.center.z), driving_ ? "driving" : "paused", grid_.walls(),
                static_cast<double>(deepest));
  std::string out = buf;
  if (const SlideTrace* t = shown()) {
    size_t contacts = 0;
    for (const SlideIteration& it : t->iterations) contacts += it.contacts.size();
    std::snprintf(buf, sizeof buf, "; last step %s after %zu iterations, %zu contacts", slideOutcomeName(t->outcome),
                  t->iterations.size(), contacts);
    out += buf;
  }
  return out + "\n";
}

}  // namespace satlab
