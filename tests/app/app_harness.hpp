// Runs the satlab binary as a user would and inspects what it leaves behind.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace satlab::test {

struct RunResult {
  int exitCode = -1;
  std::string output;  // stdout and stderr together
};

/// Runs `satlab ARGS` through the shell (ARGS is shell text) in `workDir` (empty: a fresh
/// temporary folder) with `envPrefix` (e.g. "env -u DISPLAY") before it.
RunResult runSatlab(const std::string& args, const std::string& envPrefix = "", const std::string& workDir = "");

/// A fresh empty temporary folder.
std::string makeTempDir();

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;
  bool ok() const { return width > 0 && height > 0; }
  const std::uint8_t* at(int x, int y) const { return rgba.data() + (static_cast<size_t>(y) * width + x) * 4; }
};

Image loadPng(const std::string& path);

/// Pixels whose RGB lies within `tolerance` (per channel, 0..255) of `rgb` (0..1 floats),
/// optionally only inside the rectangle [x0,x1) x [y0,y1).
int countColor(const Image& img, float r, float g, float b, int tolerance, int x0 = 0, int y0 = 0, int x1 = -1,
               int y1 = -1);

std::string sourcePath(const std::string& relative);

/// A scripted run's report and picture.
struct ShotRun {
  RunResult result;
  Image image;
  /// The report without its "shape NAME at" lines (a level lists hundreds), for messages.
  std::string report() const;
};

/// Runs `scene` (a path under the source tree) with `script` played and a screenshot taken
/// when it ends, in a fresh folder; `extra`: more arguments ("--presentation --size 800x600").
ShotRun runScriptedShot(const std::string& scene, const std::string& script, const std::string& extra = "");

struct ScreenPoint {
  int x = -1, y = -1;
  bool ok() const { return x >= 0 && y >= 0; }
};

/// Where satlab shows shape `name` of `scenePath` (absolute) when it opens, in window
/// pixels at 1280x720, as the app itself reports it after a scripted run. `extraArgs` (e.g.
/// "--presentation") are added to the command line: the picture sits in the part of the
/// window the panels and overlays leave free, which differs between modes.
/// The rectangle the report gives a remembered item ("satlab: item NAME at x0,y0 to x1,y1"),
/// as its centre; (-1, -1) when it is not there.
ScreenPoint itemCentre(const std::string& output, const std::string& name);

/// Writes `text` to the file at `path` (replacing it).
void writeAll(const std::string& path, const std::string& text);

ScreenPoint shapeOnScreen(const std::string& scenePath, const std::string& name, const std::string& extraArgs = "");

}  // namespace satlab::test
