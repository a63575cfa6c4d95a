#include "evaluation/swept_eval.hpp"

#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "evaluation/pair_table.hpp"
#include "evaluation/swept_tests.hpp"

namespace satlab {
namespace {

bool sameSize(const glm::vec3& x, const glm::vec3& y) {
  for (int k = 0; k < 3; ++k)
    if (std::abs(x[k] - y[k]) > 1e-6f * (1.0f + std::abs(x[k]))) return false;
  return true;
}

/// The shortest rotation taking the columns of r0 to those of r1, as axis times angle.
glm::vec3 rotationBetween(const glm::mat3& r0, const glm::mat3& r1) {
  const glm::dmat3 rel = glm::dmat3(r1) * glm::transpose(glm::dmat3(r0));
  glm::dquat q = glm::quat_cast(rel);
  if (q.w < 0.0) q = -q;  // the shorter way round
  const glm::dvec3 v(q.x, q.y, q.z);
  const double s = glm::length(v);
  if (s == 0.0) return glm::vec3(0.0f);
  const double angle = 2.0 * std::atan2(s, q.w);
  return glm::vec3(v / s * angle);
}

}  // namespace

std::optional<StepMotion> stepBetween(const ShapeGeometry& before, const ShapeGeometry& after) {
  if (before.index() != after.index()) return std::nullopt;
  StepMotion m;
  if (const Aabb* a = std::get_if<Aabb>(&before)) {
    const Aabb& b = std::get<Aabb>(after);
    if (!sameSize(a->half, b.half)) return std::nullopt;
    m.displacement = b.center - a->center;
    return m;
  }
  if (const Obb* a = std::get_if<Obb>(&before)) {
    const Obb& b = std::get<Obb>(after);
    if (!sameSize(a->half, b.half)) return std::nullopt;
    m.displacement = b.center - a->center;
    const glm::vec3 turn = rotationBetween(a->axes, b.axes);
    if (glm::length(glm::dvec3(turn)) > kTurnEpsilon) m.rotation = turn;
    return m;
  }
  if (const Sphere* a = std::get_if<Sphere>(&before)) {
    const Sphere& b = std::get<Sphere>(after);
    if (std::abs(a->radius - b.radius) > 1e-6f * (1.0f + a->radius)) return std::nullopt;
    m.displacement = b.center - a->center;
    return m;
  }
  if (const Capsule* a = std::get_if<Capsule>(&before)) {
    // Its midpoint moves; its core turns the shortest way from one direction to the other
    // (a turn about its own axis changes nothing). Its length and radius stay.
    const Capsule& b = std::get<Capsule>(after);
    const glm::vec3 d0 = a->p1 - a->p0, d1 = b.p1 - b.p0;
    const float l0 = glm::length(d0), l1 = glm::length(d1);
    if (std::abs(l0 - l1) > 1e-5f * (1.0f + l0) || std::abs(a->radius - b.radius) > 1e-6f * (1.0f + a->radius)) {
      return std::nullopt;
    }
    m.displacement = 0.5f * (b.p0 + b.p1) - 0.5f * (a->p0 + a->p1);
    if (l0 > 0.0f && l1 > 0.0f) {
      const glm::dvec3 u0 = glm::dvec3(d0) / double(l0), u1 = glm::dvec3(d1) / double(l1);
      const glm::dvec3 axis = glm::cross(u0, u1);
      const double s = glm::length(axis), angle = std::atan2(s, glm::dot(u0, u1));
      if (s > 0.0 && angle > kTurnEpsilon) {
        m.rotation = glm::vec3(axis / s * angle);
      } else if (angle > kTurnEpsilon) {
        // Turned half round: any axis across the core.
        const glm::dvec3 other = std::abs(u0.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0);
        m.rotation = glm::vec3(glm::normalize(glm::cross(u0, other)) * angle);
      }
    }
    return m;
  }
  if (const Triangle* a = std::get_if<Triangle>(&before)) {
    // Only a triangle moved straight: its edges the same.
    const Triangle& b = std::get<Triangle>(after);
    const float scale = 1.0f + std::max({glm::length(a->b - a->a), glm::length(a->c - a->a), glm::length(a->a)});
    if (glm::length((b.b - b.a) - (a->b - a->a)) > 1e-5f * scale ||
        glm::length((b.c - b.a) - (a->c - a->a)) > 1e-5f * scale)
      return std::nullopt;
    m.displacement = b.a - a->a;
    return m;
  }
  if (const Segment* a = std::get_if<Segment>(&before)) {
    // A segment of the same length, moved by its midpoint and turned from one direction to
    // the other the shortest way.
    const Segment& b = std::get<Segment>(after);
    const glm::vec3 da = a->p1 - a->p0, db = b.p1 - b.p0;
    const float la = glm::length(da), lb = glm::length(db);
    if (std::abs(la - lb) > 1e-5f * (1.0f + la)) return std::nullopt;
    m.displacement = 0.5f * (b.p0 + b.p1) - 0.5f * (a->p0 + a->p1);
    if (la > 0.0f) {
      const glm::dvec3 u = glm::dvec3(da) / double(la), v = glm::dvec3(db) / double(lb);
      const glm::dvec3 axis = glm::cross(u, v);
      const double angle = std::atan2(glm::length(axis), glm::dot(u, v));
      glm::dvec3 turn(0.0);
      if (glm::length(axis) > 0.0) {
        turn = glm::normalize(axis) * angle;
      } else if (glm::dot(u, v) < 0.0) {
        // Reversed: half a turn about any direction across it.
        const glm::dvec3 w = std::abs(u.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0);
        turn = glm::normalize(glm::cross(u, w)) * 3.14159265358979323846;
      }
      if (glm::length(turn) > kTurnEpsilon) m.rotation = glm::vec3(turn);
    }
    return m;
  }
  return std::nullopt;  // meshes
}

SweptPlan planSweep(const ShapeGeometry& a0, const ShapeGeometry& a1, const ShapeGeometry& b0, const ShapeGeometry& b1,
                    bool aFirstInFile) {
  SweptPlan plan;
  const std::optional<StepMotion> ma = stepBetween(a0, a1), mb = stepBetween(b0, b1);
  if (!ma || !mb) return plan;
  const ShapeKind ka = ShapeKind(a0.index()), kb = ShapeKind(b0.index());
  const int ra = coreArgumentRank(ka), rb = coreArgumentRank(kb);
  plan.swapped = ra > rb || (ra == rb && !aFirstInFile);
  const bool turning = ma->rotation != glm::vec3(0.0f) || mb->rotation != glm::vec3(0.0f);
  plan.test = plan.swapped ? sweptTestFor(kb, ka, turning) : sweptTestFor(ka, kb, turning);
  plan.first = plan.swapped ? *mb : *ma;
  plan.second = plan.swapped ? *ma : *mb;
  return plan;
}

SweptResult evaluateSweep(const ShapeGeometry& a0, const ShapeGeometry& a1, const ShapeGeometry& b0,
                          const ShapeGeometry& b1, bool aFirstInFile) {
  const SweptPlan plan = planSweep(a0, a1, b0, b1, aFirstInFile);
  SweptResult r;
  if (plan.test == TestId::None) return r;
  const ShapeGeometry& first = plan.swapped ? b0 : a0;
  const ShapeGeometry& second = plan.swapped ? a0 : b0;
  withSweptTest(plan.test, [&](auto row) {
    using Row = decltype(row);
    if constexpr (kIsSweptTest<Row>) {
      NoTrace none;
      const SweptHit hit = Row::run(Row::a(first), plan.first, Row::b(second), plan.second, none);
      r.tested = true;
      r.test = Row::id;
      r.code = Row::code;
      r.swapped = plan.swapped;
      r.hit = hit.hit;
      r.toi = hit.toi;
      r.tExit = hit.tExit;
      r.point = hit.point;
      r.normal = plan.swapped ? -hit.normal : hit.normal;
      r.axis = plan.swapped ? withRolesSwapped(hit.axis) : hit.axis;
    }
  });
  return r;
}

ShapeGeometry poseAlongStep(const ShapeGeometry& before, const StepMotion& motion, float t) {
  const glm::vec3 d = motion.displacement * t;
  const glm::mat3 turn = glm::mat3(detail::rotationOf(glm::dvec3(motion.rotation) * double(t)));
  ShapeGeometry out = before;
  if (Aabb* a = std::get_if<Aabb>(&out)) a->center += d;
  if (Sphere* s = std::get_if<Sphere>(&out)) s->center += d;
  if (Obb* o = std::get_if<Obb>(&out)) {
    o->center += d;
    o->axes = turn * o->axes;
  }
  if (Segment* g = std::get_if<Segment>(&out)) {
    const glm::vec3 m = 0.5f * (g->p0 + g->p1);
    g->p0 = m + d + turn * (g->p0 - m);
    g->p1 = m + d + turn * (g->p1 - m);
  }
  // A capsule as advancement moves it (its midpoint moved, its core turned about it).
  if (Capsule* c = std::get_if<Capsule>(&out)) *c = detail::capsuleAt(*c, motion, double(t));
  if (Triangle* tri = std::get_if<Triangle>(&out)) {
    tri->b = tri->a + d + turn * (tri->b - tri->a);
    tri->c = tri->a + d + turn * (tri->c - tri->a);
    tri->a += d;
  }
  return out;
}

SweptRecord traceSweep(const ShapeGeometry& a0, const ShapeGeometry& a1, const ShapeGeometry& b0,
                       const ShapeGeometry& b1, bool aFirstInFile) {
  SweptRecord rec;
  rec.plan = planSweep(a0, a1, b0, b1, aFirstInFile);
  rec.result = evaluateSweep(a0, a1, b0, b1, aFirstInFile);
  rec.a0 = rec.plan.swapped ? b0 : a0;
  rec.b0 = rec.plan.swapped ? a0 : b0;
  withSweptTest(rec.plan.test, [&](auto row) {
    using Row = decltype(row);
    if constexpr (kIsSweptTest<Row>) {
      typename Row::Trace trace;
      Row::run(Row::a(rec.a0), rec.plan.first, Row::b(rec.b0), rec.plan.second, trace);
      rec.trace = std::move(trace);
      if constexpr (Row::turns) {
        // The same shapes moving straight, the turn left out: where they turn, and a test of
        // shapes moving straight takes them (not a capsule's, which advancement takes anyway).
        const ShapeKind ka = ShapeKind(rec.a0.index()), kb = ShapeKind(rec.b0.index());
        StepMotion ma = rec.plan.first, mb = rec.plan.second;
        const bool turns = ma.rotation != glm::vec3(0.0f) || mb.rotation != glm::vec3(0.0f);
        ma.rotation = mb.rotation = glm::vec3(0.0f);
        withSweptTest(turns ? sweptTestFor(ka, kb, false) : TestId::None, [&](auto straight) {
          using Straight = decltype(straight);
          if constexpr (kIsSweptTest<Straight>) {
            if constexpr (!Straight::turns) {
              NoTrace none;
              rec.translationOnly = Straight::run(Straight::a(rec.a0), ma, Straight::b(rec.b0), mb, none);
            }
          }
        });
      }
      using Twin = typename SweptTwinOf<Row>::type;
      if constexpr (kIsSweptTest<Twin>) {
        typename Twin::Trace twin;
        Twin::run(Twin::a(rec.a0), rec.plan.first, Twin::b(rec.b0), rec.plan.second, twin);
        rec.minkowski = std::move(twin);
      }
    }
  });
  return rec;
}

}  // namespace satlab
