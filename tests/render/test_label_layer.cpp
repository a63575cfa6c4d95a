// The label layer's blocked rectangles from drawn lines (the gizmo's handles): a line's
// footprint on screen, hugging a slanted line instead of covering its bounding box; lines
// that cannot be placed block nothing. And the colours it draws in: each theme's chip and
// labelInk's text and leader line. No display needed (an ImGui context at most).
#include "render/contrast.hpp"
#include "render/label_layer.hpp"
#include "render/view_setup.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <limits>
#include <set>
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

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

/// The colours of every vertex a label layer draws for one red label pushed off its anchor
/// by a blocked rectangle (so that it also draws its leader line), in `palette`.
std::set<ImU32> drawnColours(const Palette& palette, const glm::vec4& given) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(800.0f, 600.0f);
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  ImGui::NewFrame();
  LabelLayer layer;
  layer.setBlockedRects({ScreenRect{{350.0f, 250.0f}, {450.0f, 350.0f}}});
  layer.add({400.0f, 300.0f}, "edge of A along A2", given, 2);
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  const int before = dl->VtxBuffer.Size;
  layer.draw(dl, {800.0f, 600.0f}, {1.0f, 1.0f}, 10, palette);
  std::set<ImU32> out;
  for (int i = before; i < dl->VtxBuffer.Size; ++i) {
    const ImU32 c = dl->VtxBuffer[i].col;
    if ((c & IM_COL32_A_MASK) != 0) out.insert(c);  // not the anti-aliased fringe
  }
  ImGui::EndFrame();
  ImGui::DestroyContext();
  return out;
}

TEST(LabelLayerColours, EachThemesChipAndTextThatReadsOnIt) {
  // A red label: on the dark theme lightened a little, on the light one darkened, on the
  // light theme's own light chip (it was the dark chip in both themes).
  const glm::vec4 red(0.93f, 0.25f, 0.25f, 1.0f);
  for (const Palette* p : {&darkPalette(), &lightPalette()}) {
    const LabelInk ink = labelInk(*p, red);
    const std::set<ImU32> want = {u32(p->labelChip), u32(p->labelBorder), u32(p->textOutline), u32(ink.text),
                                  u32(ink.leader)};
    EXPECT_EQ(drawnColours(*p, red), want) << p->name;
    EXPECT_GE(contrastRatio(glm::vec3(ink.text), labelBackdrop(*p)), kMinTextContrast) << p->name;
    EXPECT_GE(contrastOver(ink.leader, p->background), kMinLineContrast) << p->name;
  }
  EXPECT_NE(drawnColours(lightPalette(), red).count(u32(lightPalette().labelChip)), 0u);
  EXPECT_EQ(drawnColours(lightPalette(), red).count(u32(darkPalette().labelChip)), 0u);
}

bool overlaps(const std::optional<ScreenRect>& a, const ScreenRect& b) {
  return a && a->lo.x < b.hi.x && b.lo.x < a->hi.x && a->lo.y < b.hi.y && b.lo.y < a->hi.y;
}

TEST(LabelLayerKeepClear, NumbersMoveOffTheShapesTheyAreAboutAndNamesStay) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(800.0f, 600.0f);
  io.DeltaTime = 1.0f / 60.0f;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  ImGui::NewFrame();
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  // A shape covering [300, 500] x [200, 400]; a number (priority 4) and a name (priority 1)
  // both anchored in its middle.
  const ScreenRect shape{{300.0f, 200.0f}, {500.0f, 400.0f}};
  const glm::vec4 orange(1.0f, 0.5f, 0.0f, 1.0f), blue(0.3f, 0.7f, 0.9f, 1.0f);
  LabelLayer layer;
  layer.setBlockedRects({});
  layer.add({400.0f, 300.0f}, "separate: 0.422", orange, 4);
  layer.add({400.0f, 300.0f}, "B", blue, 1);
  layer.keepClear({shape}, 4);
  layer.draw(dl, {800.0f, 600.0f}, {1.0f, 1.0f}, 10, darkPalette());
  ASSERT_TRUE(layer.placedRect(0) && layer.placedRect(1));
  EXPECT_FALSE(overlaps(layer.placedRect(0), shape));                 // the number: just outside the shape
  EXPECT_TRUE(overlaps(layer.placedRect(1), shape));                  // the name: on its shape, as always ...
  EXPECT_FALSE(overlaps(layer.placedRect(1), *layer.placedRect(0)));  // ... and off the number
  EXPECT_EQ(layer.drawnOnKeptClear(), 0u);
  // Without a rectangle to keep clear of, the number takes the spot above its anchor; and the
  // rectangles are forgotten with the frame.
  layer.clear();
  layer.add({400.0f, 300.0f}, "separate: 0.422", orange, 4);
  layer.draw(dl, {800.0f, 600.0f}, {1.0f, 1.0f}, 10, darkPalette());
  EXPECT_TRUE(overlaps(layer.placedRect(0), shape));
  // A rectangle that is not finite is ignored; the others still hold.
  layer.clear();
  layer.add({400.0f, 300.0f}, "separate: 0.422", orange, 4);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  layer.keepClear({ScreenRect{{nan, 0.0f}, {10.0f, 10.0f}}, shape}, 4);
  layer.draw(dl, {800.0f, 600.0f}, {1.0f, 1.0f}, 10, darkPalette());
  EXPECT_FALSE(overlaps(layer.placedRect(0), shape));
  ImGui::EndFrame();
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace satlab::test
