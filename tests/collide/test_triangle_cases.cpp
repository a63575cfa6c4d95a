// Named situations for the triangle tests: which axis separates, which region holds the
// closest point, where a segment crosses, and what touching, flat and parallel shapes give.
// Coordinates are quarters and eighths, exact in float, so "touching" is exact.
#include <gtest/gtest.h>

#include <string>

#include "oracle_gjk.hpp"
#include "satlab/collide.hpp"
#include "triangle_shapes.hpp"

namespace satlab {
namespace {

using testing::hullOf;

const Aabb kUnitBox{{0, 0, 0}, {1, 1, 1}};

SatOptions full() { return SatOptions{SatMode::Full}; }

/// The labels of the rows that separate, in order.
std::string separatingRows(const SatTrace& t) {
  std::string out;
  for (const SatAxisRow& r : t.rows) {
    if (r.separating) out += (out.empty() ? "" : " ") + std::string(label(r.id));
  }
  return out;
}

double oracleDistance(const Aabb& box, const Triangle& t) { return oracle::distance(oracle::hullOf(box), hullOf(t)); }
double oracleDistance(const Triangle& a, const Triangle& b) { return oracle::distance(hullOf(a), hullOf(b)); }

// ---- AABB–triangle ------------------------------------------------------------------------

TEST(AabbTriangle, SmallTriangleInsideTheBoxOverlapsOnAllThirteenAxes) {
  const Triangle t{{-0.5f, -0.5f, 0}, {0.5f, -0.5f, 0.25f}, {0, 0.5f, -0.25f}};
  SatTrace trace;
  const SatResult r = satAabbTriangle(kUnitBox, t, trace);
  EXPECT_TRUE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 13u);
  const char* const order[13] = {"Xxe0", "Yxe0", "Zxe0", "Xxe1", "Yxe1", "Zxe1", "Xxe2",
                                 "Yxe2", "Zxe2", "X",    "Y",    "Z",    "n"};
  for (int i = 0; i < 13; ++i) EXPECT_EQ(std::string(label(trace.rows[i].id)), order[i]) << i;
  EXPECT_EQ(separatingRows(trace), "");
  EXPECT_EQ(trace.test, TestId::AabbTriangle);
  EXPECT_GT(r.depth, 0.0f);
}

TEST(AabbTriangle, FlatTriangleAboveTheBoxIsReportedOnTheFirstCrossAxisThatSeparates) {
  // The paper's order tests the cross axes first. A triangle lying flat above the box is
  // separated by Z and n, but also by every cross axis i x ej that points along Z (X x e for
  // an edge with e.y != 0, Y x e for one with e.x != 0): the first of those is reported.
  const Triangle t{{-0.5f, -0.5f, 1.5f}, {0.5f, -0.5f, 1.5f}, {0, 0.5f, 1.5f}};
  SatTrace trace;
  const SatResult r = satAabbTriangle(kUnitBox, t, trace, full());
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(separatingRows(trace), "Yxe0 Xxe1 Yxe1 Xxe2 Yxe2 Z n");
  EXPECT_EQ(std::string(label(r.separating)), "Yxe0");
  EXPECT_EQ(r.separatingAxis, glm::vec3(0, 0, 1));  // Y x e0 = (0, 0, -1), turned towards the triangle
  EXPECT_FLOAT_EQ(r.gap, 0.5f);
  EXPECT_TRUE(trace.rows[0].degenerate);  // X x e0 = 0: e0 runs along X
}

TEST(AabbTriangle, OnlyTheCrossAxisXxe2SeparatesATrianglePassingTheBoxsEdge) {
  // Its bounding box overlaps the box and its plane cuts it, yet its edge e2 = a - c passes
  // the box's edge: X x e2 is the one axis that shows the gap (found by a search over
  // quarter-unit triangles; the GJK oracle agrees they are apart).
  const Triangle t{{2.75f, -0.75f, 3}, {2.75f, 2.5f, 1.5f}, {-2.25f, 2.5f, -0.25f}};
  SatTrace trace;
  const SatResult r = satAabbTriangle(kUnitBox, t, trace, full());
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(separatingRows(trace), "Xxe2");
  EXPECT_EQ(std::string(label(r.separating)), "Xxe2");
  EXPECT_NEAR(r.gap, 0.176777f, 1e-5f);
  const double d = oracleDistance(kUnitBox, t);
  EXPECT_GT(d, 0.0);
  EXPECT_GE(d, r.gap - 1e-6);  // the gap on one axis is at most the distance
  EXPECT_FALSE(overlaps(kUnitBox, t));
}

TEST(AabbTriangle, OnlyTheNormalSeparatesATrianglePastTheBoxsCorner) {
  const Triangle t{{2.5f, 2.25f, -1}, {-1.25f, 1, 2.25f}, {2.5f, -0.25f, 2.75f}};
  SatTrace trace;
  const SatResult r = satAabbTriangle(kUnitBox, t, trace, full());
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(separatingRows(trace), "n");
  EXPECT_EQ(trace.stopRow, 12);
  EXPECT_GT(oracleDistance(kUnitBox, t), 0.0);
  // The reported axis is the unit normal, pointing from the box to the triangle's side.
  EXPECT_NEAR(glm::length(r.separatingAxis), 1.0f, 1e-6f);
  EXPECT_GT(glm::dot(r.separatingAxis, t.a), 1.0f);
}

TEST(AabbTriangle, VertexOnAFaceTouchesAndAnEighthAwayIsApart) {
  Triangle t{{0.25f, 0.25f, 1}, {0.5f, 0.25f, 3}, {0.25f, 0.5f, 3}};  // a on the face z = 1
  EXPECT_TRUE(overlaps(kUnitBox, t));
  EXPECT_TRUE(satAabbTriangle(kUnitBox, t).overlap);
  EXPECT_EQ(satAabbTriangle(kUnitBox, t).depth, 0.0f);
  t.a.z = 1.125f;
  EXPECT_FALSE(overlaps(kUnitBox, t));
  SatTrace trace;
  satAabbTriangle(kUnitBox, t, trace, full());
  EXPECT_EQ(std::string(label(trace.rows[11].id)), "Z");
  EXPECT_TRUE(trace.rows[11].separating);
  EXPECT_EQ(trace.rows[11].gap, 0.125f);
  EXPECT_EQ(trace.rows[11].minB, 1.125f);  // the triangle's interval on Z starts at a
  EXPECT_EQ(trace.rows[11].maxA, 1.0f);
}

TEST(AabbTriangle, TriangleLyingOnAFaceTouches) {
  const Triangle t{{-3, -3, 1}, {3, -3, 1}, {0, 3, 1}};  // in the plane z = 1, over the whole face
  const SatResult r = satAabbTriangle(kUnitBox, t);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.depth, 0.0f);
  EXPECT_TRUE(overlaps(t, kUnitBox));
}

TEST(AabbTriangle, EdgeAlongABoxEdgeTouches) {
  const Triangle t{{1, 1, -3}, {1, 1, 3}, {3, 2, 0}};  // e0 runs along the box's edge x = y = 1
  EXPECT_TRUE(overlaps(kUnitBox, t));
  Triangle apart = t;
  apart.a.x = apart.b.x = 1.0625f;
  EXPECT_FALSE(overlaps(kUnitBox, apart));
}

TEST(AabbTriangle, TriangleWithoutAreaIsTheSegmentItIs) {
  // a, b, c on one line: the normal is zero (a degenerate row, never separating), and the
  // other twelve axes are the box-segment test.
  const Triangle through{{-2, 0.5f, 0}, {0, 0.5f, 0}, {2, 0.5f, 0}};
  SatTrace trace;
  const SatResult r = satAabbTriangle(kUnitBox, through, trace, full());
  EXPECT_TRUE(r.overlap);
  EXPECT_TRUE(trace.rows[12].degenerate);
  EXPECT_EQ(trace.rows[12].length, 0.0f);
  EXPECT_FALSE(trace.rows[12].separating);
  EXPECT_NE(r.penetration, AxisId::triangleNormal());
  const Triangle beside{{-2, 1.5f, 1.25f}, {0, 1.5f, 1.25f}, {2, 1.5f, 1.25f}};
  EXPECT_FALSE(overlaps(kUnitBox, beside));
  EXPECT_EQ(overlaps(kUnitBox, beside), overlaps(kUnitBox, Segment{beside.a, beside.c}));
  // A diagonal line past the box's edge: only a cross axis can tell.
  const Triangle diagonal{{2.25f, 0, 0}, {1.25f, 1, 0}, {0, 2.25f, 0}};  // x + y = 2.25 > 2
  EXPECT_FALSE(overlaps(kUnitBox, diagonal));
  EXPECT_EQ(std::string(label(satAabbTriangle(kUnitBox, diagonal).separating)).substr(0, 3), "Zxe");
}

TEST(AabbTriangle, PointTriangleIsAPoint) {
  const Triangle in{{0.5f, -1, 0.25f}, {0.5f, -1, 0.25f}, {0.5f, -1, 0.25f}};  // on the face y = -1
  EXPECT_TRUE(overlaps(kUnitBox, in));
  const Triangle out{{0.5f, -1.25f, 0.25f}, {0.5f, -1.25f, 0.25f}, {0.5f, -1.25f, 0.25f}};
  const SatResult r = satAabbTriangle(kUnitBox, out);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), "Y");
  EXPECT_EQ(r.separatingAxis, glm::vec3(0, -1, 0));
}

TEST(AabbTriangle, FlatBoxIsASquare) {
  const Aabb square{{0, 0, 0}, {1, 1, 0}};
  EXPECT_TRUE(overlaps(square, Triangle{{0, 0, -1}, {0.5f, 0, 1}, {0, 0.5f, 1}}));
  EXPECT_FALSE(overlaps(square, Triangle{{0, 0, 0.25f}, {0.5f, 0, 1}, {0, 0.5f, 1}}));
}

// ---- OBB–triangle -------------------------------------------------------------------------

TEST(ObbTriangle, TheIdentityBoxAgreesWithTheAabbAxisForAxis) {
  testing::ShapeGen g(testing::propertySeed() + 301);
  for (int i = 0; i < 2000; ++i) {
    const Aabb a = g.aabb();
    const Obb o{a.center, glm::mat3(1.0f), a.half};
    const Triangle t = testing::triangle(g);
    const SatResult ra = satAabbTriangle(a, t), ro = satObbTriangle(o, t);
    ASSERT_EQ(ra.overlap, ro.overlap) << i;
    ASSERT_EQ(ra.separatingAxis, ro.separatingAxis) << i;
    ASSERT_EQ(ra.gap, ro.gap) << i;
    ASSERT_EQ(ra.depth, ro.depth) << i;
    // The same axis, named by the box it belongs to: X is A0, X x e1 is A0 x e1.
    if (!ra.overlap) {
      const AxisId s = ro.separating;
      const AxisId renamed = s.kind == AxisId::Kind::FaceA            ? AxisId::world(s.i)
                             : s.kind == AxisId::Kind::FaceACrossEdge ? AxisId::worldCrossEdge(s.i, s.j)
                                                                      : s;
      ASSERT_EQ(renamed, ra.separating) << i;
    }
  }
}

TEST(ObbTriangle, BoxTurnedAboutZKeepsATriangleBesideItsCornerApart) {
  // A unit cube turned 45 degrees about Z is the prism |x| + |y| <= sqrt 2, |z| <= 1: a
  // triangle in the plane x = 1.25 meets it only where it comes within |y| <= 0.164.
  const float c = std::sqrt(0.5f);
  const Obb box{{0, 0, 0}, glm::mat3(glm::vec3(c, c, 0), glm::vec3(-c, c, 0), glm::vec3(0, 0, 1)), {1, 1, 1}};
  const Triangle farUp{{1.25f, 0.5f, -1}, {1.25f, 2, -1}, {1.25f, 1, 1}};  // y >= 0.5: past the turned face
  SatTrace trace;
  const SatResult r = satObbTriangle(box, farUp, trace, full());
  EXPECT_FALSE(r.overlap);
  EXPECT_GT(oracle::distance(oracle::hullOf(box), hullOf(farUp)), 0.0);
  EXPECT_EQ(trace.rows.size(), 13u);
  EXPECT_EQ(std::string(label(trace.rows[0].id)), "A0xe0");
  EXPECT_EQ(std::string(label(trace.rows[9].id)), "A0");
  const Triangle atCorner{{1.25f, -0.5f, -1}, {1.25f, 0.5f, -1}, {1.25f, 0, 1}};  // spans y = 0 at x = 1.25 < sqrt 2
  EXPECT_TRUE(overlaps(box, atCorner));
  EXPECT_TRUE(overlaps(atCorner, box));
}

// ---- Sphere–triangle ----------------------------------------------------------------------

struct RegionCase {
  glm::vec3 center;
  TriangleRegion region;
  glm::vec3 closest;
};

TEST(SphereTriangle, EachOfTheSevenRegionsHoldsItsClosestPoints) {
  // The right triangle a = (0,0,0), b = (2,0,0), c = (0,2,0), and a centre 1 above each
  // Voronoi region of it.
  const Triangle t{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const RegionCase cases[] = {
      {{-1, -1, 1}, TriangleRegion::VertexA, {0, 0, 0}},        {{3, -1, 1}, TriangleRegion::VertexB, {2, 0, 0}},
      {{1, -1, 1}, TriangleRegion::EdgeAB, {1, 0, 0}},          {{-1, 3, 1}, TriangleRegion::VertexC, {0, 2, 0}},
      {{-1, 1, 1}, TriangleRegion::EdgeAC, {0, 1, 0}},          {{2, 2, 1}, TriangleRegion::EdgeBC, {1, 1, 0}},
      {{0.5f, 0.5f, 1}, TriangleRegion::Face, {0.5f, 0.5f, 0}},
  };
  for (const RegionCase& rc : cases) {
    ClosestTrace trace;
    const ClosestResult r = closestSphereTriangle(Sphere{rc.center, 0.5f}, t, trace);
    EXPECT_EQ(trace.triangle.region, rc.region) << label(rc.region);
    EXPECT_NEAR(glm::length(r.closestPoint - rc.closest), 0.0f, 1e-6f) << label(rc.region);
    EXPECT_NEAR(r.distanceSquared, glm::dot(rc.center - rc.closest, rc.center - rc.closest), 1e-5f);
    EXPECT_FALSE(r.overlap);
    EXPECT_FALSE(trace.triangle.noArea);
    // The barycentric coordinates rebuild the point.
    const glm::vec3 w = trace.triangle.barycentric;
    EXPECT_NEAR(glm::length(w.x * t.a + w.y * t.b + w.z * t.c - rc.closest), 0.0f, 1e-6f) << label(rc.region);
  }
}

TEST(SphereTriangle, TouchingAtAVertexAnEdgeAndTheFaceOverlaps) {
  const Triangle t{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  EXPECT_TRUE(overlaps(Sphere{{-3, 0, 4}, 5}, t));  // 5 from a: touches the vertex
  EXPECT_FALSE(overlaps(Sphere{{-3, 0, 4}, 4.9375f}, t));
  EXPECT_TRUE(overlaps(Sphere{{1, -3, 4}, 5}, t));                // 5 from the edge ab
  EXPECT_TRUE(overlaps(Sphere{{0.5f, 0.5f, -0.25f}, 0.25f}, t));  // the face, from below
  EXPECT_FALSE(overlaps(t, Sphere{{0.5f, 0.5f, -0.25f}, 0.1875f}));
}

TEST(SphereTriangle, CentreOnTheTriangleIsDistanceZero) {
  const Triangle t{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const ClosestResult r = closestSphereTriangle(Sphere{{0.5f, 0.25f, 0}, 0}, t);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(r.distance, 0.0f);
  EXPECT_EQ(r.closestPoint, glm::vec3(0.5f, 0.25f, 0));
}

TEST(SphereTriangle, TriangleWithoutAreaIsItsEdges) {
  ClosestTrace trace;
  const Triangle line{{0, 0, 0}, {1, 0, 0}, {3, 0, 0}};  // all on the x-axis
  const ClosestResult r = closestSphereTriangle(Sphere{{2, 1, 0}, 1}, line, trace);
  EXPECT_TRUE(trace.triangle.noArea);
  EXPECT_EQ(r.closestPoint, glm::vec3(2, 0, 0));
  EXPECT_EQ(r.distance, 1.0f);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(trace.triangle.region, TriangleRegion::EdgeAC);  // a to c is the whole line
  const Triangle point{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}};
  const ClosestResult rp = closestSphereTriangle(Sphere{{1, 2, 5}, 2}, point, trace);
  EXPECT_EQ(rp.closestPoint, glm::vec3(1, 2, 3));
  EXPECT_EQ(rp.distance, 2.0f);
  EXPECT_TRUE(rp.overlap);
}

TEST(SphereTriangle, ThinTurnedTrianglesKeepTheirClosestPointsOnTheFace) {
  // Triangles 2 long and 2e-6 to 1e-4 high (above the height below which they would have no
  // area), turned at random, and points just off their faces. The closest point is the point
  // moved onto the plane: it matches the oracle to 1e-9. The book's a + v ab + w ac, with v
  // and w quotients of numbers that cancel on so thin a triangle, misses by up to 5e-6 here.
  testing::ShapeGen g(testing::propertySeed() + 302);
  int faces = 0;
  for (int i = 0; i < 5000; ++i) {
    const glm::mat3 turn = g.rotation();
    const float h = std::pow(10.0f, g.uniform(-5.7f, -4.0f));
    const Triangle t{turn * glm::vec3(-1, 0, 0), turn * glm::vec3(1, 0, 0),
                     turn * glm::vec3(g.uniform(-0.9f, 0.9f), h, 0)};
    const glm::vec3 p = turn * glm::vec3(g.uniform(-0.8f, 0.8f), h * g.uniform(0.05f, 0.3f), g.uniform(-0.01f, 0.01f));
    ClosestTrace trace;
    const ClosestResult r = closestSphereTriangle(Sphere{p, 0}, t, trace);
    if (trace.triangle.region != TriangleRegion::Face) continue;
    ++faces;
    ASSERT_NEAR(r.distance, oracle::distance(oracle::hullOfPoint(p), hullOf(t)), 1e-9) << i;
    ASSERT_LE(oracle::distance(oracle::hullOfPoint(r.closestPoint), hullOf(t)), 1e-7) << i;  // a float's rounding
  }
  EXPECT_GT(faces, 1000);
}

// ---- Segment–triangle ---------------------------------------------------------------------

const Triangle kRight{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};

TEST(SegmentTriangle, SegmentThroughTheFaceGivesTUAndV) {
  SegmentTriangleTrace trace;
  const SegmentTriangleHit h = segmentTriangle(Segment{{0.25f, 0.5f, 1}, {0.25f, 0.5f, -1}}, kRight, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_EQ(h.tEnter, 0.5f);
  EXPECT_EQ(h.tExit, 0.5f);
  EXPECT_EQ(h.u, 0.25f);
  EXPECT_EQ(h.v, 0.5f);
  EXPECT_EQ(h.enterPoint, glm::vec3(0.25f, 0.5f, 0));
  EXPECT_EQ(h.enterNormal, glm::vec3(0, 0, 1));  // the side it comes from
  EXPECT_EQ(trace.decidedBy, "crosses");
  EXPECT_FALSE(trace.parallel);
  EXPECT_EQ(trace.t, 0.5f);
  const SegmentTriangleHit up = segmentTriangle(Segment{{0.25f, 0.5f, -1}, {0.25f, 0.5f, 3}}, kRight);
  EXPECT_EQ(up.tEnter, 0.25f);
  EXPECT_EQ(up.enterNormal, glm::vec3(0, 0, -1));
}

TEST(SegmentTriangle, EachMissNamesTheComparisonThatDecidedIt) {
  struct Miss {
    Segment s;
    const char* decided;
  };
  const Miss misses[] = {
      {{{-0.25f, 0.5f, 1}, {-0.25f, 0.5f, -1}}, "u < 0"}, {{{1.25f, -0.5f, 1}, {1.25f, -0.5f, -1}}, "u > 1"},
      {{{0.5f, -0.25f, 1}, {0.5f, -0.25f, -1}}, "v < 0"}, {{{0.75f, 0.75f, 1}, {0.75f, 0.75f, -1}}, "u + v > 1"},
      {{{0.25f, 0.25f, 1}, {0.25f, 0.25f, 3}}, "t < 0"},  {{{0.25f, 0.25f, 3}, {0.25f, 0.25f, 1}}, "t > 1"},
      {{{0, 0, 1}, {1, 1, 1}}, "off the plane"},          {{{2, 2, 0}, {3, 2, 0}}, "closest points"},
  };
  for (const Miss& m : misses) {
    SegmentTriangleTrace trace;
    EXPECT_FALSE(segmentTriangle(m.s, kRight, trace).overlap) << m.decided;
    EXPECT_EQ(trace.decidedBy, m.decided);
    EXPECT_FALSE(overlaps(m.s, kRight)) << m.decided;
  }
}

TEST(SegmentTriangle, ThroughAnEdgeAVertexOrEndingOnTheFaceHits) {
  EXPECT_TRUE(overlaps(Segment{{0.5f, 0, 1}, {0.5f, 0, -1}}, kRight));        // the edge ab
  EXPECT_TRUE(overlaps(Segment{{0, 0, 1}, {0, 0, -1}}, kRight));              // the vertex a
  EXPECT_TRUE(overlaps(Segment{{0.5f, 0.5f, 1}, {0.5f, 0.5f, -1}}, kRight));  // the edge bc
  const SegmentTriangleHit end = segmentTriangle(Segment{{0.25f, 0.25f, 2}, {0.25f, 0.25f, 0}}, kRight);
  EXPECT_TRUE(end.overlap);
  EXPECT_EQ(end.tEnter, 1.0f);
  EXPECT_FALSE(overlaps(Segment{{0.25f, 0.25f, 2}, {0.25f, 0.25f, 0.125f}}, kRight));
}

TEST(SegmentTriangle, SegmentInThePlaneHitsAlongItsPartOnTheTriangle) {
  SegmentTriangleTrace trace;
  const SegmentTriangleHit h = segmentTriangle(Segment{{-1, 0.25f, 0}, {3, 0.25f, 0}}, kRight, trace);
  ASSERT_TRUE(h.overlap);
  EXPECT_TRUE(trace.parallel);
  EXPECT_EQ(trace.decidedBy, "closest points");
  EXPECT_NEAR(h.tEnter, 0.25f, 1e-6f);   // enters at x = 0
  EXPECT_NEAR(h.tExit, 0.4375f, 1e-6f);  // leaves at x = 0.75 (the edge bc)
  EXPECT_EQ(h.enterNormal, glm::vec3(0.0f));
  EXPECT_NEAR(h.u, 0.0f, 1e-6f);
  EXPECT_NEAR(h.v, 0.25f, 1e-6f);
  // Along an edge: from the vertex a to b.
  const SegmentTriangleHit along = segmentTriangle(Segment{{-1, 0, 0}, {3, 0, 0}}, kRight);
  ASSERT_TRUE(along.overlap);
  EXPECT_NEAR(along.tEnter, 0.25f, 1e-6f);
  EXPECT_NEAR(along.tExit, 0.5f, 1e-6f);
  // Inside, both ends.
  const SegmentTriangleHit inside = segmentTriangle(Segment{{0.125f, 0.125f, 0}, {0.25f, 0.5f, 0}}, kRight);
  ASSERT_TRUE(inside.overlap);
  EXPECT_EQ(inside.tEnter, 0.0f);
  EXPECT_EQ(inside.tExit, 1.0f);
}

TEST(SegmentTriangle, ZeroLengthSegmentIsAPoint) {
  EXPECT_TRUE(overlaps(Segment{{0.25f, 0.25f, 0}, {0.25f, 0.25f, 0}}, kRight));
  EXPECT_FALSE(overlaps(Segment{{0.25f, 0.25f, 0.125f}, {0.25f, 0.25f, 0.125f}}, kRight));
  EXPECT_FALSE(overlaps(Segment{{1, 1, 0}, {1, 1, 0}}, kRight));
}

TEST(SegmentTriangle, TriangleWithoutAreaIsItsEdges) {
  const Triangle line{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}};
  SegmentTriangleTrace trace;
  const SegmentTriangleHit h = segmentTriangle(Segment{{0, 2, 0}, {2, 0, 0}}, line, trace);  // crosses at (1, 1)
  EXPECT_TRUE(h.overlap);
  EXPECT_TRUE(trace.noArea);
  EXPECT_NEAR(h.tEnter, 0.5f, 1e-6f);
  EXPECT_FALSE(overlaps(Segment{{0, 2, 0.25f}, {2, 0, 0.25f}}, line));  // passes over it
}

// ---- Triangle–triangle --------------------------------------------------------------------

TEST(TriangleTriangle, LinkedTrianglesOverlap) {
  // Like two links of a chain: each pierces the other.
  const Triangle a{{-1, 0, -1}, {1, 0, -1}, {0, 0, 1}};
  const Triangle b{{0, -1, 0}, {0, 1, 0}, {0, 0, -2}};
  SatTrace trace;
  const SatResult r = satTriangleTriangle(a, b, trace);
  EXPECT_TRUE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 11u);  // planes that meet: no in-plane axes
  const char* const order[11] = {"nA",      "nB",      "eA0xeB0", "eA0xeB1", "eA0xeB2", "eA1xeB0",
                                 "eA1xeB1", "eA1xeB2", "eA2xeB0", "eA2xeB1", "eA2xeB2"};
  for (int i = 0; i < 11; ++i) EXPECT_EQ(std::string(label(trace.rows[i].id)), order[i]) << i;
  EXPECT_GT(r.depth, 0.0f);
}

TEST(TriangleTriangle, SeparatedByEachNormalAndByAnEdgePair) {
  const Triangle a{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const Triangle above{{0, 0, 1}, {1, 0, 3}, {0, 1, 2}};  // all of it over A's plane
  EXPECT_EQ(std::string(label(satTriangleTriangle(a, above).separating)), "nA");
  const Triangle steep{{3, 0, -1}, {3, 0, 1}, {3, 1, 0}};  // in the plane x = 3, beside A
  const SatResult r = satTriangleTriangle(a, steep);
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), "nB");
  // Found by a search over quarter-unit triangles: only eA2 x eB2 separates these.
  const Triangle ea{{2.5f, -2.5f, -2.75f}, {-2.75f, -1.5f, 0}, {-2.75f, -0.5f, 0.25f}};
  const Triangle eb{{-2.25f, -1, -1.75f}, {0.5f, 1.5f, 0}, {1.5f, -1, 1.75f}};
  SatTrace trace;
  const SatResult re = satTriangleTriangle(ea, eb, trace, full());
  EXPECT_FALSE(re.overlap);
  EXPECT_EQ(separatingRows(trace), "eA2xeB2");
  EXPECT_GT(oracleDistance(ea, eb), 0.0);
}

TEST(TriangleTriangle, TrianglesInOnePlaneAreToldApartByTheirEdgeNormals) {
  const Triangle a{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const Triangle b{{1.5f, 1.5f, 0}, {3, 1, 0}, {1, 3, 0}};  // beyond the edge bc, in the same plane
  SatTrace trace;
  const SatResult r = satTriangleTriangle(a, b, trace, full());
  EXPECT_FALSE(r.overlap);
  ASSERT_EQ(trace.rows.size(), 17u);
  for (int i = 0; i < 11; ++i) EXPECT_FALSE(trace.rows[i].separating) << label(trace.rows[i].id);
  EXPECT_EQ(std::string(label(r.separating)), "nAxeA1");  // A's edge e1 = c - b
  // The in-plane normal of e1, pointing away from A: along (1, 1, 0).
  EXPECT_NEAR(r.separatingAxis.x, std::sqrt(0.5f), 1e-6f);
  EXPECT_NEAR(r.separatingAxis.y, std::sqrt(0.5f), 1e-6f);
  // Overlapping in one plane: the depth along the normal is zero.
  const Triangle c{{1, 0.5f, 0}, {3, 1, 0}, {1, 3, 0}};
  const SatResult rc = satTriangleTriangle(a, c);
  EXPECT_TRUE(rc.overlap);
  EXPECT_EQ(rc.depth, 0.0f);
  EXPECT_EQ(rc.penetration, AxisId::normalA());
}

TEST(TriangleTriangle, ParallelPlanesApartAreSeparatedByTheNormal) {
  const Triangle a{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const Triangle b{{0, 0, 0.25f}, {2, 0, 0.25f}, {0, 2, 0.25f}};
  SatTrace trace;
  const SatResult r = satTriangleTriangle(a, b, trace, full());
  EXPECT_FALSE(r.overlap);
  EXPECT_EQ(std::string(label(r.separating)), "nA");
  EXPECT_FLOAT_EQ(r.gap, 0.25f);
  EXPECT_EQ(trace.rows.size(), 17u);  // the planes are parallel: the six in-plane axes are shown too
}

TEST(TriangleTriangle, SharedVertexSharedEdgeAndVertexOnFaceTouch) {
  const Triangle a{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  EXPECT_TRUE(overlaps(a, Triangle{{2, 0, 0}, {3, 0, 1}, {3, 1, 1}}));        // the vertex b
  EXPECT_TRUE(overlaps(a, Triangle{{2, 0, 0}, {0, 2, 0}, {2, 2, 1}}));        // the edge bc
  EXPECT_TRUE(overlaps(a, Triangle{{0.5f, 0.5f, 0}, {1, 0, 1}, {0, 1, 1}}));  // a vertex on A's face
  EXPECT_FALSE(overlaps(a, Triangle{{0.5f, 0.5f, 0.125f}, {1, 0, 1}, {0, 1, 1}}));
  EXPECT_TRUE(overlaps(a, Triangle{{1, 1, 0}, {3, 1, 0}, {1, 3, 0}}));  // in one plane, touching at (1, 1)
}

TEST(TriangleTriangle, TriangleWithoutAreaIsDecidedAsASegment) {
  const Triangle a{{0, 0, 0}, {2, 0, 0}, {0, 2, 0}};
  const Triangle needle{{0.5f, 0.5f, -1}, {0.5f, 0.5f, 0}, {0.5f, 0.5f, 1}};  // a line through A
  SatTrace trace;
  const SatResult r = satTriangleTriangle(needle, a, trace);
  EXPECT_TRUE(r.overlap);
  EXPECT_EQ(trace.reducedTo, TestId::SegmentTriangle);
  EXPECT_TRUE(trace.rows.empty());
  EXPECT_TRUE(overlaps(a, needle));
  const Triangle beside{{3, 0.5f, -1}, {3, 0.5f, 0}, {3, 0.5f, 1}};
  EXPECT_FALSE(overlaps(a, beside));
  EXPECT_FALSE(overlaps(beside, a));
  // Both without area: two crossing lines, and two that pass each other.
  const Triangle x{{0, 0, 0}, {1, 1, 0}, {2, 2, 0}}, y{{0, 2, 0}, {1, 1, 0}, {2, 0, 0}};
  EXPECT_TRUE(overlaps(x, y));
  const Triangle yAbove{{0, 2, 0.25f}, {1, 1, 0.25f}, {2, 0, 0.25f}};
  EXPECT_FALSE(overlaps(x, yAbove));
  const Triangle p{{1, 1, 0}, {1, 1, 0}, {1, 1, 0}};  // a point, on the line x
  EXPECT_TRUE(overlaps(x, p));
  EXPECT_TRUE(overlaps(p, p));
}

}  // namespace
}  // namespace satlab
