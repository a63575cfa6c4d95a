// Replays the fuzz target's checks (tests/fuzz/scene_text_checks.hpp) over every scene
// fixture, the shipped scenes and the fuzzer's findings in tests/document/data/fuzz/, so each
// input that once broke the loader stays a test.
#include <filesystem>

#include <gtest/gtest.h>

#include "../fuzz/scene_text_checks.hpp"
#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

void replayFolder(const std::string& relative, int& count) {
  for (const auto& entry : std::filesystem::recursive_directory_iterator(repoPath(relative))) {
    if (!entry.is_regular_file()) continue;
    ++count;
    const std::string problem = fuzz::checkSceneText(readText(entry.path().string()));
    EXPECT_TRUE(problem.empty()) << entry.path() << ": " << problem;
  }
}

TEST(FuzzRegression, EveryFixtureAndFindingPassesTheFuzzChecks) {
  int count = 0;
  replayFolder("scenes", count);
  replayFolder("tests/document/data", count);
  replayFolder("tests/export/data", count);
  EXPECT_GT(count, 40);
}

}  // namespace
}  // namespace satlab::test
