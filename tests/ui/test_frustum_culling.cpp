// The second camera's state (ui/frustum_panel.hpp) without a window: what it reads from the
// scene, what it dims, how the sliders move it, and what a scripted run prints.
#include <gtest/gtest.h>

#include "document/scene_load.hpp"
#include "ui/frustum_panel.hpp"

namespace satlab {
namespace {

Scene sceneWith(const std::string& frustum) {
  SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [
      {"name": "in", "type": "aabb", "center": [0, 0, 1], "half_extents": [0.5, 0.5, 0.5]},
      {"name": "behind", "type": "aabb", "center": [0, -9, 1], "half_extents": [0.5, 0.5, 0.5]}],
      "frustum": )" + frustum + "}",
                                 "cam.json");
  EXPECT_TRUE(r.ok());
  return r.scene;
}

TEST(FrustumCulling, ASceneWithoutOneShowsNothing) {
  SceneLoadResult r = parseScene(R"({"version": 1, "shapes": []})", "x.json");
  FrustumCulling c;
  c.frame(r.scene, "x.json", {});
  EXPECT_FALSE(c.present());
  EXPECT_FALSE(c.active());
  EXPECT_EQ(c.report(r.scene), "");
}

TEST(FrustumCulling, CullsDimsAndTracesTheOneShapeSelected) {
  const Scene s = sceneWith(R"({"eye": [0, -6, 1], "target": [0, 0, 1], "far": 10})");
  FrustumCulling c;
  c.frame(s, "cam.json", {1});
  ASSERT_TRUE(c.active());
  EXPECT_FALSE(c.dims(0));
  EXPECT_TRUE(c.dims(1));  // behind the eye
  EXPECT_EQ(c.focus(), 1);
  EXPECT_EQ(c.trace().verdict, FrustumVerdict::Outside);
  c.dimCulled = false;
  EXPECT_FALSE(c.dims(1));
  EXPECT_NE(c.report(s).find("satlab: frustum: traced behind: planes outside"), std::string::npos) << c.report(s);
  // Two shapes selected: none is traced.
  c.frame(s, "cam.json", {0, 1});
  EXPECT_EQ(c.focus(), -1);
}

TEST(FrustumCulling, TheSlidersMoveTheCameraAndRefuseWhatCannotBeAFrustum) {
  const Scene s = sceneWith(R"({"eye": [0, -6, 1], "target": [0, 0, 1], "far": 20})");
  FrustumCulling c;
  c.frame(s, "cam.json", {});
  EXPECT_TRUE(c.dims(1));
  // Turned round to look from the other side (eye at y = +6): the box behind is in view.
  FrustumOrbit o = c.orbit();
  o.yawDeg = 90.0f;
  ASSERT_TRUE(c.setOrbit(o));
  c.frame(s, "cam.json", {});
  EXPECT_FALSE(c.dims(1));
  EXPECT_FALSE(c.setLens(60.0f, 2.0f, 1.0f));  // far before near
  EXPECT_EQ(c.spec()->farDist, 20.0f);
  ASSERT_TRUE(c.setLens(60.0f, 0.5f, 2.0f));
  // The moves are the view's: the same scene text keeps them, a reset reads the file again.
  c.frame(s, "cam.json", {});
  EXPECT_EQ(c.spec()->farDist, 2.0f);
  c.reset();
  c.frame(s, "cam.json", {});
  EXPECT_EQ(c.spec()->farDist, 20.0f);
}

TEST(FrustumCulling, ABrokenFrustumIsPresentWithItsError) {
  const Scene s = sceneWith(R"({"eye": [0, -6, 1], "target": [0, 0, 1], "near": -1})");
  FrustumCulling c;
  c.frame(s, "cam.json", {});
  EXPECT_TRUE(c.present());
  EXPECT_FALSE(c.active());
  EXPECT_EQ(c.error(), "cam.json: frustum.near: must be a number > 0 (got -1)");
  EXPECT_FALSE(c.dims(0));
  EXPECT_EQ(c.report(s), "satlab: frustum: none (cam.json: frustum.near: must be a number > 0 (got -1))\n");
}

}  // namespace
}  // namespace satlab
