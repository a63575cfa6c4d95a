// Contrast of every colour of both themes against what it is drawn on (WCAG 2.1 relative
// luminance; 4.5:1 for text, 3:1 for lines), computed from the palettes, ImGui's theme
// styles and the shape colours the scenes and lessons use, and the table in
// docs/contrast.md, which must be what these checks give. To regenerate the table:
//   SATLAB_WRITE_CONTRAST_DOC=1 build/tests/satlab_render_tests --gtest_filter='Contrast*'
#include "document/scene_load.hpp"
#include "render/contrast.hpp"
#include "render/palette.hpp"
#include "ui/theme.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

// ---- The measure itself ------------------------------------------------------------------

TEST(ContrastMath, BlackOnWhiteIs21AndAColourOnItselfIs1) {
  EXPECT_NEAR(contrastRatio(glm::vec3(0.0f), glm::vec3(1.0f)), 21.0f, 1e-4f);
  EXPECT_NEAR(contrastRatio(glm::vec3(1.0f), glm::vec3(0.0f)), 21.0f, 1e-4f);
  EXPECT_NEAR(contrastRatio(glm::vec3(0.3f, 0.6f, 0.1f), glm::vec3(0.3f, 0.6f, 0.1f)), 1.0f, 1e-6f);
}

TEST(ContrastMath, KnownWcagValues) {
  // #777777 on white is the classic "just misses AA" grey (4.48:1); #767676 just passes.
  EXPECT_NEAR(contrastRatio(glm::vec3(0x77 / 255.0f), glm::vec3(1.0f)), 4.48f, 0.01f);
  EXPECT_GE(contrastRatio(glm::vec3(0x76 / 255.0f), glm::vec3(1.0f)), 4.5f);
  // Pure red on white: 4.0:1; pure blue on black: 2.44:1.
  EXPECT_NEAR(contrastRatio(glm::vec3(1, 0, 0), glm::vec3(1.0f)), 4.0f, 0.01f);
  EXPECT_NEAR(contrastRatio(glm::vec3(0, 0, 1), glm::vec3(0.0f)), 2.44f, 0.01f);
}

TEST(ContrastMath, TranslucentColoursAreSeenOverTheirBackground) {
  EXPECT_NEAR(contrastOver(glm::vec4(1, 1, 1, 0), glm::vec3(0.2f)), 1.0f, 1e-6f);
  const glm::vec3 half = over(glm::vec4(1, 1, 1, 0.5f), glm::vec3(0.0f));
  EXPECT_NEAR(half.r, 0.5f, 1e-6f);
}

TEST(ContrastMath, LegibleOnDarkensOnLightAndLightensOnDarkKeepingTheHue) {
  const glm::vec3 white(0.96f, 0.96f, 0.95f), dark(0.13f, 0.14f, 0.16f);
  const glm::vec4 yellow(0.95f, 0.95f, 0.7f, 1.0f);
  ASSERT_LT(contrastOver(yellow, white), 1.5f);  // the yellow axis line on the light theme
  const glm::vec4 y = legibleOn(yellow, white, kMinLineContrast);
  EXPECT_GE(contrastOver(y, white), kMinLineContrast);
  EXPECT_LT(contrastOver(y, white), kMinLineContrast + 0.05f);  // just far enough
  // A mix with black: the channels keep their proportions.
  EXPECT_NEAR(y.r / y.b, yellow.r / yellow.b, 1e-3f);
  const glm::vec4 navy(0.1f, 0.1f, 0.4f, 1.0f);
  const glm::vec4 n = legibleOn(navy, dark, kMinLineContrast);
  EXPECT_GE(contrastOver(n, dark), kMinLineContrast);
  EXPECT_GT(n.b, n.r);
  // What already has the contrast is left alone.
  const glm::vec4 red(0.8f, 0.1f, 0.1f, 1.0f);
  EXPECT_EQ(legibleOn(red, white, kMinLineContrast), red);
  // White on the light background: the worst case still gets there (4.58 is the most any
  // background allows black or white).
  EXPECT_GE(contrastOver(legibleOn(glm::vec4(1.0f), white, kMinTextContrast), white), kMinTextContrast);
  // Too translucent to reach it even as black: the alpha rises as well.
  const glm::vec4 faint = legibleOn(glm::vec4(1, 1, 1, 0.1f), white, kMinLineContrast);
  EXPECT_GE(contrastOver(faint, white), kMinLineContrast);
  // Not finite: a grey that still meets the ratio, never NaN.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const glm::vec4 g = legibleOn(glm::vec4(nan, 0, 0, 1), white, kMinLineContrast);
  EXPECT_TRUE(std::isfinite(g.r));
  EXPECT_GE(contrastOver(g, white), kMinLineContrast);
}

TEST(ContrastMath, RecedeFadesTowardsTheBackgroundButKeepsTheMinimum) {
  const glm::vec3 dark(0.13f, 0.14f, 0.16f);
  const glm::vec4 bright(1.0f, 0.55f, 0.25f, 1.0f);
  const glm::vec4 r = recede(bright, dark, kMinLineContrast);
  EXPECT_NEAR(contrastOver(r, dark), kMinLineContrast, 0.02f);
  EXPECT_LT(contrastOver(r, dark), contrastOver(bright, dark));
  const glm::vec4 dim(0.2f, 0.2f, 0.25f, 1.0f);
  EXPECT_GE(contrastOver(recede(dim, dark, kMinLineContrast), dark), kMinLineContrast);
}

TEST(ContrastMath, TheCacheGivesWhatLegibleOnGives) {
  LegibleColors cache;
  const glm::vec3 white(0.96f, 0.96f, 0.95f), dark(0.13f, 0.14f, 0.16f);
  for (const glm::vec3& bg : {white, dark, white}) {
    for (std::size_t i = 0; i < kPaletteSize; ++i) {
      const glm::vec4 c = paletteColor(i);
      EXPECT_EQ(cache.get(c, bg, kMinLineContrast), legibleOn(c, bg, kMinLineContrast));
      EXPECT_EQ(cache.get(c, bg, kMinLineContrast), legibleOn(c, bg, kMinLineContrast));
    }
  }
}

// ---- The themes --------------------------------------------------------------------------

struct ShapeColour {
  std::string where;
  glm::vec4 color;
};

/// The default palette and the colour of every shape of every lesson and example scene.
std::vector<ShapeColour> shapeColours() {
  std::vector<ShapeColour> out;
  for (std::size_t i = 0; i < kPaletteSize; ++i)
    out.push_back({"default colour " + std::to_string(i), paletteColor(i)});
  std::vector<std::filesystem::path> files;
  for (const char* dir : {"scenes/lessons", "scenes/examples"}) {
    const std::filesystem::path d = std::filesystem::path(SATLAB_SOURCE_DIR) / dir;
    if (!std::filesystem::is_directory(d)) continue;
    for (const auto& e : std::filesystem::directory_iterator(d)) {
      if (e.path().extension() == ".json") files.push_back(e.path());
    }
  }
  files.push_back(std::filesystem::path(SATLAB_SOURCE_DIR) / "scenes/default.json");
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    const SceneLoadResult r = loadScene(f.string());
    if (!r.ok()) continue;
    const std::string rel = std::filesystem::relative(f, SATLAB_SOURCE_DIR).generic_string();
    for (const SceneShape& s : r.scene.shapes) {
      if (s.paletteColor) continue;  // listed once, above
      const bool seen = std::any_of(out.begin(), out.end(), [&](const ShapeColour& o) { return o.color == s.color; });
      if (!seen) out.push_back({rel + " " + s.name, s.color});
    }
  }
  return out;
}

/// Every check: each palette, each ImGui theme, and every shape colour as the renderer
/// draws its edges on each background.
std::vector<ContrastCheck> allChecks() {
  std::vector<ContrastCheck> all;
  const std::vector<ShapeColour> shapes = shapeColours();
  for (const Palette* p : {&darkPalette(), &lightPalette()}) {
    for (ContrastCheck& c : paletteChecks(*p)) {
      // A colour made from the palette's (labelInk(...)) keeps its own name.
      if (c.color.find('(') == std::string::npos) c.color = "Palette::" + c.color;
      all.push_back(std::move(c));
    }
    const bool light = p == &lightPalette();
    for (ContrastCheck& c : themeChecks(light)) all.push_back(std::move(c));
    // The menu bar's confirmations, on ImGui's MenuBarBg over the view.
    const ImVec4 bar = themeStyle(light).Colors[ImGuiCol_MenuBarBg];
    const glm::vec3 menuBar = over(glm::vec4(bar.x, bar.y, bar.z, bar.w), p->background);
    all.push_back(ContrastCheck{"Palette::toastText", "menu bar confirmation (\"saved\")", p->name, "MenuBarBg",
                                p->toastText, menuBar, ContrastNeed::Text});
    for (const ShapeColour& s : shapes) {
      const glm::vec4 drawn = legibleOn(s.color, p->background, kMinLineContrast);
      std::string what = "shape edges (" + s.where + ", given " + hexColor(s.color) + ")";
      all.push_back(
          ContrastCheck{"legibleOn(shape colour)", what, p->name, "view", drawn, p->background, ContrastNeed::Line});
    }
    // Shape names and the cross-axis edges' names: the label layer's text, labelInk of the
    // shape's colour, on the chip over whatever shows through it.
    const std::string worst = light ? "label chip over black" : "label chip over white";
    for (const ShapeColour& s : shapes) {
      const LabelInk ink = labelInk(*p, s.color);
      std::string what = "shape name label (" + s.where + ", given " + hexColor(s.color) + ")";
      all.push_back(ContrastCheck{"labelInk(shape colour).text", what, p->name, worst, ink.text, labelBackdrop(*p),
                                  ContrastNeed::Text});
    }
  }
  return all;
}

TEST(Contrast, EveryColourOfBothThemesMeetsItsMinimum) {
  const std::vector<ContrastCheck> all = allChecks();
  ASSERT_GT(all.size(), 100u);
  for (const ContrastCheck& c : all) {
    EXPECT_GE(c.ratio(), c.minimum()) << c.theme << ": " << c.color << " " << hexColor(c.fg) << " (" << c.use << ") on "
                                      << c.against << " " << hexColor(glm::vec4(c.bg, 1.0f));
  }
}

TEST(Contrast, LabelsAreDrawnOnTheThemesChipAndReadOverAnything) {
  // The light theme's labels sit on a light chip (once they were on the dark one in both
  // themes, their colours lightened for it: a red name on a dark grey chip on the projector).
  EXPECT_TRUE(isLightBackground(glm::vec3(lightPalette().labelChip)));
  EXPECT_FALSE(isLightBackground(glm::vec3(darkPalette().labelChip)));
  for (const Palette* p : {&darkPalette(), &lightPalette()}) {
    // Whatever shows through the chip (white to black), its text keeps 4.5:1.
    for (const glm::vec4& c : {glm::vec4(0.0f, 0.0f, 0.0f, 1.0f), glm::vec4(1.0f), glm::vec4(1.0f, 1.0f, 0.0f, 1.0f),
                               glm::vec4(0.1f, 0.1f, 0.4f, 1.0f), glm::vec4(0.9f, 0.2f, 0.2f, 0.3f)}) {
      const LabelInk ink = labelInk(*p, c);
      EXPECT_EQ(ink.text.a, 1.0f);
      for (const glm::vec3& behind : {glm::vec3(0.0f), glm::vec3(1.0f), p->background}) {
        EXPECT_GE(contrastRatio(glm::vec3(ink.text), over(p->labelChip, behind)), kMinTextContrast)
            << p->name << " " << hexColor(c) << " over " << hexColor(glm::vec4(behind, 1.0f));
      }
      EXPECT_GE(contrastOver(ink.leader, p->background), kMinLineContrast) << p->name << " " << hexColor(c);
    }
    // A colour that reads already is kept.
    const glm::vec4 plain = p == &lightPalette() ? glm::vec4(0.0f, 0.0f, 0.0f, 1.0f) : glm::vec4(1.0f);
    EXPECT_EQ(labelInk(*p, plain).text, plain);
  }
}

TEST(Contrast, TheLightThemeDrawsNoPartOfASegmentWhiteAndNoAxisLineYellowOnWhite) {
  // The two colours that vanished on the projector.
  const Palette& l = lightPalette();
  EXPECT_GE(contrastOver(l.insideSegment, l.background), kMinLineContrast);
  EXPECT_GE(contrastOver(l.satAxis, l.background), kMinLineContrast);
  EXPECT_GE(contrastOver(l.satAxisPreview, l.background), kMinLineContrast);
  EXPECT_EQ(&paletteFor(l.background), &l);
  EXPECT_EQ(&paletteFor(darkPalette().background), &darkPalette());
}

std::string docText() {
  std::string out =
      "# Contrast of satlab's colours\n\n"
      "Every colour of both themes (the everyday dark one, the light presentation one) against what it is\n"
      "drawn on, as WCAG 2.1 measures contrast: the ratio of the relative luminances, (L1 + 0.05) / (L2 + 0.05),\n"
      "from 1 to 21. Text needs 4.5:1 (success criterion 1.4.3), lines and other graphics 3:1 (1.4.11);\n"
      "decoration (the ground grid, outlines whose shape is also told apart by its background) is listed\n"
      "without a minimum. A translucent colour is measured as it is seen, composited over what is behind it;\n"
      "\"against\" gives that backdrop, itself composited (the label chip and the panels over the view).\n\n"
      "The colours are the constants of `src/render/palette.cpp` (`Palette`: the view, the gizmo, the\n"
      "explorers' pictures in the view, on the canvas and in the panel, the labels, the board pictures, the\n"
      "legend and the app's messages), ImGui's style of each theme (`themeStyle` in `src/ui/theme.cpp`), and\n"
      "the colours of the default palette and of every shape in `scenes/` as the renderer draws their edges:\n"
      "`legibleOn(colour, background, 3)`, the colour mixed with black (light theme) or white (dark theme)\n"
      "just far enough for 3:1, so a scene's own colour is kept wherever it already reads. The label layer\n"
      "(shape names, the board pictures' names) draws its text `labelInk(colour)`: legible at 4.5:1 on the\n"
      "label chip over white (dark theme) or black (light theme), i.e. over whatever shows through the chip.\n\n"
      "This file is generated by the test that checks every row (`tests/render/test_contrast.cpp`); it fails\n"
      "when a ratio falls below its minimum or when this table is not what the colours give. To regenerate:\n\n"
      "```sh\n"
      "SATLAB_WRITE_CONTRAST_DOC=1 build/tests/satlab_render_tests --gtest_filter='Contrast*'\n"
      "```\n\n";
  out += contrastTable(allChecks());
  return out;
}

TEST(Contrast, TheTableInDocsIsWhatTheColoursGive) {
  const std::filesystem::path path = std::filesystem::path(SATLAB_SOURCE_DIR) / "docs/contrast.md";
  const std::string want = docText();
  const char* write = std::getenv("SATLAB_WRITE_CONTRAST_DOC");
  if (write != nullptr && std::string(write) == "1") {
    std::ofstream(path, std::ios::binary) << want;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path << " is missing; regenerate it with SATLAB_WRITE_CONTRAST_DOC=1";
  std::stringstream have;
  have << in.rdbuf();
  EXPECT_TRUE(have.str() == want) << path
                                  << " is not what the colours give; regenerate it with "
                                     "SATLAB_WRITE_CONTRAST_DOC=1 satlab_render_tests --gtest_filter='Contrast*'";
}

}  // namespace
}  // namespace satlab::test
