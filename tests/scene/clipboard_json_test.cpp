// Copying shapes as JSON text and pasting every form people copy, with the loader's errors.
#include "scene/clipboard_json.hpp"

#include <gtest/gtest.h>

#include "scene/scene_load.hpp"
#include "scene/scene_save.hpp"
#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

Scene loadExample(const std::string& relative) {
  SceneLoadResult r = loadScene(repoPath(relative));
  EXPECT_TRUE(r.ok()) << relative;
  return r.scene;
}

TEST(ClipboardJson, CopiedShapesAreAWholeSceneFile) {
  const Scene scene = loadExample("scenes/examples/mixed.json");
  const std::string text = shapesToJson(scene, {3, 1, 99});
  const SceneLoadResult asFile = parseScene(text, "copied");
  ASSERT_TRUE(asFile.ok()) << asFile.error->text();
  ASSERT_EQ(asFile.scene.shapes.size(), 2u) << "index 99 is skipped";
  EXPECT_EQ(asFile.scene.shapes[0].name, "plank");
  EXPECT_EQ(asFile.scene.shapes[1].name, "ball");
  EXPECT_TRUE(asFile.scene.expect.empty());
  // The plank had a palette colour; the copy says it explicitly.
  EXPECT_NE(text.find("\"color\""), std::string::npos);
  EXPECT_EQ(asFile.scene.shapes[0].color, scene.shapes[3].color);
}

TEST(ClipboardJson, CopyPasteIntoTheSameSceneRenamesAndKeepsGeometryExactly) {
  const Scene scene = loadExample("scenes/examples/mixed.json");
  const PasteResult p = parsePastedShapes(shapesToJson(scene, {0, 3}), scene);
  ASSERT_TRUE(p.ok()) << p.error->text();
  ASSERT_EQ(p.shapes.size(), 2u);
  EXPECT_EQ(p.shapes[0].name, "crate_2");
  EXPECT_EQ(p.shapes[1].name, "plank_2");
  const Obb& before = std::get<Obb>(scene.shapes[3].geometry);
  const Obb& after = std::get<Obb>(p.shapes[1].geometry);
  EXPECT_EQ(before.axes, after.axes) << "bit for bit";
  EXPECT_EQ(before.center, after.center);
  EXPECT_EQ(p.shapes[1].color, scene.shapes[3].color);
}

TEST(ClipboardJson, PastesASingleShapeObject) {
  const Scene scene = loadExample("scenes/examples/two_boxes.json");
  const PasteResult p =
      parsePastedShapes(R"({"name": "A", "type": "sphere", "center": [1, 2, 3], "radius": 0.5})", scene);
  ASSERT_TRUE(p.ok()) << p.error->text();
  ASSERT_EQ(p.shapes.size(), 1u);
  EXPECT_EQ(p.shapes[0].name, "A_2");
  EXPECT_EQ(std::get<Sphere>(p.shapes[0].geometry).radius, 0.5f);
}

TEST(ClipboardJson, PastesAnArrayWithClashesAmongThemselves) {
  Scene scene;
  const PasteResult p = parsePastedShapes(R"([
    {"name": "box", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "box_2", "type": "aabb", "center": [3, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "seg", "type": "segment", "p0": [0, 0, 0], "p1": [1, 0, 0]}
  ])",
                                          scene);
  ASSERT_TRUE(p.ok()) << p.error->text();
  ASSERT_EQ(p.shapes.size(), 3u);
  EXPECT_EQ(p.shapes[0].name, "box");
  EXPECT_EQ(p.shapes[1].name, "box_2");
  EXPECT_EQ(p.shapes[2].name, "seg");
  // Pasting the same again into a scene that now holds them renames every one.
  scene.shapes = p.shapes;
  const PasteResult again = parsePastedShapes(shapesToJson(scene, {0, 1, 2}), scene);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.shapes[0].name, "box_3");
  EXPECT_EQ(again.shapes[1].name, "box_4") << "box_2 -> stem box, first free number";
  EXPECT_EQ(again.shapes[2].name, "seg_2");
}

TEST(ClipboardJson, ShapesObjectWithoutVersionAndWholeScene) {
  Scene scene;
  const PasteResult fragment =
      parsePastedShapes(R"({"shapes": [{"name": "s", "type": "sphere", "center": [0, 0, 0], "radius": 1}]})", scene);
  ASSERT_TRUE(fragment.ok()) << fragment.error->text();
  EXPECT_EQ(fragment.shapes.size(), 1u);

  const std::string whole = readText(repoPath("scenes/examples/mixed.json"));
  const PasteResult p = parsePastedShapes(whole, scene);
  ASSERT_TRUE(p.ok()) << p.error->text();
  EXPECT_EQ(p.shapes.size(), 7u);
  EXPECT_TRUE(p.warnings.empty()) << "expectations and the title are simply not pasted";
}

TEST(ClipboardJson, FragmentTakesTheTargetSceneView) {
  Scene twoD;
  twoD.view = ViewMode::TwoD;
  const std::string shape =
      R"({"name": "r", "type": "obb", "center": [1, 2], "half_extents": [1, 1], "angle_deg": 30})";
  const PasteResult p = parsePastedShapes(shape, twoD);
  ASSERT_TRUE(p.ok()) << p.error->text();
  EXPECT_EQ(std::get<Obb>(p.shapes[0].geometry).center, glm::vec3(1.0f, 2.0f, 0.0f));

  const PasteResult in3d = parsePastedShapes(shape, Scene{});
  ASSERT_FALSE(in3d.ok());
  EXPECT_EQ(in3d.error->source, "clipboard");
  EXPECT_EQ(in3d.error->path, "center");
}

TEST(ClipboardJson, ErrorsNameTheClipboardAndThePastedPath) {
  const Scene scene;
  struct Case {
    const char* text;
    const char* path;      // expected error path
    const char* contains;  // part of the message
  };
  const Case cases[] = {
      {R"([{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1},
           {"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": -1}])",
       "[1].radius", ">= 0"},
      {R"({"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": -1})", "radius", ">= 0"},
      {R"({"shapes": [{"name": "b", "type": "cone"}]})", "shapes[0].type", "cone"},
      {R"([{"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
           {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]}])",
       "[1].name", "a"},
      {"42", "", "number"},
      {"\"box\"", "", "string"},
  };
  for (const Case& c : cases) {
    const PasteResult p = parsePastedShapes(c.text, scene);
    ASSERT_FALSE(p.ok()) << c.text;
    EXPECT_EQ(p.error->source, "clipboard") << c.text;
    EXPECT_EQ(p.error->path, c.path) << c.text << "\n" << p.error->text();
    EXPECT_NE(p.error->message.find(c.contains), std::string::npos) << p.error->text();
    EXPECT_TRUE(p.shapes.empty());
  }
}

TEST(ClipboardJson, SyntaxErrorsGiveLinesOfThePastedText) {
  const PasteResult p = parsePastedShapes("[\n  {\"name\": \"a\",\n   \"type\": NaN}]", Scene{});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->line, 3);
  EXPECT_NE(p.error->text().find("clipboard: line 3"), std::string::npos) << p.error->text();

  for (const char* junk : {"", "   \n", "{", "[1, 2,]", "hello", "\xff\xfe", "{\"a\": 1} trailing"}) {
    const PasteResult bad = parsePastedShapes(junk, Scene{});
    EXPECT_FALSE(bad.ok()) << junk;
  }
  EXPECT_FALSE(parsePastedShapes(std::string(100000, '['), Scene{}).ok()) << "deep nesting, no crash";
}

TEST(ClipboardJson, UnknownFieldsWarnWithPastedPaths) {
  const PasteResult p =
      parsePastedShapes(R"([{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1, "mass": 3}])", Scene{});
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].path, "[0].mass");
  EXPECT_EQ(p.warnings[0].source, "clipboard");
}

}  // namespace
}  // namespace satlab::test
