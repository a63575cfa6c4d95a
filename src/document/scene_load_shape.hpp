// One shape object of the scene format read on its own, for files other than scenes that
// hold shapes in the same syntax (recordings, recording.hpp). Internal to src/document.
#pragma once

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

/// An expectation's "max_depth" (`v`, at `path`), read as a scene reads it: a number >= 0
/// that contradicts "overlap": false and a separating axis (`e`'s, read before it). Throws
/// FieldError.
float readMaxDepth(const OrderedJson& v, const std::string& path, const Expectation& e);

}  // namespace satlab
