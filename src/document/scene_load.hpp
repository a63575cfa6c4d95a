// Loading and validating scene files (format: docs/scene-format.md).
//
// Contract: the loader never throws and never crashes, whatever the input (empty,
// binary, truncated, hostile). It stops at the first error. An error names the file,
// the JSON path (or, for a syntax error, the line and column) and the reason:
//   scenes/bad.json: shapes[3].half_extents[1]: must be >= 0 (got -2)
// Unknown fields are not errors: they give warnings (and are dropped), except unknown
// top-level fields, which are kept in Scene::extras so that saving writes them back.
//
// Numbers (docs/scene-format.md, "Numbers"; docs/algorithms.md, "The range the tests
// are exact for"). Every length and coordinate (centres, half extents, radii, segment end
// points; not rotation values and colours, which have their own rules) is stored as a 32-bit
// float and must be finite with |v| <= kMaxSceneCoordinate (1e9):
//   scenes/big.json: shapes[0].half_extents[0]: 1e+19 is outside the range satlab's tests are exact for (|v| <= 1e9)
// Within it no test of src/collide overflows or underflows (tests/evaluation/test_extreme_range
// runs every pair type at the extremes). A nonzero magnitude below kMinSceneLength
// (1e-9) is below what the tests resolve and is read as 0, with one warning per file
// naming the first such value and the count (files from other programs often carry
// 1e-12 noise). The tests resolve separation to about 1e-6 * (1 + the largest |coordinate|
// of the pair) (kSegmentContactTolerance, kSlabParallelEpsilon, kDefaultSatEpsilon):
// shapes closer than that may be reported as touching (and an overlap shallower than that
// either way). A number whose stored float, written with as many digits as the file used,
// is not the file's number (16777217 stored as 16777216, 100002.001 as 100002) gives one
// warning per file too: those are the numbers a load -> save changes. The warnings about
// numbers come after the others.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/scene.hpp"
#include "document/scene_diagnostic.hpp"

namespace satlab {

/// Largest scene file accepted; loadScene checks the size before reading anything. A
/// well-formed file is read a few MiB at a time (scene_fast_load.hpp), so the limit bounds
/// the time to read it, not the memory; 1 GiB holds kMaxSceneShapes moving shapes of a
/// generated level (about 390 bytes each), the largest files of kMaxSceneShapes shapes.
inline constexpr std::size_t kMaxSceneFileBytes = 1024u * 1024u * 1024u;
/// kMaxSceneFileBytes as messages name it.
inline constexpr const char* kMaxSceneFileText = "1 GiB";
/// Largest scene file the reference reader (a whole JSON tree, about 8 times the text in
/// memory) reads: a larger file is read by the fast path alone, which takes only plain
/// JSON; where it does not, the file is refused, naming the shape's error or where the
/// text stopped being plain (so that a 1 GiB file never costs 8 GB).
inline constexpr std::size_t kMaxFullReaderBytes = 64u * 1024u * 1024u;
/// kMaxFullReaderBytes as messages name it.
inline constexpr const char* kMaxFullReaderText = "64 MiB";
/// Most shapes one scene may hold: twice the million shapes of the largest levels satlab
/// is measured on (docs/performance.md); a scene of that many takes about 0.5 GB.
inline constexpr std::size_t kMaxSceneShapes = 2000000;
/// Longest title and notes, in bytes (notes may hold a whole lesson text).
inline constexpr std::size_t kMaxTitleBytes = 4096;
inline constexpr std::size_t kMaxNotesBytes = 1024u * 1024u;
/// "axes" may be off orthonormal by this much (largest |ai.aj - delta_ij|); within it
/// they are re-orthonormalised (Gram-Schmidt), beyond it the file is rejected.
inline constexpr float kAxesTolerance = 1e-3f;
/// A quaternion's length may differ from 1 by this much; within it, it is normalised.
inline constexpr float kQuaternionTolerance = 1e-3f;

/// The axes a file's "axes" value loads as (validated already): kept bit for bit when
/// orthonormal within 1e-6, else re-orthonormalised (Gram-Schmidt). Saving uses it to
/// tell whether the loaded axes are unchanged.
glm::mat3 axesFromFile(const glm::mat3& given);
/// The unit quaternion a file's "quaternion" value [w, x, y, z] loads as (length within
/// kQuaternionTolerance of 1): kept bit for bit within 1e-6 of unit length, else normalised.
glm::quat quaternionFromFile(const glm::vec4& wxyz);

/// What a mesh file loader gives: the triangles, or why not (the loader's reason, without
/// the file's name, which the scene loader adds with the field).
struct MeshFileLoad {
  std::shared_ptr<const MeshData> data;
  std::string error;  ///< set when data is null
};
/// Reads the mesh file at `path` (already resolved against the scene's folder).
using MeshFileLoader = std::function<MeshFileLoad(const std::string& path)>;

/// Installs the loader that scene files' `"file"` meshes go through (the app and `satlab
/// check` install the mesh library's; tests may install their own). Without one, a scene
/// with a `"file"` mesh fails to load with "this program cannot read mesh files". Not
/// thread-safe: install it once at start-up.
void setMeshFileLoader(MeshFileLoader loader);
/// The installed loader (empty when none), e.g. to put back after installing another.
MeshFileLoader meshFileLoader();
/// The installed loader's result for `path`, or an error when none is installed. Its data
/// is checked with validateMesh (base/mesh_validate.hpp) whatever the loader did.
MeshFileLoad loadSceneMeshFile(const std::string& path);

/// How parseScene treats `"file"` meshes.
struct SceneLoadOptions {
  /// The folder the scene's `"file"` paths are relative to ("" for the working folder).
  std::string baseDirectory;
  /// False: a `"file"` mesh is checked as a field but not read (its MeshShape has no data);
  /// for a text that is only checked, such as saveScene's read-back.
  bool readMeshFiles = true;
};

/// The folder part of a path ("scenes/a.json" -> "scenes", "a.json" -> "").
std::string folderOf(const std::string& path);

struct SceneLoadResult {
  Scene scene;                            ///< the loaded scene; empty when error is set
  std::vector<SceneDiagnostic> warnings;  ///< unknown fields and the like, in file order
  std::optional<SceneDiagnostic> error;   ///< the first error, if any

  bool ok() const { return !error.has_value(); }
};

/// Parses and validates scene JSON `text`; `sourceName` is used only in messages.
/// Throws only std::bad_alloc (out of memory is not an error of the file); every other
/// problem is in `error`. The same holds for loadScene.
/// `"file"` meshes are relative to folderOf(sourceName).
SceneLoadResult parseScene(std::string_view text, const std::string& sourceName);
SceneLoadResult parseScene(std::string_view text, const std::string& sourceName, const SceneLoadOptions& options);

/// parseScene by the reference reader alone: the whole text checked and parsed into a JSON
/// tree, then read field by field. parseScene takes the fast path for plain files
/// (scene_fast_load.hpp) and this reader for every other; the tests and benchmarks that
/// compare the two call it.
SceneLoadResult parseSceneWithReferenceReader(std::string_view text, const std::string& sourceName,
                                              const SceneLoadOptions& options);

/// Reads the file at `path` (a regular file of at most kMaxSceneFileBytes) and parses it.
/// Messages name the file as `path` was given.
SceneLoadResult loadScene(const std::string& path);

}  // namespace satlab
