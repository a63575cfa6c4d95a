// The gizmo's visibility: hidden outright (presentation mode), or shown only when the
// cursor comes near it (while an explorer draws its per-axis picture around the shape).
// Camera maths and line queues only: no display.
#include "render/view_setup.hpp"
#include "ui/gizmo.hpp"
#include "ui/viewport_tools.hpp"

#include <gtest/gtest.h>

namespace satlab::test {
namespace {

const glm::vec2 kViewport(1280.0f, 720.0f);

struct BallView {
  Scene scene;
  OrbitCamera camera;
  ViewMapping view;
  glm::vec2 centerPx{0.0f};
};

BallView ballInView() {
  BallView s;
  SceneShape ball;
  ball.name = "ball";
  ball.geometry = Sphere{glm::vec3(1.8f, 1.8f, 1.0f), 1.0f};
  s.scene.shapes.push_back(ball);
  ViewportTools::frameShapes(s.scene, {}, s.camera, kViewport.x / kViewport.y);
  s.view = ViewMapping{makeViewSetup(s.camera, ViewMode::ThreeD, kViewport.x / kViewport.y).viewProj, kViewport};
  EXPECT_TRUE(s.view.toPixel(glm::vec3(1.8f, 1.8f, 1.0f), s.centerPx));
  return s;
}

size_t drawn(const Gizmo& g, const BallView& s) {
  LineBatch lines;
  g.draw(lines, s.scene.shapes[0], s.view, s.camera);
  return lines.size();
}

void hoverAt(Gizmo& g, BallView& s, const glm::vec2& px) {
  GizmoInput in;
  in.mousePx = px;
  bool changed = false;
  g.update(s.scene.shapes[0], s.view, s.camera, in, changed);
}

TEST(GizmoVisibility, HiddenGizmoDrawsNothing) {
  BallView s = ballInView();
  ViewportTools tools;
  tools.selection.set(0);
  LineBatch lines;
  tools.drawOverlay(lines, s.scene, s.view, s.camera);
  EXPECT_GT(lines.size(), 0u);
  tools.showGizmo = false;  // presentation mode
  lines.clear();
  tools.drawOverlay(lines, s.scene, s.view, s.camera);
  EXPECT_EQ(lines.size(), 0u);
}

TEST(GizmoVisibility, RevealOnApproachShowsItOnlyNearTheCursor) {
  BallView s = ballInView();
  Gizmo g;
  EXPECT_GT(drawn(g, s), 0u);  // ordinarily always drawn
  g.revealOnApproach = true;
  hoverAt(g, s, s.centerPx + glm::vec2(300.0f, 200.0f));  // far from it
  EXPECT_EQ(drawn(g, s), 0u);
  hoverAt(g, s, s.centerPx + glm::vec2(40.0f, -30.0f));  // within its arrows' reach
  EXPECT_GT(drawn(g, s), 0u);
  g.leave();  // the cursor went over a panel
  EXPECT_EQ(drawn(g, s), 0u);
}

TEST(GizmoVisibility, AHandleGrabbedNearByStaysShownWhileDragged) {
  BallView s = ballInView();
  Gizmo g;
  g.revealOnApproach = true;
  // The centre handle (free move), pressed, then dragged far away from where it started.
  GizmoInput in;
  in.mousePx = s.centerPx;
  in.pressed = in.down = true;
  bool changed = false;
  ASSERT_TRUE(g.update(s.scene.shapes[0], s.view, s.camera, in, changed));
  ASSERT_TRUE(g.dragging());
  in.pressed = false;
  in.mousePx = s.centerPx + glm::vec2(400.0f, 0.0f);
  g.update(s.scene.shapes[0], s.view, s.camera, in, changed);
  EXPECT_GT(drawn(g, s), 0u);
}

}  // namespace
}  // namespace satlab::test
