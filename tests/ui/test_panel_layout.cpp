// The docked panel layout (ui/layout.hpp): pure geometry, no ImGui context.
#include "ui/layout.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace satlab {
namespace {

LayoutInput lessonInput(float w, float h) {
  LayoutInput in;
  in.width = w;
  in.height = h;
  in.top = 26.0f;
  in.titleBar = 22.0f;
  for (auto& s : in.shown) s = true;
  in.collapsed[static_cast<size_t>(Panel::Shapes)] = true;
  in.collapsed[static_cast<size_t>(Panel::Inspector)] = true;
  return in;
}

const PanelPlace& at(const Layout& l, Panel p) { return l.place[static_cast<size_t>(p)]; }

bool inside(const PanelPlace& p, float w, float h) {
  return p.pos.x >= 0.0f && p.pos.y >= 0.0f && p.pos.x + p.size.x <= w + 0.01f && p.pos.y + p.size.y <= h + 0.01f;
}

bool overlap(const PanelPlace& a, const PanelPlace& b) {
  return a.pos.x < b.pos.x + b.size.x && b.pos.x < a.pos.x + a.size.x && a.pos.y < b.pos.y + b.size.y &&
         b.pos.y < a.pos.y + a.size.y;
}

TEST(PanelLayout, PanelsStayInsideTheWindowAndNeverOverlapEachOtherOrTheFreeBand) {
  for (const float w : {800.0f, 1280.0f, 1600.0f, 1920.0f}) {
    for (const float h : {600.0f, 720.0f, 900.0f, 1080.0f}) {
      const Layout l = computeLayout(lessonInput(w, h));
      EXPECT_GE(l.freeRight - l.freeLeft, w / 3.0f - 0.01f) << w << "x" << h;
      for (int i = 0; i < kPanelCount; ++i) {
        const PanelPlace& p = l.place[static_cast<size_t>(i)];
        EXPECT_TRUE(inside(p, w, h)) << panelTitle(static_cast<Panel>(i)) << " at " << w << "x" << h;
        // Nothing docked reaches into the band the camera frames into.
        EXPECT_TRUE(p.pos.x + p.size.x <= l.freeLeft + 0.01f || p.pos.x >= l.freeRight - 0.01f)
            << panelTitle(static_cast<Panel>(i)) << " at " << w << "x" << h;
        for (int j = i + 1; j < kPanelCount; ++j) {
          EXPECT_FALSE(overlap(p, l.place[static_cast<size_t>(j)]))
              << panelTitle(static_cast<Panel>(i)) << " and " << panelTitle(static_cast<Panel>(j)) << " at " << w << "x"
              << h;
        }
      }
    }
  }
}

TEST(PanelLayout, ANarrowWindowPutsEveryPanelInOneColumn) {
  const Layout narrow = computeLayout(lessonInput(800.0f, 600.0f));
  EXPECT_TRUE(narrow.oneColumn);
  EXPECT_EQ(narrow.rightWidth, 0.0f);
  EXPECT_EQ(narrow.freeRight, 800.0f);
  EXPECT_GE(narrow.freeRight - narrow.freeLeft, 400.0f);  // more than half of the window for the view
  const Layout wide = computeLayout(lessonInput(1280.0f, 720.0f));
  EXPECT_FALSE(wide.oneColumn);
  EXPECT_GT(wide.rightWidth, 0.0f);
  // Presentation's larger UI needs a wider window for two columns.
  LayoutInput big = lessonInput(1280.0f, 720.0f);
  big.scale = 1.75f;
  EXPECT_TRUE(computeLayout(big).oneColumn);
}

TEST(PanelLayout, APresentationOnA1080pProjectorKeepsTwoColumns) {
  // At 1080 rows presentation's scale is 1.75 x 1.5: one column would stack every panel in
  // a third of the width. Two, and each keeps at least a quarter of the window, the view a
  // third.
  LayoutInput projector = lessonInput(1920.0f, 1080.0f);
  projector.scale = 2.625f;
  EXPECT_TRUE(computeLayout(projector).oneColumn);
  projector.twoColumns = true;
  const Layout two = computeLayout(projector);
  EXPECT_FALSE(two.oneColumn);
  EXPECT_GE(two.leftWidth, 1920.0f / 4.0f);
  EXPECT_GE(two.rightWidth, 1920.0f / 4.0f);
  EXPECT_GE(two.freeRight - two.freeLeft, 1920.0f / 3.0f - 1.0f);
  EXPECT_TRUE(oneColumnLayout(1280.0f, 1.75f, false));
  EXPECT_FALSE(oneColumnLayout(1280.0f, 1.75f, true));
}

TEST(PanelLayout, CollapsedPanelsTakeATitleBarAndTheOthersShareTheColumn) {
  LayoutInput in = lessonInput(1280.0f, 720.0f);
  const Layout l = computeLayout(in);
  EXPECT_FLOAT_EQ(at(l, Panel::Shapes).size.y, 22.0f);
  EXPECT_FLOAT_EQ(at(l, Panel::Inspector).size.y, 22.0f);
  // The explorer, alone open in the right column, has all of it but the inspector's bar.
  EXPECT_NEAR(at(l, Panel::Explorer).size.y, 720.0f - 26.0f - kPanelMargin - 22.0f - kPanelMargin, 0.5f);
  // Expanding the inspector gives it a share.
  in.collapsed[static_cast<size_t>(Panel::Inspector)] = false;
  const Layout l2 = computeLayout(in);
  EXPECT_GT(at(l2, Panel::Inspector).size.y, 150.0f);
  EXPECT_LT(at(l2, Panel::Explorer).size.y, at(l, Panel::Explorer).size.y);
}

TEST(PanelLayout, TheLessonGetsTheHeightOfItsTextWhenTheColumnHasRoom) {
  LayoutInput in = lessonInput(1280.0f, 720.0f);
  in.wanted[static_cast<size_t>(Panel::Lesson)] = 420.0f;
  const Layout l = computeLayout(in);
  EXPECT_FLOAT_EQ(at(l, Panel::Lesson).size.y, 420.0f);
  // Text taller than the column: three quarters of it, the rest scrolls.
  in.wanted[static_cast<size_t>(Panel::Lesson)] = 5000.0f;
  const Layout tall = computeLayout(in);
  EXPECT_LT(at(tall, Panel::Lesson).size.y, 720.0f * 0.8f);
  EXPECT_GT(at(tall, Panel::Pairs).size.y, 22.0f);
}

TEST(PanelLayout, HiddenPanelsLeaveTheWholeWidthFree) {
  LayoutInput in;
  in.width = 1280.0f;
  in.height = 720.0f;
  const Layout l = computeLayout(in);
  EXPECT_EQ(l.freeLeft, 0.0f);
  EXPECT_EQ(l.freeRight, 1280.0f);
}

TEST(PanelLayout, HostileSizesGiveFinitePlaces) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (const float v : {nan, inf, -inf, -5.0f, 0.0f, 1e30f}) {
    LayoutInput in = lessonInput(v, v);
    in.top = v;
    in.titleBar = v;
    in.scale = v;
    in.wanted[static_cast<size_t>(Panel::Lesson)] = v;
    const Layout l = computeLayout(in);
    for (const PanelPlace& p : l.place) {
      EXPECT_TRUE(std::isfinite(p.pos.x) && std::isfinite(p.pos.y) && std::isfinite(p.size.x) &&
                  std::isfinite(p.size.y));
    }
    EXPECT_TRUE(std::isfinite(l.freeLeft) && std::isfinite(l.freeRight));
  }
}

TEST(PanelLayout, DefaultCollapsedStates) {
  EXPECT_TRUE(collapsedByDefault(Panel::Shapes, true, false));
  EXPECT_TRUE(collapsedByDefault(Panel::Inspector, true, false));
  EXPECT_FALSE(collapsedByDefault(Panel::Explorer, true, false));
  EXPECT_FALSE(collapsedByDefault(Panel::Lesson, true, true));
  EXPECT_TRUE(collapsedByDefault(Panel::Pairs, true, true));
  EXPECT_FALSE(collapsedByDefault(Panel::Shapes, false, true));
  EXPECT_FALSE(collapsedByDefault(Panel::Inspector, false, false));
}

}  // namespace
}  // namespace satlab
