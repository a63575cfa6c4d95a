// `satlab check --precision` on a scene (check/check_report.hpp, check/precision_report.hpp):
// every listed pair's verdicts in float, double, exact and at the origin, a pair that float
// decided flagged, and the expectation "exact": true.
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../document/scene_test_util.hpp"
#include "check_report_text.hpp"
#include "evaluation/pair_eval.hpp"

namespace satlab {
namespace {

// A ball 0.1 into a crate whose face, at 1e7 + 0.5, float cannot hold (the core computes
// 1e7 and calls them apart), and the same pair near the origin.
constexpr const char* kFar = R"({"version":1,"shapes":[
  {"name":"ball","type":"sphere","center":[10000002,0,0],"radius":1.6},
  {"name":"crate","type":"aabb","center":[10000000,0,0],"half_extents":[0.5,0.5,0.5]},
  {"name":"near_ball","type":"sphere","center":[2,5,0],"radius":1.6},
  {"name":"near_crate","type":"aabb","center":[0,5,0],"half_extents":[0.5,0.5,0.5]}]})";

TEST(PrecisionCheck, JsonGivesEveryListedPairItsVerdicts) {
  const Scene s = test::parse(kFar);
  CheckOptions o;
  o.json = true;
  o.allPairs = true;
  o.precision = true;
  const nlohmann::json j = nlohmann::json::parse(test::report(s, o));
  ASSERT_EQ(j["pairs"].size(), 6u);
  const nlohmann::json& far = j["pairs"][0];
  ASSERT_EQ(far["a"], "ball");
  ASSERT_EQ(far["b"], "crate");
  const nlohmann::json& p = far["precision"];
  EXPECT_EQ(p["float"], false);
  EXPECT_EQ(p["double"], true);
  EXPECT_EQ(p["exact"], true);
  EXPECT_EQ(p["at_origin"], true);
  EXPECT_NEAR(p["margin_ulps"].get<double>(), -0.1, 1e-6);
  EXPECT_EQ(p["spacing"], 1.0);
  const nlohmann::json& near = j["pairs"][5];
  ASSERT_EQ(near["a"], "near_ball");
  EXPECT_EQ(near["precision"]["float"], true);
  EXPECT_EQ(near["precision"]["exact"], true);
  EXPECT_EQ(j["summary"]["float_decided"], 1);
  // Without --precision nothing of it.
  o.precision = false;
  const nlohmann::json plain = nlohmann::json::parse(test::report(s, o));
  EXPECT_FALSE(plain["pairs"][0].contains("precision"));
  EXPECT_FALSE(plain["summary"].contains("float_decided"));
}

TEST(PrecisionCheck, TheTableFlagsWhatFloatDecided) {
  const Scene s = test::parse(kFar);
  CheckOptions o;
  o.allPairs = true;
  o.precision = true;
  const std::string t = test::report(s, o);
  EXPECT_NE(t.find("FLOAT DECIDED: float separated, exact overlap; double overlap, at the origin overlap; exact "
                   "margin -0.1 (-0.1 of the float spacing 1 here)"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("precision: 6 listed pairs through the lens, 1 decided by float"), std::string::npos) << t;
}

TEST(PrecisionCheck, AnExpectationCanRequireTheExactVerdict) {
  const Scene s = test::parse(std::string(kFar).insert(std::string(kFar).size() - 1,
                                                       R"(,"expect":[{"a":"ball","b":"crate","exact":true},
    {"a":"near_ball","b":"near_crate","exact":true}])"));
  ASSERT_EQ(s.expect.size(), 2u);
  EXPECT_TRUE(s.expect[0].exact);
  const std::vector<ExpectationMismatch> m = checkExpectations(s);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].index, 0u);
  EXPECT_EQ(m[0].message,
            "ball / crate: float decided the verdict: float separated, exact overlap (exact margin -0.1, -0.1 of the "
            "float spacing 1 there)");
  // A test without an exact formula cannot meet it.
  const Scene caps = test::parse(R"({"version":1,"shapes":[
    {"name":"c","type":"capsule","p0":[0,0,0],"p1":[0,2,0],"radius":0.5},
    {"name":"s","type":"sphere","center":[2,1,0],"radius":0.5}],
    "expect":[{"a":"c","b":"s","exact":true}]})");
  const std::vector<ExpectationMismatch> c = checkExpectations(caps);
  ASSERT_EQ(c.size(), 1u);
  EXPECT_NE(c[0].message.find("\"exact\" cannot be checked: capsule_sphere has no exact formula"), std::string::npos)
      << c[0].message;
}

}  // namespace
}  // namespace satlab
