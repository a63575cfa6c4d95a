// Every test a pair of scene shapes can get, one row each, and the one place that goes from
// a test's id to its row (withPairTest). The pair table (pair_table.hpp) says which test a
// pair of shapes gets; a row says everything else about it:
//
//   id, family        the test, and the kind of result it gives (a SAT result, a segment
//                     hit, Arvo's closest point, a tree walk, ...)
//   explorer          the explorer that steps through its record
//   code, planarCode  its name in `satlab check` (in a 2D scene's plane, for the 3D tests a
//                     2D pair also takes)
//   call              the core function, as the GoogleTest export writes it
//   A, B, a(), b()    its arguments in the pair's roles, from the scene's shapes (the 2D
//                     tests read the XY part)
//   run(a, b, rec, o) the call: the core's untraced function (compiled once in the library:
//                     the verdict everyone sees), or with a recorder its traced template
//   SatTwin           (a slab row, optional) the 6-axis SAT row of the same pair: it names
//                     the separating axis of a miss (the measured result, the export), and
//                     the explorer shows it on request
//
// Every consumer (the verdict, the measured result, the explorer's trace, the pipeline's
// leaf test, the mesh walk, the export) is a generic function of a row, called through
// withPairTest; the compiler instantiates each consumer for every row, so a row a consumer
// cannot read does not compile. Adding a test: its core function (src/collide), its TestId
// (collide/results.hpp, named in results.cpp), its row here, its place in the pair table,
// and its explorer if it is a new kind (CONTRIBUTING.md).
#pragma once

#include <memory>
#include <optional>
#include <string_view>
#include <type_traits>
#include <variant>

#include "document/scene.hpp"
#include "evaluation/pair_table.hpp"
#include "i18n/i18n.hpp"
#include "satlab/collide.hpp"

namespace satlab {

/// The kind of result a test gives, which decides how each consumer reads it.
enum class TestFamily {
  BoxSat,           ///< SatResult of two boxes (or a box and a segment): gaps measured on the axis
  TriangleSat,      ///< SatResult with a triangle: gap and depth measured by the core
  Slab,             ///< SegmentHit of a segment through a box's slabs, in the box's frame
  Closest,          ///< ClosestResult: Arvo's sum for a sphere and a box, or a triangle's nearest point
  SegmentSphere,    ///< SegmentHit of the quadratic
  SphereSphere,     ///< SphereSphereResult
  SegmentSegment,   ///< SegSegResult: the closest points of two segments
  SegmentTriangle,  ///< SegmentTriangleHit: Möller–Trumbore
  MeshTree,         ///< MeshQueryResult: a walk of a mesh's bounding-volume tree
  Capsule,          ///< CapsuleResult: the closest points of a capsule's core and the other shape's
  Convex,           ///< ConvexResult: GJK's distance and closest points, EPA's depth and normal
};

/// What the tests are run with: the SAT's mode and epsilon (SAT and slab tests), and for
/// the mesh tests the query's options and which tree of the mesh is walked.
struct PairTestOptions {
  SatOptions sat{};
  MeshQueryOptions mesh{};
  BvKind tree = BvKind::Obb;  ///< a scene's mesh pairs walk the OBB tree (the OBBTree paper's)
};

/// The row of TestId::None and of the ids no scene pair takes (CircleCircle, CircleSegment:
/// a 2D scene's circles take the 3D tests on the flattened shapes).
struct NoPairTest {
  static constexpr TestId id = TestId::None;
};

template <TestId>
struct PairTest;

/// A box frame in which slab and closest-point records are expressed: point =
/// origin + axes * local.
struct RecordFrame {
  glm::vec3 origin{0.0f};
  glm::mat3 axes{1.0f};
};

/// The frame of an OBB (a 2D scene's rotated rectangle too) as the scene holds it.
inline RecordFrame obbFrame(const ShapeGeometry& box) {
  const Obb& o = std::get<Obb>(box);
  return RecordFrame{o.center, o.axes};
}

// ---- Box against box: the separating-axis test -------------------------------------------

struct BoxSatRow {
  static constexpr TestFamily family = TestFamily::BoxSat;
  static constexpr ExplorerKind explorer = ExplorerKind::Sat;
  static constexpr std::string_view result = "SatResult";
  static constexpr bool callTakesBFirst = false;
};

template <>
struct PairTest<TestId::AabbAabb> : BoxSatRow {
  static constexpr TestId id = TestId::AabbAabb;
  static constexpr std::string_view code = "sat_aabb_aabb", planarCode = code, call = "satAabbAabb";
  using A = Aabb;
  using B = Aabb;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satAabbAabb(a, b, rec, o.sat);
    else
      return satAabbAabb(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::AabbObb> : BoxSatRow {
  static constexpr TestId id = TestId::AabbObb;
  static constexpr std::string_view code = "sat_aabb_obb", planarCode = code, call = "satAabbObb";
  using A = Aabb;
  using B = Obb;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Obb>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satAabbObb(a, b, rec, o.sat);
    else
      return satAabbObb(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::ObbObb> : BoxSatRow {
  static constexpr TestId id = TestId::ObbObb;
  static constexpr std::string_view code = "sat_obb_obb", planarCode = code, call = "satObbObb";
  using A = Obb;
  using B = Obb;
  static A a(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Obb>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satObbObb(a, b, rec, o.sat);
    else
      return satObbObb(a, b, o.sat);
  }
};

/// The 6-axis SAT of an AABB and a segment (the "Using AABB" tutorial): no pair's test of
/// record (the slab test is, SegmentAabb), but what the explorer steps through on request and
/// what names the separating axis of a miss.
template <>
struct PairTest<TestId::AabbSegment> : BoxSatRow {
  static constexpr TestId id = TestId::AabbSegment;
  static constexpr std::string_view code = "sat_aabb_segment", planarCode = code, call = "satAabbSegment";
  using A = Aabb;
  using B = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satAabbSegment(a, b, rec, o.sat);
    else
      return satAabbSegment(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::RectRect> : BoxSatRow {
  static constexpr TestId id = TestId::RectRect;
  static constexpr std::string_view code = "sat2d_rect_rect", planarCode = code, call = "satRectRect";
  using A = Rect2;
  using B = Rect2;
  static A a(const ShapeGeometry& g) { return rect2(std::get<Aabb>(g)); }
  static B b(const ShapeGeometry& g) { return rect2(std::get<Aabb>(g)); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satRectRect(a, b, rec, o.sat);
    else
      return satRectRect(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::RectOrientedRect> : BoxSatRow {
  static constexpr TestId id = TestId::RectOrientedRect;
  static constexpr std::string_view code = "sat2d_rect_orect", planarCode = code, call = "satRectOrientedRect";
  using A = Rect2;
  using B = OrientedRect2;
  static A a(const ShapeGeometry& g) { return rect2(std::get<Aabb>(g)); }
  static B b(const ShapeGeometry& g) { return orientedRect2(std::get<Obb>(g)); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satRectOrientedRect(a, b, rec, o.sat);
    else
      return satRectOrientedRect(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::OrientedRectOrientedRect> : BoxSatRow {
  static constexpr TestId id = TestId::OrientedRectOrientedRect;
  static constexpr std::string_view code = "sat2d_orect_orect", planarCode = code, call = "satOrientedRectOrientedRect";
  using A = OrientedRect2;
  using B = OrientedRect2;
  static A a(const ShapeGeometry& g) { return orientedRect2(std::get<Obb>(g)); }
  static B b(const ShapeGeometry& g) { return orientedRect2(std::get<Obb>(g)); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satOrientedRectOrientedRect(a, b, rec, o.sat);
    else
      return satOrientedRectOrientedRect(a, b, o.sat);
  }
};

// ---- A box, a triangle: the separating-axis test with the triangle's axes ----------------

struct TriangleSatRow {
  static constexpr TestFamily family = TestFamily::TriangleSat;
  static constexpr ExplorerKind explorer = ExplorerKind::Sat;
  static constexpr std::string_view result = "SatResult";
  static constexpr bool callTakesBFirst = false;
};

template <>
struct PairTest<TestId::AabbTriangle> : TriangleSatRow {
  static constexpr TestId id = TestId::AabbTriangle;
  static constexpr std::string_view code = "sat_aabb_triangle", planarCode = code, call = "satAabbTriangle";
  using A = Aabb;
  using B = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satAabbTriangle(a, b, rec, o.sat);
    else
      return satAabbTriangle(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::ObbTriangle> : TriangleSatRow {
  static constexpr TestId id = TestId::ObbTriangle;
  static constexpr std::string_view code = "sat_obb_triangle", planarCode = code, call = "satObbTriangle";
  using A = Obb;
  using B = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satObbTriangle(a, b, rec, o.sat);
    else
      return satObbTriangle(a, b, o.sat);
  }
};

template <>
struct PairTest<TestId::TriangleTriangle> : TriangleSatRow {
  static constexpr TestId id = TestId::TriangleTriangle;
  static constexpr std::string_view code = "sat_triangle_triangle", planarCode = code, call = "satTriangleTriangle";
  using A = Triangle;
  using B = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satTriangleTriangle(a, b, rec, o.sat);
    else
      return satTriangleTriangle(a, b, o.sat);
  }
};

/// The 6-axis SAT of an OBB and a segment, the AABB's in the box's frame: the SAT twin of
/// the slab test of a segment and an OBB (SegmentObb).
template <>
struct PairTest<TestId::ObbSegment> : BoxSatRow {
  static constexpr TestId id = TestId::ObbSegment;
  static constexpr std::string_view code = "sat_obb_segment", planarCode = code, call = "satObbSegment";
  using A = Obb;
  using B = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  template <class Rec>
  static SatResult run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return satObbSegment(a, b, rec, o.sat);
    else
      return satObbSegment(a, b, o.sat);
  }
};

// ---- A segment through a box's slabs -----------------------------------------------------
// The box is the pair's A and the segment its B; the core's call takes the segment first.
// frame(box): the frame the slab record is written in, from the box as the scene holds it.

struct SlabRow {
  static constexpr TestFamily family = TestFamily::Slab;
  static constexpr ExplorerKind explorer = ExplorerKind::Slab;
  static constexpr std::string_view result = "SegmentHit";
  static constexpr bool callTakesBFirst = true;
};

template <>
struct PairTest<TestId::SegmentAabb> : SlabRow {
  static constexpr TestId id = TestId::SegmentAabb;
  static constexpr std::string_view code = "slab_segment_aabb", planarCode = code, call = "slabSegmentAabb";
  using SatTwin = PairTest<TestId::AabbSegment>;
  using A = Aabb;
  using B = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  static RecordFrame frame(const ShapeGeometry& box) {
    return RecordFrame{std::get<Aabb>(box).center, glm::mat3(1.0f)};
  }
  template <class Rec>
  static SegmentHit run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return slabSegmentAabb(b, a, rec, o.sat);
    else
      return slabSegmentAabb(b, a);
  }
};

template <>
struct PairTest<TestId::SegmentObb> : SlabRow {
  static constexpr TestId id = TestId::SegmentObb;
  static constexpr std::string_view code = "slab_segment_obb", planarCode = code, call = "slabSegmentObb";
  using SatTwin = PairTest<TestId::ObbSegment>;
  using A = Obb;
  using B = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  static RecordFrame frame(const ShapeGeometry& box) { return obbFrame(box); }
  template <class Rec>
  static SegmentHit run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return slabSegmentObb(b, a, rec, o.sat);
    else
      return slabSegmentObb(b, a);
  }
};

template <>
struct PairTest<TestId::SegmentRect> : SlabRow {
  static constexpr TestId id = TestId::SegmentRect;
  static constexpr std::string_view code = "slab2d_segment_rect", planarCode = code, call = "slabSegmentRect";
  using A = Rect2;
  using B = Segment2;
  static A a(const ShapeGeometry& g) { return rect2(std::get<Aabb>(g)); }
  static B b(const ShapeGeometry& g) { return segment2(std::get<Segment>(g)); }
  static RecordFrame frame(const ShapeGeometry& box) {
    const Aabb& b = std::get<Aabb>(box);
    return RecordFrame{glm::vec3(b.center.x, b.center.y, 0.0f), glm::mat3(1.0f)};
  }
  template <class Rec>
  static SegmentHit run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return slabSegmentRect(b, a, rec, o.sat);
    else
      return slabSegmentRect(b, a);
  }
};

template <>
struct PairTest<TestId::SegmentOrientedRect> : SlabRow {
  static constexpr TestId id = TestId::SegmentOrientedRect;
  static constexpr std::string_view code = "slab2d_segment_orect", planarCode = code, call = "slabSegmentOrientedRect";
  using A = OrientedRect2;
  using B = Segment2;
  static A a(const ShapeGeometry& g) { return orientedRect2(std::get<Obb>(g)); }
  static B b(const ShapeGeometry& g) { return segment2(std::get<Segment>(g)); }
  static RecordFrame frame(const ShapeGeometry& box) { return obbFrame(box); }
  template <class Rec>
  static SegmentHit run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    if constexpr (Rec::kEnabled)
      return slabSegmentOrientedRect(b, a, rec, o.sat);
    else
      return slabSegmentOrientedRect(b, a);
  }
};

// ---- A sphere and the point of the other shape nearest its centre ------------------------
// frame(b): the frame the closest-point record is written in, from B as the scene holds it.

struct ClosestRow {
  static constexpr TestFamily family = TestFamily::Closest;
  static constexpr ExplorerKind explorer = ExplorerKind::Closest;
  static constexpr std::string_view result = "ClosestResult";
  static constexpr bool callTakesBFirst = false;
};

template <>
struct PairTest<TestId::SphereAabb> : ClosestRow {
  static constexpr TestId id = TestId::SphereAabb;
  static constexpr std::string_view code = "arvo_sphere_aabb", planarCode = code, call = "closestSphereAabb";
  using A = Sphere;
  using B = Aabb;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static RecordFrame frame(const ShapeGeometry&) { return RecordFrame{}; }  // Arvo on an AABB: world coordinates
  template <class Rec>
  static ClosestResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return closestSphereAabb(a, b, rec);
    else
      return closestSphereAabb(a, b);
  }
};

template <>
struct PairTest<TestId::SphereObb> : ClosestRow {
  static constexpr TestId id = TestId::SphereObb;
  static constexpr std::string_view code = "arvo_sphere_obb", planarCode = code, call = "closestSphereObb";
  using A = Sphere;
  using B = Obb;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static RecordFrame frame(const ShapeGeometry& box) { return obbFrame(box); }
  template <class Rec>
  static ClosestResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return closestSphereObb(a, b, rec);
    else
      return closestSphereObb(a, b);
  }
};

template <>
struct PairTest<TestId::CircleRect> : ClosestRow {
  static constexpr TestId id = TestId::CircleRect;
  static constexpr std::string_view code = "arvo2d_circle_rect", planarCode = code, call = "closestCircleRect";
  using A = Circle2;
  using B = Rect2;
  static A a(const ShapeGeometry& g) { return circle2(std::get<Sphere>(g)); }
  static B b(const ShapeGeometry& g) { return rect2(std::get<Aabb>(g)); }
  static RecordFrame frame(const ShapeGeometry&) { return RecordFrame{}; }  // in world coordinates, as in 3D
  template <class Rec>
  static ClosestResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return closestCircleRect(a, b, rec);
    else
      return closestCircleRect(a, b);
  }
};

template <>
struct PairTest<TestId::CircleOrientedRect> : ClosestRow {
  static constexpr TestId id = TestId::CircleOrientedRect;
  static constexpr std::string_view code = "arvo2d_circle_orect", planarCode = code, call = "closestCircleOrientedRect";
  using A = Circle2;
  using B = OrientedRect2;
  static A a(const ShapeGeometry& g) { return circle2(std::get<Sphere>(g)); }
  static B b(const ShapeGeometry& g) { return orientedRect2(std::get<Obb>(g)); }
  static RecordFrame frame(const ShapeGeometry& box) { return obbFrame(box); }
  template <class Rec>
  static ClosestResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return closestCircleOrientedRect(a, b, rec);
    else
      return closestCircleOrientedRect(a, b);
  }
};

template <>
struct PairTest<TestId::SphereTriangle> : ClosestRow {
  static constexpr TestId id = TestId::SphereTriangle;
  static constexpr std::string_view code = "closest_sphere_triangle", planarCode = code, call = "closestSphereTriangle";
  using A = Sphere;
  using B = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  static RecordFrame frame(const ShapeGeometry&) { return RecordFrame{}; }  // the closest point: world coordinates
  template <class Rec>
  static ClosestResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return closestSphereTriangle(a, b, rec);
    else
      return closestSphereTriangle(a, b);
  }
};

// ---- Spheres and segments ----------------------------------------------------------------
// A 2D scene's circles and segments take these on the flattened shapes (z = 0): in the plane
// they are the 2D tests already.

template <>
struct PairTest<TestId::SegmentSphere> {
  static constexpr TestId id = TestId::SegmentSphere;
  static constexpr TestFamily family = TestFamily::SegmentSphere;
  static constexpr ExplorerKind explorer = ExplorerKind::SegmentSphere;
  static constexpr std::string_view code = "segment_sphere", planarCode = "circle_segment_2d", call = "segmentSphere",
                                    result = "SegmentHit";
  static constexpr bool callTakesBFirst = true;
  using A = Sphere;
  using B = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  template <class Rec>
  static SegmentHit run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return segmentSphere(b, a, rec);
    else
      return segmentSphere(b, a);
  }
};

template <>
struct PairTest<TestId::SphereSphere> {
  static constexpr TestId id = TestId::SphereSphere;
  static constexpr TestFamily family = TestFamily::SphereSphere;
  static constexpr ExplorerKind explorer = ExplorerKind::SphereSphere;
  static constexpr std::string_view code = "sphere_sphere", planarCode = "circle_circle_2d", call = "sphereSphere",
                                    result = "SphereSphereResult";
  static constexpr bool callTakesBFirst = false;
  using A = Sphere;
  using B = Sphere;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  template <class Rec>
  static SphereSphereResult run(const A& a, const B& b, Rec&, const PairTestOptions&) {
    return sphereSphere(a, b);  // one distance against one sum: nothing to record
  }
};

template <>
struct PairTest<TestId::SegmentSegment> {
  static constexpr TestId id = TestId::SegmentSegment;
  static constexpr TestFamily family = TestFamily::SegmentSegment;
  static constexpr ExplorerKind explorer = ExplorerKind::SegmentSegment;
  static constexpr std::string_view code = "segment_segment", planarCode = code, call = "closestSegmentSegment",
                                    result = "SegSegResult";
  static constexpr bool callTakesBFirst = false;
  using A = Segment;
  using B = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Segment>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  template <class Rec>
  static SegSegResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return closestSegmentSegment(a, b, rec);
    else
      return closestSegmentSegment(a, b);
  }
};

template <>
struct PairTest<TestId::SegmentTriangle> {
  static constexpr TestId id = TestId::SegmentTriangle;
  static constexpr TestFamily family = TestFamily::SegmentTriangle;
  static constexpr ExplorerKind explorer = ExplorerKind::None;
  static constexpr std::string_view code = "segment_triangle", planarCode = code, call = "segmentTriangle",
                                    result = "SegmentTriangleHit";
  static constexpr bool callTakesBFirst = false;
  using A = Segment;
  using B = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Segment>(g); }
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  template <class Rec>
  static SegmentTriangleHit run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return segmentTriangle(a, b, rec);
    else
      return segmentTriangle(a, b);
  }
};

// ---- A capsule: the closest features of its core segment and the other shape --------------
// The capsule is the pair's A (the core takes it first); radiusB(b) is B's radius (0 for a
// box, a segment, a triangle). The capsule explorer steps through the candidates of closest
// features; the explorer of two segments' closest points shows the capsule-capsule and
// capsule-segment records (their segment-segment steps, the radii).

inline constexpr std::string_view kCapsuleBoxMethod = N_(
    "The distance from the capsule's segment to the box: 0 if the segment meets the box (the slab test), else the "
    "least of p0's and p1's distances to the box (Arvo's clamp) and the segment's distances to the 12 edges (Ericson "
    "5.1.9). They touch when it is at most the radius.");

/// A capsule row's `method`: what its test measures, in the book's words (the explorer says it,
/// translated: each is marked N_ for the catalog).
struct CapsuleRow {
  static constexpr TestFamily family = TestFamily::Capsule;
  static constexpr std::string_view method = N_("The distance between the two cores, against the radii.");
  static constexpr ExplorerKind explorer = ExplorerKind::Capsule;
  static constexpr std::string_view result = "CapsuleResult";
  static constexpr bool callTakesBFirst = false;
  using A = Capsule;
  static A a(const ShapeGeometry& g) { return std::get<Capsule>(g); }
};

template <>
struct PairTest<TestId::CapsuleSphere> : CapsuleRow {
  static constexpr TestId id = TestId::CapsuleSphere;
  static constexpr std::string_view code = "capsule_sphere", planarCode = code, call = "capsuleSphere";
  static constexpr std::string_view method =
      N_("Ericson 5.1.2: the point of the capsule's segment closest to the sphere's centre; they touch when it is at "
         "most rA + rB from the centre.");
  using B = Sphere;
  static B b(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static float radiusB(const B& b) { return b.radius; }
  template <class Rec>
  static CapsuleResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return capsuleSphere(a, b, rec);
    else
      return capsuleSphere(a, b);
  }
};

template <>
struct PairTest<TestId::CapsuleCapsule> : CapsuleRow {
  static constexpr TestId id = TestId::CapsuleCapsule;
  static constexpr ExplorerKind explorer = ExplorerKind::SegmentSegment;
  static constexpr std::string_view code = "capsule_capsule", planarCode = code, call = "capsuleCapsule";
  using B = Capsule;
  static B b(const ShapeGeometry& g) { return std::get<Capsule>(g); }
  static float radiusB(const B& b) { return b.radius; }
  template <class Rec>
  static CapsuleResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return capsuleCapsule(a, b, rec);
    else
      return capsuleCapsule(a, b);
  }
};

template <>
struct PairTest<TestId::CapsuleSegment> : CapsuleRow {
  static constexpr TestId id = TestId::CapsuleSegment;
  static constexpr ExplorerKind explorer = ExplorerKind::SegmentSegment;
  static constexpr std::string_view code = "capsule_segment", planarCode = code, call = "capsuleSegment";
  using B = Segment;
  static B b(const ShapeGeometry& g) { return std::get<Segment>(g); }
  static float radiusB(const B&) { return 0.0f; }
  template <class Rec>
  static CapsuleResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return capsuleSegment(a, b, rec);
    else
      return capsuleSegment(a, b);
  }
};

template <>
struct PairTest<TestId::CapsuleAabb> : CapsuleRow {
  static constexpr TestId id = TestId::CapsuleAabb;
  static constexpr std::string_view code = "capsule_aabb", planarCode = code, call = "capsuleAabb";
  static constexpr std::string_view method = kCapsuleBoxMethod;
  using B = Aabb;
  static B b(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static float radiusB(const B&) { return 0.0f; }
  template <class Rec>
  static CapsuleResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return capsuleAabb(a, b, rec);
    else
      return capsuleAabb(a, b);
  }
};

template <>
struct PairTest<TestId::CapsuleObb> : CapsuleRow {
  static constexpr TestId id = TestId::CapsuleObb;
  static constexpr std::string_view code = "capsule_obb", planarCode = code, call = "capsuleObb";
  static constexpr std::string_view method = kCapsuleBoxMethod;
  using B = Obb;
  static B b(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static float radiusB(const B&) { return 0.0f; }
  template <class Rec>
  static CapsuleResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return capsuleObb(a, b, rec);
    else
      return capsuleObb(a, b);
  }
};

template <>
struct PairTest<TestId::CapsuleTriangle> : CapsuleRow {
  static constexpr TestId id = TestId::CapsuleTriangle;
  static constexpr std::string_view code = "capsule_triangle", planarCode = code, call = "capsuleTriangle";
  static constexpr std::string_view method =
      N_("The distance from the capsule's segment to the triangle: 0 if the segment meets it (Moller-Trumbore), else "
         "the least of p0's and p1's distances to the triangle (Ericson 5.1.5) and the segment's distances to its 3 "
         "edges. They touch when it is at most the radius.");
  using B = Triangle;
  static B b(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  static float radiusB(const B&) { return 0.0f; }
  template <class Rec>
  static CapsuleResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) {
    if constexpr (Rec::kEnabled)
      return capsuleTriangle(a, b, rec);
    else
      return capsuleTriangle(a, b);
  }
};

// ---- A convex hull: GJK, then EPA --------------------------------------------------------
// The hull is the pair's A (but against a mesh); its corners are placed in the world for the
// call. method(): what the explorer says the test does.

struct HullRow {
  static constexpr TestFamily family = TestFamily::Convex;
  static constexpr ExplorerKind explorer = ExplorerKind::Gjk;
  static constexpr std::string_view result = "ConvexResult";
  static constexpr bool callTakesBFirst = false;
  using A = ConvexHull;
  static A a(const ShapeGeometry& g) { return std::get<HullShape>(g).worldHull(); }
};

/// One hull row: the hull against B by `F` (hullHull, hullAabb, ...), traced or not.
#define SATLAB_HULL_ROW(ID, B_TYPE, CODE, CALL, B_READ)                                 \
  template <>                                                                           \
  struct PairTest<TestId::ID> : HullRow {                                               \
    static constexpr TestId id = TestId::ID;                                            \
    static constexpr std::string_view code = CODE, planarCode = code, call = #CALL;     \
    using B = B_TYPE;                                                                   \
    static B b(const ShapeGeometry& g) { return B_READ; }                               \
    template <class Rec>                                                                \
    static ConvexResult run(const A& a, const B& b, Rec& rec, const PairTestOptions&) { \
      if constexpr (Rec::kEnabled)                                                      \
        return CALL(a, b, rec);                                                         \
      else                                                                              \
        return CALL(a, b);                                                              \
    }                                                                                   \
  };

SATLAB_HULL_ROW(HullHull, ConvexHull, "gjk_hull_hull", hullHull, std::get<HullShape>(g).worldHull())
SATLAB_HULL_ROW(HullCapsule, Capsule, "gjk_hull_capsule", hullCapsule, std::get<Capsule>(g))
SATLAB_HULL_ROW(HullSphere, Sphere, "gjk_hull_sphere", hullSphere, std::get<Sphere>(g))
SATLAB_HULL_ROW(HullAabb, Aabb, "gjk_hull_aabb", hullAabb, std::get<Aabb>(g))
SATLAB_HULL_ROW(HullObb, Obb, "gjk_hull_obb", hullObb, std::get<Obb>(g))
SATLAB_HULL_ROW(HullSegment, Segment, "gjk_hull_segment", hullSegment, std::get<Segment>(g))
SATLAB_HULL_ROW(HullTriangle, Triangle, "gjk_hull_triangle", hullTriangle, std::get<Triangle>(g))
#undef SATLAB_HULL_ROW

// ---- A mesh, through its tree of boxes ---------------------------------------------------
// The mesh is the pair's B (for two meshes, A is the earlier one); the core's query takes the
// mesh's tree and pose first. run() gives nothing when a mesh has no triangles (no tree).
// leaf(): the test the walk runs on the triangles of a leaf, in the walk's roles, for a
// triangle found before (the pipeline's triangle cache). nodeSat(): the test it runs on a
// node's box, traced, where that test is a SAT (false where it names no axis).

struct MeshRow {
  static constexpr TestFamily family = TestFamily::MeshTree;
  static constexpr ExplorerKind explorer = ExplorerKind::MeshTree;
  static constexpr std::string_view result = "MeshQueryResult";
  static constexpr bool callTakesBFirst = true;
  using B = MeshShape;
  static const MeshShape& b(const ShapeGeometry& g) { return std::get<MeshShape>(g); }
};

template <>
struct PairTest<TestId::MeshMesh> : MeshRow {
  static constexpr TestId id = TestId::MeshMesh;
  static constexpr std::string_view code = "tree_mesh_mesh", planarCode = code, call = "meshMesh";
  static constexpr TestId leafTest = TestId::TriangleTriangle;
  using A = MeshShape;
  static const MeshShape& a(const ShapeGeometry& g) { return std::get<MeshShape>(g); }
  /// The two meshes' triangles (A's first), in world coordinates.
  static bool leaf(const Triangle& ta, const Triangle& tb, const SatOptions& o) {
    return satTriangleTriangle(ta, tb, o).overlap;
  }
  /// The node test the walk runs, traced: A's node box against B's (the axis that rejected
  /// a pair of nodes, with both intervals).
  template <class Rec>
  static bool nodeSat(const A&, const Obb& node, const Obb* nodeB, Rec& rec, const SatOptions& o) {
    if (nodeB == nullptr) return false;
    satObbObb(node, *nodeB, rec, o);
    return true;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> ta = a.tree(o.tree), tb = b.tree(o.tree);
    if (!ta || !tb) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshMesh(*ta, a.pose, *tb, b.pose, rec, o.mesh);
    else
      return meshMesh(*ta, a.pose, *tb, b.pose, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshAabb> : MeshRow {
  static constexpr TestId id = TestId::MeshAabb;
  static constexpr std::string_view code = "tree_mesh_aabb", planarCode = code, call = "meshAabb";
  static constexpr TestId leafTest = TestId::AabbTriangle;
  using A = Aabb;
  static A a(const ShapeGeometry& g) { return std::get<Aabb>(g); }
  static bool leaf(const A& a, const Triangle& t, const SatOptions& o) { return satAabbTriangle(a, t, o).overlap; }
  template <class Rec>
  static bool nodeSat(const A& a, const Obb& node, const Obb*, Rec& rec, const SatOptions& o) {
    satAabbObb(a, node, rec, o);
    return true;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshAabb(*tree, b.pose, a, rec, o.mesh);
    else
      return meshAabb(*tree, b.pose, a, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshObb> : MeshRow {
  static constexpr TestId id = TestId::MeshObb;
  static constexpr std::string_view code = "tree_mesh_obb", planarCode = code, call = "meshObb";
  static constexpr TestId leafTest = TestId::ObbTriangle;
  using A = Obb;
  static A a(const ShapeGeometry& g) { return std::get<Obb>(g); }
  static bool leaf(const A& a, const Triangle& t, const SatOptions& o) { return satObbTriangle(a, t, o).overlap; }
  template <class Rec>
  static bool nodeSat(const A& a, const Obb& node, const Obb*, Rec& rec, const SatOptions& o) {
    satObbObb(a, node, rec, o);
    return true;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshObb(*tree, b.pose, a, rec, o.mesh);
    else
      return meshObb(*tree, b.pose, a, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshSphere> : MeshRow {
  static constexpr TestId id = TestId::MeshSphere;
  static constexpr std::string_view code = "tree_mesh_sphere", planarCode = code, call = "meshSphere";
  static constexpr TestId leafTest = TestId::SphereTriangle;
  using A = Sphere;
  static A a(const ShapeGeometry& g) { return std::get<Sphere>(g); }
  static bool leaf(const A& a, const Triangle& t, const SatOptions&) { return closestSphereTriangle(a, t).overlap; }
  /// Its node test is Arvo's closest point, which names no axis.
  template <class Rec>
  static bool nodeSat(const A&, const Obb&, const Obb*, Rec&, const SatOptions&) {
    return false;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshSphere(*tree, b.pose, a, rec, o.mesh);
    else
      return meshSphere(*tree, b.pose, a, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshSegment> : MeshRow {
  static constexpr TestId id = TestId::MeshSegment;
  static constexpr std::string_view code = "tree_mesh_segment", planarCode = code, call = "meshSegment";
  static constexpr TestId leafTest = TestId::SegmentTriangle;
  using A = Segment;
  static A a(const ShapeGeometry& g) { return std::get<Segment>(g); }
  static bool leaf(const A& a, const Triangle& t, const SatOptions&) { return segmentTriangle(a, t).overlap; }
  /// Its node test is the slab test, which names no axis.
  template <class Rec>
  static bool nodeSat(const A&, const Obb&, const Obb*, Rec&, const SatOptions&) {
    return false;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshSegment(*tree, b.pose, a, rec, o.mesh);
    else
      return meshSegment(*tree, b.pose, a, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshTriangle> : MeshRow {
  static constexpr TestId id = TestId::MeshTriangle;
  static constexpr std::string_view code = "tree_mesh_triangle", planarCode = code, call = "meshTriangle";
  static constexpr TestId leafTest = TestId::TriangleTriangle;
  using A = Triangle;
  static A a(const ShapeGeometry& g) { return std::get<Triangle>(g); }
  /// The mesh's triangle first, as the walk tests it.
  static bool leaf(const A& a, const Triangle& t, const SatOptions& o) { return satTriangleTriangle(t, a, o).overlap; }
  template <class Rec>
  static bool nodeSat(const A& a, const Obb& node, const Obb*, Rec& rec, const SatOptions& o) {
    satObbTriangle(node, a, rec, o);
    return true;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshTriangle(*tree, b.pose, a, rec, o.mesh);
    else
      return meshTriangle(*tree, b.pose, a, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshCapsule> : MeshRow {
  static constexpr TestId id = TestId::MeshCapsule;
  static constexpr std::string_view code = "tree_mesh_capsule", planarCode = code, call = "meshCapsule";
  static constexpr TestId leafTest = TestId::CapsuleTriangle;
  using A = Capsule;
  static A a(const ShapeGeometry& g) { return std::get<Capsule>(g); }
  static bool leaf(const A& a, const Triangle& t, const SatOptions&) { return capsuleTriangle(a, t).overlap; }
  /// Its node test is the capsule's distance to the box, which names no axis.
  template <class Rec>
  static bool nodeSat(const A&, const Obb&, const Obb*, Rec&, const SatOptions&) {
    return false;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshCapsule(*tree, b.pose, a, rec, o.mesh);
    else
      return meshCapsule(*tree, b.pose, a, o.mesh);
  }
};

template <>
struct PairTest<TestId::MeshHull> : MeshRow {
  static constexpr TestId id = TestId::MeshHull;
  static constexpr std::string_view code = "tree_mesh_hull", planarCode = code, call = "meshHull";
  static constexpr TestId leafTest = TestId::HullTriangle;
  using A = ConvexHull;
  static A a(const ShapeGeometry& g) { return std::get<HullShape>(g).worldHull(); }
  static bool leaf(const A& a, const Triangle& t, const SatOptions&) { return hullTriangle(a, t).overlap; }
  /// Its node test is GJK, which names no axis.
  template <class Rec>
  static bool nodeSat(const A&, const Obb&, const Obb*, Rec&, const SatOptions&) {
    return false;
  }
  template <class Rec>
  static std::optional<MeshQueryResult> run(const A& a, const B& b, Rec& rec, const PairTestOptions& o) {
    const std::shared_ptr<const BvTree> tree = b.tree(o.tree);
    if (!tree) return std::nullopt;
    if constexpr (Rec::kEnabled)
      return meshHull(*tree, b.pose, a, rec, o.mesh);
    else
      return meshHull(*tree, b.pose, a, o.mesh);
  }
};

// ---- From a test's id to its row ---------------------------------------------------------

/// Calls `f` with the row of `test`, PairTest<test>{}, or with NoPairTest{}: the one switch
/// on a test's id outside the core's names (results.cpp).
template <class F>
decltype(auto) withPairTest(TestId test, F&& f) {
  switch (test) {
    case TestId::AabbAabb: return f(PairTest<TestId::AabbAabb>{});
    case TestId::AabbObb: return f(PairTest<TestId::AabbObb>{});
    case TestId::ObbObb: return f(PairTest<TestId::ObbObb>{});
    case TestId::AabbSegment: return f(PairTest<TestId::AabbSegment>{});
    case TestId::SegmentAabb: return f(PairTest<TestId::SegmentAabb>{});
    case TestId::SegmentObb: return f(PairTest<TestId::SegmentObb>{});
    case TestId::ObbSegment: return f(PairTest<TestId::ObbSegment>{});
    case TestId::SphereAabb: return f(PairTest<TestId::SphereAabb>{});
    case TestId::SphereObb: return f(PairTest<TestId::SphereObb>{});
    case TestId::SegmentSphere: return f(PairTest<TestId::SegmentSphere>{});
    case TestId::SphereSphere: return f(PairTest<TestId::SphereSphere>{});
    case TestId::SegmentSegment: return f(PairTest<TestId::SegmentSegment>{});
    case TestId::AabbTriangle: return f(PairTest<TestId::AabbTriangle>{});
    case TestId::ObbTriangle: return f(PairTest<TestId::ObbTriangle>{});
    case TestId::SphereTriangle: return f(PairTest<TestId::SphereTriangle>{});
    case TestId::SegmentTriangle: return f(PairTest<TestId::SegmentTriangle>{});
    case TestId::TriangleTriangle: return f(PairTest<TestId::TriangleTriangle>{});
    case TestId::MeshMesh: return f(PairTest<TestId::MeshMesh>{});
    case TestId::MeshAabb: return f(PairTest<TestId::MeshAabb>{});
    case TestId::MeshObb: return f(PairTest<TestId::MeshObb>{});
    case TestId::MeshSphere: return f(PairTest<TestId::MeshSphere>{});
    case TestId::MeshSegment: return f(PairTest<TestId::MeshSegment>{});
    case TestId::MeshTriangle: return f(PairTest<TestId::MeshTriangle>{});
    case TestId::CapsuleSphere: return f(PairTest<TestId::CapsuleSphere>{});
    case TestId::CapsuleCapsule: return f(PairTest<TestId::CapsuleCapsule>{});
    case TestId::CapsuleSegment: return f(PairTest<TestId::CapsuleSegment>{});
    case TestId::CapsuleAabb: return f(PairTest<TestId::CapsuleAabb>{});
    case TestId::CapsuleObb: return f(PairTest<TestId::CapsuleObb>{});
    case TestId::CapsuleTriangle: return f(PairTest<TestId::CapsuleTriangle>{});
    case TestId::MeshCapsule: return f(PairTest<TestId::MeshCapsule>{});
    case TestId::RectRect: return f(PairTest<TestId::RectRect>{});
    case TestId::RectOrientedRect: return f(PairTest<TestId::RectOrientedRect>{});
    case TestId::OrientedRectOrientedRect: return f(PairTest<TestId::OrientedRectOrientedRect>{});
    case TestId::SegmentRect: return f(PairTest<TestId::SegmentRect>{});
    case TestId::SegmentOrientedRect: return f(PairTest<TestId::SegmentOrientedRect>{});
    case TestId::CircleRect: return f(PairTest<TestId::CircleRect>{});
    case TestId::CircleOrientedRect: return f(PairTest<TestId::CircleOrientedRect>{});
    case TestId::CircleCircle:
    case TestId::CircleSegment:
    // The tests between two frames have their own rows (evaluation/swept_tests.hpp).
    case TestId::SweptAabbAabb:
    case TestId::SweptAabbObb:
    case TestId::SweptObbObb:
    case TestId::MinkowskiAabbAabb:
    case TestId::SweptSphereSphere:
    case TestId::SweptSphereAabb:
    case TestId::SweptSphereObb:
    case TestId::SweptSphereTriangle:
    case TestId::AdvanceObbObb:
    case TestId::AdvanceSphereObb:
    case TestId::AdvanceCapsuleCapsule:
    case TestId::AdvanceCapsuleSphere:
    case TestId::AdvanceCapsuleObb:
    case TestId::HullHull: return f(PairTest<TestId::HullHull>{});
    case TestId::HullAabb: return f(PairTest<TestId::HullAabb>{});
    case TestId::HullObb: return f(PairTest<TestId::HullObb>{});
    case TestId::HullSphere: return f(PairTest<TestId::HullSphere>{});
    case TestId::HullCapsule: return f(PairTest<TestId::HullCapsule>{});
    case TestId::HullSegment: return f(PairTest<TestId::HullSegment>{});
    case TestId::HullTriangle: return f(PairTest<TestId::HullTriangle>{});
    case TestId::MeshHull: return f(PairTest<TestId::MeshHull>{});
    // GJK and EPA beside a pair's own test (convex_measure.hpp, the explorer's side by side).
    case TestId::ConvexConvex:
    case TestId::None: break;
  }
  return f(NoPairTest{});
}

/// True for a row (false for NoPairTest), for `if constexpr` in a consumer.
template <class Row>
inline constexpr bool kIsPairTest = !std::is_same_v<Row, NoPairTest>;

/// A row's SAT twin (its `SatTwin`), or NoPairTest when it has none.
template <class Row, class = void>
struct SatTwinOf {
  using type = NoPairTest;
};
template <class Row>
struct SatTwinOf<Row, std::void_t<typename Row::SatTwin>> {
  using type = typename Row::SatTwin;
};
template <class Row>
inline constexpr bool kHasSatTwin = kIsPairTest<typename SatTwinOf<Row>::type>;

/// The id of the SAT twin of `test`'s row, or TestId::None.
inline TestId satTwin(TestId test) {
  return withPairTest(test, [](auto row) { return SatTwinOf<decltype(row)>::type::id; });
}

}  // namespace satlab
