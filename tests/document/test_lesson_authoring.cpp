// Lessons written in the app: a lesson's title read cheaply for the Lessons menu, and a
// scene saved with a lesson block that loads back as exactly the state it was saved from.
#include "document/lesson.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

#include "../lesson_count.hpp"
#include "scene_test_util.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

const char* const kTwoBoxes = R"({"version": 1, "title": "old title", "notes": "old notes", "shapes": [
  {"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
  {"name": "B", "type": "obb", "center": [3, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 30]}],
  "teacher": {"kept": true}})";

// A state with every member set, in values that have no short decimal form.
LessonState everyMember() {
  LessonState s;
  s.focus = {"B", "A"};
  s.step = 7;
  s.fullMode = true;
  s.epsilon = 1.0e-7f;
  s.preferSlab = false;
  s.yawDeg = -35.123457f;
  s.pitchDeg = 0.1f;
  s.distance = 12.345679f;
  s.target = glm::vec3(0.3f, -1.0f / 3.0f, 1e-5f);
  s.labels = LessonLabels::Selected;
  s.volumes = std::vector<std::string>{"mesh_box", "obb_min"};
  return s;
}

struct Reloaded {
  Scene scene;
  std::optional<LessonState> lesson;
  std::vector<std::string> warnings;
};

Reloaded reload(const std::string& path) {
  Reloaded r;
  const SceneLoadResult loaded = loadScene(path);
  EXPECT_TRUE(loaded.ok()) << (loaded.error ? loaded.error->text() : "");
  r.scene = loaded.scene;
  r.lesson = lessonOf(r.scene, path, r.warnings);
  return r;
}

// --- The title, for the Lessons menu ---

TEST(LessonTitle, EveryBuiltInLessonListsItsTitle) {
  int count = 0;
  for (const auto& e : fs::directory_iterator(repoPath("scenes/lessons"))) {
    if (e.path().extension() != ".json") continue;
    ++count;
    const std::string text = readText(e.path().string());
    const SceneLoadResult r = parseScene(text, e.path().string());
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(sceneTitleOf(text), std::optional<std::string>(r.scene.title)) << e.path();
    EXPECT_EQ(lessonMenuTitle(text, e.path().filename().string()), r.scene.title);
  }
  EXPECT_EQ(count, static_cast<int>(kBuiltInLessons));
}

TEST(LessonTitle, StopsAtTheTitleWithoutReadingTheRest) {
  // What follows the title is not JSON at all: only a pass that stops there gives a title.
  EXPECT_EQ(sceneTitleOf(R"({"version": 1, "title": "Lesson 1: boxes", "shapes": [ this is not JSON)"),
            std::optional<std::string>("Lesson 1: boxes"));
}

TEST(LessonTitle, OnlyTheTopLevelTitleCounts) {
  EXPECT_EQ(sceneTitleOf(R"({"shapes": [{"title": "inner"}], "lesson": {"title": "no"}, "title": "outer"})"),
            std::optional<std::string>("outer"));
  EXPECT_EQ(sceneTitleOf(R"({"shapes": [{"title": "inner"}]})"), std::nullopt);
  EXPECT_EQ(sceneTitleOf(R"([{"title": "in an array"}])"), std::nullopt);
}

TEST(LessonTitle, EscapesAndAByteOrderMarkAreRead) {
  EXPECT_EQ(sceneTitleOf("\xEF\xBB\xBF{\"title\": \"a \\\"b\\\"\\n\\u00e9\"}"),
            std::optional<std::string>("a \"b\"\n\xC3\xA9"));
}

TEST(LessonTitle, NoUsableTitleGivesTheFileName) {
  EXPECT_EQ(sceneTitleOf(R"({"title": ""})"), std::nullopt);
  EXPECT_EQ(sceneTitleOf(R"({"title": 3})"), std::nullopt);
  EXPECT_EQ(sceneTitleOf(R"({"title": {"text": "x"}})"), std::nullopt);
  EXPECT_EQ(sceneTitleOf(R"({"title": ["x"]})"), std::nullopt);
  EXPECT_EQ(sceneTitleOf(R"({"title": nul)"), std::nullopt);
  EXPECT_EQ(sceneTitleOf(""), std::nullopt);
  EXPECT_EQ(sceneTitleOf("not json"), std::nullopt);
  EXPECT_EQ(sceneTitleOf("{\"title\": \"" + std::string(kMaxTitleBytes + 1, 'x') + "\"}"), std::nullopt);
  EXPECT_EQ(sceneTitleOf("{\"title\": \"" + std::string(kMaxTitleBytes, 'x') + "\"}")->size(), kMaxTitleBytes);
  EXPECT_EQ(lessonMenuTitle(R"({"shapes": []})", "11_my_lesson.json"), "11_my_lesson");
  EXPECT_EQ(lessonMenuTitle("", "notes"), "notes");
}

// --- Saving a lesson ---

TEST(LessonSave, EveryMemberLoadsBackExactly) {
  TempDir dir;
  const Scene scene = parse(kTwoBoxes);
  LessonDraft draft{"Lesson 11: a new one", "Line one.\n\nLine \"two\".", everyMember()};
  ASSERT_EQ(saveLesson(scene, draft, dir.file("l.json")), std::nullopt);
  const Reloaded r = reload(dir.file("l.json"));
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front();
  ASSERT_TRUE(r.lesson.has_value());
  EXPECT_EQ(*r.lesson, draft.state);
  EXPECT_EQ(r.scene.title, draft.title);
  EXPECT_EQ(r.scene.notes, draft.notes);
  EXPECT_EQ(r.scene.shapes.size(), 2u);
  // The other extra field is kept; the lesson block is the last field, as in the lessons.
  ASSERT_EQ(r.scene.extras.size(), 2u);
  EXPECT_EQ(r.scene.extras[0].key, "teacher");
  EXPECT_EQ(r.scene.extras[1].key, "lesson");
  // And saving the loaded state again writes the same file.
  LessonDraft again{r.scene.title, r.scene.notes, *r.lesson};
  ASSERT_EQ(saveLesson(r.scene, again, dir.file("m.json")), std::nullopt);
  EXPECT_EQ(readText(dir.file("l.json")), readText(dir.file("m.json")));
}

TEST(LessonSave, EachBuiltInLessonRoundTrips) {
  for (const auto& e : fs::directory_iterator(repoPath("scenes/lessons"))) {
    if (e.path().extension() != ".json") continue;
    const Reloaded original = reload(e.path().string());
    ASSERT_TRUE(original.lesson.has_value()) << e.path();
    std::string error;
    const std::optional<Scene> written = sceneWithLesson(
        original.scene, LessonDraft{original.scene.title, original.scene.notes, *original.lesson}, error);
    ASSERT_TRUE(written.has_value()) << e.path() << ": " << error;
    const Scene back = parse(sceneToJson(*written));
    std::vector<std::string> warnings;
    EXPECT_EQ(lessonOf(back, "back", warnings), original.lesson) << e.path();
    EXPECT_TRUE(warnings.empty());
  }
}

TEST(LessonSave, EmptyMembersAreLeftOut) {
  TempDir dir;
  const Scene scene = parse(kTwoBoxes);
  ASSERT_EQ(saveLesson(scene, LessonDraft{"t", "", LessonState{}}, dir.file("l.json")), std::nullopt);
  const std::string text = readText(dir.file("l.json"));
  EXPECT_NE(text.find("\"lesson\": {}"), std::string::npos) << text;
  EXPECT_EQ(text.find("\"notes\""), std::string::npos) << text;
  const Reloaded r = reload(dir.file("l.json"));
  ASSERT_TRUE(r.lesson.has_value());
  EXPECT_EQ(*r.lesson, LessonState{});
  EXPECT_TRUE(r.warnings.empty());
}

TEST(LessonSave, ReplacesTheEarlierLessonBlock) {
  const Scene scene =
      parse(R"({"version": 1, "shapes": [{"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
      {"name": "B", "type": "aabb", "center": [3, 0, 0], "half_extents": [1, 1, 1]}],
      "lesson": {"focus": ["A", "B"], "step": 2, "camera": {"yaw_deg": 10}}})");
  LessonState s;
  s.step = 1;
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(scene, LessonDraft{"", "", s}, error);
  ASSERT_TRUE(out.has_value()) << error;
  ASSERT_EQ(out->extras.size(), 1u);
  EXPECT_EQ(out->extras[0].json, R"({"step":1})");
}

struct Hostile {
  const char* situation;
  LessonState state;
  const char* path;  // the JSON path the error names
};

TEST(LessonSave, HostileValuesAreRefusedWithThePathAndNothingIsWritten) {
  constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
  constexpr float kInf = std::numeric_limits<float>::infinity();
  auto with = [](auto set) {
    LessonState s;
    s.focus = {"A", "B"};
    set(s);
    return s;
  };
  const std::vector<Hostile> cases = {
      {"NaN yaw", with([&](LessonState& s) { s.yawDeg = kNan; }), "lesson.camera.yaw_deg"},
      {"infinite pitch", with([&](LessonState& s) { s.pitchDeg = -kInf; }), "lesson.camera.pitch_deg"},
      {"pitch the loader would clamp", with([](LessonState& s) { s.pitchDeg = 120.0f; }), "lesson.camera.pitch_deg"},
      {"NaN distance", with([&](LessonState& s) { s.distance = kNan; }), "lesson.camera.distance"},
      {"zero distance", with([](LessonState& s) { s.distance = 0.0f; }), "lesson.camera.distance"},
      {"negative distance", with([](LessonState& s) { s.distance = -3.0f; }), "lesson.camera.distance"},
      {"NaN in the target", with([&](LessonState& s) { s.target = glm::vec3(0, kNan, 0); }), "lesson.camera.target"},
      {"huge target", with([](LessonState& s) { s.target = glm::vec3(3.4e38f, 0, 0); }), "lesson.camera.target"},
      {"NaN epsilon", with([&](LessonState& s) { s.epsilon = kNan; }), "lesson.epsilon"},
      {"epsilon above 1", with([](LessonState& s) { s.epsilon = 2.0f; }), "lesson.epsilon"},
      {"negative epsilon", with([](LessonState& s) { s.epsilon = -1e-6f; }), "lesson.epsilon"},
      {"negative step", with([](LessonState& s) { s.step = -1; }), "lesson.step"},
      {"step past the last", with([](LessonState& s) { s.step = 1000; }), "lesson.step"},
      {"one focus name", with([](LessonState& s) { s.focus = {"A"}; }), "lesson.focus"},
      {"three focus names", with([](LessonState& s) {
         s.focus = {"A", "B", "A"};
       }),
       "lesson.focus"},
      {"a name not in the scene", with([](LessonState& s) {
         s.focus = {"A", "C"};
       }),
       "lesson.focus[1]"},
      {"an empty name", with([](LessonState& s) {
         s.focus = {"", "B"};
       }),
       "lesson.focus[0]"},
      {"the same shape twice", with([](LessonState& s) {
         s.focus = {"A", "A"};
       }),
       "lesson.focus"},
      {"a volume the lab does not have", with([](LessonState& s) {
         s.volumes = std::vector<std::string>{"aabb", "capsule"};
       }),
       "lesson.volumes[1]"},
  };
  const Scene scene = parse(kTwoBoxes);
  TempDir dir;
  for (const Hostile& c : cases) {
    const std::string path = dir.file("lesson.json");
    const std::optional<std::string> err = saveLesson(scene, LessonDraft{"t", "n", c.state}, path);
    ASSERT_TRUE(err.has_value()) << c.situation;
    EXPECT_EQ(err->rfind(path + ": not saved: " + c.path + ": ", 0), 0u) << c.situation << ": " << *err;
    EXPECT_FALSE(fs::exists(path)) << c.situation;
    const std::vector<std::string> problems = lessonDraftProblems(scene, LessonDraft{"t", "n", c.state});
    ASSERT_EQ(problems.size(), 1u) << c.situation;
  }
}

TEST(LessonSave, ANanNamesItselfInTheMessage) {
  LessonState s;
  s.yawDeg = std::numeric_limits<float>::quiet_NaN();
  const std::vector<std::string> p = lessonDraftProblems(parse(kTwoBoxes), LessonDraft{"", "", s});
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0], "lesson.camera.yaw_deg: must be a finite number (got nan)");
}

TEST(LessonSave, TooLongTextIsRefused) {
  const Scene scene = parse(kTwoBoxes);
  const std::vector<std::string> p =
      lessonDraftProblems(scene, LessonDraft{std::string(kMaxTitleBytes + 1, 't'), "", LessonState{}});
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].rfind("title: too long", 0), 0u) << p[0];
}

TEST(LessonSave, TheEdgesOfEveryRangeAreAccepted) {
  LessonState s;
  s.focus = {"A", "B"};
  s.step = kMaxLessonStep;
  s.epsilon = 1.0f;
  s.pitchDeg = -kMaxLessonPitchDeg;
  s.yawDeg = -720.0f;
  s.distance = 1e-30f;
  const Scene scene = parse(kTwoBoxes);
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(scene, LessonDraft{"", "", s}, error);
  ASSERT_TRUE(out.has_value()) << error;
  std::vector<std::string> warnings;
  EXPECT_EQ(lessonOf(parse(sceneToJson(*out)), "x", warnings), s);
  EXPECT_TRUE(warnings.empty());
}

}  // namespace
}  // namespace satlab::test
