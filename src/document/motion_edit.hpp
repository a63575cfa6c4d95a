// Editing a scene in motion (motion.hpp) while it is shown at a time t other than 0: the
// edits made to the posed shapes are carried back to the t = 0 scene, which is what a file
// holds (docs/time.md, "What editing does while t is not 0").
#pragma once

#include "document/scene.hpp"

namespace satlab {

/// The shape `posed` (the shape shown at time t) carried back to t = 0 by its own motion: the
/// centre minus the motion's offset at t (clamped to the scene range), the rotation turned
/// back by angularVelocity * t (an OBB's or mesh's axes re-orthonormalised). A shape without
/// motion, or t <= 0, gives `posed` itself.
SceneShape unposeShape(const SceneShape& posed, double t);

/// Carries the edits made to `shown` (the scene posed at t, edited) back into `base` (the scene
/// at t = 0 that `shown` was posed from). Shapes are matched by name; one whose posed form is
/// unchanged keeps its t = 0 form exactly; one changed in anything but its geometry (a colour,
/// a name kept, its motion) keeps its t = 0 geometry exactly; one moved, turned or resized, or
/// new, is unposed; one missing from `shown` was deleted. Title, notes, view, expectations and
/// extras come from `shown`.
void reconcileEdits(const Scene& shown, double t, Scene& base);

}  // namespace satlab
