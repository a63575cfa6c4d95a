// The triangle tests' traces: the traced instantiation returns exactly what the untraced one
// does, SatMode::Full changes nothing but the rows, and the rows agree with the verdict and
// with the shapes (each row's intervals are the shapes' own projections on its axis).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "axis_index.hpp"
#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using testing::ShapeGen;

constexpr int kRandomPairs = 10000;

void expectSame(const SatResult& x, const SatResult& y) {
  ASSERT_EQ(x.overlap, y.overlap);
  ASSERT_EQ(x.separating, y.separating);
  ASSERT_EQ(x.separatingAxis, y.separatingAxis);
  ASSERT_EQ(x.gap, y.gap);
  ASSERT_EQ(x.penetration, y.penetration);
  ASSERT_EQ(x.penetrationAxis, y.penetrationAxis);
  ASSERT_EQ(x.depth, y.depth);
}

/// The interval of points projected on a unit axis, in double.
struct Span {
  double lo, hi;
};
template <std::size_t N>
Span spanOf(const glm::vec3 (&points)[N], const glm::vec3& axis) {
  Span s{1e300, -1e300};
  for (const glm::vec3& p : points) {
    const double x = glm::dot(glm::dvec3(p), glm::dvec3(axis));
    s.lo = std::min(s.lo, x);
    s.hi = std::max(s.hi, x);
  }
  return s;
}

/// A box's corners, for its interval on an axis.
void corners(const Obb& b, glm::vec3 (&out)[8]) {
  for (int i = 0; i < 8; ++i) {
    out[i] = b.center + ((i & 1) ? 1.0f : -1.0f) * b.half.x * b.axes[0] +
             ((i & 2) ? 1.0f : -1.0f) * b.half.y * b.axes[1] + ((i & 4) ? 1.0f : -1.0f) * b.half.z * b.axes[2];
  }
}

/// The rows of a SAT trace agree with the result (as in test_traces.cpp) and with the shapes:
/// on each non-degenerate row, A's and B's intervals are the projections of their points.
template <std::size_t NA>
void expectRowsMatch(const SatTrace& tr, const SatResult& r, std::size_t axisCount, SatMode mode,
                     const glm::vec3 (&pointsA)[NA], const Triangle& b) {
  ASSERT_EQ(tr.overlap, r.overlap);
  if (tr.reducedTo != TestId::None) {
    ASSERT_TRUE(tr.rows.empty());
    ASSERT_FALSE(r.separating.valid());
    ASSERT_FALSE(r.penetration.valid());
    return;
  }
  if (r.overlap || mode == SatMode::Full) {
    ASSERT_EQ(tr.rows.size(), axisCount);
  } else {
    ASSERT_EQ(static_cast<int>(tr.rows.size()) - 1, tr.separatingRow);
  }
  const glm::vec3 pointsB[3] = {b.a, b.b, b.c};
  for (std::size_t i = 0; i < tr.rows.size(); ++i) {
    const SatAxisRow& row = tr.rows[i];
    ASSERT_EQ(row.index, static_cast<int>(i));
    ASSERT_EQ(test::triangleAxisIndex(row.id), static_cast<int>(i)) << label(row.id);
    const float intervalGap = std::max(row.minB - row.maxA, row.minA - row.maxB);
    ASSERT_NEAR(intervalGap, row.gap, 1e-4f * (1.0f + std::abs(row.maxB) + std::abs(row.minA)));
    ASSERT_EQ(row.separating, row.gap > 0.0f) << label(row.id);
    ASSERT_NEAR(row.radiusA, 0.5f * (row.maxA - row.minA), 1e-5f * (1.0f + row.radiusA));
    if (row.degenerate) continue;
    const Span sa = spanOf(pointsA, row.axis), sb = spanOf(pointsB, row.axis);
    const double tol = 1e-5 * (1.0 + std::abs(sa.lo) + std::abs(sa.hi) + std::abs(sb.lo) + std::abs(sb.hi));
    ASSERT_NEAR(row.minA, sa.lo, tol) << label(row.id);
    ASSERT_NEAR(row.maxA, sa.hi, tol) << label(row.id);
    ASSERT_NEAR(row.minB, sb.lo, tol) << label(row.id);
    ASSERT_NEAR(row.maxB, sb.hi, tol) << label(row.id);
  }
  if (r.overlap) {
    ASSERT_EQ(tr.separatingRow, -1);
    ASSERT_EQ(tr.stopRow, static_cast<int>(axisCount) - 1);
  } else {
    ASSERT_EQ(tr.separatingRow, test::triangleAxisIndex(r.separating));
    ASSERT_EQ(tr.stopRow, tr.separatingRow);
    for (int i = 0; i < tr.separatingRow; ++i) ASSERT_FALSE(tr.rows[static_cast<std::size_t>(i)].separating);
    ASSERT_NEAR(tr.rows[static_cast<std::size_t>(tr.separatingRow)].gap, r.gap, 1e-5f * (1.0f + r.gap));
  }
}

TEST(TriangleTraces, BoxTriangleTracedEqualsUntracedAndTheRowsAreTheShapesProjections) {
  ShapeGen g(testing::propertySeed() + 601);
  for (int i = 0; i < kRandomPairs; ++i) {
    const Aabb a = g.aabb(0.8f);
    const Obb o = g.obb(0.8f);
    const Triangle t = testing::triangle(g, 0.8f);
    const Obb asObb{a.center, glm::mat3(1.0f), a.half};
    glm::vec3 ca[8], co[8];
    corners(asObb, ca);
    corners(o, co);
    for (const SatMode mode : {SatMode::EarlyExit, SatMode::Full}) {
      SatTrace ta, to;
      const SatResult ra = satAabbTriangle(a, t, ta, SatOptions{mode});
      expectSame(ra, satAabbTriangle(a, t));
      ASSERT_EQ(ra.overlap, overlaps(a, t));
      expectRowsMatch(ta, ra, 13, mode, ca, t);
      ASSERT_EQ(ta.test, TestId::AabbTriangle);
      const SatResult ro = satObbTriangle(o, t, to, SatOptions{mode});
      expectSame(ro, satObbTriangle(o, t));
      expectRowsMatch(to, ro, 13, mode, co, t);
    }
    if (HasFatalFailure()) FAIL() << "pair " << i << " seed " << testing::propertySeed();
  }
}

/// Whether the triangles' normals are parallel to within 1e-6 (their sine), in double.
bool parallelPlanes(const Triangle& a, const Triangle& b) {
  const glm::dvec3 na = glm::cross(glm::dvec3(a.b - a.a), glm::dvec3(a.c - a.a));
  const glm::dvec3 nb = glm::cross(glm::dvec3(b.b - b.a), glm::dvec3(b.c - b.a));
  return glm::length(glm::cross(na, nb)) <= 1e-6 * glm::length(na) * glm::length(nb);
}

TEST(TriangleTraces, TriangleTriangleTracedEqualsUntracedAndTheRowsAreTheShapesProjections) {
  ShapeGen g(testing::propertySeed() + 602);
  int coplanar = 0;
  for (int i = 0; i < kRandomPairs; ++i) {
    Triangle a = testing::triangle(g, 0.5f), b = testing::triangle(g, 0.5f);
    if (i % 5 == 0) {  // both in one plane z = const
      for (glm::vec3* p : {&a.a, &a.b, &a.c, &b.a, &b.b, &b.c}) p->z = a.a.z;
    }
    const glm::vec3 pa[3] = {a.a, a.b, a.c};
    for (const SatMode mode : {SatMode::EarlyExit, SatMode::Full}) {
      SatTrace tr;
      const SatResult r = satTriangleTriangle(a, b, tr, SatOptions{mode});
      expectSame(r, satTriangleTriangle(a, b));
      ASSERT_EQ(r.overlap, overlaps(a, b));
      const bool parallel = parallelPlanes(a, b);
      expectRowsMatch(tr, r, parallel ? 17 : 11, mode, pa, b);
      if (mode == SatMode::Full && parallel && tr.reducedTo == TestId::None) ++coplanar;
    }
    if (HasFatalFailure()) FAIL() << "pair " << i << " seed " << testing::propertySeed();
  }
  EXPECT_GT(coplanar, kRandomPairs / 10) << "too few pairs in parallel planes";
}

TEST(TriangleTraces, SphereTriangleRecordsTheRegionAndThePoint) {
  ShapeGen g(testing::propertySeed() + 603);
  int regions[8] = {};
  for (int i = 0; i < kRandomPairs; ++i) {
    const Sphere s = g.sphere(1.0f);
    const Triangle t = testing::triangle(g, 1.0f);
    ClosestTrace tr;
    const ClosestResult r = closestSphereTriangle(s, t, tr);
    const ClosestResult plain = closestSphereTriangle(s, t);
    ASSERT_EQ(r.overlap, plain.overlap);
    ASSERT_EQ(r.closestPoint, plain.closestPoint);
    ASSERT_EQ(r.distance, plain.distance);
    ASSERT_EQ(r.distanceSquared, plain.distanceSquared);
    ASSERT_EQ(tr.test, TestId::SphereTriangle);
    ASSERT_EQ(tr.overlap, r.overlap);
    ASSERT_EQ(tr.sum, r.distanceSquared);
    ASSERT_TRUE(tr.rows.empty());
    ASSERT_NE(tr.triangle.region, TriangleRegion::None);
    ++regions[static_cast<int>(tr.triangle.region)];
    // The recorded point is the result's, relative to the centre, and the barycentric
    // coordinates rebuild it.
    ASSERT_NEAR(glm::length(tr.triangle.closestPoint + s.center - r.closestPoint), 0.0f, 1e-5f);
    const glm::vec3 w = tr.triangle.barycentric;
    ASSERT_NEAR(w.x + w.y + w.z, 1.0f, 1e-4f);
    ASSERT_NEAR(glm::length(w.x * t.a + w.y * t.b + w.z * t.c - r.closestPoint), 0.0f, 1e-4f)
        << label(tr.triangle.region);
    // A vertex region's barycentric coordinates are one vertex's; an edge's have a zero.
    switch (tr.triangle.region) {
      case TriangleRegion::VertexA: ASSERT_EQ(w, glm::vec3(1, 0, 0)); break;
      case TriangleRegion::VertexB: ASSERT_EQ(w, glm::vec3(0, 1, 0)); break;
      case TriangleRegion::VertexC: ASSERT_EQ(w, glm::vec3(0, 0, 1)); break;
      case TriangleRegion::EdgeAB: ASSERT_EQ(w.z, 0.0f); break;
      case TriangleRegion::EdgeAC: ASSERT_EQ(w.y, 0.0f); break;
      case TriangleRegion::EdgeBC: ASSERT_EQ(w.x, 0.0f); break;
      default: break;
    }
    if (HasFatalFailure()) FAIL() << "pair " << i;
  }
  for (int k = 1; k < 8; ++k) EXPECT_GT(regions[k], 100) << label(static_cast<TriangleRegion>(k));
}

TEST(TriangleTraces, SegmentTriangleRecordsDetTUVAndTheDecidingComparison) {
  ShapeGen g(testing::propertySeed() + 604);
  for (int i = 0; i < kRandomPairs; ++i) {
    const Segment s = g.segment(0.3f);
    const Triangle t = testing::triangle(g, 0.3f);
    SegmentTriangleTrace tr;
    const SegmentTriangleHit h = segmentTriangle(s, t, tr);
    const SegmentTriangleHit plain = segmentTriangle(s, t);
    ASSERT_EQ(h.overlap, plain.overlap);
    ASSERT_EQ(h.tEnter, plain.tEnter);
    ASSERT_EQ(h.tExit, plain.tExit);
    ASSERT_EQ(h.enterPoint, plain.enterPoint);
    ASSERT_EQ(h.u, plain.u);
    ASSERT_EQ(h.v, plain.v);
    ASSERT_EQ(h.enterNormal, plain.enterNormal);
    ASSERT_EQ(tr.overlap, h.overlap);
    ASSERT_EQ(tr.e1, t.b - t.a);
    ASSERT_EQ(tr.e2, t.c - t.a);
    if (tr.parallel) {
      ASSERT_TRUE(tr.decidedBy == "off the plane" || tr.decidedBy == "closest points") << tr.decidedBy;
      ASSERT_TRUE(tr.decidedBy == "closest points" || !h.overlap);
      continue;
    }
    ASSERT_EQ(tr.decidedBy == "crosses", h.overlap) << tr.decidedBy;
    // The recorded numbers say why: each comparison in turn.
    const std::string why(tr.decidedBy);
    if (why == "u < 0") {
      ASSERT_LT(tr.u, 0.0f);
    }
    if (why == "u > 1") {
      ASSERT_GT(tr.u, 1.0f);
    }
    if (why == "v < 0") {
      ASSERT_LT(tr.v, 0.0f);
    }
    if (why == "u + v > 1") {
      ASSERT_GT(tr.u + tr.v, 1.0f - 1e-6f);
    }
    if (why == "t < 0") {
      ASSERT_LT(tr.t, 0.0f);
    }
    if (why == "t > 1") {
      ASSERT_GT(tr.t, 1.0f);
    }
    if (h.overlap) {
      ASSERT_EQ(tr.t, h.tEnter);
      ASSERT_EQ(tr.u, h.u);
      ASSERT_EQ(tr.v, h.v);
    }
    if (HasFatalFailure()) FAIL() << "pair " << i;
  }
}

TEST(TriangleTraces, ARecorderIsReusableAcrossTriangleTests) {
  SatTrace trace;
  const Triangle flat{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  const Triangle t{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  satTriangleTriangle(flat, t, trace);
  EXPECT_EQ(trace.reducedTo, TestId::SegmentTriangle);
  satAabbTriangle(Aabb{{0, 0, 0}, {1, 1, 1}}, t, trace);
  EXPECT_EQ(trace.reducedTo, TestId::None);
  EXPECT_EQ(trace.rows.size(), 13u);
  ClosestTrace closest;
  closestSphereAabb(Sphere{{3, 0, 0}, 1}, Aabb{{0, 0, 0}, {1, 1, 1}}, closest);
  closestSphereTriangle(Sphere{{3, 0, 0}, 1}, t, closest);
  EXPECT_TRUE(closest.rows.empty());
  EXPECT_EQ(closest.triangle.region, TriangleRegion::VertexB);
  closestSphereAabb(Sphere{{3, 0, 0}, 1}, Aabb{{0, 0, 0}, {1, 1, 1}}, closest);
  EXPECT_EQ(closest.triangle.region, TriangleRegion::None);
  EXPECT_EQ(closest.rows.size(), 3u);
}

}  // namespace
}  // namespace satlab
