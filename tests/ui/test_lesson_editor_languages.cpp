// Lessons > "Write a lesson from this view..." in a lesson written in several languages: the
// editor opens on the window's language's title and notes, and what it saves changes that
// language only (document/lesson.hpp's sceneWithLesson with the draft's language).
#include "document/lesson.hpp"
#include "document/scene_load.hpp"
#include "i18n/i18n.hpp"
#include "ui/lesson_editor.hpp"
#include "ui/lesson_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

const char* const kLesson = R"({"version": 1,
  "title": {"en": "Lesson 3: spheres", "ru": "Урок 3: сферы", "zh": "第3课：球体"},
  "notes": {"en": "Move a sphere.", "ru": "Сдвиньте сферу.", "zh": "移动一个球体。"},
  "shapes": [{"name": "A", "type": "sphere", "center": [0, 0, 0], "radius": 1},
             {"name": "B", "type": "sphere", "center": [3, 0, 0], "radius": 1}]})";

Scene lesson() {
  SceneLoadResult r = parseScene(kLesson, "03.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

// The window's language for one test, English again after it.
class InLanguage {
 public:
  explicit InLanguage(Language lang) : before_(uiLanguage()) { setUiLanguage(lang); }
  ~InLanguage() { setUiLanguage(before_); }

 private:
  Language before_;
};

TEST(LessonEditorLanguages, ARussianTeacherChangesOnlyTheRussianText) {
  const InLanguage ru(Language::Ru);
  const Scene scene = lesson();
  EXPECT_EQ(shownTitle(scene), "Урок 3: сферы");
  EXPECT_EQ(shownNotes(scene), "Сдвиньте сферу.");
  LessonEditor editor;
  editor.open(scene);
  EXPECT_EQ(editor.language(), "ru");
  LessonDraft draft = editor.draft(LessonState{});
  EXPECT_EQ(draft.language, "ru");
  EXPECT_EQ(draft.title, "Урок 3: сферы");
  EXPECT_EQ(draft.notes, "Сдвиньте сферу.");
  draft.notes = "Сдвиньте сферу B.";  // what the teacher types
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(scene, draft, error);
  ASSERT_TRUE(out.has_value()) << error;
  EXPECT_EQ(sceneNotesIn(*out, "ru"), "Сдвиньте сферу B.");
  EXPECT_EQ(sceneNotesIn(*out, "en"), "Move a sphere.");
  EXPECT_EQ(sceneNotesIn(*out, "zh"), "移动一个球体。");
  EXPECT_EQ(out->title, scene.title);
  EXPECT_EQ(out->titleLanguages, scene.titleLanguages);
}

TEST(LessonEditorLanguages, TheLanguageIsTheOneTheEditorOpenedIn) {
  LessonEditor editor;
  {
    const InLanguage zh(Language::Zh);
    editor.open(lesson());
  }
  // The window went back to English while the editor was open: it still writes Chinese.
  LessonDraft draft = editor.draft(LessonState{});
  EXPECT_EQ(draft.language, "zh");
  EXPECT_EQ(draft.title, "第3课：球体");
  draft.title = "第3课：两个球体";
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(lesson(), draft, error);
  ASSERT_TRUE(out.has_value()) << error;
  EXPECT_EQ(out->title, "Lesson 3: spheres");
  EXPECT_EQ(sceneTitleIn(*out, "ru"), "Урок 3: сферы");
  EXPECT_EQ(sceneTitleIn(*out, "zh"), "第3课：两个球体");
}

TEST(LessonEditorLanguages, AnEnglishTeacherKeepsTheTranslations) {
  LessonEditor editor;
  editor.open(lesson());  // the tests' window is English
  LessonDraft draft = editor.draft(LessonState{});
  EXPECT_EQ(draft.language, "en");
  draft.title = "Lesson 3: two spheres";
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(lesson(), draft, error);
  ASSERT_TRUE(out.has_value()) << error;
  EXPECT_EQ(out->title, "Lesson 3: two spheres");
  EXPECT_EQ(out->titleLanguages, lesson().titleLanguages);
  EXPECT_EQ(out->notesLanguages, lesson().notesLanguages);
}

}  // namespace
}  // namespace satlab::test
