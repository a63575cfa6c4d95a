// The pairs panel's filter (model/live_pairs.hpp): the name and verdict filter that keeps a
// crowded scene readable, and the live pairs' listed rows.
#include "model/live_pairs.hpp"

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

TEST(PairsFilter, ARecordingsGroupsMatchAsNamesDo) {
  // Five boxes, the last two in a compound body's group ("crate"), the first one in "level".
  const Scene scene = boxRow(4, 1);
  const std::vector<PairResult> pairs = evaluateAllPairs(scene);
  const std::vector<std::string_view> groups{"level", "", "", "crate", "crate"};
  PairFilter byGroup;
  byGroup.text = "CRATE";
  const std::vector<size_t> withGroups = filterPairs(scene, pairs, {}, byGroup, &groups);
  EXPECT_FALSE(withGroups.empty());
  for (size_t row : withGroups) EXPECT_TRUE(pairs[row].a >= 3 || pairs[row].b >= 3) << row;
  EXPECT_EQ(withGroups.size(), 7u) << "shapes 3 and 4: 4 + 4 pairs, less the one between them";
  EXPECT_TRUE(filterPairs(scene, pairs, {}, byGroup).empty()) << "without the groups, no name has 'crate'";
  byGroup.text = "lev";
  EXPECT_EQ(filterPairs(scene, pairs, {}, byGroup, &groups).size(), 4u);
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
  EXPECT_EQ(live.listedRows().size(), live.pairs().size());
  live.setFilter(scene, PairFilter{"", PairVerdictFilter::Overlapping});
  EXPECT_EQ(live.listedRows().size(), 2u);
  // Moving Big away re-evaluates the pairs, and the listed rows follow.
  scene.shapes.back().geometry = Aabb{glm::vec3(0, 50, 0), glm::vec3(1)};
  live.update(scene);
  EXPECT_TRUE(live.listedRows().empty());
  live.setFilter(scene, PairFilter{});
  EXPECT_EQ(live.listedRows().size(), live.pairs().size());
}

}  // namespace
}  // namespace satlab::test
