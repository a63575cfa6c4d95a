// Undo/redo history of a scene: labelled steps ("move box_a", "add sphere", "rename"),
// a position, a bounded size and a "saved" marker.
//
// Use: the app keeps the scene; at the end of each finished step (mouse released after a
// drag, a rename committed, a shape added) it calls push(label, before, after) with the
// scene as it was when the step began and as it is now. Never once per drag frame: keep
// the "before" copy from the start of the drag and push once when it ends.
//
// Storage: each entry stores only what changed. push compares the two scenes and keeps
// the shortest run of shapes that differs (the shapes between the longest common prefix
// and the longest common suffix), before and after, plus the title, notes, view,
// expectations and extra fields only when they changed. Moving, renaming or recolouring
// one shape of a 10,000-shape scene therefore stores two shapes; adding or deleting one
// stores one. push costs one comparison pass over the shapes (no allocation for the
// unchanged ones); undo and redo cost the size of the change (plus moving the tail of the
// shape vector when the count changes). The history never holds a full copy of the scene.
//
// Contract: undo/redo/jumpTo edit the caller's scene in place, and the scene passed must
// be the state at the current position (the `after` of the last applied step). A scene
// whose shape count does not match is refused (they return false and change nothing).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "document/scene.hpp"

namespace satlab {

/// Most steps kept by default; beyond it the oldest are dropped.
inline constexpr std::size_t kDefaultHistorySteps = 500;
/// Most bytes (estimated) the stored changes may use by default; beyond it the oldest
/// steps are dropped (the newest step is always kept, however large).
inline constexpr std::size_t kDefaultHistoryBytes = 64u * 1024u * 1024u;

struct HistoryLimits {
  std::size_t maxSteps = kDefaultHistorySteps;
  std::size_t maxBytes = kDefaultHistoryBytes;
};

/// One step as a history panel shows it.
struct HistoryEntry {
  std::string label;
  std::size_t bytes = 0;  ///< estimated memory of the stored change
};

class SceneHistory {
 public:
  explicit SceneHistory(HistoryLimits limits = {});

  /// Records a finished step that turned `before` into `after` (the scene's current
  /// state). Redo steps beyond the current position are discarded. Returns false and
  /// records nothing when the two scenes are equal (a click without a drag).
  bool push(std::string label, const Scene& before, const Scene& after);

  bool canUndo() const { return position_ > 0; }
  bool canRedo() const { return position_ < steps_.size(); }
  /// Label of the step undo would revert / redo would apply; empty when there is none.
  std::string undoLabel() const;
  std::string redoLabel() const;

  /// Reverts the step before the current position in `scene`. False when there is none or
  /// `scene` does not match the history (see the contract above).
  bool undo(Scene& scene);
  /// Applies the step at the current position again.
  bool redo(Scene& scene);
  /// Undoes or redoes until `position` steps are applied (0 = the state before the oldest
  /// kept step, size() = after the newest). False, with `scene` unchanged, when `position`
  /// is out of range or the scene does not match.
  bool jumpTo(std::size_t position, Scene& scene);

  /// The steps, oldest first; entries()[i] is undone by going from position i + 1 to i.
  std::vector<HistoryEntry> entries() const;
  std::size_t size() const { return steps_.size(); }
  /// Number of steps currently applied, in [0, size()].
  std::size_t position() const { return position_; }

  /// Forgets every step; the current state becomes position 0. With `saved` (the default:
  /// a scene just loaded or saved) it is also the saved state; otherwise (a new, never
  /// saved scene) the history is dirty until markSaved.
  void clear(bool saved = true);

  /// The current state is what is on disk now (call after a successful save).
  void markSaved();
  /// True when the current state differs from the last saved one as far as the history
  /// knows: after any step, and still after undoing past the save point; false again when
  /// undo or redo comes back to it. If the saved state was dropped (size limit) or lies on
  /// a discarded redo branch, the scene stays dirty until the next markSaved.
  bool isDirty() const { return !savedPosition_ || *savedPosition_ != position_; }
  /// Position of the saved state, if it is still reachable.
  std::optional<std::size_t> savedPosition() const { return savedPosition_; }

  /// Estimated bytes held by all steps.
  std::size_t bytes() const { return bytes_; }
  const HistoryLimits& limits() const { return limits_; }

 private:
  /// Everything of a Scene except its shapes.
  struct SceneMeta {
    int version = kSceneFormatVersion;
    std::string title, notes;
    std::vector<LanguageText> titleLanguages, notesLanguages;
    ViewMode view = ViewMode::ThreeD;
    std::vector<Expectation> expect;
    std::vector<ExtraField> extras;
  };
  struct Step {
    std::string label;
    std::size_t first = 0;                           ///< index of the first changed shape
    std::vector<SceneShape> before;                  ///< shapes [first, first + before.size()) before
    std::vector<SceneShape> after;                   ///< ... and the shapes that replaced them
    std::size_t countBefore = 0, countAfter = 0;     ///< shape counts, to check the scene
    std::optional<SceneMeta> metaBefore, metaAfter;  ///< only when the meta data changed
    std::size_t bytes = 0;
  };

  static void apply(Scene& scene, std::size_t first, std::size_t removeCount, const std::vector<SceneShape>& insert,
                    const std::optional<SceneMeta>& meta);
  void enforceLimits();

  HistoryLimits limits_;
  std::vector<Step> steps_;
  std::size_t position_ = 0;
  std::optional<std::size_t> savedPosition_{0};
  std::size_t bytes_ = 0;
};

/// Exact equality of two shapes (every float compared bit for bit, so -0 differs from
/// +0 and a NaN equals the same NaN): what the history considers "unchanged".
bool sameShape(const SceneShape& a, const SceneShape& b);

}  // namespace satlab
