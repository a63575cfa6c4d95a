// A scene's second camera: the scene file's optional top-level "frustum" object
// (docs/frustum.md), which the loader keeps as an extra field, as it keeps "lesson".
//
//   "frustum": {"eye": [x, y, z], "target": [x, y, z], "up": [0, 0, 1], "fov_deg": 60,
//               "aspect": 1.78, "near": 0.5, "far": 20}
//
// "eye" and "target" are required; the rest default to the values in FrustumSpec. Units:
// the scene's; angles in degrees; fov_deg is the vertical field of view; aspect is width /
// height. World Z is up, as the app's own camera has it.
#pragma once

#include "document/scene.hpp"
#include "satlab/collide/frustum.hpp"

#include <optional>
#include <string>

namespace satlab {

inline constexpr float kMinFrustumFovDeg = 1.0f;
inline constexpr float kMaxFrustumFovDeg = 179.0f;
inline constexpr float kMinFrustumAspect = 0.05f;
inline constexpr float kMaxFrustumAspect = 20.0f;

struct FrustumSpec {
  glm::vec3 eye{0.0f, -10.0f, 3.0f};
  glm::vec3 target{0.0f};
  glm::vec3 up{0.0f, 0.0f, 1.0f};
  float fovDeg = 60.0f;
  float aspect = 16.0f / 9.0f;
  float nearDist = 0.5f;
  float farDist = 20.0f;

  bool operator==(const FrustumSpec& o) const {
    return eye == o.eye && target == o.target && up == o.up && fovDeg == o.fovDeg && aspect == o.aspect &&
           nearDist == o.nearDist && farDist == o.farDist;
  }
  bool operator!=(const FrustumSpec& o) const { return !(*this == o); }
};

/// Why `spec` cannot make a frustum, as "frustum.FIELD: reason", or nullopt when it can:
/// finite numbers; eye != target; up not parallel to target - eye; fov_deg from 1 to 179;
/// aspect from 0.05 to 20; 0 < near < far.
std::optional<std::string> frustumSpecProblem(const FrustumSpec& spec);

/// The scene's "frustum", if it has one and it is valid. When it has one that is not,
/// returns nullopt and sets `error` to "SOURCE: frustum.FIELD: reason (got VALUE)"
/// ("lesson.json: frustum.fov_deg: must be a number from 1 to 179 (got 200)"); `error` is
/// cleared otherwise. An unknown member is an error too (a misspelt "fov" would otherwise be
/// silently replaced by the default).
std::optional<FrustumSpec> frustumSpecOf(const Scene& scene, const std::string& sourceName, std::string& error);

/// The frustum of a valid spec (frustumFromCamera).
Frustum frustumOf(const FrustumSpec& spec);

/// The second camera as the panel's sliders move it: around its target, `yawDeg` about +Z
/// from +X towards +Y, `pitchDeg` above the XY plane (clamped to +-89), at `distance` > 0.
struct FrustumOrbit {
  float yawDeg = 0.0f, pitchDeg = 0.0f, distance = 1.0f;
};
FrustumOrbit orbitOf(const FrustumSpec& spec);
/// `spec` with its eye moved to `orbit` around its target (everything else kept).
FrustumSpec withOrbit(const FrustumSpec& spec, const FrustumOrbit& orbit);

}  // namespace satlab
