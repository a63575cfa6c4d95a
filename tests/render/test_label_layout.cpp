// Label placement: labels never overlap, stay inside the view, and the important ones win.
#include "render/label_layout.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace satlab::test
