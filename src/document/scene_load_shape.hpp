// One shape object of the scene format read on its own, for files other than scenes that
// hold shapes in the same syntax (recordings, recording.hpp). Internal to src/document.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "document/json_fields.hpp"
#include "document/scene.hpp"
#include "document/scene_diagnostic.hpp"
#include "document/scene_load.hpp"

namespace satlab {

/// Reads `v` exactly as parseScene reads an element of "shapes" in a scene of view `view`
/// (the same fields, rules and messages), at JSON path `path` of the file `source`.
/// Throws FieldError (json_fields.hpp) at the first problem; warnings (unknown fields) go
/// to `warnings`, number notes are counted in `notes`. A shape without a colour comes back
/// with paletteColor set and the caller chooses its colour; the name's uniqueness is the
/// caller's to check.
SceneShape parseSceneShape(const OrderedJson& v, const std::string& path, ViewMode view, const std::string& source,
                           const SceneLoadOptions& options, NumberNotes& notes, std::vector<SceneDiagnostic>& warnings);

/// parseScene's reader of the elements of "shapes", one at a time, kept across the elements
/// of one file (each mesh file read once, the number notes summed): the reference reader
/// of the elements the fast path (scene_fast_load.hpp) leaves to it. Warnings go to
/// `warnings`, in file order.
class SceneElementReader {
 public:
  SceneElementReader(const std::string& source, const SceneLoadOptions& options,
                     std::vector<SceneDiagnostic>& warnings);
  ~SceneElementReader();
  SceneElementReader(const SceneElementReader&) = delete;
  SceneElementReader& operator=(const SceneElementReader&) = delete;
  /// Element `v` at `path` ("shapes[3]") of a scene of `view`, as parseScene reads it.
  /// Throws FieldError. The colour of a shape without one is the caller's to choose.
  SceneShape read(const OrderedJson& v, const std::string& path, ViewMode view);
  /// The warnings that end parseScene's, one for each kind of number note.
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The length of a quaternion's [w, x, y, z], in double, as the loader checks it.
double quaternionLength(const glm::vec4& wxyz);

/// "duplicate name \"NAME\" (names must be unique)", the error at a shape's second use of a name.
std::string duplicateNameMessage(const std::string& name);

/// "too many shapes (N; the limit is kMaxSceneShapes)", the error at "shapes".
std::string tooManyShapesMessage(std::size_t count);

/// An expectation's "max_depth" (`v`, at `path`), read as a scene reads it: a number >= 0
/// that contradicts "overlap": false and a separating axis (`e`'s, read before it). Throws
/// FieldError.
float readMaxDepth(const OrderedJson& v, const std::string& path, const Expectation& e);

}  // namespace satlab
