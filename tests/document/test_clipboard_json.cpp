// Copying shapes as JSON text and pasting every form people copy, with the loader's errors.
#include "document/clipboard_json.hpp"

#include <gtest/gtest.h>

#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
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

TEST(ClipboardJson, CopyPasteIntoTheSameSceneRenamesAndKeepsTheShapesExactly) {
  const Scene scene = loadExample("scenes/examples/mixed.json");
  const PasteResult p = parsePastedShapes(shapesToJson(scene, {0, 3}), scene);
  ASSERT_TRUE(p.ok()) << p.error->text();
  ASSERT_EQ(p.shapes.size(), 2u);
  EXPECT_EQ(p.shapes[0].name, "crate_2");
  EXPECT_EQ(p.shapes[1].name, "plank_2");
  const Obb& before = std::get<Obb>(scene.shapes[3].geometry);
  const Obb& after = std::get<Obb>(p.shapes[1].geometry);
  EXPECT_EQ(before.axes, after.axes) << "bit for bit";
  EXPECT_EQ(before.half, after.half);
  EXPECT_EQ(before.center + p.offset, after.center) << "moved off the original, and only moved";
  EXPECT_NE(p.offset, glm::vec3(0.0f));
  EXPECT_EQ(p.shapes[1].color, scene.shapes[3].color);
}

TEST(ClipboardJson, APasteIntoAnotherSceneKeepsItsCoordinatesBitForBit) {
  // The bug-report path: the failing pair pasted where nothing lies lands exactly where
  // the text puts it.
  const Scene source = loadExample("scenes/examples/mixed.json");
  const Scene other = parse(R"({"version": 1, "shapes": [
      {"name": "crate", "type": "sphere", "center": [10, 10, 10], "radius": 1}]})");
  const PasteResult p = parsePastedShapes(shapesToJson(source, {0, 3}), other);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.offset, glm::vec3(0.0f));
  EXPECT_EQ(std::get<Obb>(p.shapes[1].geometry).center, std::get<Obb>(source.shapes[3].geometry).center);
  EXPECT_EQ(p.shapes[0].name, "crate_2");  // renamed, not moved
}

TEST(ClipboardJson, EachPasteOfTheSameCopyLandsOneStepFurther) {
  // Two unit boxes 3 apart, copied and pasted three times: the group (5 x 2 x 2) moves by
  // half its largest side, 2.5, along +X and +Y for each copy already in the scene.
  Scene scene;
  scene.shapes = parsePastedShapes(R"([
    {"name": "a", "type": "aabb", "center": [0, 0, 1], "half_extents": [1, 1, 1]},
    {"name": "b", "type": "aabb", "center": [3, 0, 1], "half_extents": [1, 1, 1]}])",
                                   scene)
                     .shapes;
  const std::string copied = shapesToJson(scene, {0, 1});
  for (int n = 1; n <= 3; ++n) {
    const PasteResult p = parsePastedShapes(copied, scene);
    ASSERT_TRUE(p.ok());
    const float k = 2.5f * static_cast<float>(n);
    EXPECT_EQ(p.offset, glm::vec3(k, k, 0.0f)) << "paste " << n;
    EXPECT_EQ(std::get<Aabb>(p.shapes[0].geometry).center, glm::vec3(k, k, 1.0f));
    EXPECT_EQ(std::get<Aabb>(p.shapes[1].geometry).center, glm::vec3(3.0f + k, k, 1.0f));
    for (const SceneShape& s : p.shapes) scene.shapes.push_back(s);
  }
  ASSERT_EQ(scene.shapes.size(), 8u);
  // No two shapes share a centre.
  for (size_t i = 0; i < scene.shapes.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      EXPECT_NE(shapeCenter(scene.shapes[i]), shapeCenter(scene.shapes[j])) << i << " " << j;
}

TEST(ClipboardJson, APasteMovesOffAnyShapeItWouldLandOn) {
  // Not only its own originals: a sphere pasted onto a box's centre moves too; segments
  // compare by their midpoints, and a 2D paste stays in the plane.
  Scene twoD;
  twoD.view = ViewMode::TwoD;
  twoD.shapes =
      parsePastedShapes(R"({"name": "r", "type": "aabb", "center": [1, 1], "half_extents": [2, 1]})", twoD).shapes;
  const PasteResult seg = parsePastedShapes(R"({"name": "s", "type": "segment", "p0": [0, 0], "p1": [2, 2]})", twoD);
  ASSERT_TRUE(seg.ok());
  EXPECT_EQ(seg.offset, glm::vec3(1.0f, 1.0f, 0.0f));  // half of its 2 x 2 bounds
  const Segment& s = std::get<Segment>(seg.shapes[0].geometry);
  EXPECT_EQ(s.p0, glm::vec3(1.0f, 1.0f, 0.0f));
  EXPECT_EQ(s.p1, glm::vec3(3.0f, 3.0f, 0.0f));
  // A point-sized shape steps by 0.5.
  const PasteResult dot = parsePastedShapes(R"({"name": "p", "type": "sphere", "center": [1, 1], "radius": 0})", twoD);
  ASSERT_TRUE(dot.ok());
  EXPECT_EQ(dot.offset, glm::vec3(0.5f, 0.5f, 0.0f));
  // A shape next to (not on) another is left where it is.
  const PasteResult beside =
      parsePastedShapes(R"({"name": "q", "type": "sphere", "center": [1.5, 1], "radius": 1})", twoD);
  EXPECT_EQ(beside.offset, glm::vec3(0.0f));
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
  for (const SceneDiagnostic& w : p.warnings)
    ADD_FAILURE() << w.text();  // expectations and the title are simply not pasted
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
      {R"([{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1e19}])", "[0].radius",
       "1e+19 is outside the range satlab's tests are exact for (|v| <= 1e9)"},
      {R"({"name": "a", "type": "segment", "p0": [0, 0, 0], "p1": [0, -2e9, 0]})", "p1[1]", "(|v| <= 1e9)"},
      {R"({"name": "a\u0000", "type": "sphere", "center": [0, 0, 0], "radius": 1})", "name",
       "control character U+0000"},
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

TEST(ClipboardJson, TinyLengthsPasteAsZeroWithOneWarning) {
  const PasteResult p = parsePastedShapes(
      R"([{"name": "a", "type": "sphere", "center": [1e-12, 0, 0], "radius": 1},
          {"name": "b", "type": "sphere", "center": [0, 3e-11, 0], "radius": 1}])",
      Scene{});
  ASSERT_TRUE(p.ok()) << p.error->text();
  EXPECT_EQ(std::get<Sphere>(p.shapes[0].geometry).center, glm::vec3(0.0f));
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].path, "[0].center[0]");
  EXPECT_NE(p.warnings[0].message.find("read as 0 (2 such values"), std::string::npos) << p.warnings[0].text();
}

// 20,000 shapes s_1 ... s_20000 pasted into a scene that holds those names already: every
// one is renamed, to s_20001 ... s_40000, with a constant number of lookups each (this took
// 36 s when each name searched from s_2 upward).
TEST(ClipboardJson, PastingManyClashingNamesIsLinear) {
  constexpr int kCount = 20000;
  Scene scene;
  std::string text = "[";
  for (int i = 1; i <= kCount; ++i) {
    SceneShape s;
    s.name = "s_" + std::to_string(i);
    s.geometry = Sphere{glm::vec3(static_cast<float>(i), 0.0f, 0.0f), 0.5f};
    scene.shapes.push_back(s);
    text += std::string(i > 1 ? "," : "") + R"({"name":"s_)" + std::to_string(i) +
            R"(","type":"sphere","center":[0,0,0],"radius":1})";
  }
  text += "]";
  const PasteResult p = parsePastedShapes(text, scene);
  ASSERT_TRUE(p.ok()) << p.error->text();
  ASSERT_EQ(p.shapes.size(), static_cast<std::size_t>(kCount));
  for (int i = 0; i < kCount; ++i)
    ASSERT_EQ(p.shapes[static_cast<std::size_t>(i)].name, "s_" + std::to_string(kCount + 1 + i));

  // The same naming, counted: about two lookups per name, not one per existing s_N.
  ShapeNamer names(scene);
  for (int i = 1; i <= kCount; ++i) names.take("s_" + std::to_string(i));
  EXPECT_LE(names.lookups(), static_cast<std::size_t>(3 * kCount)) << names.lookups();
  EXPECT_TRUE(names.isTaken("s_40000"));
  EXPECT_FALSE(names.isTaken("s_40001"));
}

TEST(ClipboardJson, RenamedNamesStayWithinTheLengthLimit) {
  const std::string longName(kMaxShapeNameBytes, 'n');
  const std::string shape = R"({"name": ")" + longName + R"(", "type": "sphere", "center": [0, 0, 0], "radius": 1})";
  Scene scene;
  const PasteResult first = parsePastedShapes(shape, scene);
  ASSERT_TRUE(first.ok());
  scene.shapes = first.shapes;
  const PasteResult second = parsePastedShapes(shape, scene);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second.shapes[0].name, std::string(kMaxShapeNameBytes - 2, 'n') + "_2");
  // A multi-byte character is never cut in half.
  std::string accented = "x";  // then 127 e-acutes, 2 bytes each: 255 bytes
  for (int i = 0; i < 127; ++i) accented += "\\u00e9";
  const std::string accentedShape =
      R"({"name": ")" + accented + R"(", "type": "sphere", "center": [0, 0, 0], "radius": 1})";
  scene.shapes = parsePastedShapes(accentedShape, Scene{}).shapes;
  ASSERT_EQ(scene.shapes.size(), 1u);
  const PasteResult renamed = parsePastedShapes(accentedShape, scene);
  ASSERT_TRUE(renamed.ok());
  EXPECT_FALSE(shapeNameProblem(renamed.shapes[0].name).has_value()) << renamed.shapes[0].name;
  // 254 bytes would end inside the last e-acute: "x", 126 of them and "_2".
  EXPECT_EQ(renamed.shapes[0].name.size(), 255u);
  EXPECT_EQ(renamed.shapes[0].name.substr(renamed.shapes[0].name.size() - 4), "\xc3\xa9_2");
}

}  // namespace
}  // namespace satlab::test
