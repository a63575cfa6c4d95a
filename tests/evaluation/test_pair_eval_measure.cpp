// The numbers that come with a verdict: the gap along a separating axis, the penetration
// depth of every overlapping pair that has one, measured without the SAT epsilon (which
// guards the verdict, not the measurement), and never NaN or infinite.
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"

#include "../document/scene_test_util.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <chrono>
#include <cmath>

namespace satlab::test {
namespace {

std::string scene2(const std::string& a, const std::string& b, const char* view = "3d") {
  return std::string(R"({"version":1,"view":")") + view + R"(","shapes":[)" + a + "," + b + "]}";
}

TEST(PairEvalMeasure, BoxDepthIsTheProjectionOverlapWithoutTheEpsilon) {
  // Two unit boxes with the same centre overlap by exactly 2 on every axis. The AABB-OBB
  // and OBB-OBB tests inflate |R| by 1e-6, which made the reported depth 2.000003.
  const char* aabb = R"({"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})";
  for (const char* other :
       {R"({"name":"b","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})",
        R"({"name":"b","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]})"}) {
    const PairResult r = evaluatePair(parse(scene2(aabb, other)), 0, 1);
    ASSERT_TRUE(r.overlap) << r.code;
    ASSERT_TRUE(r.penetration) << r.code;
    EXPECT_EQ(r.penetration->depth, 2.0f) << r.code;
  }
  const PairResult oo = evaluatePair(
      parse(scene2(R"({"name":"a","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]})",
                   R"({"name":"b","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]})")),
      0, 1);
  ASSERT_TRUE(oo.penetration);
  EXPECT_EQ(oo.penetration->depth, 2.0f);
}

TEST(PairEvalMeasure, TouchingRotatedBoxesReportDepthZero) {
  // Two boxes turned 30 degrees about Z, side by side along their own X: touching on a
  // face, depth 0. With the epsilon in the measurement this read about 4e-6.
  Scene s;
  const glm::mat3 axes(glm::rotate(glm::mat4(1.0f), glm::radians(30.0f), glm::vec3(0, 0, 1)));
  SceneShape a, b;
  a.name = "a";
  b.name = "b";
  a.geometry = Obb{glm::vec3(0.0f), axes, glm::vec3(1.0f, 0.5f, 0.5f)};
  b.geometry = Obb{axes[0] * 2.0f, axes, glm::vec3(1.0f, 0.5f, 0.5f)};
  s.shapes = {a, b};
  const PairResult r = evaluatePair(s, 0, 1);
  ASSERT_TRUE(r.overlap);
  ASSERT_TRUE(r.penetration);
  EXPECT_LT(r.penetration->depth, 5e-7f);
  EXPECT_GE(r.penetration->depth, 0.0f);
}

TEST(PairEvalMeasure, SeparatedSatPairsGiveTheGapAlongTheirAxis) {
  const PairResult aa =
      evaluatePair(parse(scene2(R"({"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})",
                                R"({"name":"b","type":"aabb","center":[2.5,0,0],"half_extents":[1,1,1]})")),
                   0, 1);
  ASSERT_TRUE(aa.separatingAxis);
  EXPECT_EQ(std::string(label(aa.separatingAxis->id)), "A0");
  EXPECT_NEAR(aa.separatingAxis->gap, 0.5f, 1e-6f);
  // An OBB turned 45 degrees about Z whose corner points at the box: the gap along X is
  // 3 - 1 - sqrt(2) * 1.
  const PairResult ao = evaluatePair(
      parse(scene2(R"({"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})",
                   R"({"name":"b","type":"obb","center":[3,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,45]})")),
      0, 1);
  ASSERT_TRUE(ao.separatingAxis);
  EXPECT_EQ(std::string(label(ao.separatingAxis->id)), "A0");
  EXPECT_NEAR(ao.separatingAxis->gap, 2.0f - std::sqrt(2.0f), 1e-5f);
  // 2D: two rectangles 0.25 apart along Y.
  const PairResult rr =
      evaluatePair(parse(scene2(R"({"name":"a","type":"aabb","center":[0,0],"half_extents":[1,1]})",
                                R"({"name":"b","type":"aabb","center":[0,2.25],"half_extents":[1,1]})", "2d")),
                   0, 1);
  ASSERT_TRUE(rr.separatingAxis);
  EXPECT_NEAR(rr.separatingAxis->gap, 0.25f, 1e-6f);
  // AABB and a segment that misses it: the SAT axis's gap.
  const PairResult as =
      evaluatePair(parse(scene2(R"({"name":"a","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})",
                                R"({"name":"g","type":"segment","p0":[-3,1.5,0],"p1":[3,1.5,0]})")),
                   0, 1);
  ASSERT_TRUE(as.separatingAxis);
  EXPECT_EQ(std::string(label(as.separatingAxis->id)), "Y");
  EXPECT_NEAR(as.separatingAxis->gap, 0.5f, 1e-6f);
}

TEST(PairEvalMeasure, SpheresAndCirclesGivePenetrationDepth) {
  const char* p = R"({"name":"p","type":"sphere","center":[0,0,0],"radius":1})";
  const char* q = R"({"name":"q","type":"sphere","center":[1.5,0,0],"radius":1})";
  for (const char* view : {"3d", "2d"}) {
    const PairResult r = evaluatePair(parse(scene2(p, q, view)), 0, 1);
    ASSERT_TRUE(r.overlap) << view;
    ASSERT_TRUE(r.penetration) << view;
    EXPECT_EQ(r.penetration->depth, 0.5f) << view;
    EXPECT_NEAR(r.penetration->axis.x, 1.0f, 1e-6f) << view;
    ASSERT_TRUE(r.distance);
    EXPECT_EQ(*r.distance, 0.0f);
  }
}

TEST(PairEvalMeasure, SphereBoxPenetrationOutsideAndInside) {
  const char* box = R"({"name":"box","type":"aabb","center":[0,0,0],"half_extents":[1,1,1]})";
  const char* tilted = R"({"name":"box","type":"obb","center":[0,0,0],"half_extents":[1,1,1],"euler_deg":[0,0,0]})";
  for (const char* b : {box, tilted}) {
    for (const char* view : {"3d", "2d"}) {
      // Centre outside, 0.5 from the +X face, radius 1: r - distance = 0.5. The box comes
      // first, so the axis points from the box to the sphere: +X.
      const PairResult out =
          evaluatePair(parse(scene2(b, R"({"name":"s","type":"sphere","center":[1.5,0,0],"radius":1})", view)), 0, 1);
      ASSERT_TRUE(out.overlap) << out.code;
      ASSERT_TRUE(out.penetration) << out.code;
      EXPECT_NEAR(out.penetration->depth, 0.5f, 1e-6f) << out.code;
      EXPECT_NEAR(out.penetration->axis.x, 1.0f, 1e-6f) << out.code;
      // Centre inside, 0.2 below the +X face, radius 0.5: r + 0.2 through that face.
      const PairResult in = evaluatePair(
          parse(scene2(b, R"({"name":"s","type":"sphere","center":[0.8,0.1,0],"radius":0.5})", view)), 0, 1);
      ASSERT_TRUE(in.penetration) << in.code;
      EXPECT_NEAR(in.penetration->depth, 0.7f, 1e-6f) << in.code;
      EXPECT_NEAR(in.penetration->axis.x, 1.0f, 1e-6f) << in.code;
      // Sphere first: the same axis reversed.
      const PairResult rev = evaluatePair(
          parse(scene2(R"({"name":"s","type":"sphere","center":[0.8,0.1,0],"radius":0.5})", b, view)), 0, 1);
      ASSERT_TRUE(rev.penetration) << rev.code;
      EXPECT_NEAR(rev.penetration->axis.x, -1.0f, 1e-6f) << rev.code;
      // Separated: the gap to the surface.
      const PairResult gap =
          evaluatePair(parse(scene2(b, R"({"name":"s","type":"sphere","center":[3,0,0],"radius":1})", view)), 0, 1);
      EXPECT_FALSE(gap.overlap);
      EXPECT_FALSE(gap.penetration);
      ASSERT_TRUE(gap.distance);
      EXPECT_NEAR(*gap.distance, 1.0f, 1e-6f);
    }
  }
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

void expectFinite(const PairResult& r) {
  if (r.separatingAxis) {
    EXPECT_TRUE(finite(r.separatingAxis->axis)) << r.code;
    EXPECT_TRUE(std::isfinite(r.separatingAxis->gap)) << r.code;
  }
  if (r.penetration) {
    EXPECT_TRUE(finite(r.penetration->axis)) << r.code;
    EXPECT_TRUE(std::isfinite(r.penetration->depth)) << r.code;
  }
  for (const auto& f : {r.tEnter, r.tExit, r.distance}) {
    if (f) {
      EXPECT_TRUE(std::isfinite(*f)) << r.code;
    }
  }
  for (const auto& v : {r.closestPoint, r.closestOnA, r.closestOnB}) {
    if (v) {
      EXPECT_TRUE(finite(*v)) << r.code;
    }
  }
}

TEST(PairEvalMeasure, ExtremeShapesGiveOnlyFiniteNumbers) {
  // Beyond what the loader accepts (built directly): sizes near the float range, where
  // the core's float arithmetic overflows. Whatever the verdict, no number is NaN or inf.
  const float sizes[] = {1e-30f, 1e19f, 3e38f};
  for (const float big : sizes) {
    Scene s;
    auto add = [&](const char* name, ShapeGeometry g) {
      SceneShape sh;
      sh.name = name;
      sh.geometry = g;
      s.shapes.push_back(sh);
    };
    add("a", Aabb{glm::vec3(0.0f), glm::vec3(big)});
    add("o", Obb{glm::vec3(big), glm::mat3(glm::rotate(glm::mat4(1.0f), 0.5f, glm::vec3(1, 2, 3))), glm::vec3(big)});
    add("s", Sphere{glm::vec3(-big * 10.0f, 0.0f, 0.0f), big});
    add("t", Sphere{glm::vec3(big * 10.0f, 0.0f, 0.0f), big});
    add("g", Segment{glm::vec3(-big), glm::vec3(big, big * 0.5f, 0.0f)});
    add("h", Segment{glm::vec3(-big, -big + big * 10.0f, 0.0f), glm::vec3(big, big * 10.5f, 0.0f)});
    for (const ViewMode view : {ViewMode::ThreeD, ViewMode::TwoD}) {
      s.view = view;
      for (size_t i = 0; i < s.shapes.size(); ++i) {
        for (size_t j = i + 1; j < s.shapes.size(); ++j) expectFinite(evaluatePair(s, i, j));
      }
    }
  }
}

TEST(PairEvalMeasure, ExpectationsAreMatchedByNameInLinearTime) {
  // 30,000 shapes and 100,000 expectations: names are looked up in a hash map. Matched by
  // a linear search this took about 19 s; now well under a second (the bound is loose).
  Scene s;
  const size_t n = 30000;
  for (size_t i = 0; i < n; ++i) {
    SceneShape sh;
    sh.name = "s_" + std::to_string(i);
    sh.geometry = Sphere{glm::vec3(static_cast<float>(i) * 3.0f, 0.0f, 0.0f), 1.0f};
    s.shapes.push_back(sh);
  }
  for (size_t e = 0; e < 100000; ++e) {
    const size_t a = (e * 7919) % n, b = (a + 1 + e % 5) % n;
    s.expect.push_back(Expectation{s.shapes[a].name, s.shapes[b].name, false, std::nullopt, std::nullopt});
  }
  s.expect[42].overlap = true;  // wrong on purpose
  s.expect[77].b = "nobody";    // a missing shape
  const auto start = std::chrono::steady_clock::now();
  const std::vector<ExpectationMismatch> m = checkExpectations(s);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].index, 42u);
  EXPECT_EQ(m[1].index, 77u);
  EXPECT_NE(m[1].message.find("no shape called 'nobody'"), std::string::npos) << m[1].message;
  EXPECT_LT(seconds, 5.0);
}

}  // namespace
}  // namespace satlab::test
