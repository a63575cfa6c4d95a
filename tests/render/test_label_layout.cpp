// Label placement: labels never overlap, stay inside the view, keep clear of the panels and
// the gizmo (blocked rectangles), and the important ones win.
#include "render/label_layout.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace satlab::test {
namespace {

bool overlap(const LabelBox& a, const LabelBox& b) {
  return a.pos.x < b.pos.x + b.size.x && b.pos.x < a.pos.x + a.size.x && a.pos.y < b.pos.y + b.size.y &&
         b.pos.y < a.pos.y + a.size.y;
}

LabelBox box(float x, float y, int priority = 0) {
  LabelBox b;
  b.anchor = {x, y};
  b.size = {60.0f, 18.0f};
  b.priority = priority;
  return b;
}

TEST(LabelLayout, LoneLabelSitsCentredJustAboveItsAnchor) {
  std::vector<LabelBox> boxes = {box(400.0f, 300.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100);
  ASSERT_TRUE(boxes[0].visible);
  EXPECT_FLOAT_EQ(boxes[0].pos.x, 400.0f - 30.0f);
  EXPECT_FLOAT_EQ(boxes[0].pos.y + boxes[0].size.y, 300.0f - 3.0f);  // bottom edge: gap above the anchor
}

TEST(LabelLayout, TwoLabelsOnTheSameAnchorAreNudgedApart) {
  std::vector<LabelBox> boxes = {box(400.0f, 300.0f), box(400.0f, 300.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100);
  ASSERT_TRUE(boxes[0].visible && boxes[1].visible);
  EXPECT_FALSE(overlap(boxes[0], boxes[1]));
}

TEST(LabelLayout, ACrowdNeverOverlapsAndStaysInsideTheView) {
  // 300 anchors packed into a 200 x 120 pixel patch of an 800 x 600 view.
  std::vector<LabelBox> boxes;
  for (int i = 0; i < 300; ++i) boxes.push_back(box(300.0f + (i * 37) % 200, 250.0f + (i * 53) % 120));
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 2.0f, 1000);
  int visible = 0;
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (!boxes[i].visible) continue;
    ++visible;
    EXPECT_GE(boxes[i].pos.x, 0.0f);
    EXPECT_GE(boxes[i].pos.y, 0.0f);
    EXPECT_LE(boxes[i].pos.x + boxes[i].size.x, 800.0f);
    EXPECT_LE(boxes[i].pos.y + boxes[i].size.y, 600.0f);
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      if (boxes[j].visible) {
        EXPECT_FALSE(overlap(boxes[i], boxes[j])) << i << " and " << j;
      }
    }
  }
  EXPECT_GT(visible, 10);   // the nudge finds room for many
  EXPECT_LT(visible, 300);  // but a crowd that dense cannot all be labelled
}

TEST(LabelLayout, HigherPriorityKeepsThePreferredSpot) {
  // The selected shape's label (priority 3) comes second in the list but is placed first.
  std::vector<LabelBox> boxes = {box(400.0f, 300.0f, 1), box(400.0f, 300.0f, 3)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100);
  EXPECT_FLOAT_EQ(boxes[1].pos.y + boxes[1].size.y, 297.0f);
  EXPECT_NE(boxes[0].pos, boxes[1].pos);
}

TEST(LabelLayout, CapAndOffscreenAnchorsHideLabels) {
  std::vector<LabelBox> boxes = {box(100.0f, 100.0f), box(500.0f, 100.0f), box(-20.0f, 100.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 1);
  EXPECT_TRUE(boxes[0].visible);
  EXPECT_FALSE(boxes[1].visible);  // over the cap of one label
  EXPECT_FALSE(boxes[2].visible);  // anchor left of the view
}

bool covers(const ScreenRect& r, const LabelBox& b) {
  return b.pos.x < r.hi.x && r.lo.x < b.pos.x + b.size.x && b.pos.y < r.hi.y && r.lo.y < b.pos.y + b.size.y;
}

bool finite(const LabelBox& b) {
  return std::isfinite(b.pos.x) && std::isfinite(b.pos.y) && std::isfinite(b.size.x) && std::isfinite(b.size.y);
}

TEST(LabelLayout, ALabelBesideAPanelIsNudgedOffIt) {
  // A shape just right of the left panel: centred above its anchor the label would reach
  // 30 px under the panel.
  const std::vector<ScreenRect> panels = {{{0.0f, 0.0f}, {300.0f, 600.0f}}};
  std::vector<LabelBox> boxes = {box(310.0f, 300.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, panels);
  ASSERT_TRUE(boxes[0].visible);
  EXPECT_FALSE(covers(panels[0], boxes[0]));
  EXPECT_GE(boxes[0].pos.x, 300.0f + 3.0f);  // the gap is kept from a panel too
}

TEST(LabelLayout, ALabelWhoseAnchorIsUnderAPanelMovesJustOutsideIt) {
  // The shape is behind the panel, 50 px from its right edge: the label waits at that edge,
  // level with the anchor, not anywhere on the panel.
  const std::vector<ScreenRect> panels = {{{0.0f, 0.0f}, {300.0f, 600.0f}}};
  std::vector<LabelBox> boxes = {box(250.0f, 300.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, panels);
  ASSERT_TRUE(boxes[0].visible);
  EXPECT_FALSE(covers(panels[0], boxes[0]));
  EXPECT_NEAR(boxes[0].pos.x, 303.0f, 1.0f);
  EXPECT_NEAR(boxes[0].pos.y + boxes[0].size.y * 0.5f, 300.0f, 1.0f);
}

TEST(LabelLayout, AnAnchorUnderTheMenuBarMovesBelowIt) {
  const std::vector<ScreenRect> panels = {{{0.0f, 0.0f}, {800.0f, 24.0f}}};
  std::vector<LabelBox> boxes = {box(400.0f, 10.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, panels);
  ASSERT_TRUE(boxes[0].visible);
  EXPECT_NEAR(boxes[0].pos.y, 27.0f, 1.0f);
  EXPECT_NEAR(boxes[0].pos.x + boxes[0].size.x * 0.5f, 400.0f, 1.0f);
}

TEST(LabelLayout, ALabelBetweenTwoPanelsSlidesSidewaysIntoTheGap) {
  // 800 x 600 with the lesson panel on the left and the inspector on the right: 150 px of
  // view between them, and a 110 px label whose anchor is 40 px from the right panel.
  const std::vector<ScreenRect> panels = {{{0.0f, 0.0f}, {340.0f, 600.0f}}, {{490.0f, 0.0f}, {800.0f, 600.0f}}};
  std::vector<LabelBox> boxes = {box(450.0f, 155.0f)};
  boxes[0].size = {110.0f, 18.0f};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, panels);
  ASSERT_TRUE(boxes[0].visible);
  for (const ScreenRect& r : panels) EXPECT_FALSE(covers(r, boxes[0]));
  EXPECT_LT(std::abs(boxes[0].pos.y + boxes[0].size.y - 152.0f), 1.0f);  // still just above its point
}

TEST(LabelLayout, ALabelWithNoFreeSpotOutsideThePanelsIsHidden) {
  // Panels cover the whole view: there is nowhere to put the label.
  const std::vector<ScreenRect> panels = {{{0.0f, 0.0f}, {500.0f, 600.0f}}, {{480.0f, 0.0f}, {800.0f, 600.0f}}};
  std::vector<LabelBox> boxes = {box(250.0f, 300.0f), box(700.0f, 100.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, panels);
  EXPECT_FALSE(boxes[0].visible);
  EXPECT_FALSE(boxes[1].visible);
}

TEST(LabelLayout, ACrowdBetweenPanelsNeverCoversThem) {
  // The shape list on the left, the explorer on the right, a step bar at the bottom, and
  // the gizmo's handles in the middle (small rectangles along its arrows).
  std::vector<ScreenRect> blocked = {
      {{0.0f, 0.0f}, {260.0f, 720.0f}}, {{980.0f, 0.0f}, {1280.0f, 720.0f}}, {{300.0f, 660.0f}, {940.0f, 720.0f}}};
  for (int i = 0; i < 30; ++i) {
    const float x = 600.0f + 3.0f * static_cast<float>(i);
    blocked.push_back({{x - 2.0f, 355.0f}, {x + 2.0f, 365.0f}});
  }
  std::vector<LabelBox> boxes;
  for (int i = 0; i < 200; ++i) boxes.push_back(box(100.0f + (i * 37) % 1100, 100.0f + (i * 53) % 600, i % 3));
  LabelPlacer placer;
  placer.place(boxes, {1280.0f, 720.0f}, 2.0f, 1000, blocked);
  int visible = 0;
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (!boxes[i].visible) continue;
    ++visible;
    for (const ScreenRect& r : blocked) EXPECT_FALSE(covers(r, boxes[i])) << "label " << i;
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      if (boxes[j].visible) {
        EXPECT_FALSE(overlap(boxes[i], boxes[j])) << i << " and " << j;
      }
    }
  }
  EXPECT_GT(visible, 20);
}

TEST(LabelLayout, StackedLabelsOnAGrazingSegmentAreSeparated) {
  // A segment grazing a box: its name, the slab's name and the entry and exit points t1 and
  // t2 all fall within a few pixels. Each gets its own place near its point.
  std::vector<LabelBox> boxes = {box(500.0f, 300.0f, 2), box(501.0f, 301.0f, 1), box(502.0f, 300.0f, 1),
                                 box(500.5f, 302.0f, 1)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, {{{560.0f, 250.0f}, {640.0f, 350.0f}}});
  for (size_t i = 0; i < boxes.size(); ++i) {
    ASSERT_TRUE(boxes[i].visible) << i;
    const glm::vec2 centre = boxes[i].pos + boxes[i].size * 0.5f;
    EXPECT_LT(glm::length(centre - boxes[i].anchor), 3.0f * boxes[i].size.y + boxes[i].size.x) << i;
    for (size_t j = i + 1; j < boxes.size(); ++j) EXPECT_FALSE(overlap(boxes[i], boxes[j])) << i << " and " << j;
  }
}

TEST(LabelLayout, HostileBlockedRectanglesAreSafe) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<ScreenRect> blocked = {
      {{nan, 0.0f}, {100.0f, 100.0f}},       // not finite: ignored
      {{0.0f, 0.0f}, {inf, 600.0f}},         // not finite: ignored
      {{700.0f, 500.0f}, {500.0f, 300.0f}},  // corners given the wrong way round
      {{-1e30f, -1e30f}, {-1e29f, -1e29f}},  // far outside the view
      {{200.0f, 200.0f}, {200.0f, 200.0f}},  // empty
  };
  // Many huge rectangles: the work stays bounded (kMaxBlocked) and nothing is placed on them.
  for (int i = 0; i < 5000; ++i) blocked.push_back({{-1e30f, 580.0f}, {1e30f, 1e30f}});
  std::vector<LabelBox> boxes = {box(600.0f, 400.0f), box(100.0f, 100.0f), box(400.0f, 590.0f)};
  LabelPlacer placer;
  placer.place(boxes, {800.0f, 600.0f}, 3.0f, 100, blocked);
  for (const LabelBox& b : boxes) {
    EXPECT_TRUE(finite(b));
    if (!b.visible) continue;
    EXPECT_FALSE(covers({{500.0f, 300.0f}, {700.0f, 500.0f}}, b));
    EXPECT_LE(b.pos.y + b.size.y, 580.0f);
  }
  EXPECT_TRUE(boxes[0].visible);  // moved off the reversed rectangle, not lost
  EXPECT_TRUE(boxes[1].visible);  // the NaN and infinite rectangles block nothing
  EXPECT_TRUE(boxes[2].visible);  // moved up out of the band along the bottom
  // And a view that is not finite still places nothing, blocked rectangles or not.
  placer.place(boxes, {nan, 600.0f}, 3.0f, 100, blocked);
  for (const LabelBox& b : boxes) EXPECT_FALSE(b.visible);
}

}  // namespace
}  // namespace satlab::test
