// Loading valid scene files: every shape type, rotation form, 2D form and colour form.
#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include "document/rotation.hpp"

namespace satlab {
namespace {

SceneLoadResult load(const std::string& text) {
  SceneLoadResult r = parseScene(text, "test.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r;
}

std::string oneShape(const std::string& shape, const std::string& view = "3d") {
  return R"({"version": 1, "view": ")" + view + R"(", "shapes": [)" + shape + "]}";
}

const Obb& obbOf(const SceneLoadResult& r) { return std::get<Obb>(r.scene.shapes.at(0).geometry); }

TEST(SceneLoad, EveryShapeTypeWithItsFields) {
  const SceneLoadResult r = load(R"({
    "version": 1, "title": "All four", "notes": "a note", "view": "3d",
    "shapes": [
      {"name": "box", "type": "aabb", "center": [1, 2, 3], "half_extents": [0.5, 1, 1.5]},
      {"name": "tilted", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 2, 3]},
      {"name": "ball", "type": "sphere", "center": [-1, 0, 2], "radius": 0.75},
      {"name": "ray", "type": "segment", "p0": [0, 0, 0], "p1": [4, 5, 6]}
    ]})");
  const Scene& s = r.scene;
  EXPECT_EQ(s.version, 1);
  EXPECT_EQ(s.title, "All four");
  EXPECT_EQ(s.notes, "a note");
  EXPECT_EQ(s.view, ViewMode::ThreeD);
  ASSERT_EQ(s.shapes.size(), 4u);
  EXPECT_EQ(s.shapes[0].kind(), ShapeKind::Aabb);
  EXPECT_EQ(std::get<Aabb>(s.shapes[0].geometry).center, glm::vec3(1, 2, 3));
  EXPECT_EQ(std::get<Aabb>(s.shapes[0].geometry).half, glm::vec3(0.5f, 1, 1.5f));
  EXPECT_EQ(s.shapes[1].kind(), ShapeKind::Obb);
  EXPECT_EQ(std::get<Obb>(s.shapes[1].geometry).axes, glm::mat3(1.0f));
  EXPECT_EQ(s.shapes[1].rotation.form, RotationForm::None);
  EXPECT_EQ(s.shapes[2].kind(), ShapeKind::Sphere);
  EXPECT_EQ(std::get<Sphere>(s.shapes[2].geometry).radius, 0.75f);
  EXPECT_EQ(s.shapes[3].kind(), ShapeKind::Segment);
  EXPECT_EQ(std::get<Segment>(s.shapes[3].geometry).p1, glm::vec3(4, 5, 6));
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(findShape(s, "ball"), &s.shapes[2]);
  EXPECT_EQ(findShape(s, "nobody"), nullptr);
}

TEST(SceneLoad, MinimalSceneDefaultsTo3dWithNoShapes) {
  const SceneLoadResult r = load(R"({"version": 1, "shapes": []})");
  EXPECT_EQ(r.scene.view, ViewMode::ThreeD);
  EXPECT_TRUE(r.scene.shapes.empty());
  EXPECT_TRUE(r.scene.title.empty());
}

TEST(SceneLoad, ObbAxesAreTheColumns) {
  const SceneLoadResult r = load(oneShape(
      R"({"name": "o", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
          "axes": [[0, 1, 0], [-1, 0, 0], [0, 0, 1]]})"));
  EXPECT_EQ(obbOf(r).axes[0], glm::vec3(0, 1, 0));
  EXPECT_EQ(obbOf(r).axes[1], glm::vec3(-1, 0, 0));
  EXPECT_EQ(r.scene.shapes[0].rotation.form, RotationForm::Axes);
}

TEST(SceneLoad, SlightlySkewedAxesAreReorthonormalised) {
  const SceneLoadResult r = load(oneShape(
      R"({"name": "o", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
          "axes": [[1, 0.0004, 0], [0, 1, 0], [0, 0, 1.0004]]})"));
  const glm::mat3& a = obbOf(r).axes;
  EXPECT_LT(orthonormalityError(a), 1e-6f);
  EXPECT_GT(glm::dot(glm::cross(a[0], a[1]), a[2]), 0.0f);
}

TEST(SceneLoad, QuaternionIsWxyzAndNearUnitIsNormalised) {
  const SceneLoadResult r = load(oneShape(
      R"({"name": "o", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
          "quaternion": [0.7072, 0, 0, 0.7072]})"));  // |q| = 1.00014: 90 degrees about Z
  const SceneShape& s = r.scene.shapes[0];
  EXPECT_EQ(s.rotation.form, RotationForm::Quaternion);
  EXPECT_NEAR(glm::length(s.rotation.quaternion), 1.0f, 1e-6f);
  const glm::vec3 x = obbOf(r).axes * glm::vec3(1, 0, 0);
  EXPECT_NEAR(x.x, 0.0f, 1e-6f);
  EXPECT_NEAR(x.y, 1.0f, 1e-6f);
}

TEST(SceneLoad, EulerDegreesFollowTheDocumentedConvention) {
  const SceneLoadResult r = load(oneShape(
      R"({"name": "o", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1], "euler_deg": [90, 0, 90]})"));
  const SceneShape& s = r.scene.shapes[0];
  EXPECT_EQ(s.rotation.form, RotationForm::EulerDeg);
  EXPECT_EQ(s.rotation.eulerDeg, glm::vec3(90, 0, 90));
  EXPECT_EQ(obbOf(r).axes[0], glm::vec3(0, 1, 0));  // X first (no effect on +X), then Z
  EXPECT_EQ(obbOf(r).axes[1], glm::vec3(0, 0, 1));
}

TEST(SceneLoad, TwoDimensionalScenesAcceptXyAndAngle) {
  const SceneLoadResult r = load(oneShape(
      R"({"name": "o", "type": "obb", "center": [1, 2], "half_extents": [3, 1], "angle_deg": 90},
         {"name": "p", "type": "segment", "p0": [0, 0], "p1": [1, 1, 0]},
         {"name": "c", "type": "sphere", "center": [5, 5], "radius": 1})",
      "2d"));
  EXPECT_EQ(r.scene.view, ViewMode::TwoD);
  const Obb& o = obbOf(r);
  EXPECT_EQ(o.center, glm::vec3(1, 2, 0));
  EXPECT_EQ(o.half, glm::vec3(3, 1, 0));
  EXPECT_EQ(o.axes[0], glm::vec3(0, 1, 0));
  EXPECT_EQ(r.scene.shapes[0].rotation.form, RotationForm::AngleDeg);
  EXPECT_EQ(r.scene.shapes[0].rotation.angleDeg, 90.0f);
  EXPECT_EQ(std::get<Segment>(r.scene.shapes[1].geometry).p1, glm::vec3(1, 1, 0));
  EXPECT_EQ(std::get<Sphere>(r.scene.shapes[2].geometry).center, glm::vec3(5, 5, 0));
}

TEST(SceneLoad, ColoursFromArraysAndHex) {
  const SceneLoadResult r = load(oneShape(
      R"({"name": "a", "type": "sphere", "center": [0,0,0], "radius": 1, "color": [1, 0.5, 0]},
         {"name": "b", "type": "sphere", "center": [0,0,0], "radius": 1, "color": [0, 0, 1, 0.25]},
         {"name": "c", "type": "sphere", "center": [0,0,0], "radius": 1, "color": "#ff8000"},
         {"name": "d", "type": "sphere", "center": [0,0,0], "radius": 1, "color": "#00FF0080"})"));
  const auto& s = r.scene.shapes;
  EXPECT_EQ(s[0].color, glm::vec4(1, 0.5f, 0, 1));
  EXPECT_FALSE(s[0].paletteColor);
  EXPECT_EQ(s[1].color, glm::vec4(0, 0, 1, 0.25f));
  EXPECT_EQ(s[2].color, glm::vec4(1, 128.0f / 255.0f, 0, 1));
  EXPECT_EQ(s[3].color, glm::vec4(0, 1, 0, 128.0f / 255.0f));
}

TEST(SceneLoad, ShapesWithoutColourTakeDistinctPaletteColoursInFileOrder) {
  std::string shapes;
  for (int i = 0; i < 12; ++i) {
    if (i) shapes += ",";
    shapes += R"({"name": "s)" + std::to_string(i) + R"(", "type": "sphere", "center": [0,0,0], "radius": 1)";
    shapes += i == 2 ? R"(, "color": [1, 1, 1]})" : "}";
  }
  const SceneLoadResult r = load(oneShape(shapes));
  const auto& s = r.scene.shapes;
  // The explicitly coloured shape does not use up a palette entry.
  EXPECT_EQ(s[0].color, paletteColor(0));
  EXPECT_EQ(s[1].color, paletteColor(1));
  EXPECT_EQ(s[2].color, glm::vec4(1.0f));
  EXPECT_EQ(s[3].color, paletteColor(2));
  EXPECT_TRUE(s[3].paletteColor);
  for (std::size_t i = 0; i < kPaletteSize; ++i) {
    for (std::size_t j = i + 1; j < kPaletteSize; ++j) EXPECT_NE(paletteColor(i), paletteColor(j)) << i << " " << j;
  }
  EXPECT_EQ(s[11].color, paletteColor(10));
  EXPECT_EQ(paletteColor(10), paletteColor(0));  // wraps after kPaletteSize
}

TEST(SceneLoad, ExpectationsAreRead) {
  const SceneLoadResult r = load(R"({"version": 1, "shapes": [
      {"name": "a", "type": "aabb", "center": [0,0,0], "half_extents": [1,1,1]},
      {"name": "b", "type": "obb", "center": [5,0,0], "half_extents": [1,1,1]}],
    "expect": [{"a": "a", "b": "b", "overlap": false, "separating_axis": "A0"},
               {"a": "b", "b": "a", "overlap": false}]})");
  ASSERT_EQ(r.scene.expect.size(), 2u);
  EXPECT_EQ(r.scene.expect[0].a, "a");
  EXPECT_EQ(r.scene.expect[0].overlap, false);
  EXPECT_EQ(r.scene.expect[0].separatingAxis, "A0");
  EXPECT_FALSE(r.scene.expect[1].separatingAxis.has_value());
}

TEST(SceneLoad, UnknownFieldsWarnWithFileAndPath) {
  const SceneLoadResult r = load(R"({"version": 1, "colour_scheme": "dark", "shapes": [
      {"name": "a", "type": "aabb", "center": [0,0,0], "half_extents": [1,1,1], "radius": 2, "colour": [1,0,0]}],
    "lesson": {"steps": [{"text": "Look at A0"}]}})");
  ASSERT_EQ(r.warnings.size(), 3u);
  EXPECT_EQ(r.warnings[0].text(), "test.json: shapes[0].radius: not a field of type aabb, ignored");
  EXPECT_EQ(r.warnings[1].text(), "test.json: shapes[0].colour: unknown field, ignored");
  EXPECT_EQ(r.warnings[2].text(), "test.json: colour_scheme: unknown field, kept as it is");
  // Unknown top-level fields are kept (lesson without a warning), in file order.
  ASSERT_EQ(r.scene.extras.size(), 2u);
  EXPECT_EQ(r.scene.extras[0].key, "colour_scheme");
  EXPECT_EQ(r.scene.extras[1].key, "lesson");
  EXPECT_EQ(r.scene.extras[1].json, R"({"steps":[{"text":"Look at A0"}]})");
}

TEST(SceneLoad, ByteOrderMarkIsAccepted) {
  load(
      "\xEF\xBB\xBF"
      R"({"version": 1, "shapes": []})");
}

TEST(SceneLoad, LoadSceneReadsAFile) {
  const SceneLoadResult r = loadScene(std::string(SATLAB_SOURCE_DIR) + "/scenes/examples/two_boxes.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(r.scene.shapes.size(), 2u);
}

}  // namespace
}  // namespace satlab

namespace satlab {
namespace {

TEST(SceneDiagnosticText, NamesFileThenPathOrPosition) {
  EXPECT_EQ((SceneDiagnostic{"a.json", "shapes[3].half_extents[1]", 0, 0, "must be >= 0 (got -2)"}.text()),
            "a.json: shapes[3].half_extents[1]: must be >= 0 (got -2)");
  EXPECT_EQ((SceneDiagnostic{"a.json", "", 4, 9, "syntax error"}.text()), "a.json: line 4, column 9: syntax error");
  EXPECT_EQ((SceneDiagnostic{"a.json", "", 0, 0, "the file is empty"}.text()), "a.json: the file is empty");
}

TEST(SceneLoad, OddKeysArePrintedSafelyInPaths) {
  const SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [], "two words": 1, "\u0001": 2})", "odd.json");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].path, R"(["two words"])");
  EXPECT_EQ(r.warnings[1].path, R"(["\x01"])");
}

}  // namespace
}  // namespace satlab
