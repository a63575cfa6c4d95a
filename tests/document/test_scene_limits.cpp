// The loader's number contract (the range the tests are exact for, lengths below what
// they resolve, digits a float does not keep) and its limits on names, titles and notes.
#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include "document/scene_edit.hpp"
#include "document/scene_save.hpp"

namespace satlab {
namespace {

std::string sphereScene(const std::string& center, const std::string& radius) {
  return R"({"version": 1, "shapes": [{"name": "s", "type": "sphere", "center": )" + center + R"(, "radius": )" +
         radius + "}]}";
}

const Sphere& sphereOf(const SceneLoadResult& r) { return std::get<Sphere>(r.scene.shapes.at(0).geometry); }

std::string warningsText(const SceneLoadResult& r) {
  std::string out;
  for (const SceneDiagnostic& w : r.warnings) out += w.text() + "\n";
  return out;
}

TEST(SceneNumbers, TheLargestCoordinateIsAcceptedAndOneMoreIsNot) {
  SceneLoadResult r = parseScene(sphereScene("[1e9, -1e9, 1000000000]", "1e9"), "big.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(sphereOf(r).center, glm::vec3(1e9f, -1e9f, 1e9f));
  EXPECT_EQ(sphereOf(r).radius, kMaxSceneCoordinate);
  EXPECT_TRUE(r.warnings.empty()) << warningsText(r);

  r = parseScene(sphereScene("[0, 0, 1000000001]", "1"), "big.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(),
            "big.json: shapes[0].center[2]: 1000000001 is outside the range satlab's tests are exact for (|v| <= 1e9)");
  r = parseScene(sphereScene("[0, 0, 0]", "3.4e38"), "big.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->path, "shapes[0].radius");
  // Every kind of length: half extents, segment end points, 2D [x, y] points.
  for (const char* shape : {R"({"name": "b", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 2e9, 1]})",
                            R"({"name": "b", "type": "obb", "center": [0, 0, -5e9], "half_extents": [1, 1, 1]})",
                            R"({"name": "b", "type": "segment", "p0": [0, 0, 0], "p1": [1e20, 0, 0]})"}) {
    r = parseScene(std::string(R"({"version": 1, "shapes": [)") + shape + "]}", "big.json");
    ASSERT_FALSE(r.ok()) << shape;
    EXPECT_NE(r.error->message.find("(|v| <= 1e9)"), std::string::npos) << r.error->text();
  }
  r = parseScene(R"({"version": 1, "view": "2d", "shapes": [{"name": "c", "type": "sphere", "center": [-2e9, 0],
                 "radius": 1}]})",
                 "flat.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->path, "shapes[0].center[0]");
}

TEST(SceneNumbers, RotationValuesKeepTheirOwnRules) {
  // Degrees are not lengths: a large angle is a valid (if odd) rotation.
  const SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [{"name": "o", "type": "obb",
      "center": [0, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 3600000000000]}]})",
                                       "angles.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
}

TEST(SceneNumbers, LengthsBelowWhatTheTestsResolveReadAsZeroWithOneWarning) {
  const SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [
      {"name": "a", "type": "aabb", "center": [1e-12, -3e-10, 5], "half_extents": [1, -1e-15, 2e-30]},
      {"name": "s", "type": "sphere", "center": [1e-9, 0, 0], "radius": 4e-10}]})",
                                       "engine.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
  const Aabb& box = std::get<Aabb>(r.scene.shapes[0].geometry);
  EXPECT_EQ(box.center, glm::vec3(0.0f, 0.0f, 5.0f));
  EXPECT_EQ(box.half, glm::vec3(1.0f, 0.0f, 0.0f));  // -1e-15 is noise on a size, not an error
  EXPECT_EQ(std::get<Sphere>(r.scene.shapes[1].geometry).radius, 0.0f);
  // 1e-9 itself is kept.
  EXPECT_EQ(std::get<Sphere>(r.scene.shapes[1].geometry).center.x, 1e-9f);
  ASSERT_EQ(r.warnings.size(), 1u) << warningsText(r);
  EXPECT_EQ(r.warnings[0].text(),
            "engine.json: shapes[0].center[0]: 1e-12 is below 1e-09, the smallest length satlab's tests resolve: read "
            "as 0 (5 such values in this file; this is the first)");
}

TEST(SceneNumbers, DigitsAFloatDoesNotKeepGiveOneWarning) {
  // 100002.01 is stored as 100002.0078125: printed to two decimals that is 100002.01 again,
  // so every digit written is kept (and saving writes 100002.01). 100002.001 is not.
  SceneLoadResult r = parseScene(sphereScene("[100002.01, 0.1, 141.594]", "2.25"), "kept.json");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.warnings.empty()) << warningsText(r);

  r = parseScene(R"({"version": 1, "shapes": [
      {"name": "s", "type": "sphere", "center": [100002.001, 16777217, 0.5], "radius": 1},
      {"name": "t", "type": "sphere", "center": [0.30000000000000004, 0, 0], "radius": 1}]})",
                 "digits.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
  ASSERT_EQ(r.warnings.size(), 1u) << warningsText(r);
  EXPECT_EQ(r.warnings[0].text(),
            "digits.json: shapes[0].center[0]: 100002.001 has more digits than a 32-bit float keeps: stored as 100002, "
            "saved as 100002.0 (3 such values in this file; this is the first)");

  // Rotation values and colours too; the first such value names the path.
  r = parseScene(R"({"version": 1, "shapes": [{"name": "o", "type": "obb", "color": [0.123456789, 0, 0],
      "center": [0, 0, 0], "half_extents": [1, 1, 1]}]})",
                 "colour.json");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.warnings.size(), 1u) << warningsText(r);
  EXPECT_EQ(r.warnings[0].path, "shapes[0].color[0]");
  EXPECT_NE(r.warnings[0].message.find("(the only such value in this file)"), std::string::npos);
}

TEST(SceneNumbers, WhatTheWriterWritesNeverWarns) {
  // Nine-digit text of a float (as a program prints it) is the float's own value.
  const SceneLoadResult r =
      parseScene(sphereScene("[-1.85000002, 0.988771081, 1.17549437e-08]", "123456792"), "printed.json");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.warnings.empty()) << warningsText(r);
}

TEST(SceneNames, ControlCharactersAreRejectedEverywhereANameIsRead) {
  for (const char* bad : {R"(a\u0000)", R"(\u001b[31mred)", R"(tab\there)", R"(del\u007f)", R"(c1\u0080)",
                          R"(c1\u009f)", R"(line\nbreak)"}) {
    const std::string text = R"({"version": 1, "shapes": [{"name": ")" + std::string(bad) +
                             R"(", "type": "sphere", "center": [0, 0, 0], "radius": 1}]})";
    const SceneLoadResult r = parseScene(text, "names.json");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error->path, "shapes[0].name") << bad;
    EXPECT_NE(r.error->message.find("contains the control character U+"), std::string::npos) << r.error->text();
  }
  // Printable non-ASCII is fine: a no-break space (U+00A0, just after C1), accents, CJK.
  const SceneLoadResult ok = parseScene(
      R"({"version": 1, "shapes": [{"name": "a\u00a0b \u00e9\u4e2d", "type": "sphere", "center": [0, 0, 0], "radius": 1}],
          "expect": [{"a": "a\u00a0b \u00e9\u4e2d", "b": "a\u00a0b \u00e9\u4e2d", "overlap": true}]})",
      "ok.json");
  ASSERT_FALSE(ok.ok());
  EXPECT_EQ(ok.error->message, "a and b name the same shape");  // the names themselves were accepted
  // A separating-axis label follows the same rule.
  const SceneLoadResult label = parseScene(R"({"version": 1, "shapes": [
      {"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1},
      {"name": "b", "type": "sphere", "center": [3, 0, 0], "radius": 1}],
      "expect": [{"a": "a", "b": "b", "separating_axis": "A0\u001b"}]})",
                                           "label.json");
  ASSERT_FALSE(label.ok());
  EXPECT_EQ(label.error->path, "expect[0].separating_axis");
}

TEST(SceneNames, NamesAreAtMost256Bytes) {
  const auto withName = [](const std::string& name) {
    return R"({"version": 1, "shapes": [{"name": ")" + name +
           R"(", "type": "sphere", "center": [0, 0, 0], "radius": 1}]})";
  };
  EXPECT_TRUE(parseScene(withName(std::string(kMaxShapeNameBytes, 'n')), "long.json").ok());
  const SceneLoadResult r = parseScene(withName(std::string(kMaxShapeNameBytes + 1, 'n')), "long.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "long.json: shapes[0].name: too long (257 bytes; the limit is 256)");
}

TEST(SceneNames, TheEditorUsesTheLoadersRule) {
  EXPECT_TRUE(isValidShapeName("box_2"));
  EXPECT_TRUE(isValidShapeName(std::string(kMaxShapeNameBytes, 'x')));
  EXPECT_FALSE(isValidShapeName(std::string(kMaxShapeNameBytes + 1, 'x')));
  EXPECT_FALSE(isValidShapeName(""));
  EXPECT_FALSE(isValidShapeName(std::string("a\0b", 3)));
  EXPECT_FALSE(isValidShapeName("\xc2\x85"));      // U+0085, C1
  EXPECT_FALSE(isValidShapeName("\xff"));          // not UTF-8 (a text field could hold it)
  EXPECT_FALSE(isValidShapeName("\xed\xa0\x80"));  // a UTF-16 surrogate
  EXPECT_FALSE(isValidShapeName("\xc0\xaf"));      // overlong '/'
  EXPECT_TRUE(isValidShapeName("\xc2\xa0"));       // U+00A0
  EXPECT_EQ(*shapeNameProblem(std::string("ab\0", 3)),
            "contains the control character U+0000 (at byte 2); names must be printable");
}

TEST(SceneText, TitleAndNotesHaveLimitsThatFitALesson) {
  const auto scene = [](const std::string& key, std::size_t bytes) {
    return R"({"version": 1, "shapes": [], ")" + key + R"(": ")" + std::string(bytes, 'w') + "\"}";
  };
  EXPECT_TRUE(parseScene(scene("title", kMaxTitleBytes), "t.json").ok());
  EXPECT_TRUE(parseScene(scene("notes", kMaxNotesBytes), "n.json").ok());
  SceneLoadResult r = parseScene(scene("title", kMaxTitleBytes + 1), "t.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "t.json: title: too long (4097 bytes; the limit is 4096)");
  r = parseScene(scene("notes", kMaxNotesBytes + 1), "n.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->path, "notes");
  // A title keeps its text, control characters and all (what prints it escapes it).
  r = parseScene(R"({"version": 1, "shapes": [], "title": "bell\u0007 tab\t"})", "t.json");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.scene.title, "bell\a tab\t");
}

TEST(SceneMessages, EverythingQuotedIsEscaped) {
  // A file name with ESC and a newline, a hostile key, type and name: no control byte
  // reaches the message text.
  const std::string source = "evil\x1b[2J\nname.json";
  for (
      const char* text :
      {R"({"version": 1, "shapes": [{"name": "a", "type": "\u001b[31mcube", "center": [0, 0, 0]}]})",
       R"({"version": 1, "shapes": [], "\u001b]0;title\u0007": 1})",
       R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1, "\u009b2J": 0}]})",
       R"({"version": 1, "shapes": [{"name": "\u001b", "type": "sphere"}]})",
       R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1}],
            "expect": [{"a": "a", "b": "\u00e9\u001b"}]})",
       "{\"version\": 1, \"shapes\": [\x1b]}"}) {
    const SceneLoadResult r = parseScene(text, source);
    std::vector<std::string> lines;
    if (r.error) lines.push_back(r.error->text());
    for (const SceneDiagnostic& w : r.warnings) lines.push_back(w.text());
    ASSERT_FALSE(lines.empty()) << text;
    for (const std::string& line : lines) {
      EXPECT_EQ(line.rfind("evil\\x1b[2J\\x0aname.json: ", 0), 0u) << line;
      for (std::size_t i = 0; i < line.size(); ++i) {
        const auto b = static_cast<unsigned char>(line[i]);
        EXPECT_TRUE(b >= 0x20 && b != 0x7f) << line;
        if (b == 0xc2 && i + 1 < line.size()) {
          EXPECT_GT(static_cast<unsigned char>(line[i + 1]), 0x9f) << line;
        }
      }
    }
  }
}

TEST(SceneEditRange, EditsStayWhereTheLoaderReadsThemBack) {
  Scene scene;
  scene.shapes.push_back(makeShape(scene, ShapeKind::Sphere, glm::vec3(9e8f, -9e8f, 0.0f)));
  scene.shapes.push_back(makeShape(scene, ShapeKind::Segment, glm::vec3(0.0f)));
  scene.shapes.push_back(makeShape(scene, ShapeKind::Aabb, glm::vec3(0.0f)));
  // A drag far past the range stops at its edge.
  translateShape(scene.shapes[0], glm::vec3(5e8f, -5e8f, 3e30f));
  EXPECT_EQ(std::get<Sphere>(scene.shapes[0].geometry).center, glm::vec3(1e9f, -1e9f, 1e9f));
  // A resize (the gizmo writes the geometry, then the edit is clamped).
  std::get<Sphere>(scene.shapes[0].geometry).radius = 5e12f;
  std::get<Segment>(scene.shapes[1].geometry).p1 = glm::vec3(NAN, 1e-12f, -0.0f);
  std::get<Aabb>(scene.shapes[2].geometry).half = glm::vec3(-1.0f, 2e9f, 1e-10f);
  for (SceneShape& s : scene.shapes) EXPECT_TRUE(clampToSceneRange(s));
  EXPECT_EQ(std::get<Sphere>(scene.shapes[0].geometry).radius, kMaxSceneCoordinate);
  const glm::vec3 p1 = std::get<Segment>(scene.shapes[1].geometry).p1;
  EXPECT_EQ(p1, glm::vec3(0.0f));
  EXPECT_TRUE(std::signbit(p1.z)) << "-0 stays -0: it loads back as -0";
  EXPECT_EQ(std::get<Aabb>(scene.shapes[2].geometry).half, glm::vec3(0.0f, 1e9f, 0.0f));
  for (SceneShape& s : scene.shapes) EXPECT_FALSE(clampToSceneRange(s)) << "nothing left to clamp";
  // And the result saves to text that loads without an error or a warning.
  const SceneLoadResult back = parseScene(sceneToJson(scene), "edited.json");
  ASSERT_TRUE(back.ok()) << back.error->text();
  EXPECT_TRUE(back.warnings.empty()) << warningsText(back);
}

}  // namespace
}  // namespace satlab
