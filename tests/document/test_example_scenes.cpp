// Every scene file in scenes/ loads cleanly: no error, no warning, every expectation
// names real shapes, and saving it changes nothing the loader can see.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "scene_test_util.hpp"

namespace satlab {
namespace {

std::vector<std::string> sceneFiles() {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(test::repoPath("scenes"))) {
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(ExampleScenes, TheRequiredExamplesExist) {
  for (const char* name : {"two_boxes.json", "mixed.json", "whiteboard_2d.json"}) {
    EXPECT_TRUE(std::filesystem::exists(test::repoPath(std::string("scenes/examples/") + name))) << name;
  }
}

TEST(ExampleScenes, EverySceneFileLoadsWithoutWarnings) {
  const std::vector<std::string> files = sceneFiles();
  ASSERT_GE(files.size(), 3u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const SceneLoadResult r = loadScene(file);
    ASSERT_TRUE(r.ok()) << r.error->text();
    for (const SceneDiagnostic& w : r.warnings) ADD_FAILURE() << w.text();
    EXPECT_FALSE(r.scene.title.empty());
    EXPECT_FALSE(r.scene.shapes.empty());
    const SceneLoadResult again = parseScene(sceneToJson(r.scene), file);
    ASSERT_TRUE(again.ok()) << again.error->text();
    EXPECT_EQ(again.scene.shapes.size(), r.scene.shapes.size());
  }
}

TEST(ExampleScenes, MixedHasAllFourTypesAndEveryRotationForm) {
  const SceneLoadResult r = loadScene(test::repoPath("scenes/examples/mixed.json"));
  ASSERT_TRUE(r.ok());
  bool kinds[4] = {};
  bool forms[4] = {};
  for (const SceneShape& s : r.scene.shapes) {
    kinds[static_cast<int>(s.kind())] = true;
    if (s.kind() == ShapeKind::Obb) forms[static_cast<int>(s.rotation.form)] = true;
  }
  for (bool k : kinds) EXPECT_TRUE(k);
  for (int f = 1; f < 4; ++f) EXPECT_TRUE(forms[f]) << "rotation form " << f;
  EXPECT_EQ(loadScene(test::repoPath("scenes/examples/whiteboard_2d.json")).scene.view, ViewMode::TwoD);
}

TEST(ExampleScenes, TheExampleInTheFormatDocumentLoads) {
  const std::string doc = test::readText(test::repoPath("docs/scene-format.md"));
  const std::size_t begin = doc.find("```json\n");
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = doc.find("```", begin + 8);
  const SceneLoadResult r = parseScene(doc.substr(begin + 8, end - begin - 8), "docs/scene-format.md");
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.scene.shapes.size(), 4u);
}

}  // namespace
}  // namespace satlab
