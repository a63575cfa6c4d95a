#include "app_harness.hpp"

#include <stb/stb_image.h>  // the implementation is compiled into Debian's libstb

#include <sys/wait.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace satlab::test {

std::string makeTempDir() {
  std::string templ = (std::filesystem::temp_directory_path() / "satlab-app-XXXXXX").string();
  if (mkdtemp(templ.data()) == nullptr) return {};
  return templ;
}

RunResult runSatlab(const std::string& args, const std::string& envPrefix, const std::string& workDir) {
  const std::string dir = workDir.empty() ? makeTempDir() : workDir;
  // Each run has its own home: settings, the recovery file and screenshots stay in `dir`.
  // The window speaks English whatever the machine's locale (a test's envPrefix may set one).
  const std::string isolate = "env HOME='" + dir + "' XDG_CONFIG_HOME='" + dir + "/.config' XDG_STATE_HOME='" + dir +
                              "/.state' XDG_PICTURES_DIR='" + dir +
                              "/pictures' LANGUAGE= LC_ALL= LC_MESSAGES= LANG=C.UTF-8 ";
  const std::string cmd = "cd '" + dir + "' && " + isolate + envPrefix + " '" + SATLAB_BINARY + "' " + args + " 2>&1";
  RunResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  const int status = pclose(pipe);
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return r;
}

Image loadPng(const std::string& path) {
  Image img;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &img.width, &img.height, &channels, 4);
  if (!data) {
    img.width = img.height = 0;
    return img;
  }
  img.rgba.assign(data, data + static_cast<size_t>(img.width) * img.height * 4);
  stbi_image_free(data);
  return img;
}

int countColor(const Image& img, float r, float g, float b, int tolerance, int x0, int y0, int x1, int y1) {
  if (x1 < 0) x1 = img.width;
  if (y1 < 0) y1 = img.height;
  const int want[3] = {static_cast<int>(std::lround(r * 255.0f)), static_cast<int>(std::lround(g * 255.0f)),
                       static_cast<int>(std::lround(b * 255.0f))};
  int count = 0;
  for (int y = std::max(0, y0); y < std::min(img.height, y1); ++y) {
    for (int x = std::max(0, x0); x < std::min(img.width, x1); ++x) {
      const std::uint8_t* p = img.at(x, y);
      if (std::abs(p[0] - want[0]) <= tolerance && std::abs(p[1] - want[1]) <= tolerance &&
          std::abs(p[2] - want[2]) <= tolerance) {
        ++count;
      }
    }
  }
  return count;
}

std::string sourcePath(const std::string& relative) { return std::string(SATLAB_SOURCE_DIR) + "/" + relative; }

ScreenPoint itemCentre(const std::string& output, const std::string& name) {
  const std::string key = "satlab: item " + name + " at ";
  const size_t at = output.find(key);
  int x0, y0, x1, y1;
  if (at == std::string::npos ||
      std::sscanf(output.c_str() + at + key.size(), "%d,%d to %d,%d", &x0, &y0, &x1, &y1) != 4)
    return {};
  return ScreenPoint{(x0 + x1) / 2, (y0 + y1) / 2};
}

void writeAll(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

ScreenPoint shapeOnScreen(const std::string& scenePath, const std::string& name, const std::string& extraArgs) {
  const std::string dir = makeTempDir();
  if (FILE* f = std::fopen((dir + "/wait.txt").c_str(), "w")) {
    std::fputs("wait 1\n", f);
    std::fclose(f);
  }
  const RunResult r = runSatlab(
      "'" + scenePath + "' --script wait.txt --screenshot probe.png" + (extraArgs.empty() ? "" : " " + extraArgs), "",
      dir);
  const std::string key = "satlab: shape " + name + " at ";
  const size_t at = r.output.find(key);
  ScreenPoint p;
  if (at == std::string::npos || std::sscanf(r.output.c_str() + at + key.size(), "%d,%d", &p.x, &p.y) != 2) {
    p = ScreenPoint{};
  }
  return p;
}

std::string ShotRun::report() const {
  std::istringstream in(result.output);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("satlab: shape ", 0) != 0) out += line + "\n";
  }
  return out;
}

ShotRun runScriptedShot(const std::string& scene, const std::string& script, const std::string& extra) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  ShotRun r;
  r.result = runSatlab("'" + sourcePath(scene) + "' --script input.txt --screenshot shot.png " + extra, "", dir);
  r.image = loadPng(dir + "/shot.png");
  return r;
}

}  // namespace satlab::test
