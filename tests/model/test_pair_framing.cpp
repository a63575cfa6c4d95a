// What F frames for a focused pair (model/pair_framing.hpp): two shapes of like size whole;
// a crate over a 100 m floor as the crate and the floor under it, not the whole floor.
#include "model/pair_framing.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

Scene parse(const std::string& shapes) {
  SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [)" + shapes + "]}", "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

constexpr const char* kFloor =
    R"({"name": "floor", "type": "aabb", "center": [0, 0, -0.05], "half_extents": [50, 50, 0.05]})";

TEST(PairFraming, TwoBoxesOfLikeSizeAreFramedWhole) {
  const Scene s = parse(R"({"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
                           {"name": "b", "type": "aabb", "center": [5, 0, 0], "half_extents": [2, 1, 1]})");
  const FramingBox box = pairFramingBox(s, 0, 1);
  EXPECT_EQ(box.lo, glm::vec3(-1.0f, -1.0f, -1.0f));
  EXPECT_EQ(box.hi, glm::vec3(7.0f, 1.0f, 1.0f));
}

TEST(PairFraming, ACrateAboveAHundredMetreFloorIsFramedWithTheFloorUnderIt) {
  // The crate, 1 m, 2 m above the floor's top: the crate, the closest points (its bottom
  // and the floor's top below it) and the floor within half a metre of them.
  const Scene s =
      parse(std::string(kFloor) +
            R"(, {"name": "crate", "type": "aabb", "center": [10, 20, 2.5], "half_extents": [0.5, 0.5, 0.5]})");
  for (const auto& [a, b] : {std::pair<std::size_t, std::size_t>{0, 1}, {1, 0}}) {
    const FramingBox box = pairFramingBox(s, a, b);
    EXPECT_NEAR(box.lo.x, 9.0f, 1e-4f);
    EXPECT_NEAR(box.hi.x, 11.0f, 1e-4f);
    EXPECT_NEAR(box.lo.y, 19.0f, 1e-4f);
    EXPECT_NEAR(box.hi.y, 21.0f, 1e-4f);
    EXPECT_NEAR(box.lo.z, -0.1f, 1e-4f);  // the floor's bottom: within the margin of its top
    EXPECT_NEAR(box.hi.z, 3.0f, 1e-4f);
  }
}

TEST(PairFraming, ABallSunkIntoTheFloorIsFramedAtItsDepth) {
  const Scene s =
      parse(std::string(kFloor) + R"(, {"name": "ball", "type": "sphere", "center": [-30, 0, 0.2], "radius": 0.5})");
  const FramingBox box = pairFramingBox(s, 0, 1);
  EXPECT_NEAR(box.lo.x, -31.0f, 1e-3f);
  EXPECT_NEAR(box.hi.x, -29.0f, 1e-3f);
  EXPECT_GT(box.hi.z, 0.69f);
  EXPECT_LT(box.hi.z - box.lo.z, 2.0f);
}

TEST(PairFraming, AMeshFloorStandsForItsBoundsNearTheSmallerShape) {
  const Scene s = parse(
      R"({"name": "ground", "type": "mesh", "vertices": [[-50, -50, 0], [50, -50, 0], [0, 50, 0]], "triangles": [[0, 1, 2]]},
         {"name": "crate", "type": "aabb", "center": [0, 0, 3], "half_extents": [0.5, 0.5, 0.5]})");
  const FramingBox box = pairFramingBox(s, 0, 1);
  EXPECT_NEAR(box.lo.x, -1.0f, 1e-4f);
  EXPECT_NEAR(box.hi.x, 1.0f, 1e-4f);
  EXPECT_NEAR(box.lo.z, 0.0f, 1e-4f);  // the point of the mesh's bounds under the crate
  EXPECT_NEAR(box.hi.z, 3.5f, 1e-4f);
}

}  // namespace
}  // namespace satlab::test
