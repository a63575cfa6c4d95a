// The GoogleTest exporter's text: exact literals, names, the core's argument order and
// labels. (tests/export/ compiles and runs what it generates against the library.)
#include "evaluation/export_gtest.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

#include "../document/scene_test_util.hpp"
#include "document/scene_load.hpp"

namespace satlab::test {
namespace {

Scene parse(const std::string& text) {
  SceneLoadResult r = parseScene(text, "test");
  EXPECT_TRUE(r.ok()) << r.error->text();
  return r.scene;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ExportGTest, HexFloatLiteralsAreExact) {
  EXPECT_EQ(hexFloatLiteral(3.0f), "0x1.8p+1f");
  EXPECT_EQ(hexFloatLiteral(1.0f), "0x1p+0f");
  EXPECT_EQ(hexFloatLiteral(0.0f), "0x0p+0f");
  EXPECT_EQ(hexFloatLiteral(-0.0f), "-0x0p+0f");
  EXPECT_EQ(hexFloatLiteral(0.1f), "0x1.99999ap-4f");
  for (float v : {0.1f, -2.0000002f, 1e-45f, 3.4028235e38f, 1.17549435e-38f}) {
    const std::string lit = hexFloatLiteral(v);
    EXPECT_EQ(std::strtof(lit.substr(0, lit.size() - 1).c_str(), nullptr), v) << lit;
  }
}

TEST(ExportGTest, IdentifiersAreCamelCase) {
  EXPECT_EQ(cppIdentifier("Two boxes", "Scene"), "TwoBoxes");
  EXPECT_EQ(cppIdentifier("box_a", "Shape"), "BoxA");
  EXPECT_EQ(cppIdentifier("2d whiteboard!", "Scene"), "S2dWhiteboard");
  EXPECT_EQ(cppIdentifier("", "Scene"), "Scene");
  EXPECT_EQ(cppIdentifier("\xc3\xa9\xc3\xa9", "Shape"), "Shape");
}

TEST(ExportGTest, SatPairAssertsVerdictAndLabel) {
  const Scene scene = parse(R"({"version": 1, "title": "Two boxes", "shapes": [
    {"name": "left", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "right", "type": "aabb", "center": [3, 0, 0], "half_extents": [1, 1, 1]}]})");
  const std::string code = exportPairAsGTest(scene, 0, 1);
  EXPECT_TRUE(contains(code, "#include <satlab/collide.hpp>")) << code;
  EXPECT_TRUE(contains(code, "#include <gtest/gtest.h>"));
  EXPECT_TRUE(contains(code, "TEST(TwoBoxes, LeftVsRight)"));
  EXPECT_TRUE(contains(code, "glm::vec3(0x1.8p+1f, 0x0p+0f, 0x0p+0f),  // center (3, 0, 0)")) << code;
  EXPECT_TRUE(contains(code, "satlab::satAabbAabb(a, b)"));
  EXPECT_TRUE(contains(code, "EXPECT_FALSE(r.overlap);"));
  EXPECT_TRUE(contains(code, "EXPECT_EQ(satlab::label(r.separating), \"A0\");"));
}

TEST(ExportGTest, SwappedRolesUseTheCoreOrderAndTheCoreLabel) {
  // The OBB comes first in the file, the AABB second; the core takes the AABB first, and
  // the separating axis is the AABB's X face: A0 for the core, and so in the pairs panel,
  // which lists the pair in the test's roles ("plain / turned"), as the explorer does.
  const Scene scene = parse(R"({"version": 1, "title": "order", "shapes": [
    {"name": "turned", "type": "obb", "center": [4, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 10]},
    {"name": "plain", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]}]})");
  const std::string code = exportPairAsGTest(scene, 0, 1);
  EXPECT_TRUE(contains(code, "TEST(Order, TurnedVsPlain)")) << code;
  EXPECT_TRUE(contains(code, "satlab::satAabbObb(a, b)"));
  EXPECT_TRUE(contains(code, "EXPECT_EQ(satlab::label(r.separating), \"A0\");")) << code;
  EXPECT_TRUE(contains(code, "A0 in the pairs panel")) << code;
  EXPECT_TRUE(contains(code, "  // \"plain\" (aabb)\n  const satlab::Aabb a{")) << "a is the AABB";
  EXPECT_TRUE(contains(code, "  // \"turned\" (obb)\n  const satlab::Obb b{"));
  EXPECT_EQ(exportPairAsGTest(scene, 1, 0), code) << "either index order exports the same test";
}

TEST(ExportGTest, SegmentPairAssertsTheInterval) {
  const Scene scene = parse(R"({"version": 1, "title": "", "shapes": [
    {"name": "box", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "ray", "type": "segment", "p0": [-3, 0, 0], "p1": [3, 0, 0]}]})");
  const std::string code = exportPairAsGTest(scene, 0, 1);
  EXPECT_TRUE(contains(code, "TEST(Scene, BoxVsRay)")) << code;
  EXPECT_TRUE(contains(code, "satlab::slabSegmentAabb(a, b)"));
  // 1/3 and 2/3 (to the last bit or so, as the slab test computes them).
  EXPECT_TRUE(contains(code, "EXPECT_FLOAT_EQ(r.tEnter, 0x1.55555")) << code;
  EXPECT_TRUE(contains(code, "EXPECT_FLOAT_EQ(r.tExit, 0x1.55555"));
  EXPECT_TRUE(contains(code, "// 0.33333")) << "the decimal beside";
}

TEST(ExportGTest, TwoDScenesUseTheTwoDTests) {
  const SceneLoadResult r = loadScene(repoPath("scenes/examples/whiteboard_2d.json"));
  ASSERT_TRUE(r.ok());
  const std::string code = exportSceneAsGTest(r.scene);
  EXPECT_TRUE(contains(code, "TEST(Whiteboard2D, SlabVsCard)")) << code;
  EXPECT_TRUE(contains(code, "satlab::satRectOrientedRect(a, b)"));
  EXPECT_TRUE(contains(code, "satlab::closestCircleRect(a, b)"));
  EXPECT_TRUE(contains(code, "satlab::slabSegmentRect(a, b)"));
  EXPECT_FALSE(contains(code, "satAabb")) << "no 3D test in a 2D scene";
}

TEST(ExportGTest, HostileNamesStayInsideCommentsAndIdentifiers) {
  const Scene scene = parse(R"({"version": 1, "title": "x\\\ny */ \"", "shapes": [
    {"name": "a\\", "type": "sphere", "center": [0, 0, 0], "radius": 1},
    {"name": "a/", "type": "sphere", "center": [5, 0, 0], "radius": 1},
    {"name": "a?", "type": "sphere", "center": [9, 0, 0], "radius": 1}]})");
  const std::string code = exportSceneAsGTest(scene);
  EXPECT_TRUE(contains(code, "TEST(XY, AVsA)")) << code;
  EXPECT_TRUE(contains(code, "TEST(XY, AVsA2)"));
  EXPECT_TRUE(contains(code, "TEST(XY, AVsA3)"));
  EXPECT_TRUE(contains(code, "\"a\\\\\" (sphere)")) << "backslash escaped, no line continuation";
  EXPECT_FALSE(contains(code, "\\\n")) << "no line ends in a backslash";
}

}  // namespace
}  // namespace satlab::test
