// The pairs panel's pure parts: the "why" column's words for every kind of verdict, and the
// label setting.
#include "ui/pairs_panel.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace satlab::test {
namespace {

Scene parse(const std::string& json) {
  SceneLoadResult r = parseScene(json, "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

// --- The "why" column ---

const PairResult& onlyPair(const std::vector<PairResult>& pairs) {
  EXPECT_EQ(pairs.size(), 1u);
  return pairs.front();
}

std::string whyOf(const std::string& shapes, bool twoD = false) {
  const Scene scene =
      parse(std::string(R"({"version": 1, "view": ")") + (twoD ? "2d" : "3d") + R"(", "shapes": [)" + shapes + "]}");
  return pairWhy(onlyPair(evaluateAllPairs(scene)));
}

TEST(PairsWhy, ASegmentMissingABoxSaysSo) {
  // `satlab check` says "no part of the segment inside"; the column said nothing. (A 3D
  // box and a segment get the six-axis SAT too, which names its separating axis.)
  const std::string missRect = R"({"name": "rect", "type": "aabb", "center": [0, 0], "half_extents": [2, 1]},
      {"name": "miss", "type": "segment", "p0": [-4, 0], "p1": [0, 4]})";
  EXPECT_EQ(whyOf(missRect, true), "no part inside");
  const std::string missObb = R"({"name": "box", "type": "obb", "center": [0, 0, 1], "half_extents": [1.5, 1, 0.75],
      "euler_deg": [0, 0, 30]}, {"name": "level", "type": "segment", "p0": [-2.2, 1.6, 2.3], "p1": [2.2, -1.6, 2.3]})";
  EXPECT_EQ(whyOf(missObb), "axis A2, gap 0.55");  // above the box's top face
  const Scene scene = parse(R"({"version": 1, "shapes": [)" + missObb + "]}");
  EXPECT_EQ(pairWhyInWords(onlyPair(evaluateAllPairs(scene))),
            "Separating axis A2: the projections leave a gap of 0.55.");
  // Where no axis can be named (a 2D rectangle and a segment), the words say no part is inside.
  const Scene flat = parse(R"({"version": 1, "view": "2d", "shapes": [)" + missRect + "]}");
  EXPECT_EQ(pairWhyInWords(onlyPair(evaluateAllPairs(flat))), "No part of the segment is inside the other shape.");
}

TEST(PairsWhy, EveryKindOfVerdictHasItsNumber) {
  const std::string boxA = R"({"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]})";
  EXPECT_EQ(whyOf(boxA + R"(, {"name": "B", "type": "aabb", "center": [0, 3.1, 0], "half_extents": [1, 1, 1]})"),
            "axis A1, gap 1.1");
  EXPECT_EQ(whyOf(boxA + R"(, {"name": "B", "type": "aabb", "center": [0, 1.5, 0], "half_extents": [1, 1, 1]})"),
            "depth 0.5 on A1");
  EXPECT_EQ(whyOf(boxA + R"(, {"name": "s", "type": "segment", "p0": [-2, 0, 0], "p1": [2, 0, 0]})"), "t [0.25, 0.75]");
  EXPECT_EQ(whyOf(R"({"name": "s", "type": "sphere", "center": [0, 0, 0], "radius": 1},
                     {"name": "t", "type": "sphere", "center": [3, 0, 0], "radius": 1})"),
            "gap 1");
  for (const PairResult& r : evaluateAllPairs(parse(R"({"version": 1, "shapes": [
      {"name": "box", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 45]},
      {"name": "ball", "type": "sphere", "center": [0, 0, 0.5], "radius": 1},
      {"name": "seg", "type": "segment", "p0": [5, 5, 5], "p1": [6, 5, 5]},
      {"name": "seg2", "type": "segment", "p0": [-5, 5, 5], "p1": [-6, 5, 5]}]})"))) {
    EXPECT_FALSE(pairWhy(r).empty()) << r.a << "/" << r.b;
    EXPECT_FALSE(pairWhyInWords(r).empty()) << r.a << "/" << r.b;
  }
}

TEST(PairsWhy, AxesAreNamedInTheTestsRolesAsTheExplorerNamesThem) {
  // An OBB before an AABB: the core takes the AABB as A, so the explorer (and the
  // column) call the AABB's Y axis A1 although the OBB comes first in the file.
  const Scene scene = parse(R"({"version": 1, "shapes": [
      {"name": "o", "type": "obb", "center": [0, 3.1, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 0]},
      {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]}]})");
  const PairResult& r = onlyPair(evaluateAllPairs(scene));
  ASSERT_TRUE(r.separatingAxis.has_value());
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(std::string(label(r.separatingAxis->id)), "B1");  // in file order the AABB is B
  EXPECT_EQ(pairWhy(r), "axis A1, gap 1.1");
}

// --- Labels ---

TEST(ShapeLabelSetting, AllSelectedNone) {
  EXPECT_TRUE(showsShapeLabel(ShapeLabels::All, false, false));
  EXPECT_TRUE(showsShapeLabel(ShapeLabels::Selected, true, false));
  EXPECT_TRUE(showsShapeLabel(ShapeLabels::Selected, false, true));
  EXPECT_FALSE(showsShapeLabel(ShapeLabels::Selected, false, false));
  EXPECT_FALSE(showsShapeLabel(ShapeLabels::None, true, true));
  PairsPanel panel;
  EXPECT_EQ(panel.labelMode(), ShapeLabels::All);
  panel.setLabelMode(ShapeLabels::None);
  EXPECT_EQ(panel.labelMode(), ShapeLabels::None);
}

}  // namespace
}  // namespace satlab::test
