// Figures for slides (docs/figures.md) through the real app: `--figure` and File > Export
// figure... write the view alone as PNG or SVG; the SVG is parsed (Python's XML parser,
// tests/app/svg_summary.py) and its shapes are checked against the pixels the screen shows.
#include "../lesson_count.hpp"
#include "app_harness.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

std::string lesson(const std::string& file) { return "'" + sourcePath("scenes/lessons/" + file) + "'"; }

/// tests/app/svg_summary.py's JSON for `path`; {"error": ...} when it is not well-formed XML.
Json svgSummary(const std::string& path) {
  const std::string cmd = "python3 '" + sourcePath("tests/app/svg_summary.py") + "' '" + path + "' 2>&1";
  std::string out;
  if (FILE* pipe = popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n = 0;
    while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    pclose(pipe);
  }
  Json j = Json::parse(out, nullptr, false);
  return j.is_discarded() ? Json{{"error", "not JSON: " + out.substr(0, 400)}} : j;
}

struct Rgb {
  int r = 0, g = 0, b = 0;
};
Rgb hexColor(const std::string& s) {
  Rgb c;
  if (s.size() == 7 && s[0] == '#') std::sscanf(s.c_str() + 1, "%2x%2x%2x", &c.r, &c.g, &c.b);
  return c;
}
int distance(const std::uint8_t* p, const Rgb& c) {
  return std::abs(p[0] - c.r) + std::abs(p[1] - c.g) + std::abs(p[2] - c.b);
}

std::vector<std::string> linesWith(const std::string& output, const std::string& key) {
  std::vector<std::string> out;
  for (size_t at = output.find(key); at != std::string::npos; at = output.find(key, at + 1)) {
    out.push_back(output.substr(at, output.find('\n', at) - at));
  }
  return out;
}

/// "satlab: figure F: picture at x0,y0 to x1,y1" -> the four numbers.
bool pictureRect(const std::string& output, float r[4]) {
  std::smatch m;
  static const std::regex kPicture(R"(: picture at ([-0-9.]+),([-0-9.]+) to ([-0-9.]+),([-0-9.]+))");
  if (!std::regex_search(output, m, kPicture)) return false;
  for (int i = 0; i < 4; ++i) r[i] = std::stof(m[i + 1].str());
  return true;
}

/// The bars of the explorer's picture: its filled, opaque rectangles as tall as a bar.
std::vector<Json> pictureBars(const Json& svg) {
  std::vector<Json> bars;
  if (!svg["parts"].contains("picture")) return bars;
  for (const Json& r : svg["parts"]["picture"]["rects"]) {
    if (r["fill"].is_string() && r["fill"] != "none" && r["fillOpacity"].get<double>() > 0.99 &&
        r["h"].get<double>() >= 4.0 && r["h"].get<double>() < 40.0 && r["w"].get<double>() >= 3.0) {
      bars.push_back(r);
    }
  }
  return bars;
}

// ---- --figure on every lesson --------------------------------------------------------------

TEST(AppFigures, EveryLessonWritesAWellFormedSvgAndAPng) {
  const std::string dir = makeTempDir();
  int lessons = 0;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(sourcePath("scenes/lessons"))) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    if (file.extension() != ".json") continue;
    ++lessons;
    const std::string name = file.stem().string();
    SCOPED_TRACE(name);
    const RunResult svgRun = runSatlab("'" + file.string() + "' --figure " + name + ".svg --size 960x540", "", dir);
    ASSERT_EQ(svgRun.exitCode, 0) << svgRun.output;
    const Json svg = svgSummary(dir + "/" + name + ".svg");
    ASSERT_FALSE(svg.contains("error")) << svg.dump();
    EXPECT_EQ(svg["tag"], "{http://www.w3.org/2000/svg}svg");
    EXPECT_EQ(svg["viewBox"], "0 0 960 540");
    EXPECT_EQ(svg["width"], "960");
    EXPECT_FALSE(svg["title"].get<std::string>().empty());
    EXPECT_TRUE(svg["background"].is_string());
    const auto& groups = svg["groups"];
    for (const char* g : {"grid", "surfaces", "shapes", "labels"}) {
      EXPECT_NE(std::find(groups.begin(), groups.end(), g), groups.end()) << g << " in " << groups.dump();
    }
    EXPECT_GT(svg["counts"].value("path", 0), 10) << svg["counts"].dump();
    EXPECT_GT(svg["counts"].value("text", 0), 0);
    EXPECT_NE(svgRun.output.find("satlab: wrote " + name + ".svg (960x540 SVG: "), std::string::npos) << svgRun.output;

    const RunResult pngRun = runSatlab("'" + file.string() + "' --figure " + name + ".png --size 960x540", "", dir);
    ASSERT_EQ(pngRun.exitCode, 0) << pngRun.output;
    const Image png = loadPng(dir + "/" + name + ".png");
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png.width, 960);
    EXPECT_EQ(png.height, 540);
    // Something is drawn: not one colour.
    const std::uint8_t* corner = png.at(0, 0);
    EXPECT_LT(countColor(png, corner[0] / 255.0f, corner[1] / 255.0f, corner[2] / 255.0f, 4), 960 * 540 * 9 / 10);
  }
  EXPECT_EQ(lessons, static_cast<int>(kBuiltInLessons));
}

// ---- the SVG is what the screen shows ------------------------------------------------------

// The number line of a SAT step, in presentation mode: the screen draws it in the bottom-right
// corner, and the figure puts it in the same place, the same size. Each bar of the SVG's
// picture must be the run of its colour on the screen, end to end within a pixel and a half.
TEST(AppFigures, TheSvgsNumberLineIsTheScreensPixelForPixel) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/wait.txt") << "wait 2\n";
  const RunResult screen = runSatlab(
      lesson("06_aabb_obb_fifteen_axes.json") + " --presentation --script wait.txt --screenshot screen.png", "", dir);
  ASSERT_EQ(screen.exitCode, 0) << screen.output;
  const RunResult figure =
      runSatlab(lesson("06_aabb_obb_fifteen_axes.json") + " --presentation --figure fig.svg --size 1280x720", "", dir);
  ASSERT_EQ(figure.exitCode, 0) << figure.output;

  // The same place: the screen's "canvas picture at" and the figure's "picture at".
  std::smatch m;
  ASSERT_TRUE(std::regex_search(screen.output, m, std::regex(R"(canvas picture at (\d+),(\d+) to (\d+),(\d+))")))
      << screen.output;
  float pic[4];
  ASSERT_TRUE(pictureRect(figure.output, pic)) << figure.output;
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(pic[i], std::stof(m[i + 1].str()), 1.0f) << i;

  const Image shot = loadPng(dir + "/screen.png");
  ASSERT_TRUE(shot.ok());
  const Json svg = svgSummary(dir + "/fig.svg");
  ASSERT_FALSE(svg.contains("error")) << svg.dump();
  const std::vector<Json> bars = pictureBars(svg);
  ASSERT_GE(bars.size(), 2u) << svg["parts"].dump();
  for (const Json& bar : bars) {
    const float x0 = bar["x"], y0 = bar["y"], w = bar["w"], h = bar["h"];
    const Rgb fill = hexColor(bar["fill"]);
    const int y = static_cast<int>(std::lround(y0 + 0.5f * h - 0.5f));
    const int cx = static_cast<int>(std::lround(x0 + 0.5f * w - 0.5f));
    ASSERT_LE(distance(shot.at(cx, y), fill), 30) << bar.dump();
    int left = cx, right = cx;
    while (left > 0 && distance(shot.at(left - 1, y), fill) <= 60) --left;
    while (right + 1 < shot.width && distance(shot.at(right + 1, y), fill) <= 60) ++right;
    EXPECT_NEAR(static_cast<float>(left), x0, 1.5f) << bar.dump();
    EXPECT_NEAR(static_cast<float>(right + 1), x0 + w, 1.5f) << bar.dump();
  }
}

// The whiteboard view: every solid line of the shapes lies on pixels of its colour in the PNG
// of the same figure, and every surface's middle shows its colour over the background.
TEST(AppFigures, TheTwoDViewsSvgLiesOnItsPng) {
  const std::string dir = makeTempDir();
  for (const char* f : {"fig.svg", "fig.png"}) {
    const RunResult r =
        runSatlab(lesson("10_rotated_rectangles_2d.json") + " --figure " + f + " --size 1280x720", "", dir);
    ASSERT_EQ(r.exitCode, 0) << r.output;
  }
  const Image png = loadPng(dir + "/fig.png");
  ASSERT_TRUE(png.ok());
  const Json svg = svgSummary(dir + "/fig.svg");
  ASSERT_FALSE(svg.contains("error")) << svg.dump();
  int checked = 0;
  for (const Json& path : svg["parts"]["shapes"]["paths"]) {
    if (!path["dash"].is_null() || path["width"].get<double>() < 2.0) continue;
    const Rgb stroke = hexColor(path["stroke"]);
    for (const Json& s : path["segments"]) {
      const float x = 0.5f * (s[0][0].get<float>() + s[1][0].get<float>());
      const float y = 0.5f * (s[0][1].get<float>() + s[1][1].get<float>());
      if (x < 1 || y < 1 || x > png.width - 2 || y > png.height - 2) continue;
      EXPECT_LE(distance(png.at(static_cast<int>(x), static_cast<int>(y)), stroke), 60)
          << "line at " << x << "," << y << " " << path["stroke"];
      ++checked;
    }
  }
  EXPECT_GE(checked, 8);  // two rectangles' edges
  const Rgb bg = hexColor(svg["background"]);
  int faces = 0;
  for (const Json& poly : svg["parts"]["surfaces"]["polygons"]) {
    float cx = 0, cy = 0;
    for (const Json& p : poly["points"]) cx += p[0].get<float>(), cy += p[1].get<float>();
    cx /= static_cast<float>(poly["points"].size()), cy /= static_cast<float>(poly["points"].size());
    const Rgb f = hexColor(poly["fill"]);
    const float a = poly["opacity"];
    const Rgb over{static_cast<int>(std::lround(f.r * a + bg.r * (1 - a))),
                   static_cast<int>(std::lround(f.g * a + bg.g * (1 - a))),
                   static_cast<int>(std::lround(f.b * a + bg.b * (1 - a)))};
    int best = 1000;
    for (int dy = -3; dy <= 3; ++dy) {
      for (int dx = -3; dx <= 3; ++dx) {
        best = std::min(best, distance(png.at(static_cast<int>(cx) + dx, static_cast<int>(cy) + dy), over));
      }
    }
    EXPECT_LE(best, 24) << "surface at " << cx << "," << cy;
    ++faces;
  }
  EXPECT_EQ(faces, 2);
}

/// "satlab: shape NAME at x,y" (prefix "satlab: shape ") or "...: shape NAME at x,y" of a figure.
bool shapeAt(const std::string& output, const std::string& prefix, const std::string& name, float& x, float& y) {
  const std::string key = prefix + name + " at ";
  const size_t at = output.find(key);
  return at != std::string::npos && std::sscanf(output.c_str() + at + key.size(), "%f,%f", &x, &y) == 2;
}

// A camera the user turned is the figure's too: the figure centres the picture in its own
// area (no panels), so the shapes move together, but the step from one to the other on the
// figure is the screen's to the pixel (a lens shift only translates the projected picture).
TEST(AppFigures, ACameraTheUserMovedIsTheFiguresToo) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/orbit.txt") << "wait 2\nmouse 640 110\npress\ndrag 760 150 12\nrelease\nwait 2\n";
  const RunResult r = runSatlab(
      lesson("01_aabb_aabb_three_axes.json") + " --size 1280x720 --script orbit.txt --figure fig.svg", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  float sax = 0, say = 0, sbx = 0, sby = 0, fax = 0, fay = 0, fbx = 0, fby = 0;
  ASSERT_TRUE(shapeAt(r.output, "satlab: shape ", "A", sax, say) && shapeAt(r.output, "satlab: shape ", "B", sbx, sby))
      << r.output;
  ASSERT_TRUE(shapeAt(r.output, "fig.svg: shape ", "A", fax, fay) &&
              shapeAt(r.output, "fig.svg: shape ", "B", fbx, fby))
      << r.output;
  EXPECT_NEAR(fbx - fax, sbx - sax, 1.5f);
  EXPECT_NEAR(fby - fay, sby - say, 1.5f);
  // The drag turned the camera: the lesson's framing would put them elsewhere.
  const RunResult still = runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --figure still.svg", "", dir);
  float tax = 0, tay = 0, tbx = 0, tby = 0;
  ASSERT_TRUE(shapeAt(still.output, "still.svg: shape ", "A", tax, tay) &&
              shapeAt(still.output, "still.svg: shape ", "B", tbx, tby))
      << still.output;
  EXPECT_GT(std::abs((tbx - tax) - (fbx - fax)) + std::abs((tby - tay) - (fby - fay)), 20.0f);
}

// ---- scale, background, steps ----------------------------------------------------------------

TEST(AppFigures, AFourTimesFigureIsTheSameLayoutAtFourTimesThePixels) {
  const std::string dir = makeTempDir();
  const RunResult one = runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --figure one.png --size 480x270", "", dir);
  const RunResult four =
      runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --figure four.png --size 480x270 --scale 4", "", dir);
  ASSERT_EQ(one.exitCode, 0) << one.output;
  ASSERT_EQ(four.exitCode, 0) << four.output;
  const Image img = loadPng(dir + "/four.png");
  EXPECT_EQ(img.width, 1920);
  EXPECT_EQ(img.height, 1080);
  EXPECT_NE(four.output.find("wrote four.png (1920x1080 PNG"), std::string::npos) << four.output;
  float a[4], b[4];
  ASSERT_TRUE(pictureRect(one.output, a) && pictureRect(four.output, b));
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(b[i], 4.0f * a[i], 1.0f);
  const std::vector<std::string> s1 = linesWith(one.output, ": shape "), s4 = linesWith(four.output, ": shape ");
  ASSERT_EQ(s1.size(), 2u);
  ASSERT_EQ(s4.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    float x1 = 0, y1 = 0, x4 = 0, y4 = 0;
    ASSERT_EQ(std::sscanf(s1[i].substr(s1[i].rfind(" at ") + 4).c_str(), "%f,%f", &x1, &y1), 2);
    ASSERT_EQ(std::sscanf(s4[i].substr(s4[i].rfind(" at ") + 4).c_str(), "%f,%f", &x4, &y4), 2);
    EXPECT_NEAR(x4, 4.0f * x1, 1.0f);
    EXPECT_NEAR(y4, 4.0f * y1, 1.0f);
  }
}

TEST(AppFigures, ATransparentBackgroundIsAlphaWhereNothingIsDrawn) {
  const std::string dir = makeTempDir();
  const RunResult r = runSatlab(
      lesson("01_aabb_aabb_three_axes.json") + " --figure fig.png --size 960x540 --background transparent", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const Image img = loadPng(dir + "/fig.png");
  ASSERT_TRUE(img.ok());
  // Above the ground grid's horizon nothing is drawn.
  EXPECT_EQ(img.at(2, 2)[3], 0);
  int clear = 0, opaque = 0;
  for (size_t i = 3; i < img.rgba.size(); i += 4) {
    clear += img.rgba[i] == 0;
    opaque += img.rgba[i] == 255;
  }
  EXPECT_GT(clear, 960 * 540 / 20);
  EXPECT_GT(opaque, 1000);  // edges, labels, the picture
  // A translucent face keeps its colour (straight alpha), not darkened towards black.
  for (const std::string& line : linesWith(r.output, ": shape ")) {
    float x = 0, y = 0;
    ASSERT_EQ(std::sscanf(line.substr(line.rfind(" at ") + 4).c_str(), "%f,%f", &x, &y), 2);
    const std::uint8_t* p = img.at(static_cast<int>(x), static_cast<int>(y));
    EXPECT_GT(p[3], 20) << line;
    EXPECT_LT(p[3], 255) << line;
    EXPECT_GT(std::max({p[0], p[1], p[2]}), 150) << line;
  }
  const RunResult svg = runSatlab(
      lesson("01_aabb_aabb_three_axes.json") + " --figure fig.svg --size 960x540 --background transparent", "", dir);
  ASSERT_EQ(svg.exitCode, 0) << svg.output;
  EXPECT_TRUE(svgSummary(dir + "/fig.svg")["background"].is_null());
  const RunResult white = runSatlab(
      lesson("01_aabb_aabb_three_axes.json") + " --figure white.svg --size 960x540 --background white", "", dir);
  EXPECT_EQ(svgSummary(dir + "/white.svg")["background"], "#ffffff");
}

std::string pictureText(const Json& svg) {
  std::string all;
  for (const Json& t : svg["parts"]["picture"]["texts"]) all += t["text"].get<std::string>() + "|";
  return all;
}

TEST(AppFigures, StepNAndEveryStepDrawThoseSteps) {
  const std::string dir = makeTempDir();
  const RunResult two =
      runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --figure two.svg --size 960x540 --step 2", "", dir);
  ASSERT_EQ(two.exitCode, 0) << two.output;
  EXPECT_NE(pictureText(svgSummary(dir + "/two.svg")).find("A1"), std::string::npos);

  const RunResult all =
      runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --figure steps/fig.svg --size 960x540 --step all", "", dir);
  ASSERT_EQ(all.exitCode, 0) << all.output;
  for (int k = 1; k <= 3; ++k) {
    const std::string f = dir + "/steps/fig-step-0" + std::to_string(k) + ".svg";
    const Json svg = svgSummary(f);
    ASSERT_FALSE(svg.contains("error")) << f << " " << svg.dump();
    const std::string axis = "A" + std::to_string(k - 1);
    EXPECT_NE(pictureText(svg).find(axis), std::string::npos) << f << ": " << pictureText(svg);
  }
  EXPECT_FALSE(fs::exists(dir + "/steps/fig-step-04.svg"));
  EXPECT_FALSE(fs::exists(dir + "/steps/fig.svg"));
}

TEST(AppFigures, WhatCannotBeDoneIsOneLineAndExitCode2WithNoFile) {
  const std::string dir = makeTempDir();
  struct Case {
    std::string args, says;
  };
  const Case cases[] = {
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.jpg", "expected a file name ending in .png or .svg"},
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.svg --step 9", "step 9: the explorer has 3 steps"},
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.svg --step 0", "--step: expected a step number"},
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.svg --step -2", "--step: expected a step number"},
      {lesson("13_where_boxes_come_from.json") + " --figure fig.svg --step 2", "no pair is focused"},
      {lesson("13_where_boxes_come_from.json") + " --figure fig.svg --step all", "no pair is focused"},
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.png --background blue", "white, dark or transparent"},
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.png --scale 5", "--scale: expected 1 to 4"},
      {lesson("01_aabb_aabb_three_axes.json") + " --step 2", "--step goes with --figure"},
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.png --screenshot s.png", "one of --figure"},
      // 4100 x 4 is past GL_MAX_RENDERBUFFER_SIZE (16384 for Mesa's llvmpipe).
      {lesson("01_aabb_aabb_three_axes.json") + " --figure fig.png --size 4100x200 --scale 4",
       "cannot render a figure of 16400x800"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.args);
    const RunResult r = runSatlab(c.args, "", dir);
    EXPECT_EQ(r.exitCode, 2) << r.output;
    EXPECT_NE(r.output.find(c.says), std::string::npos) << r.output;
    EXPECT_EQ(linesWith(r.output, "satlab: ").size(), 1u) << r.output;
    EXPECT_FALSE(fs::exists(dir + "/fig.svg") || fs::exists(dir + "/fig.png") || fs::exists(dir + "/fig.jpg"));
  }
}

// ---- File > Export figure... ---------------------------------------------------------------

/// "satlab: item NAME at x0,y0 to x1,y1" -> its middle, as a script's "click X Y".
std::string clickOn(const std::string& output, const std::string& name) {
  std::smatch m;
  const std::regex item("satlab: item " + name + R"( at (-?\d+),(-?\d+) to (-?\d+),(-?\d+))");
  if (!std::regex_search(output, m, item)) return "";
  const int x = (std::stoi(m[1].str()) + std::stoi(m[3].str())) / 2,
            y = (std::stoi(m[2].str()) + std::stoi(m[4].str())) / 2;
  return "click " + std::to_string(x) + " " + std::to_string(y) + "\nwait 1\n";
}

// Ctrl+F12 opens the dialog; a name and Enter write the view alone at the window's size: the
// same picture --figure draws, without the panels, the menu bar or the toast.
TEST(AppFigureDialog, CtrlF12ThenANameWritesTheViewAloneAsTheCommandLineDoes) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/export.txt")
      << "wait 2\nctrl on\nkey F12\nctrl off\nwait 2\ntext figs/mine.png\nkey ENTER\nwait 3\n";
  const RunResult r =
      runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --size 960x600 --script export.txt", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: figure saved to figs/mine.png"), std::string::npos) << r.output;
  const Image dialog = loadPng(dir + "/figs/mine.png");
  ASSERT_TRUE(dialog.ok());
  EXPECT_EQ(dialog.width, 960);
  EXPECT_EQ(dialog.height, 600);
  const RunResult cli = runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --figure cli.png --size 960x600", "", dir);
  ASSERT_EQ(cli.exitCode, 0) << cli.output;
  const Image line = loadPng(dir + "/cli.png");
  ASSERT_TRUE(line.ok());
  int differ = 0;
  for (int y = 0; y < 600; ++y) {
    for (int x = 0; x < 960; ++x)
      differ += distance(dialog.at(x, y), Rgb{line.at(x, y)[0], line.at(x, y)[1], line.at(x, y)[2]}) > 24;
  }
  EXPECT_LT(differ, 960 * 600 / 200) << "pixels that differ";
}

// The dialog's choices: 4x, transparent, every step: one file per step, four times the window.
TEST(AppFigureDialog, FourTimesTransparentEveryStep) {
  const std::string dir = makeTempDir();
  const std::string open = "wait 2\nctrl on\nkey F12\nctrl off\nwait 2\n";
  std::ofstream(dir + "/look.txt") << open;
  const RunResult look =
      runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --size 800x600 --script look.txt", "", dir);
  ASSERT_EQ(look.exitCode, 0) << look.output;
  const std::string four = clickOn(look.output, "figure.scale.4");
  const std::string transparent = clickOn(look.output, "figure.background.transparent");
  const std::string every = clickOn(look.output, "figure.everyStep");
  const std::string path = clickOn(look.output, "figure.path");
  ASSERT_FALSE(four.empty() || transparent.empty() || every.empty() || path.empty()) << look.output;
  EXPECT_NE(look.output.find("satlab: clipped: none"), std::string::npos) << look.output;

  std::ofstream(dir + "/export.txt") << open << four << transparent << every << path
                                     << "ctrl on\nkey A\nctrl off\ntext out/s.png\nkey ENTER\nwait 3\n";
  const RunResult r =
      runSatlab(lesson("01_aabb_aabb_three_axes.json") + " --size 800x600 --script export.txt", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: 3 figures saved: out/s-step-01.png ... s-step-03.png"), std::string::npos)
      << r.output;
  for (int k = 1; k <= 3; ++k) {
    const Image img = loadPng(dir + "/out/s-step-0" + std::to_string(k) + ".png");
    ASSERT_TRUE(img.ok()) << k;
    EXPECT_EQ(img.width, 3200);
    EXPECT_EQ(img.height, 2400);
    EXPECT_EQ(img.at(4, 4)[3], 0) << k;
  }
}

// Choosing SVG adds a line to the dialog and every step another: it grows with them, and its
// Export button stays on it to be clicked (the dialog kept its first height, and the button
// slid out of reach under a scroll bar).
TEST(AppFigureDialog, TheDialogGrowsWithItsChoicesAndExportStaysInReach) {
  const std::string dir = makeTempDir();
  const std::string open = "wait 2\nctrl on\nkey F12\nctrl off\nwait 2\n";
  std::ofstream(dir + "/look.txt") << open;
  // Each choice moves what is under it: where the next control is, after the ones before.
  const RunResult first =
      runSatlab(lesson("10_rotated_rectangles_2d.json") + " --size 1280x720 --script look.txt", "", dir);
  const std::string svg = clickOn(first.output, "figure.svg");
  ASSERT_FALSE(svg.empty()) << first.output;
  std::ofstream(dir + "/look2.txt") << open << svg << "wait 2\n";
  const RunResult second =
      runSatlab(lesson("10_rotated_rectangles_2d.json") + " --size 1280x720 --script look2.txt", "", dir);
  const std::string every = clickOn(second.output, "figure.everyStep");
  ASSERT_FALSE(every.empty()) << second.output;
  std::ofstream(dir + "/look3.txt") << open << svg << every << "wait 2\n";
  const RunResult third =
      runSatlab(lesson("10_rotated_rectangles_2d.json") + " --size 1280x720 --script look3.txt", "", dir);
  const std::string exportButton = clickOn(third.output, "figure.export");
  ASSERT_FALSE(exportButton.empty()) << third.output;
  EXPECT_NE(third.output.find("satlab: clipped: none"), std::string::npos) << third.output;
  std::ofstream(dir + "/export.txt") << open << svg << every << "wait 2\n" << exportButton << "wait 3\n";
  const RunResult r =
      runSatlab(lesson("10_rotated_rectangles_2d.json") + " --size 1280x720 --script export.txt", "", dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("satlab: 4 figures saved: figures/10_rotated_rectangles_2d-step-01.svg ... "
                          "10_rotated_rectangles_2d-step-04.svg"),
            std::string::npos)
      << r.output;
  for (int k = 1; k <= 4; ++k) {
    const std::string f = dir + "/figures/10_rotated_rectangles_2d-step-0" + std::to_string(k) + ".svg";
    EXPECT_FALSE(svgSummary(f).contains("error")) << f;
  }
}

}  // namespace
}  // namespace satlab::test
