#include "satlab/collide/slide.hpp"

#include <cmath>

#include "satlab/collide/collide2d.hpp"
#include "satlab/collide/sat_box.hpp"

namespace satlab {

float projectedRadius(const glm::mat3& axes, const glm::vec3& half, const glm::vec3& n) {
  return half.x * std::abs(glm::dot(n, axes[0])) + half.y * std::abs(glm::dot(n, axes[1])) +
         half.z * std::abs(glm::dot(n, axes[2]));
}

namespace {

// The SAT verdict has chosen the axis; the depth is measured on it again in double and
// without the epsilon (which inflates every radius a little: pushing the character by an
// inflated depth would leave a gap). `n` is the test's axis, pointing from the character
// (its A) to the wall (its B); the contact's normal is the other way round.
std::optional<BoxContact> measured(const SatResult& r, TestId test, const glm::vec3& n, double moverRadius,
                                   double wallRadius, const glm::vec3& moverCenter, const glm::vec3& wallCenter) {
  if (!r.overlap) return std::nullopt;
  const glm::vec3 d = moverCenter - wallCenter;  // from the wall to the character
  glm::vec3 normal = -n;
  double along =
      static_cast<double>(normal.x) * d.x + static_cast<double>(normal.y) * d.y + static_cast<double>(normal.z) * d.z;
  if (along < 0.0) {
    // The test orients its axis from A's centre to B's, so this happens only by rounding.
    normal = -normal;
    along = -along;
  }
  const double depth = moverRadius + wallRadius - along;
  // The epsilon's inflation can call a pair that is a hair apart overlapping; measured
  // without it the projections do not meet: no contact.
  if (depth < 0.0) return std::nullopt;
  const float len = glm::length(normal);
  if (!(len > 0.0f) || !std::isfinite(len)) return std::nullopt;
  return BoxContact{test, r.penetration, normal / len, static_cast<float>(depth)};
}

Rect2 rectOf(const Aabb& b) { return Rect2{glm::vec2(b.center), glm::vec2(b.half)}; }

}  // namespace

std::optional<BoxContact> boxContact(const Aabb& mover, const Aabb& wall, ContactPlane plane) {
  if (plane == ContactPlane::Plane2d) {
    const SatResult r = satRectRect(rectOf(mover), rectOf(wall));
    const glm::vec3 n = r.penetrationAxis;
    const double rm = mover.half.x * std::abs(n.x) + mover.half.y * std::abs(n.y);
    const double rw = wall.half.x * std::abs(n.x) + wall.half.y * std::abs(n.y);
    const glm::vec3 cm(glm::vec2(mover.center), 0.0f), cw(glm::vec2(wall.center), 0.0f);
    return measured(r, TestId::RectRect, n, rm, rw, cm, cw);
  }
  const SatResult r = satAabbAabb(mover, wall);
  const glm::vec3 n = r.penetrationAxis;
  const glm::mat3 world(1.0f);
  return measured(r, TestId::AabbAabb, n, projectedRadius(world, mover.half, n), projectedRadius(world, wall.half, n),
                  mover.center, wall.center);
}

std::optional<BoxContact> boxContact(const Aabb& mover, const Obb& wall, ContactPlane plane) {
  const glm::mat3 world(1.0f);
  if (plane == ContactPlane::Plane2d) {
    // The wall turned about Z by the direction of its first axis in the plane.
    glm::vec2 u(wall.axes[0]);
    const float len = glm::length(u);
    u = len > 0.0f && std::isfinite(len) ? u / len : glm::vec2(1.0f, 0.0f);
    const OrientedRect2 w{glm::vec2(wall.center), u, glm::vec2(wall.half)};
    const SatResult r = satRectOrientedRect(rectOf(mover), w);
    const glm::vec3 n = r.penetrationAxis;
    const glm::vec2 n2(n);
    const double rm = mover.half.x * std::abs(n.x) + mover.half.y * std::abs(n.y);
    const glm::vec2 v(-u.y, u.x);
    const double rw = wall.half.x * std::abs(glm::dot(n2, u)) + wall.half.y * std::abs(glm::dot(n2, v));
    const glm::vec3 cm(glm::vec2(mover.center), 0.0f), cw(glm::vec2(wall.center), 0.0f);
    return measured(r, TestId::RectOrientedRect, n, rm, rw, cm, cw);
  }
  const SatResult r = satAabbObb(mover, wall);
  const glm::vec3 n = r.penetrationAxis;
  return measured(r, TestId::AabbObb, n, projectedRadius(world, mover.half, n),
                  projectedRadius(wall.axes, wall.half, n), mover.center, wall.center);
}

}  // namespace satlab
