// Every lesson and example, opened as a student or a teacher opens it, at the sizes a
// classroom uses: nothing ImGui draws is clipped (ui/clip_audit.hpp: text past a window's
// edge, a table cell or header wider than its column) and no label sits on a panel, the step
// bar, the lesson card or the explorer's picture (the view's label layer avoids them all).
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> scenesToCheck() {
  std::vector<std::string> out;
  for (const char* folder : {"scenes/lessons", "scenes/examples"}) {
    for (const fs::directory_entry& e : fs::directory_iterator(sourcePath(folder))) {
      if (e.path().extension() == ".json") out.push_back(e.path().string());
    }
  }
  out.push_back(sourcePath("scenes/default.json"));
  return out;
}

/// The lines of a scripted run's report that say what was clipped or covered.
std::string findings(const RunResult& r) {
  std::string out;
  size_t at = 0;
  while ((at = r.output.find("satlab: clipped: ", at)) != std::string::npos) {
    const size_t end = r.output.find('\n', at);
    const std::string line = r.output.substr(at, end - at);
    if (line != "satlab: clipped: none") out += line + "\n";
    at = end;
  }
  const std::string key = "satlab: labels under windows: ";
  const size_t labels = r.output.find(key);
  if (labels == std::string::npos) {
    out += "(no label report)\n";
  } else if (r.output.compare(labels + key.size(), 2, "0\n") != 0) {
    out += r.output.substr(labels, r.output.find('\n', labels) - labels) + "\n";
  }
  return out;
}

void expectClean(const std::string& args, const std::string& script) {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  const RunResult r = runSatlab("--script input.txt " + args + " --screenshot s.png", "", dir);
  ASSERT_EQ(r.exitCode, 0) << args << "\n" << r.output;
  EXPECT_NE(r.output.find("satlab: clipped: "), std::string::npos) << args << "\n" << r.output;
  EXPECT_EQ(findings(r), "") << args;
}

// Every screen a scene shows, in one run a size: English, Russian and Chinese in the normal
// theme, then F5 and the three again in presentation mode (the light, high-contrast theme).
// The audit reports each language in each theme ("[ru presentation] ..."), after the panels
// and the fonts have settled.
const char* const kEveryLanguageAndTheme =
    "wait 4\nlang ru\nwait 4\nlang zh\nwait 4\nkey F5\nwait 4\nlang ru\nwait 4\nlang en\nwait 4\n";

std::string testNameOf(const ::testing::TestParamInfo<std::string>& info) {
  std::string name =
      fs::path(info.param).parent_path().filename().string() + "_" + fs::path(info.param).stem().string();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// One test a scene, so that the app tests' shards share them out evenly.
class AppLayoutScene : public ::testing::TestWithParam<std::string> {};

TEST_P(AppLayoutScene, NothingIsClippedOrCoveredInAnyLanguageOrThemeAt1280x720And1920x1080) {
  const std::string scene = "'" + GetParam() + "'";
  expectClean(scene + " --size 1280x720", kEveryLanguageAndTheme);
  expectClean(scene + " --size 1920x1080", kEveryLanguageAndTheme);
}

TEST_P(AppLayoutScene, NothingIsClippedOrCoveredAt800x600) {
  expectClean("'" + GetParam() + "' --size 800x600", "wait 2\n");
}

INSTANTIATE_TEST_SUITE_P(EveryLessonAndExample, AppLayoutScene, ::testing::ValuesIn(scenesToCheck()), testNameOf);

TEST(AppLayout, TheInspectorTheKeysTheLegendAndTheHistoryFitToo) {
  // mixed.json: select the crate (its row in the shape list), open F1, G and Edit > History.
  const std::string scene = "'" + sourcePath("scenes/examples/mixed.json") + "'";
  const std::string script = "wait 2\nclick 60 282\nwait 1\nkey F1\nkey G\nclick 63 10\nwait 1\nclick 90 100\nwait 3\n";
  const std::string languages = std::string(script) + "lang ru\nwait 4\nlang zh\nwait 4\n";
  expectClean(scene + " --size 1280x720", languages);
  expectClean(scene + " --size 1920x1080", languages);
}

}  // namespace
}  // namespace satlab::test
