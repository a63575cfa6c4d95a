#include "document/motion.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <variant>

#include "document/rotation.hpp"
#include "document/scene.hpp"

namespace satlab {

namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;

std::string numberText(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

/// Checks each component of `v` against `limit`; names the first bad one.
std::optional<std::string> vectorProblem(const glm::vec3& v, double limit, const std::string& name,
                                         std::string* field) {
  for (int i = 0; i < 3; ++i) {
    const double c = static_cast<double>(v[i]);
    if (!std::isfinite(c) || std::fabs(c) > limit) {
      if (field) *field = name + "[" + std::to_string(i) + "]";
      if (!std::isfinite(c)) return std::string("must be a finite number");
      return "must be within +-" + numberText(limit) + " (got " + numberText(c) + ")";
    }
  }
  return std::nullopt;
}

glm::vec3 clampToScene(const glm::dvec3& p) {
  const double m = static_cast<double>(kMaxSceneCoordinate);
  return glm::vec3(static_cast<float>(std::clamp(p.x, -m, m)), static_cast<float>(std::clamp(p.y, -m, m)),
                   static_cast<float>(std::clamp(p.z, -m, m)));
}

/// Rotation about the unit axis `u` by the angle whose sine and cosine are s and c
/// (Rodrigues' formula, R = c I + s [u]x + (1 - c) u u^T), column-major as GLM keeps it.
glm::mat3 axisAngle(const glm::dvec3& u, double s, double c) {
  const double k = 1.0 - c;
  glm::dmat3 r;
  r[0] = glm::dvec3(c + k * u.x * u.x, k * u.x * u.y + s * u.z, k * u.x * u.z - s * u.y);
  r[1] = glm::dvec3(k * u.y * u.x - s * u.z, c + k * u.y * u.y, k * u.y * u.z + s * u.x);
  r[2] = glm::dvec3(k * u.z * u.x + s * u.y, k * u.z * u.y - s * u.x, c + k * u.z * u.z);
  return glm::mat3(r);
}

glm::vec3 turnAbout(const glm::mat3& r, const glm::vec3& centre, const glm::vec3& p) {
  return centre + r * (p - centre);
}

}  // namespace

std::optional<std::string> motionProblem(const Motion& motion, int kind, std::string* field) {
  if (auto p = vectorProblem(motion.velocity, kMaxMotionSpeed, "velocity", field)) return p;
  if (auto p = vectorProblem(motion.angularVelocity, kMaxMotionSpeed, "angular_velocity", field)) return p;
  if (kind == static_cast<int>(ShapeKind::Aabb) && motion.angularVelocity != glm::vec3(0.0f)) {
    if (field) *field = "angular_velocity";
    return std::string("an AABB cannot turn; make it an OBB");
  }
  if (motion.path.empty()) return std::nullopt;
  if (motion.velocity != glm::vec3(0.0f)) {
    if (field) *field = "velocity";
    return std::string("a path sets the centre; give a velocity or a path, not both");
  }
  if (motion.path.size() > kMaxPathKeys) {
    if (field) *field = "path";
    return "has " + std::to_string(motion.path.size()) + " keys; the limit is " + std::to_string(kMaxPathKeys);
  }
  for (std::size_t i = 0; i < motion.path.size(); ++i) {
    const PathKey& key = motion.path[i];
    const std::string at = "path[" + std::to_string(i) + "]";
    if (!std::isfinite(key.t)) {
      if (field) *field = at + ".t";
      return std::string("must be a finite number");
    }
    if (i == 0 && key.t != 0.0) {
      if (field) *field = at + ".t";
      return "the first key's time must be 0 (got " + numberText(key.t) + ")";
    }
    if (i > 0 && !(key.t > motion.path[i - 1].t)) {
      if (field) *field = at + ".t";
      return "key times must increase (got " + numberText(key.t) + " after " + numberText(motion.path[i - 1].t) + ")";
    }
    if (key.t > kMaxPathTime) {
      if (field) *field = at + ".t";
      return "must be at most " + numberText(kMaxPathTime) + " seconds (got " + numberText(key.t) + ")";
    }
    if (auto p = vectorProblem(key.position, kMaxSceneCoordinate, at + ".offset", field)) return p;
  }
  return std::nullopt;
}

glm::dvec3 motionOffset(const Motion& motion, double t) {
  if (!std::isfinite(t) || t < 0.0) t = 0.0;
  if (motion.path.empty()) return glm::dvec3(motion.velocity) * t;
  const std::vector<PathKey>& keys = motion.path;
  const double last = keys.back().t;
  if (keys.size() == 1 || last <= 0.0) return glm::dvec3(keys.front().position);
  if (t >= last) {
    if (!motion.loop) return glm::dvec3(keys.back().position);
    t = std::fmod(t, last);
  }
  // The key interval holding t: the last key with time <= t.
  const auto next = std::upper_bound(keys.begin(), keys.end(), t, [](double v, const PathKey& k) { return v < k.t; });
  const std::size_t j = static_cast<std::size_t>(next - keys.begin());  // 1 <= j < size, as keys[0].t = 0 <= t < last
  const PathKey& a = keys[j - 1];
  const PathKey& b = keys[j];
  const double u = (t - a.t) / (b.t - a.t);
  return glm::dvec3(a.position) + (glm::dvec3(b.position) - glm::dvec3(a.position)) * u;
}

glm::mat3 motionRotation(const Motion& motion, double t) {
  const glm::dvec3 w(motion.angularVelocity);
  const double speed = glm::length(w);
  if (!(speed > 0.0) || !std::isfinite(t) || t <= 0.0) return glm::mat3(1.0f);
  // The angle reduced modulo a turn in double precision (exact for any t a float could not
  // hold), then its sine and cosine in float: the result is a float matrix anyway.
  const float angle = static_cast<float>(std::fmod(speed * t, kTwoPi));
  return axisAngle(w / speed, static_cast<double>(std::sin(angle)), static_cast<double>(std::cos(angle)));
}

glm::vec3 shapeCentre(const SceneShape& shape) {
  return std::visit(
      [](const auto& g) -> glm::vec3 {
        using G = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<G, Segment> || std::is_same_v<G, Capsule>) {
          return (g.p0 + g.p1) * 0.5f;
        } else if constexpr (std::is_same_v<G, Triangle>) {
          return (g.a + g.b + g.c) / 3.0f;
        } else if constexpr (std::is_same_v<G, MeshShape>) {
          return g.pose.center;
        } else if constexpr (std::is_same_v<G, HullShape>) {
          return g.body.pose.center;
        } else {
          return g.center;
        }
      },
      shape.geometry);
}

void poseShapeAt(const SceneShape& base, double t, SceneShape& out) {
  if (!base.motion) return;
  const Motion& m = *base.motion;
  const glm::vec3 c0 = shapeCentre(base);
  const glm::vec3 c = clampToScene(glm::dvec3(c0) + motionOffset(m, t));
  const bool turns = m.angularVelocity != glm::vec3(0.0f) && t > 0.0;
  const glm::mat3 r = turns ? motionRotation(m, t) : glm::mat3(1.0f);
  std::visit(
      [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        G* o = std::get_if<G>(&out.geometry);
        if (!o) {
          out.geometry = g;
          o = &std::get<G>(out.geometry);
        }
        if constexpr (std::is_same_v<G, Aabb>) {
          o->center = c;
          o->half = g.half;
        } else if constexpr (std::is_same_v<G, Sphere>) {
          o->center = c;
          o->radius = g.radius;
        } else if constexpr (std::is_same_v<G, Obb>) {
          o->center = c;
          o->half = g.half;
          o->axes = turns ? orthonormalize(r * g.axes) : g.axes;
        } else if constexpr (std::is_same_v<G, Segment> || std::is_same_v<G, Capsule>) {
          // A capsule turns about its midpoint, like a segment, and keeps its radius.
          o->p0 = turns ? turnAbout(r, c, g.p0 - c0 + c) : g.p0 - c0 + c;
          o->p1 = turns ? turnAbout(r, c, g.p1 - c0 + c) : g.p1 - c0 + c;
          if constexpr (std::is_same_v<G, Capsule>) o->radius = g.radius;
        } else if constexpr (std::is_same_v<G, Triangle>) {
          const glm::vec3 d = c - c0;
          o->a = turns ? turnAbout(r, c, g.a + d) : g.a + d;
          o->b = turns ? turnAbout(r, c, g.b + d) : g.b + d;
          o->c = turns ? turnAbout(r, c, g.c + d) : g.c + d;
        } else {
          const auto place = [&](MeshShape& om, const MeshShape& gm) {
            if (om.data != gm.data) om.data = gm.data;
            om.pose.center = c;
            om.pose.scale = gm.pose.scale;
            om.pose.axes = turns ? orthonormalize(r * gm.pose.axes) : gm.pose.axes;
          };
          if constexpr (std::is_same_v<G, HullShape>) {
            if (o->points != g.points) o->points = g.points;
            place(o->body, g.body);
          } else {
            place(*o, g);
          }
        }
      },
      base.geometry);
}

void applyMotion(const Scene& base, double t, Scene& out) {
  const std::size_t n = std::min(base.shapes.size(), out.shapes.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (base.shapes[i].motion) poseShapeAt(base.shapes[i], t, out.shapes[i]);
  }
}

bool sceneMoves(const Scene& scene) {
  for (const SceneShape& s : scene.shapes) {
    if (!s.motion) continue;
    const Motion& m = *s.motion;
    if (m.velocity != glm::vec3(0.0f) || m.angularVelocity != glm::vec3(0.0f)) return true;
    for (const PathKey& k : m.path) {
      if (k.position != m.path.front().position) return true;
    }
  }
  return false;
}

glm::vec3 motionDisplacement(const SceneShape& shape, double t, double dt) {
  if (!shape.motion) return glm::vec3(0.0f);
  const glm::vec3 c0 = shapeCentre(shape);
  const glm::dvec3 base(c0);
  const glm::vec3 a = clampToScene(base + motionOffset(*shape.motion, t));
  const glm::vec3 b = clampToScene(base + motionOffset(*shape.motion, t + dt));
  return b - a;
}

}  // namespace satlab
