// Line widths in the view (RenderSettings::pixelScale, from Theme::linePixelScale): the
// everyday theme follows the screen's content scale only; presentation mode also follows the
// window's height, so a 1080-row projector gets lines 1.5 times as thick as a 720-row one
// (the same share of the projected picture). No display needed (an ImGui context only).
#include "ui/theme.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <limits>

namespace satlab::test {
namespace {

struct ImGuiContextScope {
  ImGuiContextScope() { ImGui::CreateContext(); }
  ~ImGuiContextScope() { ImGui::DestroyContext(); }
};

TEST(LineScale, TheEverydayThemeFollowsTheScreenOnly) {
  ImGuiContextScope imgui;
  const Theme t = applyTheme(false, 1.0f);
  EXPECT_FLOAT_EQ(t.linePixelScale(1.0f, 720.0f), 1.0f);
  EXPECT_FLOAT_EQ(t.linePixelScale(1.0f, 1080.0f), 1.0f);
  EXPECT_FLOAT_EQ(t.linePixelScale(2.0f, 2160.0f), 2.0f);  // a HiDPI screen
}

TEST(LineScale, PresentationLinesGrowWithTheWindowHeight) {
  ImGuiContextScope imgui;
  const Theme t = applyTheme(true, 1.0f);
  const float at720 = t.linePixelScale(1.0f, 720.0f), at1080 = t.linePixelScale(1.0f, 1080.0f);
  EXPECT_FLOAT_EQ(at720, t.lineScale);
  EXPECT_GT(t.lineScale, 1.0f);
  EXPECT_NEAR(at1080 / at720, 1.5f, 1e-5f);
  EXPECT_NEAR(t.linePixelScale(1.0f, 2160.0f) / at720, 3.0f, 1e-5f);
  // Never thinner than the everyday lines, and a bad height gives the 720-row scale.
  EXPECT_GE(t.linePixelScale(1.0f, 200.0f), 1.0f);
  EXPECT_FLOAT_EQ(t.linePixelScale(1.0f, std::numeric_limits<float>::quiet_NaN()), at720);
  EXPECT_FLOAT_EQ(t.linePixelScale(std::numeric_limits<float>::quiet_NaN(), 720.0f), at720);
}

TEST(LineScale, TheThemeSaysWhichPaletteItDrawsWith) {
  ImGuiContextScope imgui;
  EXPECT_EQ(applyTheme(true, 1.0f).palette, &lightPalette());
  EXPECT_EQ(&currentPalette(), &lightPalette());
  const Theme dark = applyTheme(false, 1.0f);
  EXPECT_EQ(dark.palette, &darkPalette());
  EXPECT_EQ(&currentPalette(), &darkPalette());
  EXPECT_FALSE(dark.lightBackground);
  EXPECT_FLOAT_EQ(dark.clear[0], darkPalette().background.r);
}

}  // namespace
}  // namespace satlab::test
