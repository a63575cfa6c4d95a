// Copy and paste of shapes as JSON text (the system clipboard holds plain text).
//
// Copy writes a complete scene file holding just the chosen shapes, so the text pastes
// into another satlab, loads as a file and reads well in a chat or a bug report. Paste
// accepts what people actually copy: a whole scene, a {"shapes": [...]} object, a single
// shape object or an array of shapes. It validates with the scene loader itself, so the
// rules and the messages are those of docs/scene-format.md, with "clipboard" as the file
// name and paths as the pasted text has them:
//   clipboard: [1].radius: must be >= 0 (got -1)        (an array of shapes)
//   clipboard: radius: must be >= 0 (got -1)            (a single shape)
//   clipboard: shapes[1].radius: must be >= 0 (got -1)  (an object with "shapes")
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/scene.hpp"
#include "document/scene_diagnostic.hpp"

namespace satlab {

/// The shapes `indices` of `scene` (in that order; out-of-range indices are skipped) as a
/// scene file's text: version 1, the scene's view (so 2D coordinates stay 2D), no title
/// and no expectations. Colours are always written, so a pasted shape keeps the colour it
/// had even where the palette would give another. Meshes are written inline (their
/// "vertices" and "triangles"), so that a pasted bug report is one file, while the copied
/// meshes hold at most kMaxCopiedMeshTriangles triangles together; a mesh beyond that which
/// came from a file is written as its "file" reference (as the scene gave it, relative to
/// the scene's folder).
std::string shapesToJson(const Scene& scene, const std::vector<std::size_t>& indices);

/// The most triangles shapesToJson writes inline, all copied meshes together (about 3 MB
/// of JSON).
inline constexpr std::size_t kMaxCopiedMeshTriangles = 50000;

struct PasteResult {
  std::vector<SceneShape> shapes;         ///< ready to append to the scene, names unique
  std::vector<SceneDiagnostic> warnings;  ///< unknown fields and the like
  std::optional<SceneDiagnostic> error;   ///< set when nothing can be pasted
  /// How far the shapes were moved from where the text put them, to keep them off the
  /// shapes they were copied from (pasteOffset); zero when they landed on none.
  glm::vec3 offset{0.0f};

  bool ok() const { return !error.has_value(); }
};

/// Parses pasted text (see above) for pasting into `existing`. A fragment without "view"
/// is read in `existing`'s view (so [x, y] points paste into a 2D scene). A pasted name
/// already used in `existing` (or earlier in the paste) is renamed like a duplicate:
/// "box" -> "box_2", "box_2" -> "box_3" (see uniqueShapeName). Shapes that would land
/// exactly on shapes of `existing` (a copy pasted into the scene it came from) are moved
/// together by pasteOffset (scene_edit.hpp), further for each copy already there; where
/// nothing lies they keep their coordinates bit for bit. Expectations, title and unknown
/// top-level fields of a pasted scene are ignored. Never throws.
PasteResult parsePastedShapes(std::string_view text, const Scene& existing);

}  // namespace satlab
