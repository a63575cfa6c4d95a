#include "document/history.hpp"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

namespace satlab {

namespace {

template <class T>
bool sameBits(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  static_assert(sizeof(T) % sizeof(float) == 0, "float-only value types have no padding");
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

bool sameGeometry(const ShapeGeometry& a, const ShapeGeometry& b) {
  if (a.index() != b.index()) return false;
  return std::visit(
      [&b](const auto& ga) {
        using G = std::decay_t<decltype(ga)>;
        const auto sameMesh = [](const MeshShape& ma, const MeshShape& mb) {
          // The triangles are shared and immutable: the same data pointer is the same mesh.
          return ma.data == mb.data && ma.file == mb.file && ma.uniformScaleGiven == mb.uniformScaleGiven &&
                 sameBits(ma.pose, mb.pose);
        };
        if constexpr (std::is_same_v<G, MeshShape>) {
          return sameMesh(ga, std::get<MeshShape>(b));
        } else if constexpr (std::is_same_v<G, HullShape>) {
          const HullShape& gb = std::get<HullShape>(b);
          return sameMesh(ga.body, gb.body) && ga.points == gb.points;
        } else {
          return sameBits(ga, std::get<G>(b));
        }
      },
      a);
}

bool sameRotation(const RotationSource& a, const RotationSource& b) {
  return a.form == b.form && sameBits(a.quaternion, b.quaternion) && sameBits(a.eulerDeg, b.eulerDeg) &&
         sameBits(a.angleDeg, b.angleDeg);
}

bool sameMotion(const std::optional<Motion>& a, const std::optional<Motion>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  if (!sameBits(a->velocity, b->velocity) || !sameBits(a->angularVelocity, b->angularVelocity) || a->loop != b->loop ||
      a->path.size() != b->path.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a->path.size(); ++i) {
    if (std::memcmp(&a->path[i].t, &b->path[i].t, sizeof(double)) != 0 ||
        !sameBits(a->path[i].position, b->path[i].position)) {
      return false;
    }
  }
  return true;
}

bool sameExpectations(const std::vector<Expectation>& a, const std::vector<Expectation>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].a != b[i].a || a[i].b != b[i].b || a[i].overlap != b[i].overlap ||
        a[i].separatingAxis != b[i].separatingAxis) {
      return false;
    }
  }
  return true;
}

bool sameExtras(const std::vector<ExtraField>& a, const std::vector<ExtraField>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].json != b[i].json) return false;
  }
  return true;
}

bool sameMeta(const Scene& a, const Scene& b) {
  return a.version == b.version && a.title == b.title && a.notes == b.notes && a.titleLanguages == b.titleLanguages &&
         a.notesLanguages == b.notesLanguages && a.view == b.view && sameExpectations(a.expect, b.expect) &&
         sameExtras(a.extras, b.extras);
}

// A mesh's triangles are shared between every copy of the scene (MeshShape::data), so a
// step holding a mesh shape costs its pointer, not its triangles.
std::size_t shapeBytes(const SceneShape& s) {
  return sizeof(SceneShape) + s.name.capacity() + (s.motion ? s.motion->path.capacity() * sizeof(PathKey) : 0);
}

std::size_t shapesBytes(const std::vector<SceneShape>& v) {
  std::size_t n = 0;
  for (const SceneShape& s : v) n += shapeBytes(s);
  return n;
}

}  // namespace

bool sameShape(const SceneShape& a, const SceneShape& b) {
  return a.name == b.name && sameGeometry(a.geometry, b.geometry) && sameBits(a.color, b.color) &&
         a.paletteColor == b.paletteColor && sameRotation(a.rotation, b.rotation) && sameMotion(a.motion, b.motion);
}

SceneHistory::SceneHistory(HistoryLimits limits) : limits_(limits) {
  if (limits_.maxSteps == 0) limits_.maxSteps = 1;
}

bool SceneHistory::push(std::string label, const Scene& before, const Scene& after) {
  const std::vector<SceneShape>& x = before.shapes;
  const std::vector<SceneShape>& y = after.shapes;
  std::size_t prefix = 0;
  const std::size_t common = std::min(x.size(), y.size());
  while (prefix < common && sameShape(x[prefix], y[prefix])) ++prefix;
  std::size_t suffix = 0;
  while (suffix < common - prefix && sameShape(x[x.size() - 1 - suffix], y[y.size() - 1 - suffix])) ++suffix;
  const bool metaChanged = !sameMeta(before, after);
  if (!metaChanged && prefix + suffix == x.size() && x.size() == y.size()) return false;

  Step step;
  step.label = std::move(label);
  step.first = prefix;
  step.before.assign(x.begin() + static_cast<std::ptrdiff_t>(prefix), x.end() - static_cast<std::ptrdiff_t>(suffix));
  step.after.assign(y.begin() + static_cast<std::ptrdiff_t>(prefix), y.end() - static_cast<std::ptrdiff_t>(suffix));
  step.countBefore = x.size();
  step.countAfter = y.size();
  if (metaChanged) {
    step.metaBefore = SceneMeta{before.version,        before.title, before.notes,  before.titleLanguages,
                                before.notesLanguages, before.view,  before.expect, before.extras};
    step.metaAfter = SceneMeta{after.version,        after.title, after.notes,  after.titleLanguages,
                               after.notesLanguages, after.view,  after.expect, after.extras};
  }
  step.bytes = sizeof(Step) + step.label.capacity() + shapesBytes(step.before) + shapesBytes(step.after);
  if (metaChanged) {
    for (const SceneMeta* m : {&*step.metaBefore, &*step.metaAfter}) {
      step.bytes += m->title.size() + m->notes.size();
      for (const auto* list : {&m->titleLanguages, &m->notesLanguages}) {
        for (const LanguageText& t : *list) step.bytes += sizeof(LanguageText) + t.language.size() + t.text.size();
      }
      for (const Expectation& e : m->expect) step.bytes += sizeof(Expectation) + e.a.size() + e.b.size();
      for (const ExtraField& f : m->extras) step.bytes += sizeof(ExtraField) + f.key.size() + f.json.size();
    }
  }

  // A new step ends the redo branch; a saved state on it can no longer be reached.
  while (steps_.size() > position_) {
    bytes_ -= steps_.back().bytes;
    steps_.pop_back();
  }
  if (savedPosition_ && *savedPosition_ > position_) savedPosition_.reset();

  bytes_ += step.bytes;
  steps_.push_back(std::move(step));
  position_ = steps_.size();
  enforceLimits();
  return true;
}

void SceneHistory::enforceLimits() {
  std::size_t drop = 0;
  std::size_t remaining = bytes_;
  while (steps_.size() - drop > 1 && (steps_.size() - drop > limits_.maxSteps || remaining > limits_.maxBytes)) {
    remaining -= steps_[drop].bytes;
    ++drop;
  }
  if (drop == 0) return;
  steps_.erase(steps_.begin(), steps_.begin() + static_cast<std::ptrdiff_t>(drop));
  bytes_ = remaining;
  position_ -= std::min(position_, drop);
  if (savedPosition_) {
    if (*savedPosition_ < drop)
      savedPosition_.reset();
    else
      *savedPosition_ -= drop;
  }
}

void SceneHistory::apply(Scene& scene, std::size_t first, std::size_t removeCount,
                         const std::vector<SceneShape>& insert, const std::optional<SceneMeta>& meta) {
  std::vector<SceneShape>& v = scene.shapes;
  const std::size_t common = std::min(removeCount, insert.size());
  std::copy(insert.begin(), insert.begin() + static_cast<std::ptrdiff_t>(common),
            v.begin() + static_cast<std::ptrdiff_t>(first));
  const auto at = v.begin() + static_cast<std::ptrdiff_t>(first + common);
  if (removeCount > common) {
    v.erase(at, at + static_cast<std::ptrdiff_t>(removeCount - common));
  } else if (insert.size() > common) {
    v.insert(at, insert.begin() + static_cast<std::ptrdiff_t>(common), insert.end());
  }
  if (meta) {
    scene.version = meta->version;
    scene.title = meta->title;
    scene.notes = meta->notes;
    scene.titleLanguages = meta->titleLanguages;
    scene.notesLanguages = meta->notesLanguages;
    scene.view = meta->view;
    scene.expect = meta->expect;
    scene.extras = meta->extras;
  }
}

bool SceneHistory::undo(Scene& scene) {
  if (!canUndo()) return false;
  const Step& s = steps_[position_ - 1];
  if (scene.shapes.size() != s.countAfter) return false;
  apply(scene, s.first, s.after.size(), s.before, s.metaBefore);
  --position_;
  return true;
}

bool SceneHistory::redo(Scene& scene) {
  if (!canRedo()) return false;
  const Step& s = steps_[position_];
  if (scene.shapes.size() != s.countBefore) return false;
  apply(scene, s.first, s.before.size(), s.after, s.metaAfter);
  ++position_;
  return true;
}

bool SceneHistory::jumpTo(std::size_t position, Scene& scene) {
  if (position > steps_.size()) return false;
  // Check the count up front so that a mismatched scene is refused before any change.
  const std::size_t expected = position_ == 0 ? (steps_.empty() ? scene.shapes.size() : steps_.front().countBefore)
                                              : steps_[position_ - 1].countAfter;
  if (scene.shapes.size() != expected) return false;
  while (position_ > position) undo(scene);
  while (position_ < position) redo(scene);
  return true;
}

std::string SceneHistory::undoLabel() const { return canUndo() ? steps_[position_ - 1].label : std::string(); }
std::string SceneHistory::redoLabel() const { return canRedo() ? steps_[position_].label : std::string(); }

std::vector<HistoryEntry> SceneHistory::entries() const {
  std::vector<HistoryEntry> out;
  out.reserve(steps_.size());
  for (const Step& s : steps_) out.push_back(HistoryEntry{s.label, s.bytes});
  return out;
}

void SceneHistory::clear(bool saved) {
  steps_.clear();
  position_ = 0;
  bytes_ = 0;
  savedPosition_ = saved ? std::optional<std::size_t>(0) : std::nullopt;
}

void SceneHistory::markSaved() { savedPosition_ = position_; }

}  // namespace satlab
