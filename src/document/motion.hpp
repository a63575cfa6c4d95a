// satlab scene model: shapes that move. A shape's motion turns its pose into a function
// of time: the pose at time t is computed from the pose the scene file gives (the pose at
// t = 0) and t alone, never by adding up steps, so playing, stepping and scrubbing
// backwards all land on the same pose for the same t, and nothing drifts.
//
// The centre of a shape, which moves and which it turns about: an AABB's, OBB's or
// sphere's centre; a segment's midpoint; a triangle's centroid; a mesh's pose centre (the
// origin of its frame). The file format ("motion" in a shape) is docs/scene-format.md;
// what play, pause, step and editing do in the app is docs/time.md.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace satlab {

struct Scene;
struct SceneShape;

/// One key of a path (the file's {"t": ..., "offset": [x, y, z]}): at time t (seconds) the
/// centre is `position` away from the centre the scene gives the shape (an offset, so
/// moving the shape in the editor moves its path with it).
struct PathKey {
  double t = 0;
  glm::vec3 position{0.0f};
};

/// How a shape moves. The translation is either a constant velocity or a path; the
/// rotation (any kind but an AABB) is a constant angular velocity about a world axis
/// through the centre, applied on top of the rotation the file gives.
struct Motion {
  glm::vec3 velocity{0.0f};         ///< world units per second; zero when `path` is given
  glm::vec3 angularVelocity{0.0f};  ///< radians per second, about a world axis through the centre
  /// When not empty: the centre's offset follows these keys, piecewise linear between
  /// them. path[0].t is 0 and the times increase strictly.
  std::vector<PathKey> path;
  /// What a path does after its last key: true wraps around (time is taken modulo the last
  /// key's t, so a closed loop repeats its first offset as its last key), false holds the
  /// last offset.
  bool loop = true;
};

/// Most keys one path may hold.
inline constexpr std::size_t kMaxPathKeys = 4096;
/// Largest |component| of a velocity (units per second) and of an angular velocity
/// (radians per second, about 160,000 turns per second).
inline constexpr float kMaxMotionSpeed = 1e6f;
/// Largest key time of a path, in seconds (about 11.5 days).
inline constexpr double kMaxPathTime = 1e6;

/// Why `motion` cannot be the motion of a shape of `kind` (a ShapeKind as its int), or
/// nullopt: `field` receives the member at fault relative to the motion ("velocity",
/// "angular_velocity[2]", "path[3].t", "path[1].offset[0]"), as the scene file spells it.
/// An AABB cannot turn; components must be finite and within kMaxMotionSpeed; path key
/// times finite, path[0].t == 0, strictly increasing, at most kMaxPathTime; offsets within
/// the scene's coordinate range; at most kMaxPathKeys keys; a path and a nonzero velocity
/// together are an error (the path sets the centre).
std::optional<std::string> motionProblem(const Motion& motion, int kind, std::string* field);

/// The offset of the centre from its t = 0 place at time t (seconds): velocity * t, or the
/// path's offset at t. Not clamped (see applyMotion).
glm::dvec3 motionOffset(const Motion& motion, double t);

/// The rotation by angularVelocity * t about the axis along angularVelocity, computed
/// afresh from t (the angle reduced modulo a turn in double precision first, so a large t
/// keeps its accuracy); the identity when the angular velocity is zero.
glm::mat3 motionRotation(const Motion& motion, double t);

/// The shape `base` posed at time t (seconds, >= 0): its centre moved by motionOffset and
/// clamped componentwise to [-kMaxSceneCoordinate, kMaxSceneCoordinate] (so a shape that
/// travels for ever stops at the edge of the range the scene format holds, and what is
/// shown can always be saved), and turned by motionRotation about that centre (an OBB's or
/// mesh's axes re-orthonormalised, so they stay a rotation). A shape without motion is
/// returned unchanged.
void poseShapeAt(const SceneShape& base, double t, SceneShape& out);

/// Writes the pose of every moving shape of `base` at time t (seconds, >= 0) into `out`,
/// which holds the same shapes as `base` (a copy of it); poses are functions of t, so
/// scrubbing backwards is exact. Shapes without motion are not touched (so `out` may be
/// reused frame after frame without copying the scene again).
void applyMotion(const Scene& base, double t, Scene& out);

/// True when some shape of the scene has a motion that moves or turns it.
bool sceneMoves(const Scene& scene);

/// The displacement of the shape's centre over [t, t + dt] (the dynamic tree fattens boxes
/// along it). Zero for a shape without motion.
glm::vec3 motionDisplacement(const SceneShape& shape, double t, double dt);

/// The centre of a shape as described above (the point motion moves and turns about).
glm::vec3 shapeCentre(const SceneShape& shape);

}  // namespace satlab
