// The view at the edges of the float range: the camera frames anything from 1e-30 to 1e38
// across, every matrix stays finite whatever its fields say, and world -> pixel mapping
// never hands out NaN or infinity (it says "cannot place" instead). No display needed.
#include "render/camera.hpp"
#include "render/label_layout.hpp"
#include "render/line_batch.hpp"
#include "render/view_setup.hpp"
#include "render/wire_shapes.hpp"
#include "ui/picking.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <limits>
#include <string>

namespace satlab::test {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
const glm::vec2 kViewport(1280.0f, 720.0f);

bool finiteMatrix(const glm::mat4& m) {
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      if (!std::isfinite(m[i][j])) return false;
    }
  }
  return true;
}

std::string describe(const OrbitCamera& c) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "distance %g target (%g, %g, %g) yaw %g pitch %g", double(c.distance),
                double(c.target.x), double(c.target.y), double(c.target.z), double(c.yawDeg), double(c.pitchDeg));
  return buf;
}

/// The pixel rectangle of the box [lo, hi]'s eight corners; false when any corner cannot be
/// placed.
bool cornersOnScreen(const glm::mat4& viewProj, const glm::vec3& lo, const glm::vec3& hi, glm::vec2& minPx,
                     glm::vec2& maxPx) {
  minPx = glm::vec2(std::numeric_limits<float>::max());
  maxPx = -minPx;
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 p((i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z);
    glm::vec2 px;
    if (!projectToPixel(viewProj, kViewport, p, px)) return false;
    if (!std::isfinite(px.x) || !std::isfinite(px.y)) return false;
    minPx = glm::min(minPx, px);
    maxPx = glm::max(maxPx, px);
  }
  return true;
}

// ---- The rewritten matrices are glm's in the ordinary range ------------------------------

TEST(CameraMatrices, MatchGlmLookAtPerspectiveAndOrthoInTheOrdinaryRange) {
  for (float distance : {0.5f, 3.0f, 10.0f, 250.0f}) {
    for (bool ortho : {false, true}) {
      OrbitCamera c;
      c.distance = distance;
      c.target = {1.0f, -2.0f, 0.5f};
      c.yawDeg = 37.0f;
      c.pitchDeg = -12.0f;
      c.orthographic = ortho;
      const glm::mat4 view = glm::lookAt(c.eye(), c.target, glm::vec3(0, 0, 1));
      const float nearZ = distance * 1e-3f, farZ = distance * 100.0f + std::min(100.0f, distance * 1000.0f);
      const float h = distance * std::tan(glm::radians(c.fovYDeg) * 0.5f);
      const glm::mat4 proj = ortho ? glm::ortho(-h * 1.5f, h * 1.5f, -h, h, -farZ, farZ)
                                   : glm::perspective(glm::radians(c.fovYDeg), 1.5f, nearZ, farZ);
      const glm::mat4 v = c.view(), p = c.projection(1.5f);
      for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
          EXPECT_NEAR(v[i][j], view[i][j], 1e-5f * std::max(1.0f, std::abs(view[i][j]))) << distance << " " << i << j;
          EXPECT_NEAR(p[i][j], proj[i][j], 1e-5f * std::max(1.0f, std::abs(proj[i][j]))) << distance << " " << i << j;
        }
      }
    }
  }
}

// ---- Framing from 1e-30 to 1e38 -------------------------------------------------------------

struct FramingCase {
  ViewMode mode;
  bool orthographic;
};

class Framing : public ::testing::TestWithParam<FramingCase> {};

TEST_P(Framing, EveryBoxFrom1em30To1e30AcrossFillsTheViewWithFinitePixels) {
  const FramingCase fc = GetParam();
  for (int e = -30; e <= 30; e += 3) {
    const float half = std::pow(10.0f, static_cast<float>(e));
    ASSERT_TRUE(std::isfinite(half) && half > 0.0f) << e;
    const glm::vec3 lo(-half, -half * 0.5f, -half * 0.25f), hi(half, half * 0.5f, half * 0.25f);
    OrbitCamera cam;
    cam.orthographic = fc.orthographic;
    if (fc.mode == ViewMode::TwoD) cam.pitchDeg = 89.999f;
    cam.frame(lo, hi, kViewport.x / kViewport.y);
    const ViewSetup v = makeViewSetup(cam, fc.mode, kViewport.x / kViewport.y);
    ASSERT_TRUE(finiteMatrix(v.viewProj)) << "1e" << e << ": " << describe(cam);
    glm::vec2 minPx, maxPx;
    ASSERT_TRUE(cornersOnScreen(v.viewProj, lo, hi, minPx, maxPx)) << "1e" << e << ": " << describe(cam);
    // Inside the view (a pixel of slack), and not a dot: at least a fifth of the height or
    // the width.
    EXPECT_GE(minPx.x, -1.0f) << "1e" << e;
    EXPECT_GE(minPx.y, -1.0f) << "1e" << e;
    EXPECT_LE(maxPx.x, kViewport.x + 1.0f) << "1e" << e;
    EXPECT_LE(maxPx.y, kViewport.y + 1.0f) << "1e" << e;
    const glm::vec2 extent = maxPx - minPx;
    EXPECT_GT(std::max(extent.x / kViewport.x, extent.y / kViewport.y), 0.2f) << "1e" << e << ": " << describe(cam);
    // The centre of the box is the centre of the view.
    glm::vec2 c;
    ASSERT_TRUE(projectToPixel(v.viewProj, kViewport, (lo + hi) * 0.5f, c)) << "1e" << e;
    EXPECT_NEAR(c.x, kViewport.x * 0.5f, 1.0f) << "1e" << e;
    EXPECT_NEAR(c.y, kViewport.y * 0.5f, 1.0f) << "1e" << e;
  }
}

INSTANTIATE_TEST_SUITE_P(AllViews, Framing,
                         ::testing::Values(FramingCase{ViewMode::ThreeD, false}, FramingCase{ViewMode::ThreeD, true},
                                           FramingCase{ViewMode::TwoD, true}),
                         [](const ::testing::TestParamInfo<FramingCase>& i) {
                           return std::string(i.param.mode == ViewMode::TwoD ? "TwoD" : "ThreeD") +
                                  (i.param.orthographic ? "Orthographic" : "Perspective");
                         });

TEST(Framing, ABoxWhoseDiagonalOverflowsAFloatIsStillFramedFinitely) {
  // 3e38 - (-3e38) is infinite in float; the framing works in double.
  const glm::vec3 lo(-3e38f), hi(3e38f);
  OrbitCamera cam;
  cam.frame(lo, hi, 16.0f / 9.0f);
  EXPECT_TRUE(std::isfinite(cam.distance)) << describe(cam);
  EXPECT_LE(cam.distance, OrbitCamera::kMaxDistance);
  EXPECT_TRUE(finiteMatrix(makeViewSetup(cam, ViewMode::ThreeD, 16.0f / 9.0f).viewProj)) << describe(cam);
  // The centre is still on screen.
  glm::vec2 c;
  EXPECT_TRUE(projectToPixel(makeViewSetup(cam, ViewMode::ThreeD, 16.0f / 9.0f).viewProj, kViewport, glm::vec3(0), c));
}

TEST(Framing, AZeroSizeBoxOrANonFiniteOneGetsAnOrdinaryView) {
  OrbitCamera cam;
  cam.frame(glm::vec3(2.0f), glm::vec3(2.0f), 1.5f);
  EXPECT_NEAR(cam.target.x, 2.0f, 1e-6f);
  EXPECT_GT(cam.distance, 0.5f);
  EXPECT_LT(cam.distance, 5.0f);
  cam.frame(glm::vec3(-kInf), glm::vec3(kNaN), 1.5f);
  EXPECT_EQ(cam.target, glm::vec3(0.0f));
  EXPECT_TRUE(finiteMatrix(cam.projection(1.5f) * cam.view())) << describe(cam);
}

TEST(Framing, ATinyBoxFarFromTheOriginIsNotZoomedPastWhatAFloatResolves) {
  // Half-extent 1e-9 at x = 1e6: the box's corners are float neighbours of 1e6, so framing
  // stops at 1e-5 of the distance from the origin (a dot, but a steady, finite one).
  const glm::vec3 lo(1e6f - 1e-9f, -1e-9f, -1e-9f), hi(1e6f + 1e-9f, 1e-9f, 1e-9f);
  OrbitCamera cam;
  cam.frame(lo, hi, 1.5f);
  EXPECT_GE(cam.distance, 1e6f * 1e-5f * 0.999f);
  const glm::mat4 vp = makeViewSetup(cam, ViewMode::ThreeD, 1.5f).viewProj;
  EXPECT_TRUE(finiteMatrix(vp));
  glm::vec2 minPx, maxPx;
  EXPECT_TRUE(cornersOnScreen(vp, lo, hi, minPx, maxPx));
}

// ---- Hostile camera fields --------------------------------------------------------------

TEST(CameraRange, AnyFieldValueGivesFiniteMatrices) {
  const float distances[] = {kNaN, -1.0f, 0.0f, 1e-45f, 1e-40f, 1e-12f, 1.0f, 1e25f, 3e38f, kInf};
  const float targets[] = {0.0f, 1e9f, -3e38f, kInf, kNaN};
  const float angles[] = {0.0f, 89.999f, 90.0f, -1e30f, kNaN, kInf};
  for (float d : distances) {
    for (float t : targets) {
      for (float a : angles) {
        for (bool ortho : {false, true}) {
          OrbitCamera c;
          c.distance = d;
          c.target = glm::vec3(t, -t, 0.5f * t);
          c.yawDeg = a;
          c.pitchDeg = a;
          c.fovYDeg = a;
          c.orthographic = ortho;
          SCOPED_TRACE(describe(c));
          for (ViewMode mode : {ViewMode::ThreeD, ViewMode::TwoD}) {
            const ViewSetup v = makeViewSetup(c, mode, 1.7f, 0.1f);
            EXPECT_TRUE(finiteMatrix(v.viewProj));
            EXPECT_TRUE(std::isfinite(v.eye.x) && std::isfinite(v.eye.y) && std::isfinite(v.eye.z));
          }
          c.clampToRange();
          EXPECT_GE(c.distance, OrbitCamera::minDistanceAt(c.target));
          EXPECT_LE(c.distance, OrbitCamera::kMaxDistance);
          EXPECT_LE(std::abs(c.target.x), OrbitCamera::kMaxTarget);
          EXPECT_TRUE(std::isfinite(c.yawDeg) && std::isfinite(c.pitchDeg) && std::isfinite(c.fovYDeg));
        }
      }
    }
  }
}

TEST(CameraRange, ZoomPanAndOrbitStayInRange) {
  OrbitCamera c;
  for (int i = 0; i < 2000; ++i) c.zoom(10.0f);  // as close as it goes
  EXPECT_GE(c.distance, OrbitCamera::minDistanceAt(c.target));
  for (int i = 0; i < 4000; ++i) c.zoom(-10.0f);  // as far as it goes
  EXPECT_LE(c.distance, OrbitCamera::kMaxDistance);
  for (int i = 0; i < 100; ++i) c.pan(1e6f, -1e6f, 720.0f);
  EXPECT_LE(std::abs(c.target.x), OrbitCamera::kMaxTarget);
  c.orbit(kNaN, kInf);
  c.zoom(kNaN);
  c.pan(kNaN, 0.0f, 720.0f);
  EXPECT_TRUE(finiteMatrix(c.projection(1.5f) * c.view())) << describe(c);
}

// ---- World -> pixel ---------------------------------------------------------------------

TEST(ProjectToPixel, RefusesWhatCannotBePlacedInsteadOfReturningNaN) {
  OrbitCamera cam;
  const glm::mat4 vp = makeViewSetup(cam, ViewMode::ThreeD, 16.0f / 9.0f).viewProj;
  glm::vec2 px(-7.0f);
  EXPECT_FALSE(projectToPixel(vp, kViewport, glm::vec3(kNaN, 0, 0), px));
  EXPECT_FALSE(projectToPixel(vp, kViewport, glm::vec3(kInf, 0, 0), px));
  EXPECT_FALSE(projectToPixel(vp, kViewport, cam.eye(), px));  // on the eye's plane
  EXPECT_EQ(px, glm::vec2(-7.0f)) << "left alone when refused";
  glm::mat4 nan = vp;
  nan[3][0] = kNaN;  // the x translation
  EXPECT_FALSE(projectToPixel(nan, kViewport, glm::vec3(0.0f), px));
  // A point just in front of the eye plane and off to the side lands beyond 1e8 pixels.
  const glm::vec3 side = glm::normalize(glm::cross(cam.forward(), glm::vec3(0, 0, 1)));
  EXPECT_FALSE(projectToPixel(vp, kViewport, cam.eye() + cam.forward() * 1e-6f + side * 1e3f, px));
  // Coordinates whose float products overflow still map, through double, to a finite pixel.
  glm::mat4 big;
  for (int i = 0; i < 4; ++i) big[i] = glm::vec4(1e30f);
  ASSERT_TRUE(projectToPixel(big, kViewport, glm::vec3(1e30f, 1e30f, 1e30f), px));
  EXPECT_TRUE(std::isfinite(px.x) && std::isfinite(px.y));
}

TEST(ProjectToPixel, AgreesWithTheFloatFormulaInTheOrdinaryRange) {
  OrbitCamera cam;
  const glm::mat4 vp = makeViewSetup(cam, ViewMode::ThreeD, 16.0f / 9.0f).viewProj;
  for (const glm::vec3 p : {glm::vec3(0.0f), glm::vec3(1, 2, 3), glm::vec3(-4, 0.5f, 1)}) {
    const glm::vec4 c = vp * glm::vec4(p, 1.0f);
    const glm::vec2 expected((c.x / c.w * 0.5f + 0.5f) * kViewport.x, (0.5f - c.y / c.w * 0.5f) * kViewport.y);
    glm::vec2 px;
    ASSERT_TRUE(projectToPixel(vp, kViewport, p, px));
    EXPECT_NEAR(px.x, expected.x, 1e-3f);
    EXPECT_NEAR(px.y, expected.y, 1e-3f);
  }
}

TEST(ViewMappingPick, ThePickRayThroughTheCentreHitsAFramedBoxAtEveryScale) {
  for (float half : {1e-30f, 1e-9f, 1.0f, 1e9f, 1e30f}) {
    const glm::vec3 lo(-half), hi(half);
    OrbitCamera cam;
    cam.frame(lo, hi, kViewport.x / kViewport.y);
    const ViewMapping view{makeViewSetup(cam, ViewMode::ThreeD, kViewport.x / kViewport.y).viewProj, kViewport};
    const Segment ray = view.pickSegment(kViewport * 0.5f);
    for (int k = 0; k < 3; ++k) {
      ASSERT_TRUE(std::isfinite(ray.p0[k]) && std::isfinite(ray.p1[k])) << half;
    }
    Scene scene;
    SceneShape box;
    box.name = "b";
    box.geometry = Aabb{glm::vec3(0.0f), glm::vec3(half)};
    scene.shapes.push_back(box);
    EXPECT_EQ(pickShape(scene, view, kViewport * 0.5f, 6.0f).shape, 0) << half;
    EXPECT_EQ(pickShape(scene, view, glm::vec2(2.0f, 2.0f), 6.0f).shape, -1) << half;  // a corner of the view
  }
  // A degenerate matrix picks nothing, without NaN.
  const ViewMapping flat{glm::mat4(0.0f), kViewport};
  const Segment none = flat.pickSegment(glm::vec2(10.0f));
  EXPECT_EQ(none.p0, none.p1);
  EXPECT_TRUE(std::isfinite(none.p0.x));
}

// ---- Label placement and grid with hostile numbers ----------------------------------------

TEST(LabelPlacerRange, NonFiniteAnchorsAndSizesAreNotPlacedAndTheGridStaysSmall) {
  LabelPlacer placer;
  std::vector<LabelBox> boxes(6);
  boxes[0].anchor = {100.0f, 100.0f}, boxes[0].size = {40.0f, 16.0f};
  boxes[1].anchor = {kNaN, 100.0f}, boxes[1].size = {40.0f, 16.0f};
  boxes[2].anchor = {100.0f, kInf}, boxes[2].size = {40.0f, 16.0f};
  boxes[3].anchor = {300.0f, 300.0f}, boxes[3].size = {kNaN, 16.0f};
  boxes[4].anchor = {500.0f, 300.0f}, boxes[4].size = {-5.0f, 16.0f};
  boxes[5].anchor = {700.0f, 300.0f}, boxes[5].size = {1e30f, 1e30f};  // finite: placed, clamped
  placer.place(boxes, kViewport, 3.0f, 100);
  EXPECT_TRUE(boxes[0].visible);
  EXPECT_FALSE(boxes[1].visible);
  EXPECT_FALSE(boxes[2].visible);
  EXPECT_FALSE(boxes[3].visible);
  EXPECT_FALSE(boxes[4].visible);
  for (const LabelBox& b : boxes) {
    if (b.visible) {
      EXPECT_TRUE(std::isfinite(b.pos.x) && std::isfinite(b.pos.y));
    }
  }
  // A view of absurd size: bounded work and memory, no crash.
  for (const glm::vec2 view : {glm::vec2(1e30f), glm::vec2(kNaN), glm::vec2(kInf, 10.0f), glm::vec2(0.0f)}) {
    placer.place(boxes, view, 3.0f, 100);
  }
  placer.place(boxes, glm::vec2(1e30f), 3.0f, 100);
  EXPECT_TRUE(boxes[0].visible);
}

TEST(GridRange, HugeOffsetsAndNonFiniteSizesGiveBoundedFiniteGrids) {
  LineBatch batch;                                               // add() needs no GL; the batch is never flushed
  addGrid(batch, glm::vec3(1e30f, -1e30f, 0.0f), 15.0f, 0.01f);  // step count beyond int's range
  EXPECT_GT(batch.size(), 0u);
  EXPECT_LE(batch.size(), 2u * 401u);
  batch.clear();
  addGrid(batch, glm::vec3(0.0f), kNaN, 1.0f);
  addGrid(batch, glm::vec3(kInf, 0.0f, 0.0f), 10.0f, 1.0f);
  addGrid(batch, glm::vec3(0.0f), 1e38f, 1e-38f);
  EXPECT_LE(batch.size(), 2u * 401u);
}

TEST(SilhouetteRange, AHugeOrTinySphereKeepsItsOutline) {
  const Silhouette big =
      sphereSilhouette(Sphere{glm::vec3(0.0f), 1e19f}, glm::vec3(0, -1e20f, 0), glm::vec3(0, 1, 0), false);
  EXPECT_GT(big.radius, 0.9e19f);
  EXPECT_TRUE(std::isfinite(big.center.y));
  const Silhouette tiny =
      sphereSilhouette(Sphere{glm::vec3(0.0f), 1e-25f}, glm::vec3(0, -1e-24f, 0), glm::vec3(0, 1, 0), false);
  EXPECT_GT(tiny.radius, 0.9e-25f);
  EXPECT_NEAR(glm::length(tiny.normal), 1.0f, 1e-5f);
}

}  // namespace
}  // namespace satlab::test
