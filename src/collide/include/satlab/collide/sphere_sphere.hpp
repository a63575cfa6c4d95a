// satlab collision core: sphere against sphere.
//
// Ericson, Real-Time Collision Detection, 4.3.1: the spheres overlap when
// |cB - cA|^2 <= (rA + rB)^2 (closed: tangent spheres overlap); the verdict needs no
// square root. Zero radii are points. No NaN for finite input: when the
// centres coincide the normal is +X by convention.
#pragma once

#include <cmath>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {
/// Sphere–sphere: centre distance, depth rA + rB - distance (negative when apart) and the unit
/// normal from A's centre to B's.
inline SphereSphereResult sphereSphere(const Sphere& a, const Sphere& b) {
  SphereSphereResult out;
  const glm::vec3 d = b.center - a.center;
  const float d2 = glm::dot(d, d);
  const float rs = a.radius + b.radius;
  out.overlap = d2 <= rs * rs;  // squared: no square root for the verdict
  out.distance = std::sqrt(d2);
  out.depth = rs - out.distance;
  if (out.distance > 0.0f) out.normal = d / out.distance;
  return out;
}

}  // namespace satlab
