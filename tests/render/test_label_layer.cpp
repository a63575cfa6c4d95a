// The label layer's blocked rectangles from drawn lines (the gizmo's handles): a line's
// footprint on screen, hugging a slanted line instead of covering its bounding box; lines
// that cannot be placed block nothing. No display needed (the layer is not drawn here).
#include "render/label_layer.hpp"
#include "render/view_setup.hpp"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <limits>
#include <vector>

namespace satlab::test {
namespace {

/// World = framebuffer pixels on the z = 0 plane, y down: an orthographic 800 x 600 view.
glm::mat4 pixelView() { return glm::ortho(0.0f, 800.0f, 600.0f, 0.0f, -1.0f, 1.0f); }

bool inside(const std::vector<ScreenRect>& rects, const glm::vec2& p) {
  for (const ScreenRect& r : rects) {
    if (p.x >= r.lo.x && p.x <= r.hi.x && p.y >= r.lo.y && p.y <= r.hi.y) return true;
  }
  return false;
}

LineInstance line(const glm::vec2& a, const glm::vec2& b, float width) {
  return LineInstance{glm::vec3(a, 0.0f), glm::vec3(b, 0.0f), glm::vec4(1.0f), width, 0.0f, 0.0f};
}

TEST(LabelLayerBlocking, ASlantedArrowBlocksItselfNotItsBoundingBox) {
  // A 200 px gizmo arrow at 45 degrees: its own pixels are blocked, the empty corners of its
  // bounding box are not.
  const std::vector<LineInstance> lines = {line({100.0f, 100.0f}, {241.4f, 241.4f}, 3.0f)};
  LabelLayer layer;
  layer.blockLines(lines, 0, pixelView(), {800.0f, 600.0f}, 4.0f);
  const std::vector<ScreenRect>& r = layer.lineRects();
  ASSERT_FALSE(r.empty());
  for (float t : {0.0f, 0.25f, 0.5f, 0.75f, 1.0f}) {
    const glm::vec2 p = glm::mix(glm::vec2(100.0f), glm::vec2(241.4f), t);
    EXPECT_TRUE(inside(r, p)) << t;
    EXPECT_TRUE(inside(r, p + glm::vec2(4.0f, -4.0f))) << t;  // the margin around it too
  }
  EXPECT_FALSE(inside(r, {230.0f, 110.0f}));  // the bounding box's empty corners
  EXPECT_FALSE(inside(r, {110.0f, 230.0f}));
}

TEST(LabelLayerBlocking, OnlyTheLinesFromFirstOnUntilTheNextFrame) {
  const std::vector<LineInstance> lines = {line({10.0f, 10.0f}, {20.0f, 10.0f}, 2.0f),
                                           line({400.0f, 300.0f}, {400.0f, 300.0f}, 11.0f)};  // a dot
  LabelLayer layer;
  layer.blockLines(lines, 1, pixelView(), {800.0f, 600.0f}, 0.0f);
  EXPECT_FALSE(inside(layer.lineRects(), {15.0f, 10.0f}));   // before `first`: the explorer's
  EXPECT_TRUE(inside(layer.lineRects(), {404.0f, 300.0f}));  // the dot, half its width around
  EXPECT_FALSE(inside(layer.lineRects(), {407.0f, 300.0f}));
  const size_t one = layer.lineRects().size();
  layer.blockLines(lines, 0, pixelView(), {800.0f, 600.0f}, 0.0f);  // a second call adds
  EXPECT_TRUE(inside(layer.lineRects(), {15.0f, 10.0f}));
  EXPECT_GT(layer.lineRects().size(), one);
  layer.clear();  // the next frame starts without them
  EXPECT_TRUE(layer.lineRects().empty());
  layer.blockLines(lines, lines.size(), pixelView(), {800.0f, 600.0f}, 0.0f);
  layer.blockLines(lines, 99, pixelView(), {800.0f, 600.0f}, 0.0f);
  EXPECT_TRUE(layer.lineRects().empty());
}

TEST(LabelLayerBlocking, HostileLinesBlockNothingOrABoundedAmount) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<LineInstance> lines = {line({nan, 0.0f}, {10.0f, 10.0f}, 2.0f), line({0.0f, 0.0f}, {inf, 0.0f}, 2.0f),
                                     line({0.0f, 0.0f}, {10.0f, 0.0f}, nan), line({0.0f, 0.0f}, {1e7f, 1e7f}, 1e30f)};
  LabelLayer layer;
  layer.blockLines(lines, 0, pixelView(), {800.0f, 600.0f}, nan);
  for (const ScreenRect& r : layer.lineRects()) {
    EXPECT_TRUE(std::isfinite(r.lo.x) && std::isfinite(r.lo.y) && std::isfinite(r.hi.x) && std::isfinite(r.hi.y));
  }
  EXPECT_LE(layer.lineRects().size(), 2u * 32u);  // the two finite lines, 32 pieces at most each
  // A hundred thousand lines, twice: the rectangles stop at what the placer keeps.
  lines.assign(100000, line({0.0f, 0.0f}, {500.0f, 500.0f}, 2.0f));
  layer.blockLines(lines, 0, pixelView(), {800.0f, 600.0f}, 2.0f);
  layer.blockLines(lines, 0, pixelView(), {800.0f, 600.0f}, 2.0f);
  EXPECT_LE(layer.lineRects().size(), LabelPlacer::kMaxBlocked + 32u);
  // A matrix that places nothing blocks nothing.
  layer.clear();
  layer.blockLines(lines, 0, glm::mat4(nan), {800.0f, 600.0f}, 2.0f);
  EXPECT_TRUE(layer.lineRects().empty());
}

}  // namespace
}  // namespace satlab::test
