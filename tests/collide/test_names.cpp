// The names of tests and axes (results.hpp): every axis a test can report has one label,
// and exchanging the roles of A and B twice gives the axis back.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "satlab/collide.hpp"

namespace satlab {
namespace {

std::vector<AxisId> everyAxis() {
  std::vector<AxisId> out;
  out.push_back(AxisId::triangleNormal());
  out.push_back(AxisId::normalA());
  out.push_back(AxisId::normalB());
  for (int i = 0; i < 3; ++i) {
    out.push_back(AxisId::faceA(i));
    out.push_back(AxisId::faceB(i));
    out.push_back(AxisId::world(i));
    out.push_back(AxisId::worldCrossSegment(i));
    out.push_back(AxisId::edgeNormalA(i));
    out.push_back(AxisId::edgeNormalB(i));
    for (int j = 0; j < 3; ++j) {
      out.push_back(AxisId::edge(i, j));
      out.push_back(AxisId::worldCrossEdge(i, j));
      out.push_back(AxisId::faceACrossEdge(i, j));
      out.push_back(AxisId::faceBCrossEdge(i, j));
      out.push_back(AxisId::edgeACrossEdgeB(i, j));
    }
  }
  return out;
}

TEST(AxisNames, EveryAxisHasItsOwnLabel) {
  std::set<std::string> seen;
  for (const AxisId a : everyAxis()) {
    const std::string l(label(a));
    EXPECT_FALSE(l.empty());
    EXPECT_TRUE(seen.insert(l).second) << l << " spelt twice";
    EXPECT_FALSE(axisKindName(a).empty()) << l;
  }
  EXPECT_EQ(seen.size(), 21u + 1u + 2u + 6u + 36u);
  EXPECT_EQ(label(AxisId{}), "");
  EXPECT_EQ(label(AxisId::edge(2, 1)), "A2xB1");
  EXPECT_EQ(label(AxisId::worldCrossSegment(2)), "Zxd");
  EXPECT_EQ(label(AxisId{AxisId::Kind::FaceA, 7, 0}), "") << "out of range is no label, not a crash";
  EXPECT_EQ(label(AxisId{AxisId::Kind::WorldCrossEdge, 0, 3}), "") << "edge 3 does not exist";
}

TEST(AxisNames, TriangleAxesAreSpeltAsInTheCode) {
  EXPECT_EQ(label(AxisId::triangleNormal()), "n");
  EXPECT_EQ(label(AxisId::worldCrossEdge(0, 0)), "Xxe0");
  EXPECT_EQ(label(AxisId::worldCrossEdge(2, 1)), "Zxe1");
  EXPECT_EQ(label(AxisId::faceACrossEdge(1, 2)), "A1xe2");
  EXPECT_EQ(label(AxisId::faceBCrossEdge(0, 1)), "B0xe1");
  EXPECT_EQ(label(AxisId::normalA()), "nA");
  EXPECT_EQ(label(AxisId::normalB()), "nB");
  EXPECT_EQ(label(AxisId::edgeACrossEdgeB(2, 0)), "eA2xeB0");
  EXPECT_EQ(label(AxisId::edgeNormalA(1)), "nAxeA1");
  EXPECT_EQ(label(AxisId::edgeNormalB(2)), "nBxeB2");
  EXPECT_EQ(axisKindName(AxisId::triangleNormal()), "triangle normal");
  EXPECT_EQ(label(TriangleRegion::EdgeBC), "bc");
  EXPECT_EQ(label(TriangleRegion::Face), "face");
  EXPECT_EQ(label(TriangleRegion::VertexA), "a");
  EXPECT_EQ(label(TriangleRegion::None), "");
}

TEST(AxisNames, SwappingRolesRenamesBoxAxesAndKeepsWorldAxes) {
  EXPECT_EQ(withRolesSwapped(AxisId::faceA(1)), AxisId::faceB(1));
  EXPECT_EQ(withRolesSwapped(AxisId::faceB(2)), AxisId::faceA(2));
  // Ai x Bj = -(Bj x Ai): with the roles exchanged that is "AjxBi" (the vector negated).
  EXPECT_EQ(withRolesSwapped(AxisId::edge(2, 0)), AxisId::edge(0, 2));
  EXPECT_EQ(withRolesSwapped(AxisId::world(1)), AxisId::world(1));
  EXPECT_EQ(withRolesSwapped(AxisId::worldCrossSegment(0)), AxisId::worldCrossSegment(0));
  // A box against a triangle: the box's letter changes, the triangle's own axes do not.
  EXPECT_EQ(withRolesSwapped(AxisId::faceACrossEdge(1, 2)), AxisId::faceBCrossEdge(1, 2));
  EXPECT_EQ(withRolesSwapped(AxisId::worldCrossEdge(1, 2)), AxisId::worldCrossEdge(1, 2));
  EXPECT_EQ(withRolesSwapped(AxisId::triangleNormal()), AxisId::triangleNormal());
  // Two triangles: A's and B's exchange.
  EXPECT_EQ(withRolesSwapped(AxisId::normalA()), AxisId::normalB());
  EXPECT_EQ(withRolesSwapped(AxisId::edgeACrossEdgeB(2, 0)), AxisId::edgeACrossEdgeB(0, 2));
  EXPECT_EQ(withRolesSwapped(AxisId::edgeNormalA(1)), AxisId::edgeNormalB(1));
  for (const AxisId a : everyAxis()) EXPECT_EQ(withRolesSwapped(withRolesSwapped(a)), a) << label(a);
}

TEST(AxisNames, SwappedRolesNameAnAxisOfTheOtherOrder) {
  // OBB-OBB run both ways: the separating axis (b, a) finds, renamed, is an axis that
  // separates (a, b) too, with the opposite vector (the first one found can differ: each
  // order tests its own A's faces first).
  const Obb a{{0, 0, 0}, glm::mat3(1.0f), {1, 1, 1}};
  Obb b{{2.5f, 2.5f, 0}, glm::mat3(1.0f), {1, 1, 1}};
  const float c = std::cos(0.6f), s = std::sin(0.6f);
  b.axes = glm::mat3(glm::vec3(c, s, 0), glm::vec3(-s, c, 0), glm::vec3(0, 0, 1));
  const SatResult ab = satObbObb(a, b);
  const SatResult ba = satObbObb(b, a);
  ASSERT_FALSE(ab.overlap);
  ASSERT_FALSE(ba.overlap);
  SatTrace full;
  satObbObb(a, b, full, SatOptions{SatMode::Full});
  const AxisId renamed = withRolesSwapped(ba.separating);
  bool found = false;
  for (const SatAxisRow& row : full.rows) {
    if (row.id != renamed) continue;
    found = true;
    EXPECT_TRUE(row.separating) << label(renamed);
    EXPECT_NEAR(glm::dot(row.axis, ba.separatingAxis), row.centerDistance > 0 ? -1.0f : 1.0f, 1e-5f);
  }
  EXPECT_TRUE(found) << label(renamed);
}

TEST(TestNames, EveryTestHasAName) {
  std::set<std::string> seen;
  for (int t = static_cast<int>(TestId::AabbAabb); t <= static_cast<int>(TestId::CircleSegment); ++t) {
    const std::string n(testName(static_cast<TestId>(t)));
    EXPECT_FALSE(n.empty()) << t;
    EXPECT_TRUE(seen.insert(n).second) << n;
  }
  EXPECT_EQ(testName(TestId::ObbObb), "OBB-OBB");
  EXPECT_EQ(testName(TestId::AabbTriangle), "AABB-triangle");
  EXPECT_EQ(testName(TestId::TriangleTriangle), "triangle-triangle");
}

}  // namespace
}  // namespace satlab
