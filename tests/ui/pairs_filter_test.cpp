// The pairs panel's pure parts: the name and verdict filter that keeps a crowded scene
// readable, the "why" column's words for every kind of verdict, and the label setting.
#include "ui/pairs_panel.hpp"

#include "scene/scene_load.hpp"

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

/// A row of `n` unit boxes 1.5 apart (each touches none), plus "big", which overlaps the
/// first `overlapping` of them: 200 shapes, as in the scene that must stay readable.
Scene boxRow(int n, int overlapping) {
  std::string json = R"({"version": 1, "shapes": [)";
  for (int i = 0; i < n; ++i) {
    json += R"({"name": "box)" + std::to_string(i) + R"(", "type": "aabb", "center": [)" + std::to_string(3 * i) +
            R"(, 0, 0], "half_extents": [1, 1, 1]},)";
  }
  const float reach = 3.0f * static_cast<float>(overlapping - 1) + 1.5f;
  json += R"({"name": "Big", "type": "aabb", "center": [0, 1.5, 0], "half_extents": [)" + std::to_string(reach) +
          R"(, 1, 1]}]})";
  return parse(json);
}

std::vector<std::string> names(const Scene& scene, const std::vector<PairResult>& pairs,
                               const std::vector<size_t>& rows) {
  std::vector<std::string> out;
  for (size_t i : rows) out.push_back(scene.shapes[pairs[i].a].name + "/" + scene.shapes[pairs[i].b].name);
  return out;
}

TEST(PairsFilter, NamesMatchAsSubstringsIgnoringAsciiCase) {
  EXPECT_TRUE(nameContains("box_a", ""));
  EXPECT_TRUE(nameContains("box_a", "box"));
  EXPECT_TRUE(nameContains("Box_A", "x_a"));
  EXPECT_TRUE(nameContains("box_a", "BOX_A"));
  EXPECT_FALSE(nameContains("box_a", "box_b"));
  EXPECT_FALSE(nameContains("box", "boxes"));
  EXPECT_FALSE(nameContains("", "b"));
  // Beyond ASCII, bytes match exactly: "É" is not "é".
  EXPECT_TRUE(nameContains("caf\xC3\xA9", "\xC3\xA9"));
  EXPECT_FALSE(nameContains("CAF\xC3\x89", "caf\xC3\xA9"));
}

TEST(PairsFilter, NoFilterListsEveryPairInOrder) {
  const Scene scene = boxRow(5, 2);
  const std::vector<PairResult> pairs = evaluateAllPairs(scene);
  const std::vector<size_t> rows = filterPairs(scene, pairs, {}, PairFilter{});
  ASSERT_EQ(rows.size(), pairs.size());
  for (size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i], i);
}

TEST(PairsFilter, TwoHundredShapesNarrowedByNameAndVerdict) {
  const Scene scene = boxRow(199, 3);  // "Big" overlaps box0, box1, box2
  ASSERT_EQ(scene.shapes.size(), 200u);
  const std::vector<PairResult> pairs = evaluateAllPairs(scene);
  ASSERT_EQ(pairs.size(), 200u * 199u / 2u);

  PairFilter overlapping;
  overlapping.verdict = PairVerdictFilter::Overlapping;
  EXPECT_EQ(names(scene, pairs, filterPairs(scene, pairs, {}, overlapping)),
            (std::vector<std::string>{"box0/Big", "box1/Big", "box2/Big"}));

  PairFilter separated;
  separated.verdict = PairVerdictFilter::Separated;
  EXPECT_EQ(filterPairs(scene, pairs, {}, separated).size(), pairs.size() - 3);

  // "box19" names box19 and box190..box198: each of those 10 shapes in 199 pairs, less
  // the 45 pairs among themselves counted twice.
  PairFilter byName;
  byName.text = "box19";
  EXPECT_EQ(filterPairs(scene, pairs, {}, byName).size(), 10u * 199u - 45u);

  // Name and verdict together; the name ignores case.
  PairFilter both;
  both.text = "BIG";
  both.verdict = PairVerdictFilter::Overlapping;
  EXPECT_EQ(filterPairs(scene, pairs, {}, both).size(), 3u);
  both.text = "box2";  // box2 overlaps Big; box20..box29, box200+ do not
  EXPECT_EQ(names(scene, pairs, filterPairs(scene, pairs, {}, both)), (std::vector<std::string>{"box2/Big"}));

  PairFilter nothing;
  nothing.text = "sphere";
  EXPECT_TRUE(filterPairs(scene, pairs, {}, nothing).empty());
}

TEST(PairsFilter, ExpectationFailingListsThePairsOfUnmetExpectations) {
  // Two expectations are wrong (one written the other way round), one is met.
  const Scene scene = parse(R"({"version": 1, "shapes": [
      {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "b", "type": "aabb", "center": [1, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "c", "type": "sphere", "center": [9, 0, 0], "radius": 1},
      {"name": "d", "type": "sphere", "center": [9, 1, 0], "radius": 1}],
      "expect": [{"a": "a", "b": "b", "overlap": false},
                 {"a": "d", "b": "a", "overlap": true},
                 {"a": "c", "b": "d", "overlap": true}]})");
  const std::vector<PairResult> pairs = evaluateAllPairs(scene);
  const std::vector<ExpectationMismatch> mismatches = checkExpectations(scene);
  ASSERT_EQ(mismatches.size(), 2u);
  PairFilter failing;
  failing.verdict = PairVerdictFilter::ExpectationFailing;
  EXPECT_EQ(names(scene, pairs, filterPairs(scene, pairs, mismatches, failing)),
            (std::vector<std::string>{"a/b", "a/d"}));
  // With a name as well.
  failing.text = "d";
  EXPECT_EQ(names(scene, pairs, filterPairs(scene, pairs, mismatches, failing)), (std::vector<std::string>{"a/d"}));
  // All met: nothing listed.
  EXPECT_TRUE(filterPairs(scene, pairs, {}, PairFilter{"", PairVerdictFilter::ExpectationFailing}).empty());
}

TEST(PairsFilter, TheLiveListFollowsTheFilterAndTheScene) {
  Scene scene = boxRow(10, 2);
  LivePairs live;
  live.update(scene);
  EXPECT_EQ(live.listedRows(scene).size(), live.pairs().size());
  live.setFilter(PairFilter{"", PairVerdictFilter::Overlapping});
  EXPECT_EQ(live.listedRows(scene).size(), 2u);
  // Moving Big away re-evaluates the pairs, and the listed rows follow.
  scene.shapes.back().geometry = Aabb{glm::vec3(0, 50, 0), glm::vec3(1)};
  live.update(scene);
  EXPECT_TRUE(live.listedRows(scene).empty());
  live.setFilter(PairFilter{});
  EXPECT_EQ(live.listedRows(scene).size(), live.pairs().size());
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
  // AABB and a segment get the six-axis SAT, which names its separating axis.)
  const std::string missRect = R"({"name": "rect", "type": "aabb", "center": [0, 0], "half_extents": [2, 1]},
      {"name": "miss", "type": "segment", "p0": [-4, 0], "p1": [0, 4]})";
  EXPECT_EQ(whyOf(missRect, true), "no part inside");
  const std::string missObb = R"({"name": "box", "type": "obb", "center": [0, 0, 1], "half_extents": [1.5, 1, 0.75],
      "euler_deg": [0, 0, 30]}, {"name": "level", "type": "segment", "p0": [-2.2, 1.6, 2.3], "p1": [2.2, -1.6, 2.3]})";
  EXPECT_EQ(whyOf(missObb), "no part inside");
  const Scene scene = parse(R"({"version": 1, "shapes": [)" + missObb + "]}");
  EXPECT_EQ(pairWhyInWords(onlyPair(evaluateAllPairs(scene))), "No part of the segment is inside the other shape.");
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
  LivePairs live;
  EXPECT_EQ(live.labelMode(), ShapeLabels::All);
  live.setLabelMode(ShapeLabels::None);
  EXPECT_EQ(live.labelMode(), ShapeLabels::None);
}

}  // namespace
}  // namespace satlab::test
