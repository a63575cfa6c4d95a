// Editing a scene by hand: new shapes with sensible defaults, unique names, duplicates.
// Plain data operations; the app wraps them into undoable steps.
#pragma once

#include "document/scene.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace satlab {

/// Unique names for many new shapes at once (a paste of 20,000 shapes): the taken names
/// in a hash set, and for each stem the first number not yet known to be taken, so that
/// naming n shapes costs O(n) lookups however many `s_N` names exist already.
class ShapeNamer {
 public:
  /// Every name of `scene` is taken.
  explicit ShapeNamer(const Scene& scene);

  /// uniqueShapeName's rule: `base` if it is free, else `stem_2`, `stem_3`, ... (the first
  /// free one), where the stem is `base` without a trailing `_N`. A stem too long for a
  /// suffix within kMaxShapeNameBytes is shortened (at a UTF-8 boundary). The name
  /// returned is taken from then on.
  std::string take(std::string_view base);

  bool isTaken(std::string_view name) const { return taken_.count(std::string(name)) != 0; }
  /// Candidate names looked up so far (what the cost of naming is counted in).
  std::size_t lookups() const { return lookups_; }

 private:
  std::unordered_set<std::string> taken_;
  std::unordered_map<std::string, std::size_t> next_;  // stem -> every stem_N with 2 <= N < next_ is taken
  std::size_t lookups_ = 0;
};

/// `base` if no shape has that name, else `base_2`, `base_3`, ... (the first free one).
/// A trailing `_N` on `base` is replaced rather than extended, so duplicating "box_2"
/// gives "box_3", not "box_2_2". O(number of shapes); for many names use ShapeNamer.
std::string uniqueShapeName(const Scene& scene, std::string_view base);

/// A new shape of `kind` centred at `at`, one unit in size, named after its kind
/// ("box", "obb", "sphere", "segment") and coloured from the palette by its position.
/// In a 2D scene it lies in the XY plane.
SceneShape makeShape(const Scene& scene, ShapeKind kind, const glm::vec3& at);

/// A copy of `source` under a unique name, moved by `offset`.
/// Removes shape `index` and the expectations that name it (they test a pair the scene no
/// longer has; kept, they would make the scene one that does not save or load). Returns how
/// many expectations went with it.
std::size_t eraseShape(Scene& scene, std::size_t index);

SceneShape duplicateShape(const Scene& scene, const SceneShape& source, const glm::vec3& offset);

/// Where pasted copies go so that they do not land on what they were copied from: the
/// smallest k >= 0 for which none of `pasted`, moved by k * step, has its reference point
/// (shapeCenter) exactly on one of `existing`'s, and the offset is k * step. The step is
/// half the largest side of the pasted shapes' joint bounds (0.5 when they have no size)
/// along +X and +Y, as Duplicate moves a unit shape: a paste into the scene it was copied
/// from moves one step, the next paste of the same text two, and so on; a paste where
/// nothing lies (another scene, a bug report) keeps its coordinates exactly. Gives zero
/// when no k up to kMaxPasteSteps is free. O(existing + pasted) per step tried.
inline constexpr int kMaxPasteSteps = 64;
glm::vec3 pasteOffset(const Scene& existing, const std::vector<SceneShape>& pasted);

/// Moves a shape's geometry by `delta` (a segment moves both end points), then keeps it
/// within the scene range (clampToSceneRange).
void translateShape(SceneShape& shape, const glm::vec3& delta);

/// Keeps every length and coordinate of `shape` where the loader would read it back as
/// it is: |v| <= kMaxSceneCoordinate (clamped), a nonzero |v| < kMinSceneLength becomes 0,
/// NaN becomes 0 and sizes are >= 0. Every edit (inspector fields, gizmo drags) ends with
/// it, so that whatever the app saves loads again. Returns true if anything changed.
bool clampToSceneRange(SceneShape& shape);
/// One value as clampToSceneRange keeps it.
float clampToSceneRange(float v);

/// The shape's reference point: the centre of a box or sphere, a segment's midpoint.
glm::vec3 shapeCenter(const SceneShape& shape);

/// World-space bounds [lo, hi] of a shape (an OBB's from |R|·e).
void shapeBounds(const SceneShape& shape, glm::vec3& lo, glm::vec3& hi);

/// True for a name the scene format accepts (see shapeNameProblem in scene.hpp).
bool isValidShapeName(std::string_view name);

}  // namespace satlab
