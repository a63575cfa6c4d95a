// Deleting a shape takes the expectations that name it along: what is left saves and
// loads, so autosave's recovery file of that work loads too.
#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

#include <gtest/gtest.h>

namespace satlab {
namespace {

TEST(EraseShape, TakesTheExpectationsNamingItAndTheRestLoads) {
  const char* text = R"({"version": 1, "shapes": [
      {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "b", "type": "aabb", "center": [4, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "c", "type": "sphere", "center": [0, 0, 5], "radius": 1}],
    "expect": [{"a": "a", "b": "b", "overlap": false}, {"a": "c", "b": "a", "overlap": false},
               {"a": "b", "b": "c", "overlap": false}]})";
  SceneLoadResult r = parseScene(text, "erase.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
  Scene scene = r.scene;
  EXPECT_EQ(eraseShape(scene, 0), 2u);  // "a": two of the three expectations
  ASSERT_EQ(scene.shapes.size(), 2u);
  EXPECT_EQ(scene.shapes[0].name, "b");
  ASSERT_EQ(scene.expect.size(), 1u);
  EXPECT_EQ(scene.expect[0].a, "b");
  EXPECT_EQ(scene.expect[0].b, "c");
  SceneLoadResult again = parseScene(sceneToJson(scene), "erase.json");
  EXPECT_TRUE(again.ok()) << again.error->text();
  EXPECT_EQ(eraseShape(scene, 7), 0u);  // out of range: nothing
  EXPECT_EQ(scene.shapes.size(), 2u);
}

}  // namespace
}  // namespace satlab
