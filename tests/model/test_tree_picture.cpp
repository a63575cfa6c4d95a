// The pipeline's tree as the view draws it (model/tree_picture.hpp), without a display: a
// level's boxes and a shape's query path through the tree.
#include "model/live_pairs.hpp"
#include "model/tree_picture.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

/// A row of eight unit boxes 3 apart (none touches another).
Scene boxRow() {
  Scene scene;
  for (int i = 0; i < 8; ++i) {
    SceneShape s;
    s.name = "box" + std::to_string(i);
    s.geometry = Aabb{glm::vec3(3.0f * static_cast<float>(i), 0.0f, 0.0f), glm::vec3(1.0f)};
    scene.shapes.push_back(std::move(s));
  }
  return scene;
}

TEST(TreePicture, TheRootLevelIsOneBoxAroundEveryShape) {
  const Scene scene = boxRow();
  LivePairs live;
  live.update(scene);
  const TreePicture root = treePicture(live.pipeline(), 0, -1);
  ASSERT_EQ(root.levelBoxes.size(), 1u);
  for (const SceneShape& s : scene.shapes) {
    const Aabb& b = std::get<Aabb>(s.geometry);
    EXPECT_TRUE(glm::all(glm::lessThanEqual(root.levelBoxes[0].center - root.levelBoxes[0].half, b.center - b.half)));
    EXPECT_TRUE(
        glm::all(glm::greaterThanEqual(root.levelBoxes[0].center + root.levelBoxes[0].half, b.center + b.half)));
  }
  EXPECT_TRUE(root.path.empty());  // no shape chosen
  // The deepest level holds every leaf: one box per shape.
  const TreePicture leaves = treePicture(live.pipeline(), 1000, -1);
  EXPECT_EQ(leaves.levelBoxes.size(), scene.shapes.size());
}

TEST(TreePicture, AShapesQueryStartsAtTheRootAndEntersItsOwnLeaf) {
  const Scene scene = boxRow();
  LivePairs live;
  live.update(scene);
  const TreePicture p = treePicture(live.pipeline(), 0, 3);
  ASSERT_FALSE(p.path.empty());
  EXPECT_TRUE(p.path.front().overlapped);  // the root holds the query box
  const Aabb& own = std::get<Aabb>(scene.shapes[3].geometry);
  bool entersOwnLeaf = false;
  for (const TreePicture::PathStep& s : p.path) {
    if (s.overlapped && glm::all(glm::lessThanEqual(s.box.center - s.box.half, own.center - own.half)) &&
        glm::all(glm::greaterThanEqual(s.box.center + s.box.half, own.center + own.half)) &&
        glm::length(s.box.half) < 2.0f * glm::length(own.half)) {
      entersOwnLeaf = true;
    }
  }
  EXPECT_TRUE(entersOwnLeaf);
  // Beyond the scene: no path.
  EXPECT_TRUE(treePicture(live.pipeline(), 0, 99).path.empty());
}

}  // namespace
}  // namespace satlab::test
