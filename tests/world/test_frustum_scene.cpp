// A scene's second camera ("frustum", scene_frustum.hpp) and what it culls (frustum_cull.hpp).
#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

#include "../document/scene_test_util.hpp"
#include "document/scene_save.hpp"
#include "world/frustum_cull.hpp"
#include "world/scene_frustum.hpp"

namespace satlab {
namespace {

using test::parse;

Scene withFrustum(const std::string& frustumJson) {
  return parse(R"({"version": 1, "shapes": [{"name": "A", "type": "aabb", "center": [0, 0, 0],
                   "half_extents": [1, 1, 1]}], "frustum": )" +
               frustumJson + "}");
}

std::string errorOf(const std::string& frustumJson) {
  std::string error;
  EXPECT_FALSE(frustumSpecOf(withFrustum(frustumJson), "cam.json", error).has_value()) << frustumJson;
  return error;
}

TEST(SceneFrustum, ASceneWithoutOneHasNone) {
  std::string error = "stale";
  EXPECT_FALSE(frustumSpecOf(parse(R"({"version": 1, "shapes": []})"), "x.json", error).has_value());
  EXPECT_TRUE(error.empty());
}

TEST(SceneFrustum, EyeAndTargetAreEnoughTheRestHasDefaults) {
  std::string error;
  const auto s = frustumSpecOf(withFrustum(R"({"eye": [0, -8, 2], "target": [0, 0, 0]})"), "cam.json", error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->eye, glm::vec3(0, -8, 2));
  EXPECT_EQ(s->up, glm::vec3(0, 0, 1));
  EXPECT_EQ(s->fovDeg, 60.0f);
  EXPECT_EQ(s->nearDist, 0.5f);
  EXPECT_EQ(s->farDist, 20.0f);
}

TEST(SceneFrustum, EveryMemberIsRead) {
  std::string error;
  const auto s = frustumSpecOf(withFrustum(R"({"eye": [1, 2, 3], "target": [4, 5, 6], "up": [0, 1, 0],
                                               "fov_deg": 45, "aspect": 1.5, "near": 0.25, "far": 40})"),
                               "cam.json", error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->target, glm::vec3(4, 5, 6));
  EXPECT_EQ(s->up, glm::vec3(0, 1, 0));
  EXPECT_EQ(s->fovDeg, 45.0f);
  EXPECT_EQ(s->aspect, 1.5f);
  EXPECT_EQ(s->nearDist, 0.25f);
  EXPECT_EQ(s->farDist, 40.0f);
}

TEST(SceneFrustum, ErrorsNameTheFileTheFieldAndTheReason) {
  EXPECT_EQ(errorOf(R"({"target": [0, 0, 0]})"), "cam.json: frustum.eye: is required");
  EXPECT_EQ(errorOf(R"({"eye": [0, 0], "target": [0, 0, 0]})"),
            "cam.json: frustum.eye: must be an array of 3 numbers (got [0,0])");
  EXPECT_EQ(errorOf(R"({"eye": [0, 0, 5], "target": [0, "x", 0]})"),
            "cam.json: frustum.target[1]: must be a number (got \"x\")");
  EXPECT_EQ(errorOf(R"({"eye": [0, -5, 1], "target": [0, 0, 0], "fov_deg": 200})"),
            "cam.json: frustum.fov_deg: must be a number from 1 to 179 (got 200)");
  EXPECT_EQ(errorOf(R"({"eye": [0, -5, 1], "target": [0, 0, 0], "near": 0})"),
            "cam.json: frustum.near: must be a number > 0 (got 0)");
  EXPECT_EQ(errorOf(R"({"eye": [0, -5, 1], "target": [0, 0, 0], "near": 2, "far": 1})"),
            "cam.json: frustum.far: must be a number > near (got 1)");
  EXPECT_EQ(errorOf(R"({"eye": [0, -5, 1], "target": [0, 0, 0], "aspect": -1})"),
            "cam.json: frustum.aspect: must be a number from 0.05 to 20 (got -1)");
  EXPECT_EQ(errorOf(R"({"eye": [0, 0, 5], "target": [0, 0, 5]})"),
            "cam.json: frustum.target: must differ from frustum.eye");
  // Looking straight down with the default up (+Z).
  EXPECT_EQ(errorOf(R"({"eye": [0, 0, 5], "target": [0, 0, 0]})"),
            "cam.json: frustum.up: must not be parallel to target - eye");
  EXPECT_EQ(errorOf(R"({"eye": [1, 0, 5], "target": [0, 0, 0], "fov": 50})"),
            "cam.json: frustum.fov: unknown member (expected eye, target, up, fov_deg, aspect, near or far)");
  EXPECT_EQ(errorOf(R"([1, 2])"), "cam.json: frustum: must be an object (got [1,2])");
}

TEST(SceneFrustum, ItIsKeptWhenTheSceneIsSaved) {
  const Scene scene = withFrustum(R"({"eye": [0, -8, 2], "target": [0, 0, 0], "fov_deg": 40})");
  test::TempDir dir;
  ASSERT_FALSE(saveScene(scene, dir.file("s.json")).has_value());
  const SceneLoadResult again = loadScene(dir.file("s.json"));
  ASSERT_TRUE(again.ok());
  std::string error;
  const auto s = frustumSpecOf(again.scene, "s.json", error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->fovDeg, 40.0f);
}

TEST(SceneFrustum, TheOrbitSlidersMoveTheEyeAroundTheTarget) {
  FrustumSpec s;
  s.target = glm::vec3(1, 2, 0);
  s.eye = glm::vec3(1, -8, 0);  // 10 along -Y: yaw -90, pitch 0
  const FrustumOrbit o = orbitOf(s);
  EXPECT_NEAR(o.yawDeg, -90.0f, 1e-4f);
  EXPECT_NEAR(o.pitchDeg, 0.0f, 1e-4f);
  EXPECT_NEAR(o.distance, 10.0f, 1e-4f);
  const FrustumSpec up = withOrbit(s, FrustumOrbit{0.0f, 30.0f, 4.0f});
  EXPECT_NEAR(up.eye.x, 1.0f + 4.0f * std::cos(glm::radians(30.0f)), 1e-4f);
  EXPECT_NEAR(up.eye.z, 2.0f, 1e-4f);
  EXPECT_EQ(up.target, s.target);
  const FrustumOrbit back = orbitOf(up);
  EXPECT_NEAR(back.yawDeg, 0.0f, 1e-3f);
  EXPECT_NEAR(back.pitchDeg, 30.0f, 1e-3f);
}

TEST(FrustumCullScene, BoxesAreTestedAsThemselvesOtherShapesByTheirBounds) {
  // The camera at (0, -10, 0) looks along +Y; 60 degrees high and square; near 1, far 20.
  const Scene scene = parse(R"({"version": 1, "shapes": [
      {"name": "in", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "behind", "type": "obb", "center": [0, -14, 0], "half_extents": [1, 1, 1]},
      {"name": "corner", "type": "aabb", "center": [-12.3, 10.45, 0], "half_extents": [0.5, 0.5, 0.5]},
      {"name": "ball", "type": "sphere", "center": [0, 30, 0], "radius": 1}],
    "frustum": {"eye": [0, -10, 0], "target": [0, 0, 0], "fov_deg": 60, "aspect": 1, "near": 1, "far": 20}})");
  std::string error;
  const auto spec = frustumSpecOf(scene, "x.json", error);
  ASSERT_TRUE(spec.has_value()) << error;
  const SceneCull c = cullScene(scene, frustumOf(*spec));
  ASSERT_EQ(c.shapes.size(), 4u);
  EXPECT_EQ(c.shapes[0].planes, FrustumVerdict::Inside);
  EXPECT_FALSE(c.shapes[0].culled());
  EXPECT_EQ(c.shapes[1].planes, FrustumVerdict::Outside);
  EXPECT_TRUE(c.shapes[1].culled());
  // Beyond the far-left edge: the plane test keeps it, SAT culls it.
  EXPECT_EQ(c.shapes[2].planes, FrustumVerdict::Intersecting);
  EXPECT_TRUE(c.shapes[2].falsePositive());
  EXPECT_TRUE(c.shapes[3].byBounds);
  EXPECT_TRUE(c.shapes[3].culled());
  EXPECT_EQ(c.counts.shapes, 4);
  EXPECT_EQ(c.counts.inside, 1);
  EXPECT_EQ(c.counts.intersecting, 1);
  EXPECT_EQ(c.counts.culledByPlanes, 2);
  EXPECT_EQ(c.counts.culledBySat, 3);
  EXPECT_EQ(c.counts.falsePositives, 1);
  // The traced test gives the same verdicts, with rows.
  FrustumTrace t;
  const ShapeCull traced = traceShapeCull(scene.shapes[2], frustumOf(*spec), t);
  EXPECT_EQ(traced.planes, c.shapes[2].planes);
  EXPECT_EQ(t.planes.size(), 6u);
  EXPECT_GE(t.separatingRow, 0);
}

}  // namespace
}  // namespace satlab

namespace satlab {
namespace {

TEST(FrustumCullScene, TheShortcutOfTheUntracedPassGivesWhatBothTestsGive) {
  // cullScene skips SAT where the plane test already knows (Inside or Outside); the traced
  // pass runs both. They agree on every shape of a crowd around the frustum.
  Scene scene;
  std::uint32_t x = 12345;
  auto next = [&]() {
    x = x * 1664525u + 1013904223u;
    return static_cast<float>(x >> 8) / static_cast<float>(1u << 24) * 24.0f - 12.0f;
  };
  for (int i = 0; i < 600; ++i) {
    SceneShape s;
    s.name = "s" + std::to_string(i);
    const glm::vec3 c(next(), next(), next() * 0.5f);
    if (i % 2 == 0) {
      s.geometry = Aabb{c, glm::vec3(0.6f, 0.4f, 0.5f)};
    } else {
      const glm::mat3 r = glm::mat3(glm::rotate(glm::mat4(1.0f), next(), glm::normalize(glm::vec3(1, 2, 3))));
      s.geometry = Obb{c, r, glm::vec3(0.8f, 0.3f, 0.2f)};
    }
    scene.shapes.push_back(s);
  }
  FrustumSpec spec;
  spec.eye = glm::vec3(1, -9, 2);
  spec.target = glm::vec3(0, 0, 0);
  spec.farDist = 16.0f;
  const Frustum f = frustumOf(spec);
  const SceneCull c = cullScene(scene, f);
  int intersecting = 0;
  for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
    FrustumTrace t;
    const ShapeCull both = traceShapeCull(scene.shapes[i], f, t);
    ASSERT_EQ(c.shapes[i].planes, both.planes) << i;
    ASSERT_EQ(c.shapes[i].satOverlap, both.satOverlap) << i;
    intersecting += both.planes == FrustumVerdict::Intersecting ? 1 : 0;
  }
  EXPECT_GT(c.counts.inside, 0);
  EXPECT_GT(c.counts.culledByPlanes, 0);
  EXPECT_GT(intersecting, 0);
}

}  // namespace
}  // namespace satlab
