// A character that slides along walls: the scene's "character" (which box it is, how fast
// it goes), the walls near it, and the slide itself, one iteration at a time, with a trace
// of each (docs/wall-sliding.md). No GL.
//
//   "character": {"shape": "hero", "speed": 3, "iterations": 4}
//
// "shape" names an AABB of the scene (the character's box: it moves, it does not turn);
// "speed" is in scene units per second (default 3); "iterations" bounds the slide's
// iterations per step (default 4, at most kMaxSlideIterations). Every other AABB and OBB of
// the scene is a wall.
//
// The slide (the large-scene AABB/OBB blog post built it on its AABB and AABB-OBB tests; the
// iteration is the "collide and slide" loop of Fauerby, "Improved Collision detection and
// Response" (2003), with a box instead of an ellipsoid and the separating-axis test's
// least-penetration axis as the contact normal). One step moves the character by a wanted
// move m, from a start where it touches nothing more than the slop:
//
//   for each iteration, up to `iterations`:
//     1. put the box at start + m and find the walls it overlaps by more than the slop
//        (only walls the grid returns near the box's sweep: the broad phase);
//     2. none: the step ends at start + m;
//     3. else take the deepest contact: its normal n (unit, out of the wall) and depth d;
//     4. split m on n: v_n = (m . n) n, v_t = m - v_n (the part along the wall);
//     5. the corrected move is m + d n: v_t, plus the part of v_n that reaches the wall;
//        the next iteration tries it.
//   still in contact after the last iteration: the character stays at start (blocked).
//
// So a move into a wall keeps its tangential part exactly and ends touching the wall; a
// corner (two walls) takes one iteration per wall; and a step never ends overlapping a wall
// by more than the slop. A move longer than half the box's smaller half extent in the plane
// is shortened to it (SlideTrace::clamped), so that a step cannot carry the box past the
// middle of a wall at least as thick as that, where the least-penetration axis would
// point out of the far side.
#pragma once

#include "document/scene.hpp"
#include "satlab/collide/slide.hpp"
#include "world/broad_phase.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace satlab {

inline constexpr float kDefaultCharacterSpeed = 3.0f;  ///< units per second
inline constexpr float kMaxCharacterSpeed = 1000.0f;
inline constexpr int kDefaultSlideIterations = 4;
inline constexpr int kMaxSlideIterations = 16;
/// The slop is kSlideSlopRelative * (1 + the largest |coordinate| of the character's box):
/// overlaps up to it count as touching (float rounding of a pushed-out centre is ~1e-7 of it).
inline constexpr float kSlideSlopRelative = 1e-5f;
/// The longest move of one step, as a share of the box's smaller half extent in the plane.
inline constexpr float kMaxMoveShare = 0.5f;

struct CharacterSpec {
  std::string shape;  ///< the AABB's name
  size_t index = 0;   ///< its index in Scene::shapes
  float speed = kDefaultCharacterSpeed;
  int iterations = kDefaultSlideIterations;
};

/// The scene's "character", when it has one that names an AABB with half extents x, y > 0.
/// A "character" that is present but wrong gives nullopt and `error`, naming `sourceName`
/// and the JSON path: "level.json: character.shape: no shape is named \"hero\"". Without a
/// "character", nullopt and an empty error.
std::optional<CharacterSpec> characterOf(const Scene& scene, const std::string& sourceName, std::string& error);

/// The walls of a scene (every AABB and OBB but the character) in a uniform grid of cells,
/// so that a step tests only the walls near the character: O(1) per query in a level of
/// thousands of walls, O(walls) to build. Each wall sits in every cell its conservative
/// bounds (broad_phase.hpp) cover; one covering more than kMaxCellsPerWall cells (a floor)
/// is kept in a short list that every query checks.
class ColliderGrid {
 public:
  static constexpr std::uint64_t kMaxCellsPerWall = 64;

  /// Cells of `cell` units (> 0) for the walls of `scene`; 2D scenes use x and y only.
  void build(const Scene& scene, size_t character, float cell);
  /// True when the scene's walls are not the ones built: shapes added or removed, a shape's
  /// kind or bounds changed, another character. O(shapes).
  bool stale(const Scene& scene, size_t character) const;
  /// The walls whose bounds overlap `box`, ascending and each once, into `out`.
  void query(const Bounds& box, std::vector<std::uint32_t>& out) const;
  size_t walls() const { return wallCount_; }
  float cell() const { return cell_; }

 private:
  struct CellKey {
    std::int64_t x, y, z;
    bool operator==(const CellKey& o) const { return x == o.x && y == o.y && z == o.z; }
  };
  struct CellHash {
    size_t operator()(const CellKey& k) const;
  };
  bool overlaps(const Bounds& a, const Bounds& b) const;
  /// The cells `box` covers, or false when they are more than `limit` (or not finite).
  bool cellRange(const Bounds& box, std::uint64_t limit, CellKey& lo, CellKey& hi) const;

  float cell_ = 1.0f;
  bool useZ_ = true;
  size_t character_ = 0;
  size_t wallCount_ = 0;
  std::vector<Bounds> bounds_;      // per shape (meaningful for walls)
  std::vector<std::uint8_t> wall_;  // per shape: 1 for a wall
  std::unordered_map<CellKey, std::vector<std::uint32_t>, CellHash> cells_;
  std::vector<std::uint32_t> large_;         // walls over kMaxCellsPerWall cells
  mutable std::vector<std::uint32_t> seen_;  // per shape: the query that last returned it
  mutable std::uint32_t queryStamp_ = 0;
};

/// A wall the character's box overlaps.
struct SlideContact {
  size_t shape = 0;  ///< index in Scene::shapes
  BoxContact contact;
};

/// One iteration of a step.
struct SlideIteration {
  glm::vec3 move{0.0f};                ///< the move tried, from the step's start
  size_t nearby = 0;                   ///< walls the grid returned around the box's sweep
  std::vector<SlideContact> contacts;  ///< walls overlapped by more than the slop at start + move
  int chosen = -1;                     ///< the deepest contact (index into contacts); -1: none
  glm::vec3 vn{0.0f};                  ///< (move . n) n, on the chosen contact's normal n
  glm::vec3 vt{0.0f};                  ///< move - vn: the part along the wall
  glm::vec3 corrected{0.0f};           ///< move + depth * n: the next iteration's move
};

enum class SlideOutcome {
  Pending,  ///< iterations are left to run
  Free,     ///< the wanted move met no wall
  Slid,     ///< contacts corrected the move; the step ends touching them
  Blocked,  ///< still in contact after the last iteration: the character stays at its start
};

/// "free", "slid", "blocked", "in progress".
const char* slideOutcomeName(SlideOutcome outcome);

struct SlideTrace {
  glm::vec3 start{0.0f};   ///< the character box's centre before the step
  glm::vec3 wanted{0.0f};  ///< the move asked for (after clamping)
  bool clamped = false;    ///< the asked move was longer than the longest step and was shortened
  float slop = 0.0f;       ///< overlaps up to this count as touching
  std::vector<SlideIteration> iterations;
  SlideOutcome outcome = SlideOutcome::Pending;
  glm::vec3 end{0.0f};  ///< the centre after the step (valid once the outcome is not Pending)
};

/// The longest move one step takes for this character box: kMaxMoveShare times its smaller
/// half extent on x and y.
float maxSlideMove(const Aabb& box);

/// One step of the slide, run one iteration at a time (a paused view shows each), or all at
/// once (finish). It keeps a copy of the character's box, not the scene: the caller passes
/// the same scene and grid to every call.
class SlideStep {
 public:
  /// A step of `wanted` (non-finite components read as 0; clamped to maxSlideMove) for the
  /// character `spec` of `scene`.
  SlideStep(const Scene& scene, const CharacterSpec& spec, const glm::vec3& wanted);

  bool finished() const { return trace_.outcome != SlideOutcome::Pending; }
  /// Runs the next iteration (nothing once finished).
  void iterate(const Scene& scene, const ColliderGrid& grid);
  /// Runs the iterations left.
  void finish(const Scene& scene, const ColliderGrid& grid);
  const SlideTrace& trace() const { return trace_; }
  /// The move tried next (the wanted move, then each corrected one).
  const glm::vec3& nextMove() const { return move_; }

 private:
  Aabb box_;
  int iterations_ = kDefaultSlideIterations;
  ContactPlane plane_ = ContactPlane::Space3d;
  glm::vec3 move_{0.0f};
  SlideTrace trace_;
  std::vector<std::uint32_t> nearby_;
};

/// The walls the box overlaps by more than `slop` (every AABB and OBB but `character`),
/// tested one by one: the slide's contacts without the grid (tests compare the two).
std::vector<SlideContact> contactsOf(const Scene& scene, size_t character, const Aabb& box, float slop);

}  // namespace satlab
