// `satlab check --json` gives every overlapping pair's penetration a label naming what its
// depth is measured along: the SAT axis where the test names one ("A0", "nA", ...), else
// the line of centres, the line to the nearest point, the nearest face's normal, the line
// between the cores or EPA's normal (evaluation/pair_eval.hpp, kAlong*). One situation per
// pair type that reports a penetration; the table's text says the same.
#include "check/check_report.hpp"

#include "../document/scene_test_util.hpp"
#include "check_report_text.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <string>

namespace satlab {
namespace {

using test::report;

struct Situation {
  const char* name;  // the test's name: the pair type
  const char* view;  // "3d" or "2d"
  const char* a;     // the two shapes, named "a" and "b", overlapping
  const char* b;
  const char* test;   // the test that decides them (satlab check's code)
  const char* label;  // the penetration's label
};

void PrintTo(const Situation& s, std::ostream* os) { *os << s.name; }

class PenetrationLabel : public ::testing::TestWithParam<Situation> {};

std::string sceneText(const Situation& s) {
  return std::string(R"({"version": 1, "view": ")") + s.view + R"(", "shapes": [)" + s.a + ", " + s.b + "]}";
}

TEST_P(PenetrationLabel, NamesWhatTheDepthIsMeasuredAlong) {
  const Situation& s = GetParam();
  CheckOptions o;
  o.json = true;
  o.allPairs = true;
  const nlohmann::json j = nlohmann::json::parse(report(test::parse(sceneText(s).c_str()), o));
  ASSERT_EQ(j.at("pairs").size(), 1u) << j.dump(2);
  const nlohmann::json& p = j.at("pairs")[0];
  EXPECT_EQ(p.at("test"), s.test) << p.dump(2);
  ASSERT_TRUE(p.at("overlap").get<bool>()) << p.dump(2);
  ASSERT_TRUE(p.at("penetration").is_object()) << p.dump(2);
  EXPECT_EQ(p.at("penetration").at("label"), s.label) << p.dump(2);
  EXPECT_GT(p.at("penetration").at("depth").get<double>(), 0.0) << p.dump(2);
  // The table names it the same way, before the depth.
  const std::string text = report(test::parse(sceneText(s).c_str()), CheckOptions{});
  EXPECT_NE(text.find(std::string("penetration ") + s.label + " depth "), std::string::npos) << text;
}

constexpr const char* kBox = R"({"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]})";
constexpr const char* kTurnedBox =
    R"({"name": "a", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 30]})";
constexpr const char* kBall = R"({"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1})";
constexpr const char* kStick = R"({"name": "a", "type": "capsule", "p0": [0, -1, 0], "p1": [0, 1, 0], "radius": 0.5})";
constexpr const char* kHull =
    R"({"name": "a", "type": "hull", "points": [[-1, -1, -1], [1, -1, -1], [-1, 1, -1], [1, 1, -1], )"
    R"([-1, -1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, 1]]})";

INSTANTIATE_TEST_SUITE_P(
    EveryPairType, PenetrationLabel,
    ::testing::Values(
        // SAT: the axis of least penetration.
        Situation{"AabbAabb", "3d", kBox,
                  R"({"name": "b", "type": "aabb", "center": [1.5, 0, 0], "half_extents": [1, 1, 1]})", "sat_aabb_aabb",
                  "A0"},
        Situation{"AabbObb", "3d", kBox,
                  R"({"name": "b", "type": "obb", "center": [0, 0, 1.8], "half_extents": [1, 1, 1], )"
                  R"("euler_deg": [0, 0, 20]})",
                  "sat_aabb_obb", "A2"},
        Situation{"ObbObb", "3d", kTurnedBox,
                  R"({"name": "b", "type": "obb", "center": [0, 0, 1.8], "half_extents": [1, 1, 1], )"
                  R"("euler_deg": [0, 0, 10]})",
                  "sat_obb_obb", "A2"},
        Situation{"AabbTriangle", "3d", kBox,
                  R"({"name": "b", "type": "triangle", "points": [[-3, -3, 0.8], [3, -3, 0.8], [0, 3, 0.8]]})",
                  "sat_aabb_triangle", "Yxe0"},  // the triangle's normal, met first as Y x its edge 0
        Situation{"TriangleTriangle", "3d",
                  R"({"name": "a", "type": "triangle", "points": [[-2, -2, 0], [2, -2, 0], [0, 2, 0]]})",
                  R"({"name": "b", "type": "triangle", "points": [[0, 0, -1], [0, 0, 1], [0, 3, 0.2]]})",
                  "sat_triangle_triangle", "eA1xeB0"},
        Situation{"RectRect2d", "2d", R"({"name": "a", "type": "aabb", "center": [0, 0], "half_extents": [1, 1]})",
                  R"({"name": "b", "type": "aabb", "center": [0, 1.5], "half_extents": [1, 1]})", "sat2d_rect_rect",
                  "A1"},
        // Spheres and circles: the line of centres.
        Situation{"SphereSphere", "3d", kBall, R"({"name": "b", "type": "sphere", "center": [1.5, 0, 0], "radius": 1})",
                  "sphere_sphere", "centres"},
        Situation{"CircleCircle2d", "2d", R"({"name": "a", "type": "sphere", "center": [0, 0], "radius": 1})",
                  R"({"name": "b", "type": "sphere", "center": [0, 1.5], "radius": 1})", "circle_circle_2d", "centres"},
        // A sphere against a box: to the box's nearest point, or out through its nearest face
        // when the centre is inside.
        Situation{"SphereAabb", "3d", kBall,
                  R"({"name": "b", "type": "aabb", "center": [1.5, 0, 0], "half_extents": [1, 1, 1]})",
                  "arvo_sphere_aabb", "nearest point"},
        Situation{"SphereAabbCentreInside", "3d", kBall,
                  R"({"name": "b", "type": "aabb", "center": [0.5, 0, 0], "half_extents": [1, 1, 1]})",
                  "arvo_sphere_aabb", "nearest face"},
        Situation{"SphereObb", "3d", kBall,
                  R"({"name": "b", "type": "obb", "center": [1.5, 0, 0], "half_extents": [1, 1, 1], )"
                  R"("euler_deg": [0, 0, 30]})",
                  "arvo_sphere_obb", "nearest point"},
        Situation{"CircleRect2d", "2d", R"({"name": "a", "type": "sphere", "center": [0, 0], "radius": 1})",
                  R"({"name": "b", "type": "aabb", "center": [1.5, 0], "half_extents": [1, 1]})", "arvo2d_circle_rect",
                  "nearest point"},
        Situation{"CircleOrientedRect2d", "2d", R"({"name": "a", "type": "sphere", "center": [0, 0], "radius": 1})",
                  R"({"name": "b", "type": "obb", "center": [1.5, 0], "half_extents": [1, 1], "angle_deg": 30})",
                  "arvo2d_circle_orect", "nearest point"},
        // A sphere against a triangle: to its nearest point, or along its normal with the
        // centre in its plane.
        Situation{"SphereTriangle", "3d", kBall,
                  R"({"name": "b", "type": "triangle", "points": [[-3, -3, 0.5], [3, -3, 0.5], [0, 3, 0.5]]})",
                  "closest_sphere_triangle", "nearest point"},
        Situation{"SphereTriangleCentreOnIt", "3d", kBall,
                  R"({"name": "b", "type": "triangle", "points": [[-3, -3, 0], [3, -3, 0], [0, 3, 0]]})",
                  "closest_sphere_triangle", "n"},
        // Capsules: the line between the closest points of the cores (cores that meet give
        // no penetration to label).
        Situation{"CapsuleSphere", "3d", kStick, R"({"name": "b", "type": "sphere", "center": [1, 0, 0], "radius": 1})",
                  "capsule_sphere", "cores"},
        Situation{"CapsuleCapsule", "3d", kStick,
                  R"({"name": "b", "type": "capsule", "p0": [0.8, 0, -1], "p1": [0.8, 0, 1], "radius": 0.5})",
                  "capsule_capsule", "cores"},
        Situation{"CapsuleSegment", "3d", kStick,
                  R"({"name": "b", "type": "segment", "p0": [0.3, 0, -1], "p1": [0.3, 0, 1]})", "capsule_segment",
                  "cores"},
        Situation{"CapsuleAabb", "3d", kStick,
                  R"({"name": "b", "type": "aabb", "center": [1.2, 0, 0], "half_extents": [1, 1, 1]})", "capsule_aabb",
                  "cores"},
        Situation{"CapsuleObb", "3d", kStick,
                  R"({"name": "b", "type": "obb", "center": [1.6, 0, 0], "half_extents": [1, 1, 1], )"
                  R"("euler_deg": [0, 0, 30]})",
                  "capsule_obb", "cores"},
        Situation{"CapsuleTriangle", "3d", kStick,
                  R"({"name": "b", "type": "triangle", "points": [[0.3, -3, -3], [0.3, 3, -3], [0.3, 0, 3]]})",
                  "capsule_triangle", "cores"},
        // Hulls: GJK and EPA, along EPA's normal.
        Situation{"HullHull", "3d", kHull,
                  R"({"name": "b", "type": "hull", "center": [1.5, 0.2, 0.1], "points": [[-1, -1, -1], )"
                  R"([1, -1, -1], [-1, 1, -1], [1, 1, -1], [-1, -1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, 1]]})",
                  "gjk_hull_hull", "EPA normal"},
        Situation{"HullSphere", "3d", kHull, R"({"name": "b", "type": "sphere", "center": [1.5, 0, 0], "radius": 1})",
                  "gjk_hull_sphere", "EPA normal"},
        Situation{"HullCapsule", "3d", kHull,
                  R"({"name": "b", "type": "capsule", "p0": [1.2, -1, 0], "p1": [1.2, 1, 0], "radius": 0.5})",
                  "gjk_hull_capsule", "EPA normal"},
        Situation{"HullAabb", "3d", kHull,
                  R"({"name": "b", "type": "aabb", "center": [1.5, 0.2, 0.1], "half_extents": [1, 1, 1]})",
                  "gjk_hull_aabb", "EPA normal"}),
    [](const ::testing::TestParamInfo<Situation>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace satlab
