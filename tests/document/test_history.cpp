// Undo/redo history: steps, position, limits, the saved marker and what a step stores.
#include "document/history.hpp"

#include <gtest/gtest.h>

#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

Scene sceneWithBoxes(std::size_t n) {
  Scene s;
  s.title = "boxes";
  for (std::size_t i = 0; i < n; ++i) {
    SceneShape sh;
    sh.name = "box_" + std::to_string(i);
    sh.geometry = Aabb{glm::vec3(static_cast<float>(i), 0.0f, 0.0f), glm::vec3(0.5f)};
    s.shapes.push_back(sh);
  }
  return s;
}

/// The same as a file would say (the history must restore every field).
void expectSameScene(const Scene& a, const Scene& b) { EXPECT_EQ(sceneToJson(a), sceneToJson(b)); }

TEST(SceneHistory, MoveOneBoxThenUndoAndRedo) {
  Scene scene = sceneWithBoxes(3);
  const Scene original = scene;
  SceneHistory h;
  EXPECT_FALSE(h.canUndo());
  EXPECT_FALSE(h.isDirty());

  Scene before = scene;
  translateShape(scene.shapes[1], glm::vec3(0.0f, 2.0f, 0.0f));
  ASSERT_TRUE(h.push("move box_1", before, scene));
  const Scene moved = scene;
  EXPECT_TRUE(h.canUndo());
  EXPECT_FALSE(h.canRedo());
  EXPECT_TRUE(h.isDirty());
  EXPECT_EQ(h.undoLabel(), "move box_1");

  ASSERT_TRUE(h.undo(scene));
  expectSameScene(scene, original);
  EXPECT_EQ(h.redoLabel(), "move box_1");
  EXPECT_FALSE(h.isDirty()) << "back at the loaded (saved) state";
  ASSERT_TRUE(h.redo(scene));
  expectSameScene(scene, moved);
  EXPECT_FALSE(h.redo(scene)) << "nothing left to redo";
}

TEST(SceneHistory, UnchangedSceneRecordsNoStep) {
  const Scene scene = sceneWithBoxes(2);
  SceneHistory h;
  EXPECT_FALSE(h.push("click without drag", scene, scene));
  EXPECT_EQ(h.size(), 0u);
}

TEST(SceneHistory, AddDeleteRenameRecolourDuplicateAndMetaRoundTrip) {
  Scene scene = sceneWithBoxes(4);
  std::vector<Scene> states{scene};
  SceneHistory h;
  auto step = [&](const std::string& label, auto edit) {
    Scene before = scene;
    edit(scene);
    ASSERT_TRUE(h.push(label, before, scene)) << label;
    states.push_back(scene);
  };
  step("add sphere", [](Scene& s) { s.shapes.push_back(makeShape(s, ShapeKind::Sphere, glm::vec3(1.0f))); });
  step("delete", [](Scene& s) { s.shapes.erase(s.shapes.begin() + 1); });
  step("rename", [](Scene& s) { s.shapes[0].name = "crate"; });
  step("recolour", [](Scene& s) { s.shapes[2].color = glm::vec4(0.1f, 0.2f, 0.3f, 1.0f); });
  step("duplicate",
       [](Scene& s) { s.shapes.insert(s.shapes.begin() + 1, duplicateShape(s, s.shapes[0], glm::vec3(0.5f))); });
  step("title and expectation", [](Scene& s) {
    s.title = "renamed scene";
    s.expect.push_back(Expectation{"crate", "box_2", false, std::nullopt, std::nullopt});
  });
  step("view", [](Scene& s) { s.view = ViewMode::TwoD; });

  ASSERT_EQ(h.size(), 7u);
  for (std::size_t i = states.size() - 1; i > 0; --i) {
    ASSERT_TRUE(h.undo(scene));
    expectSameScene(scene, states[i - 1]);
  }
  for (std::size_t i = 1; i < states.size(); ++i) {
    ASSERT_TRUE(h.redo(scene));
    expectSameScene(scene, states[i]);
  }
  // Jump straight to any entry, both ways.
  for (std::size_t target : {3u, 0u, 7u, 5u, 1u}) {
    ASSERT_TRUE(h.jumpTo(target, scene));
    EXPECT_EQ(h.position(), target);
    expectSameScene(scene, states[target]);
  }
  EXPECT_FALSE(h.jumpTo(8, scene));
  const auto entries = h.entries();
  ASSERT_EQ(entries.size(), 7u);
  EXPECT_EQ(entries[0].label, "add sphere");
  EXPECT_EQ(entries[6].label, "view");
}

TEST(SceneHistory, NewStepAfterUndoDiscardsRedoBranch) {
  Scene scene = sceneWithBoxes(2);
  SceneHistory h;
  Scene before = scene;
  scene.shapes[0].name = "first";
  h.push("rename", before, scene);
  h.undo(scene);
  before = scene;
  scene.shapes[1].name = "second";
  h.push("rename other", before, scene);
  EXPECT_EQ(h.size(), 1u);
  EXPECT_FALSE(h.canRedo());
  EXPECT_EQ(h.undoLabel(), "rename other");
}

TEST(SceneHistory, SavedMarkerSurvivesUndoBackToTheSavedState) {
  Scene scene = sceneWithBoxes(2);
  SceneHistory h;
  auto rename = [&](const std::string& name) {
    Scene before = scene;
    scene.shapes[0].name = name;
    h.push("rename", before, scene);
  };
  rename("a");
  rename("b");
  h.markSaved();  // saved with "b"
  EXPECT_FALSE(h.isDirty());
  h.undo(scene);
  EXPECT_TRUE(h.isDirty());
  h.redo(scene);
  EXPECT_FALSE(h.isDirty()) << "redo back to the saved state";
  rename("c");
  EXPECT_TRUE(h.isDirty());
  h.undo(scene);
  EXPECT_FALSE(h.isDirty());

  // Undo before the save point, then branch off: the saved state is gone for good.
  h.undo(scene);
  rename("d");
  EXPECT_TRUE(h.isDirty());
  EXPECT_FALSE(h.savedPosition().has_value());
  h.undo(scene);
  EXPECT_TRUE(h.isDirty()) << "the scene is 'a', the file holds 'b'";
}

TEST(SceneHistory, ClearStartsANewHistory) {
  Scene scene = sceneWithBoxes(1);
  SceneHistory h;
  Scene before = scene;
  scene.shapes[0].name = "x";
  h.push("rename", before, scene);
  h.clear();  // a scene was loaded
  EXPECT_EQ(h.size(), 0u);
  EXPECT_FALSE(h.canUndo());
  EXPECT_FALSE(h.isDirty());
  h.clear(false);  // a new scene that was never saved
  EXPECT_TRUE(h.isDirty());
  h.markSaved();
  EXPECT_FALSE(h.isDirty());
}

TEST(SceneHistory, StepLimitDropsTheOldestSteps) {
  Scene scene = sceneWithBoxes(1);
  SceneHistory h(HistoryLimits{5, kDefaultHistoryBytes});
  const Scene original = scene;
  for (int i = 0; i < 8; ++i) {
    Scene before = scene;
    translateShape(scene.shapes[0], glm::vec3(1.0f, 0.0f, 0.0f));
    h.push("move " + std::to_string(i), before, scene);
  }
  EXPECT_EQ(h.size(), 5u);
  EXPECT_EQ(h.entries().front().label, "move 3");
  EXPECT_FALSE(h.savedPosition().has_value()) << "the loaded state was dropped";
  EXPECT_TRUE(h.isDirty());
  while (h.undo(scene)) {
  }
  EXPECT_EQ(std::get<Aabb>(scene.shapes[0].geometry).center.x, 3.0f) << "three moves can no longer be undone";
}

TEST(SceneHistory, ByteLimitKeepsAtLeastTheNewestStep) {
  Scene scene = sceneWithBoxes(100);
  SceneHistory h(HistoryLimits{500, 1});
  for (int i = 0; i < 3; ++i) {
    Scene before = scene;
    scene.shapes.clear();
    h.push("delete all", before, scene);
    before = scene;
    scene = sceneWithBoxes(100);
    h.push("paste all", before, scene);
  }
  EXPECT_EQ(h.size(), 1u);
  EXPECT_TRUE(h.undo(scene));
  EXPECT_TRUE(scene.shapes.empty());
}

TEST(SceneHistory, BigSceneStepStoresOnlyTheChangedShape) {
  Scene scene = sceneWithBoxes(10000);
  SceneHistory h;
  Scene before = scene;
  translateShape(scene.shapes[5000], glm::vec3(0.0f, 0.0f, 1.0f));
  ASSERT_TRUE(h.push("move box_5000", before, scene));
  EXPECT_LT(h.bytes(), 2048u) << "two shapes, not 10,000";
  before = scene;
  scene.shapes.erase(scene.shapes.begin() + 10);
  ASSERT_TRUE(h.push("delete", before, scene));
  EXPECT_LT(h.bytes(), 4096u);
  ASSERT_TRUE(h.undo(scene));
  ASSERT_EQ(scene.shapes.size(), 10000u);
  EXPECT_EQ(scene.shapes[10].name, "box_10");
  ASSERT_TRUE(h.undo(scene));
  EXPECT_EQ(std::get<Aabb>(scene.shapes[5000].geometry).center.z, 0.0f);
}

TEST(SceneHistory, MismatchedSceneIsRefused) {
  Scene scene = sceneWithBoxes(3);
  SceneHistory h;
  Scene before = scene;
  scene.shapes.pop_back();
  h.push("delete", before, scene);
  Scene other = sceneWithBoxes(7);
  const std::string text = sceneToJson(other);
  EXPECT_FALSE(h.undo(other));
  EXPECT_FALSE(h.jumpTo(0, other));
  EXPECT_EQ(sceneToJson(other), text);
  EXPECT_EQ(h.position(), 1u);
}

TEST(SceneHistory, SameShapeComparesBits) {
  SceneShape a;
  a.name = "s";
  a.geometry = Sphere{glm::vec3(0.0f), 1.0f};
  SceneShape b = a;
  EXPECT_TRUE(sameShape(a, b));
  std::get<Sphere>(b.geometry).center.x = -0.0f;
  EXPECT_FALSE(sameShape(a, b)) << "-0 is saved differently from +0";
  b = a;
  b.rotation.form = RotationForm::Axes;
  EXPECT_FALSE(sameShape(a, b));
}

}  // namespace
}  // namespace satlab::test
