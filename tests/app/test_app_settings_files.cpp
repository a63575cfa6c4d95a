// Settings files through the real app: a settings.json or imgui.ini in the config folder
// that is huge (2 MB, a sparse gigabyte) or a link to /dev/zero is ignored with one warning
// naming it and why, and satlab starts normally with the defaults. They used to be read
// whole: 2.1 to 4.2 GB and up to 15 s to start, and /dev/zero without end.
#include "app_harness.hpp"
#include "cube_scripts.hpp"

#include <unistd.h>

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

const char* kOneBox = "tests/app/data/one_box_3d.json";

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

struct BadSettingsFile {
  const char* name;  // settings.json or imgui.ini
  const char* kind;  // what is at the name
};

class AppSettingsFiles : public ::testing::TestWithParam<BadSettingsFile> {};

TEST_P(AppSettingsFiles, AreIgnoredWithOneWarningAndTheAppStartsNormally) {
  const BadSettingsFile& p = GetParam();
  const std::string dir = makeTempDir();
  const std::string folder = dir + "/.config/satlab";
  fs::create_directories(folder);
  const std::string path = folder + "/" + p.name;
  const std::string kind = p.kind;
  if (kind == "2 MB") {
    std::ofstream(path) << "{\"window_width\": 800, \"pad\": \"" + std::string(2 << 20, 'x') + "\"}\n";
  } else if (kind == "sparse 1 GB") {
    std::ofstream(path) << "";
    ASSERT_EQ(::truncate(path.c_str(), 1ll << 30), 0);
  } else {
    fs::create_symlink("/dev/zero", path);
  }
  // A time limit: reading /dev/zero whole would never end. (The reason's size is taken
  // before the run, whose end writes the file again.)
  const std::string reason = kind == "/dev/zero"
                                 ? "is a character device, not a regular file"
                                 : "larger than 1 MiB (" + std::to_string(fs::file_size(path)) + " bytes)";
  const RunResult r = runIn(dir, "wait 3\n", "'" + sourcePath(kOneBox) + "'", "timeout 60");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(count(r.output, "warning"), 1) << r.output;
  EXPECT_NE(r.output.find("satlab: warning: " + path + ": " + reason + "; ignored"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("satlab: title: one_box_3d.json"), std::string::npos) << "a normal start\n" << r.output;
  if (kind == "/dev/zero") {
    EXPECT_TRUE(fs::is_symlink(path)) << "not replaced";
    EXPECT_EQ(fs::read_symlink(path), "/dev/zero");
  } else {
    EXPECT_LT(fs::file_size(path), 100000u) << "written again by the session's end";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Each, AppSettingsFiles,
    ::testing::Values(BadSettingsFile{"settings.json", "2 MB"}, BadSettingsFile{"settings.json", "sparse 1 GB"},
                      BadSettingsFile{"settings.json", "/dev/zero"}, BadSettingsFile{"imgui.ini", "2 MB"},
                      BadSettingsFile{"imgui.ini", "sparse 1 GB"}, BadSettingsFile{"imgui.ini", "/dev/zero"}),
    [](const ::testing::TestParamInfo<BadSettingsFile>& info) {
      std::string name = std::string(info.param.name) + "_" + info.param.kind;
      for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return name;
    });

}  // namespace
}  // namespace satlab::test
