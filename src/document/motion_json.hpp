// A shape's "motion" member in a scene file (internal to src/document; the format is
// docs/scene-format.md, "Motion"):
//   "motion": {"velocity": [x, y, z], "angular_velocity": [x, y, z],
//              "path": [{"t": 0, "offset": [x, y, z]}, ...], "loop": true}
// Every member is optional. In a 2D scene points may be [x, y] and "angular_velocity" a
// number (radians per second about +Z, the only axis a 2D scene turns about).
#pragma once

#include <functional>
#include <string>

#include "document/json_fields.hpp"
#include "document/motion.hpp"
#include "document/scene.hpp"

namespace satlab {

/// Reads and validates the motion at `path` (e.g. "shapes[3].motion") of a shape of
/// `kind`; throws FieldError naming the member at fault. `warn` receives unknown members.
Motion readMotion(const OrderedJson& v, const std::string& path, ShapeKind kind, ViewMode view, NumberNotes& notes,
                  const std::function<void(const std::string& path, std::string message)>& warn);

/// The JSON of a motion, as readMotion reads it back: members at their defaults left out.
OrderedJson motionJson(const Motion& motion, ViewMode view);

}  // namespace satlab
