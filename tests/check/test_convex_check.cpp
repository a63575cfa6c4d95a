// `satlab check` measures every pair of convex shapes by GJK and EPA beside its test
// (evaluation/convex_measure.hpp): a separated pair's "distance" and "closest" points (on the
// first and second shape as listed), an overlapping pair's "depth" and "normal", GJK's
// iterations; in a 2D scene in the plane; nothing of the kind for a mesh; the table shows
// the distance or the depth.
#include "check/check_report.hpp"

#include "../document/scene_test_util.hpp"
#include "check_report_text.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace satlab {
namespace {

using test::report;

nlohmann::json pairsOf(const char* sceneText) {
  CheckOptions o;
  o.json = true;
  o.allPairs = true;
  return nlohmann::json::parse(report(test::parse(sceneText), o)).at("pairs");
}

const nlohmann::json& pair(const nlohmann::json& pairs, const std::string& a, const std::string& b) {
  for (const auto& p : pairs)
    if (p.at("a") == a && p.at("b") == b) return p;
  static const nlohmann::json none;
  ADD_FAILURE() << "no pair " << a << " " << b;
  return none;
}

const char* kScene = R"({"version": 1, "shapes": [
  {"name": "box", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
  {"name": "turned", "type": "obb", "center": [3.5, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 0]},
  {"name": "deep", "type": "obb", "center": [0.5, 0.2, 0], "half_extents": [1, 1, 1]},
  {"name": "ball", "type": "sphere", "center": [0, 4, 0], "radius": 1},
  {"name": "stick", "type": "capsule", "p0": [-3, -3, 0], "p1": [-3, 3, 0], "radius": 0.5},
  {"name": "rock", "type": "mesh", "vertices": [[0, 0, 10], [1, 0, 10], [0, 1, 10]], "triangles": [[0, 1, 2]]}]})";

TEST(ConvexCheck, SeparatedPairsGetTheDistanceAndTheClosestPoints) {
  const nlohmann::json pairs = pairsOf(kScene);
  const auto& p = pair(pairs, "box", "turned");
  EXPECT_FALSE(p.at("overlap"));
  EXPECT_NEAR(p.at("distance").get<double>(), 1.5, 1e-6);
  EXPECT_NEAR(p.at("closest")[0][0].get<double>(), 1.0, 1e-6);  // on the first shape listed
  EXPECT_NEAR(p.at("closest")[1][0].get<double>(), 2.5, 1e-6);  // on the second
  EXPECT_GE(p.at("gjk").at("iterations").get<int>(), 1);
  EXPECT_EQ(p.at("gjk").at("end"), "distance converged");
  const auto& q = pair(pairs, "box", "ball");
  EXPECT_NEAR(q.at("distance").get<double>(), 2.0, 1e-6);
  EXPECT_NEAR(q.at("closest")[1][1].get<double>(), 3.0, 1e-6);
  const auto& c = pair(pairs, "box", "stick");
  EXPECT_NEAR(c.at("distance").get<double>(), 1.5, 1e-6);
  EXPECT_NEAR(c.at("closest")[1][0].get<double>(), -2.5, 1e-6);
}

TEST(ConvexCheck, OverlappingPairsGetTheDepthAndTheNormal) {
  const nlohmann::json pairs = pairsOf(kScene);
  const auto& p = pair(pairs, "box", "deep");
  EXPECT_TRUE(p.at("overlap"));
  EXPECT_NEAR(p.at("depth").get<double>(), 1.5, 1e-5);
  EXPECT_NEAR(p.at("normal")[0].get<double>(), 1.0, 1e-5);  // from the first shape to the second
  EXPECT_EQ(p.at("gjk").at("epa_end"), "depth converged");
  EXPECT_FALSE(p.contains("closest"));
}

TEST(ConvexCheck, AMeshIsNotMeasured) {
  const nlohmann::json pairs = pairsOf(kScene);
  const auto& p = pair(pairs, "box", "rock");
  EXPECT_FALSE(p.contains("gjk"));
  EXPECT_FALSE(p.contains("closest"));
}

TEST(ConvexCheck, ATwoDimensionalPairIsMeasuredInItsPlane) {
  const nlohmann::json pairs = pairsOf(R"({"version": 1, "view": "2d", "shapes": [
    {"name": "a", "type": "aabb", "center": [0, 0], "half_extents": [1, 1]},
    {"name": "b", "type": "aabb", "center": [1.5, 0.25], "half_extents": [1, 1]},
    {"name": "c", "type": "sphere", "center": [0, 3], "radius": 0.5}]})");
  const auto& p = pair(pairs, "a", "b");
  EXPECT_NEAR(p.at("depth").get<double>(), 0.5, 1e-5);  // across the plane, not through it
  EXPECT_NEAR(p.at("normal")[0].get<double>(), 1.0, 1e-5);
  EXPECT_EQ(p.at("normal")[2].get<double>(), 0.0);
  const auto& q = pair(pairs, "a", "c");
  EXPECT_NEAR(q.at("distance").get<double>(), 1.5, 1e-5);
  EXPECT_EQ(q.at("closest")[0][2].get<double>(), 0.0);
}

TEST(ConvexCheck, TheTableShowsTheDistanceOrTheDepth) {
  CheckOptions o;
  o.allPairs = true;
  const std::string text = report(test::parse(kScene), o);
  EXPECT_NE(text.find("separating axis A0, gap 1.5, distance 1.5"), std::string::npos) << text;
  EXPECT_NE(text.find("distance 2"), std::string::npos) << text;
}

}  // namespace
}  // namespace satlab
