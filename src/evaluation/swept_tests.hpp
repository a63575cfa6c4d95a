// The tests between two frames (satlab/collide/swept.hpp, advance.hpp), one row each, and
// the one place that goes from such a test's id to its row (withSweptTest). They are rows of
// their own, beside the pair tests' (pair_tests.hpp), because they take more: each shape's
// pose at the step's start and how it moves over the step (a StepMotion). A row says:
//
//   id, family   the test, and the kind of record it gives (SAT in time's axes, the slab
//                test's slabs, the quadratic, a sphere's path against a box or a triangle,
//                the iterations of conservative advancement)
//   code, call   its name in `satlab check` and the core function
//   A, B, a(), b()  its arguments in the pair's roles, from the scene's shapes
//   turns        whether it takes turning shapes (conservative advancement)
//   Trace        its recorder
//   run(a, ma, b, mb, rec)  the call: untraced (compiled once in the library) or traced
//   Twin         (optional) the same question asked the other way, which the explorer
//                shows on request: two AABBs in time (3 axes) and as a ray against their
//                Minkowski sum (3 slabs)
//
// sweptTestFor() is the table: which row a pair of shape kinds gets, moving straight or
// turning. Adding a test: its core function, its TestId, its row here and its place in
// sweptTestFor (CONTRIBUTING.md).
#pragma once

#include <cmath>
#include <string_view>
#include <type_traits>

#include "document/scene.hpp"
#include "satlab/collide.hpp"

namespace satlab {

/// The kind of record a test between two frames gives.
enum class SweptFamily {
  SatInTime,       ///< SweptSatTrace: each axis's t-interval
  MinkowskiSlab,   ///< SlabTrace: B's centre through A grown by B
  SphereSphere,    ///< SegmentSphereTrace: the quadratic of B's centre against rA + rB
  SphereBox,       ///< SweptSphereBoxTrace: the path's pieces against the rounded grown box
  SphereTriangle,  ///< SweptSphereTriangleTrace: face, edges, corners
  Advance,         ///< AdvanceTrace: the iterations of conservative advancement
};

struct NoSweptTest {
  static constexpr TestId id = TestId::None;
};

template <TestId>
struct SweptTest;

/// An AABB or an OBB as an OBB (advancement turns boxes; an AABB is one with the world's axes).
/// A segment is a flat box too: centred on its midpoint, its first axis along it, half its
/// length, the other two half extents 0. SAT over a flat box's 15 axes is as exact as over a
/// box's (its faces' normals across the segment, in any two directions, and the segment's
/// direction crossed with the other box's edges), so the box tests take segments.
inline Obb asObb(const ShapeGeometry& g) {
  if (const Aabb* a = std::get_if<Aabb>(&g)) return Obb{a->center, glm::mat3(1.0f), a->half};
  if (const Segment* s = std::get_if<Segment>(&g)) {
    const glm::vec3 d = s->p1 - s->p0;
    const float length = glm::length(d);
    const glm::vec3 u = length > 0.0f ? d / length : glm::vec3(1.0f, 0.0f, 0.0f);
    // Two unit directions across it, from the world axis it is least along.
    const glm::vec3 w = std::abs(u.x) <= std::abs(u.y) && std::abs(u.x) <= std::abs(u.z) ? glm::vec3(1, 0, 0)
                        : std::abs(u.y) <= std::abs(u.z)                                 ? glm::vec3(0, 1, 0)
                                                                                         : glm::vec3(0, 0, 1);
    const glm::vec3 v = glm::normalize(glm::cross(u, w));
    return Obb{0.5f * (s->p0 + s->p1), glm::mat3(u, v, glm::cross(u, v)), glm::vec3(0.5f * length, 0.0f, 0.0f)};
  }
  return std::get<Obb>(g);
}

// ---- Boxes moving straight: SAT in time ------------------------------------------------------

struct SatInTimeRow {
  static constexpr SweptFamily family = SweptFamily::SatInTime;
  static constexpr bool turns = false;
  using Trace = SweptSatTrace;
};

template <>
struct SweptTest<TestId::MinkowskiAabbAabb> {
  static constexpr TestId id = TestId::MinkowskiAabbAabb;
  static constexpr SweptFamily family = SweptFamily::MinkowskiSlab;
  static constexpr bool turns = false;
  static constexpr std::string_view code = "minkowski_aabb_aabb", call = "sweptAabbAabbMinkowski";
  using Trace = SlabTrace;
  using A = Aabb;
  using B = Aabb;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptAabbAabbMinkowski(a, ma.displacement, b, mb.displacement, rec, SatOptions{SatMode::Full});
    else
      return sweptAabbAabbMinkowski(a, ma.displacement, b, mb.displacement);
  }
};

template <>
struct SweptTest<TestId::SweptAabbAabb> : SatInTimeRow {
  static constexpr TestId id = TestId::SweptAabbAabb;
  static constexpr std::string_view code = "swept_aabb_aabb", call = "sweptAabbAabb";
  using A = Aabb;
  using B = Aabb;
  using Twin = SweptTest<TestId::MinkowskiAabbAabb>;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptAabbAabb(a, ma.displacement, b, mb.displacement, rec, SatOptions{SatMode::Full});
    else
      return sweptAabbAabb(a, ma.displacement, b, mb.displacement);
  }
};

template <>
struct SweptTest<TestId::SweptAabbObb> : SatInTimeRow {
  static constexpr TestId id = TestId::SweptAabbObb;
  static constexpr std::string_view code = "swept_aabb_obb", call = "sweptAabbObb";
  using A = Aabb;
  using B = Obb;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Obb>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptAabbObb(a, ma.displacement, b, mb.displacement, rec, SatOptions{SatMode::Full});
    else
      return sweptAabbObb(a, ma.displacement, b, mb.displacement);
  }
};

template <>
struct SweptTest<TestId::SweptObbObb> : SatInTimeRow {
  static constexpr TestId id = TestId::SweptObbObb;
  static constexpr std::string_view code = "swept_obb_obb", call = "sweptObbObb";
  using A = Obb;
  using B = Obb;
  // (An AABB or a segment too, as an OBB: asObb.)
  static A a(const ShapeGeometry& g) { return asObb(g); }
  static B b(const ShapeGeometry& g) { return asObb(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptObbObb(a, ma.displacement, b, mb.displacement, rec, SatOptions{SatMode::Full});
    else
      return sweptObbObb(a, ma.displacement, b, mb.displacement);
  }
};

// ---- A moving sphere ------------------------------------------------------------------------

template <>
struct SweptTest<TestId::SweptSphereSphere> {
  static constexpr TestId id = TestId::SweptSphereSphere;
  static constexpr SweptFamily family = SweptFamily::SphereSphere;
  static constexpr bool turns = false;
  static constexpr std::string_view code = "swept_sphere_sphere", call = "sweptSphereSphere";
  using Trace = SegmentSphereTrace;
  using A = Sphere;
  using B = Sphere;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptSphereSphere(a, ma.displacement, b, mb.displacement, rec);
    else
      return sweptSphereSphere(a, ma.displacement, b, mb.displacement);
  }
};

struct SphereBoxRow {
  static constexpr SweptFamily family = SweptFamily::SphereBox;
  static constexpr bool turns = false;
  using Trace = SweptSphereBoxTrace;
  using A = Sphere;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
};

template <>
struct SweptTest<TestId::SweptSphereAabb> : SphereBoxRow {
  static constexpr TestId id = TestId::SweptSphereAabb;
  static constexpr std::string_view code = "swept_sphere_aabb", call = "sweptSphereAabb";
  using B = Aabb;
  static B b(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptSphereAabb(a, ma.displacement, b, mb.displacement, rec);
    else
      return sweptSphereAabb(a, ma.displacement, b, mb.displacement);
  }
};

template <>
struct SweptTest<TestId::SweptSphereObb> : SphereBoxRow {
  static constexpr TestId id = TestId::SweptSphereObb;
  static constexpr std::string_view code = "swept_sphere_obb", call = "sweptSphereObb";
  using B = Obb;
  static B b(const ShapeGeometry& g) { return std::get<Obb>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptSphereObb(a, ma.displacement, b, mb.displacement, rec);
    else
      return sweptSphereObb(a, ma.displacement, b, mb.displacement);
  }
};

template <>
struct SweptTest<TestId::SweptSphereTriangle> {
  static constexpr TestId id = TestId::SweptSphereTriangle;
  static constexpr SweptFamily family = SweptFamily::SphereTriangle;
  static constexpr bool turns = false;
  static constexpr std::string_view code = "swept_sphere_triangle", call = "sweptSphereTriangle";
  using Trace = SweptSphereTriangleTrace;
  using A = Sphere;
  using B = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return sweptSphereTriangle(a, ma.displacement, b, mb.displacement, rec);
    else
      return sweptSphereTriangle(a, ma.displacement, b, mb.displacement);
  }
};

// ---- Turning shapes: conservative advancement -------------------------------------------------

struct AdvancementRow {
  static constexpr SweptFamily family = SweptFamily::Advance;
  static constexpr bool turns = true;
  using Trace = AdvanceTrace;
  using B = Obb;
  static B b(const ShapeGeometry& g) { return asObb(g); }
};

template <>
struct SweptTest<TestId::AdvanceObbObb> : AdvancementRow {
  static constexpr TestId id = TestId::AdvanceObbObb;
  static constexpr std::string_view code = "advance_obb_obb", call = "advanceObbObb";
  using A = Obb;
  static A a(const ShapeGeometry& g) { return asObb(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return advanceObbObb(a, ma, b, mb, rec);
    else
      return advanceObbObb(a, ma, b, mb);
  }
};

template <>
struct SweptTest<TestId::AdvanceSphereObb> : AdvancementRow {
  static constexpr TestId id = TestId::AdvanceSphereObb;
  static constexpr std::string_view code = "advance_sphere_obb", call = "advanceSphereObb";
  using A = Sphere;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return advanceSphereObb(a, ma, b, mb, rec);
    else
      return advanceSphereObb(a, ma, b, mb);
  }
};

// A capsule (A) turning about its midpoint, against a capsule, a sphere or a box (B); a
// capsule moving straight takes advancement too.

template <>
struct SweptTest<TestId::AdvanceCapsuleCapsule> {
  static constexpr TestId id = TestId::AdvanceCapsuleCapsule;
  static constexpr SweptFamily family = SweptFamily::Advance;
  static constexpr bool turns = true;
  using Trace = AdvanceTrace;
  static constexpr std::string_view code = "advance_capsule_capsule", call = "advanceCapsuleCapsule";
  using A = Capsule;
  using B = Capsule;
  static A a(const ShapeGeometry& g) { return std::get<Capsule>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Capsule>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return advanceCapsuleCapsule(a, ma, b, mb, rec);
    else
      return advanceCapsuleCapsule(a, ma, b, mb);
  }
};

template <>
struct SweptTest<TestId::AdvanceCapsuleSphere> {
  static constexpr TestId id = TestId::AdvanceCapsuleSphere;
  static constexpr SweptFamily family = SweptFamily::Advance;
  static constexpr bool turns = true;
  using Trace = AdvanceTrace;
  static constexpr std::string_view code = "advance_capsule_sphere", call = "advanceCapsuleSphere";
  using A = Capsule;
  using B = Sphere;
  static A a(const ShapeGeometry& g) { return std::get<Capsule>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return advanceCapsuleSphere(a, ma, b, mb, rec);
    else
      return advanceCapsuleSphere(a, ma, b, mb);
  }
};

template <>
struct SweptTest<TestId::AdvanceCapsuleObb> : AdvancementRow {
  static constexpr TestId id = TestId::AdvanceCapsuleObb;
  static constexpr std::string_view code = "advance_capsule_obb", call = "advanceCapsuleObb";
  using A = Capsule;
  static A a(const ShapeGeometry& g) { return std::get<Capsule>(g); }
  template <class Rec>
  static SweptHit run(const A& a, const StepMotion& ma, const B& b, const StepMotion& mb, Rec& rec) {
    if constexpr (Rec::kEnabled)
      return advanceCapsuleObb(a, ma, b, mb, rec);
    else
      return advanceCapsuleObb(a, ma, b, mb);
  }
};

// ---- The table, and from an id to its row ------------------------------------------------------

/// The test between two frames for two shape kinds in the core's argument order
/// (coreArgumentRank: capsule, sphere, AABB, OBB, ...), moving straight or with one of them
/// turning; TestId::None for a pair no such test covers (meshes, a turning triangle, a
/// segment and a sphere, a capsule or a triangle).
constexpr TestId sweptTestFor(ShapeKind first, ShapeKind second, bool turning) {
  using K = ShapeKind;
  // A segment as a flat box (asObb), against a box or a segment.
  const bool boxOrSegment1 = first == K::Aabb || first == K::Obb || first == K::Segment;
  const bool boxOrSegment2 = second == K::Aabb || second == K::Obb || second == K::Segment;
  if ((first == K::Segment || second == K::Segment) && boxOrSegment1 && boxOrSegment2)
    return turning ? TestId::AdvanceObbObb : TestId::SweptObbObb;
  if (first == K::Capsule && second == K::Capsule) return TestId::AdvanceCapsuleCapsule;
  if (first == K::Capsule && second == K::Sphere) return TestId::AdvanceCapsuleSphere;
  if (first == K::Capsule && (second == K::Aabb || second == K::Obb)) return TestId::AdvanceCapsuleObb;
  if (first == K::Sphere && second == K::Sphere) return TestId::SweptSphereSphere;  // a turning sphere is the same
  if (first == K::Sphere && second == K::Aabb) return turning ? TestId::AdvanceSphereObb : TestId::SweptSphereAabb;
  if (first == K::Sphere && second == K::Obb) return turning ? TestId::AdvanceSphereObb : TestId::SweptSphereObb;
  if (first == K::Sphere && second == K::Triangle) return turning ? TestId::None : TestId::SweptSphereTriangle;
  if (first == K::Aabb && second == K::Aabb) return turning ? TestId::AdvanceObbObb : TestId::SweptAabbAabb;
  if (first == K::Aabb && second == K::Obb) return turning ? TestId::AdvanceObbObb : TestId::SweptAabbObb;
  if (first == K::Obb && second == K::Obb) return turning ? TestId::AdvanceObbObb : TestId::SweptObbObb;
  return TestId::None;
}

/// Calls `f` with the row of `test`, SweptTest<test>{}, or NoSweptTest{} for an id that is
/// not a test between two frames.
template <class F>
decltype(auto) withSweptTest(TestId test, F&& f) {
  switch (test) {
    case TestId::SweptAabbAabb: return f(SweptTest<TestId::SweptAabbAabb>{});
    case TestId::SweptAabbObb: return f(SweptTest<TestId::SweptAabbObb>{});
    case TestId::SweptObbObb: return f(SweptTest<TestId::SweptObbObb>{});
    case TestId::MinkowskiAabbAabb: return f(SweptTest<TestId::MinkowskiAabbAabb>{});
    case TestId::SweptSphereSphere: return f(SweptTest<TestId::SweptSphereSphere>{});
    case TestId::SweptSphereAabb: return f(SweptTest<TestId::SweptSphereAabb>{});
    case TestId::SweptSphereObb: return f(SweptTest<TestId::SweptSphereObb>{});
    case TestId::SweptSphereTriangle: return f(SweptTest<TestId::SweptSphereTriangle>{});
    case TestId::AdvanceObbObb: return f(SweptTest<TestId::AdvanceObbObb>{});
    case TestId::AdvanceSphereObb: return f(SweptTest<TestId::AdvanceSphereObb>{});
    case TestId::AdvanceCapsuleCapsule: return f(SweptTest<TestId::AdvanceCapsuleCapsule>{});
    case TestId::AdvanceCapsuleSphere: return f(SweptTest<TestId::AdvanceCapsuleSphere>{});
    case TestId::AdvanceCapsuleObb: return f(SweptTest<TestId::AdvanceCapsuleObb>{});
    default: break;
  }
  return f(NoSweptTest{});
}

template <class Row>
inline constexpr bool kIsSweptTest = !std::is_same_v<Row, NoSweptTest>;

/// A row's twin (its `Twin`), or NoSweptTest.
template <class Row, class = void>
struct SweptTwinOf {
  using type = NoSweptTest;
};
template <class Row>
struct SweptTwinOf<Row, std::void_t<typename Row::Twin>> {
  using type = typename Row::Twin;
};

}  // namespace satlab
