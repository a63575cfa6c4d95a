// Writing scenes back to the file format of docs/scene-format.md.
#pragma once

#include <optional>
#include <string>

#include "document/atomic_file.hpp"
#include "document/scene.hpp"

namespace satlab {

/// The scene as scene-file JSON text, ending with a newline: indented, a shape per line
/// where it fits in 100 columns, numeric arrays on one line. If that text would exceed
/// the loader's size limit (kMaxSceneFileBytes), every shape goes on one line however long; if even that
/// exceeds it, the compact form: no whitespace, every number in its shortest text ("0",
/// "1e9"), no "view" in a 3d scene. A loaded scene that has not been edited is never
/// longer in the compact form than the file it came from (every number is its file's
/// value in the fewest characters, hex colours stay hex, rotations are the file's own
/// values, strings are escaped no more than the file had to, and every key written was
/// in the file), so whatever loaded saves to a file that loads again.
///  - Floats are written with the fewest digits that load back as exactly the same
///    float, so load -> save -> load reproduces every value bit for bit.
///  - Each OBB keeps the rotation form its file used (see RotationSource). Exception:
///    angle_deg in a 3d scene is written as euler_deg [0, 0, angle] (same matrix).
///  - In a 2d scene a point or size whose z is exactly +0 is written as [x, y].
///  - A palette colour that is still the loader's default is omitted again; a colour the
///    file gave in hex is written in hex while it is still exactly a hex colour.
///  - "axes" and "quaternion" are written with the file's values while the rotation is
///    unchanged (not the re-normalised ones, which load back the same).
///  - Unknown top-level fields (Scene::extras) are written back after the known ones.
/// Invalid values (NaN, negative sizes, duplicate names) are written as they are, which
/// the loader will reject; saveScene refuses them instead.
///  - A mesh is written as its file gave it: `"file"` as written when it came from a mesh
///    file, `"vertices"` and `"triangles"` when it was inline; MeshWrite::Inline writes
///    every mesh's triangles into the text (one pasteable file).
enum class MeshWrite { AsLoaded, Inline };
std::string sceneToJson(const Scene& scene, MeshWrite meshes = MeshWrite::AsLoaded);
/// sceneToJson with `maxBytes` in place of the loader's limit, the size past which it
/// writes a line per shape and then the compact form (tests reach the compact form
/// with a smaller text than a whole kMaxSceneFileBytes).
std::string sceneToJson(const Scene& scene, MeshWrite meshes, std::size_t maxBytes);
/// How saveScene and the recovery file write meshes: as loaded on the desktop; inline in
/// the browser build (SATLAB_INLINE_MESHES, set by the top CMakeLists.txt), where a mesh
/// file the user picked lives in the page's memory only until the page closes (a saved
/// scene or a recovered one naming it would not load).
inline constexpr MeshWrite kSavedMeshes = SATLAB_INLINE_MESHES ? MeshWrite::Inline : MeshWrite::AsLoaded;

/// Saves atomically (see writeFileAtomically): the old file is replaced only by a
/// complete new one. Before writing, the text is loaded back with parseScene, and a
/// scene that would not load (a NaN, a negative size, duplicate or empty names, an
/// expectation naming a missing shape) is refused. Returns nullopt on success, else a
/// message naming the file and the reason. `nonRegular`: what a target that is not a
/// regular file gets (refused, unless the path was named on the command line).
std::optional<std::string> saveScene(const Scene& scene, const std::string& path,
                                     NonRegularTarget nonRegular = NonRegularTarget::Refuse);

}  // namespace satlab
