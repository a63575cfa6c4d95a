// A scene's title and notes in several languages ("title": {"en": ..., "ru": ..., "zh": ...}):
// the object form loads and keeps every language, the text shown falls back from the
// window's language to English to the first language shown, bad members are refused as the
// string form is, saving writes the object only where there is more than English, the fast
// reader leaves the object to the reference reader and agrees with it, the Lessons menu's
// streaming read gives what the loaded scene gives, and a lesson written in one language
// changes that language only.
#include "document/history.hpp"
#include "document/lesson.hpp"
#include "document/scene_fast_load.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

#include "../fuzz/scene_bits.hpp"
#include "../lesson_count.hpp"
#include "scene_test_util.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

const char* const kShapes = R"("shapes": [
  {"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
  {"name": "B", "type": "sphere", "center": [3, 0, 0], "radius": 1}])";

// A scene file with the given title and notes values (JSON text; empty: left out).
std::string sceneWith(const std::string& title, const std::string& notes, const std::string& tail = "") {
  std::string s = "{\"version\": 1, ";
  if (!title.empty()) s += "\"title\": " + title + ", ";
  if (!notes.empty()) s += "\"notes\": " + notes + ", ";
  return s + kShapes + tail + "}";
}

const std::string kThreeTitles = R"({"en": "Lesson 1: two boxes", "ru": "Урок 1: два ящика", "zh": "第1课：两个盒子"})";
const std::string kTwoNotes = R"({"en": "Drag a box.", "ru": "Перетащите ящик."})";

std::vector<LanguageText> texts(std::initializer_list<std::pair<const char*, const char*>> list) {
  std::vector<LanguageText> out;
  for (const auto& [code, text] : list) out.push_back(LanguageText{code, text});
  return out;
}

std::string errorOf(const std::string& text) {
  const SceneLoadResult r = parseScene(text, "t.json");
  return r.error ? r.error->text() : "(loaded)";
}

// --- Loading ---

TEST(SceneLanguages, TheObjectFormLoadsEveryLanguage) {
  const Scene s = parse(sceneWith(kThreeTitles, kTwoNotes));
  EXPECT_EQ(s.title, "Lesson 1: two boxes");  // the English, what the command line prints
  EXPECT_EQ(s.titleLanguages, texts({{"ru", "Урок 1: два ящика"}, {"zh", "第1课：两个盒子"}}));
  EXPECT_EQ(s.notes, "Drag a box.");
  EXPECT_EQ(s.notesLanguages, texts({{"ru", "Перетащите ящик."}}));
  EXPECT_EQ(sceneTitleIn(s, "ru"), "Урок 1: два ящика");
  EXPECT_EQ(sceneTitleIn(s, "zh"), "第1课：两个盒子");
  EXPECT_EQ(sceneTitleIn(s, "en"), "Lesson 1: two boxes");
  EXPECT_EQ(sceneNotesIn(s, "ru"), "Перетащите ящик.");
  EXPECT_EQ(sceneNotesIn(s, "zh"), "Drag a box.");  // no Chinese notes: the English
}

TEST(SceneLanguages, AStringIsTheEnglishTextForEveryLanguage) {
  const Scene s = parse(sceneWith(R"("Two boxes")", R"("Drag.")"));
  EXPECT_EQ(s.title, "Two boxes");
  EXPECT_TRUE(s.titleLanguages.empty());
  EXPECT_TRUE(s.notesLanguages.empty());
  for (const char* lang : kSceneTextLanguages) {
    EXPECT_EQ(sceneTitleIn(s, lang), "Two boxes");
    EXPECT_EQ(sceneNotesIn(s, lang), "Drag.");
  }
  const Scene none = parse(sceneWith("", ""));
  EXPECT_EQ(sceneTitleIn(none, "ru"), "");
}

TEST(SceneLanguages, TheLanguageElseEnglishElseTheFirstShownOne) {
  // Its own text first.
  EXPECT_EQ(textInLanguage("en", texts({{"ru", "ru"}, {"zh", "zh"}}), "zh"), "zh");
  // None of its own, or an empty one: the English.
  EXPECT_EQ(textInLanguage("en", texts({{"ru", "ru"}}), "zh"), "en");
  EXPECT_EQ(textInLanguage("en", texts({{"ru", ""}}), "ru"), "en");
  // No English either: the first language in file order that satlab shows, not a code it
  // does not (kept, never shown), not an empty text.
  EXPECT_EQ(textInLanguage("", texts({{"de", "de"}, {"zh", ""}, {"zh-Hant", "x"}, {"ru", "ru"}, {"zh", "zh"}}), "en"),
            "ru");
  EXPECT_EQ(textInLanguage("", texts({{"zh", "zh"}, {"ru", "ru"}}), "en"), "zh");
  EXPECT_EQ(textInLanguage("", texts({{"de", "de"}}), "ru"), "");
  EXPECT_EQ(textInLanguage("", {}, "ru"), "");
  // Loaded: an object without "en" has an empty Scene::title, and shows its first language.
  const Scene s = parse(sceneWith(R"({"zh": "盒子", "ru": "ящики"})", ""));
  EXPECT_EQ(s.title, "");
  EXPECT_EQ(sceneTitleIn(s, "en"), "盒子");
  EXPECT_EQ(sceneTitleIn(s, "ru"), "ящики");
}

TEST(SceneLanguages, BadMembersAreRefusedWithThePathAndTheReason) {
  const std::string tooLongTitle = "\"" + std::string(kMaxTitleBytes + 1, 't') + "\"";
  const std::string longestTitle = "\"" + std::string(kMaxTitleBytes, 't') + "\"";
  const std::string tooLongNotes = "\"" + std::string(kMaxNotesBytes + 1, 'n') + "\"";
  const std::string longestNotes = "\"" + std::string(kMaxNotesBytes, 'n') + "\"";
  struct Case {
    std::string title, notes, error;
  };
  const Case cases[] = {
      {R"({"en": "a", "ru": 5})", "", "t.json: title.ru: expected a string (got number 5)"},
      {"", R"({"zh": null})", "t.json: notes.zh: expected a string (got null)"},
      {R"({"en": {"text": "a"}})", "", "t.json: title.en: expected a string (got object)"},
      {R"({"ru": ["a"]})", "", "t.json: title.ru: expected a string (got array of 1 elements)"},
      {"{}", "", "t.json: title: an object of languages must have at least one (got {})"},
      {"", "{}", "t.json: notes: an object of languages must have at least one (got {})"},
      {R"({"": "x"})", "", "t.json: title[\"\"]: a language code must not be empty"},
      {"[\"a\"]", "",
       "t.json: title: expected a string or an object of languages such as {\"en\": \"...\", \"ru\": \"...\"} "
       "(got array of 1 elements)"},
      {"", "true",
       "t.json: notes: expected a string or an object of languages such as {\"en\": \"...\", \"ru\": \"...\"} "
       "(got boolean true)"},
      {"{\"en\": \"a\", \"ru\": " + tooLongTitle + "}", "",
       "t.json: title.ru: too long (4097 bytes; the limit is 4096)"},
      {"{\"zh-Hant\": " + tooLongTitle + "}", "",
       "t.json: title[\"zh-Hant\"]: too long (4097 bytes; the limit is 4096)"},
      {"", "{\"en\": \"a\", \"zh\": " + tooLongNotes + "}",
       "t.json: notes.zh: too long (1048577 bytes; the limit is 1048576)"},
      {"{\"en\": " + tooLongTitle + ", \"ru\": \"a\"}", "",
       "t.json: title.en: too long (4097 bytes; the limit is 4096)"},
  };
  for (const Case& c : cases) {
    const std::string text = sceneWith(c.title, c.notes);
    EXPECT_EQ(errorOf(text), c.error) << c.title << c.notes;
    EXPECT_EQ(fuzz::compareWithReference(text, "t.json"), "") << c.title << c.notes;
  }
  // Each language may be as long as the string form.
  EXPECT_EQ(errorOf(sceneWith("{\"en\": " + longestTitle + ", \"ru\": " + longestTitle + "}",
                              "{\"zh\": " + longestNotes + ", \"ru\": " + longestNotes + "}")),
            "(loaded)");
  // A key twice in the object is refused as anywhere in a file.
  EXPECT_NE(errorOf(sceneWith(R"({"ru": "a", "ru": "b"})", "")), "(loaded)");
}

TEST(SceneLanguages, OtherLanguageCodesAreKeptButNeverShown) {
  const Scene s = parse(sceneWith(R"({"de": "Zwei Kisten", "en": "Two boxes", "zh-Hant": "兩個盒子"})", ""));
  EXPECT_EQ(s.title, "Two boxes");
  EXPECT_EQ(s.titleLanguages, texts({{"de", "Zwei Kisten"}, {"zh-Hant", "兩個盒子"}}));
  EXPECT_EQ(sceneTitleIn(s, "ru"), "Two boxes");
  const Scene back = parse(sceneToJson(s));
  EXPECT_EQ(back.title, s.title);
  EXPECT_EQ(back.titleLanguages, s.titleLanguages);
}

// --- Saving ---

TEST(SceneLanguages, SavingKeepsEveryLanguage) {
  TempDir dir;
  const Scene s = parse(sceneWith(kThreeTitles, R"({"ru": "Только по-русски", "zh": "只有中文"})"));
  ASSERT_EQ(saveScene(s, dir.file("s.json")), std::nullopt);
  const std::string text = readText(dir.file("s.json"));
  EXPECT_NE(text.find(R"("title": {)"), std::string::npos) << text;
  EXPECT_EQ(text.find(R"("en": "")"), std::string::npos) << "no empty English written\n" << text;
  const Scene back = parse(text);
  EXPECT_EQ(back.title, s.title);
  EXPECT_EQ(back.notes, "");
  EXPECT_EQ(back.titleLanguages, s.titleLanguages);
  EXPECT_EQ(back.notesLanguages, s.notesLanguages);
  // And again: the same file.
  ASSERT_EQ(saveScene(back, dir.file("t.json")), std::nullopt);
  EXPECT_EQ(readText(dir.file("t.json")), text);
  // The compact form (a scene at the size limit) keeps them too.
  const Scene compact = parse(sceneToJson(s, MeshWrite::Inline, 10));
  EXPECT_EQ(compact.titleLanguages, s.titleLanguages);
  EXPECT_EQ(compact.notesLanguages, s.notesLanguages);
}

TEST(SceneLanguages, EnglishAloneIsWrittenAsAString) {
  const Scene s = parse(sceneWith(R"({"en": "Two boxes"})", R"({"en": "Drag."})"));
  EXPECT_TRUE(s.titleLanguages.empty());
  const std::string text = sceneToJson(s);
  EXPECT_NE(text.find(R"("title": "Two boxes")"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("notes": "Drag.")"), std::string::npos) << text;
  // One language other than English stays an object: a string would be read as English.
  const Scene ru = parse(sceneWith(R"({"ru": "ящики"})", ""));
  const Scene back = parse(sceneToJson(ru));
  EXPECT_EQ(back.title, "");
  EXPECT_EQ(back.titleLanguages, texts({{"ru", "ящики"}}));
}

TEST(SceneLanguages, UndoRestoresTheLanguages) {
  const Scene before = parse(sceneWith(kThreeTitles, ""));
  Scene after = before;
  setTextInLanguage(after.title, after.titleLanguages, "ru", "Урок 1: новый");
  SceneHistory history;
  ASSERT_TRUE(history.push("edit text", before, after));
  Scene scene = after;
  ASSERT_TRUE(history.undo(scene));
  EXPECT_EQ(scene.titleLanguages, before.titleLanguages);
  ASSERT_TRUE(history.redo(scene));
  EXPECT_EQ(scene.titleLanguages, after.titleLanguages);
}

// --- The fast reader ---

TEST(SceneLanguages, TheFastReaderLeavesTheObjectToTheReferenceReaderAndAgrees) {
  const std::string texts[] = {
      sceneWith(kThreeTitles, kTwoNotes),
      sceneWith(R"("plain")", kTwoNotes),
      sceneWith(kThreeTitles, R"("plain")"),
      sceneWith(R"({"zh": "盒子", "de": "x"})", "", R"(, "view": "3d")"),
      R"({"version": 1, "shapes": [], "title": {"ru": "после фигур"}})",
      R"({"title": {"en": "a"}, "version": 1, "shapes": []})",
      R"({"version": 1, "title": {"en": "a", "ru": "b"}, "title": "twice", "shapes": []})",
      R"({"version": 1, "title": {"en": "a", "ru": )",
      R"({"version": 1, "title": {"en": "a", "ru": "b"}, "shapes": [{"name": "A", "type": "sphere", "radius": -1}]})",
  };
  for (const std::string& text : texts) EXPECT_EQ(fuzz::compareWithReference(text, "l.json"), "") << text;
  EXPECT_FALSE(fastParseScene(sceneWith(kThreeTitles, ""), "l.json", {}).has_value());
  EXPECT_FALSE(fastParseScene(sceneWith(R"("plain")", kTwoNotes), "l.json", {}).has_value());
  EXPECT_TRUE(fastParseScene(sceneWith(R"("plain")", R"("plain")"), "l.json", {}).has_value());
}

TEST(SceneLanguages, EveryBuiltInLessonLoadsAlikeInBothReaders) {
  unsigned count = 0;
  for (const auto& e : fs::directory_iterator(repoPath("scenes/lessons"))) {
    if (e.path().extension() != ".json") continue;
    ++count;
    EXPECT_EQ(fuzz::compareWithReference(readText(e.path().string()), e.path().string()), "") << e.path();
  }
  EXPECT_EQ(count, kBuiltInLessons);
  const std::string defaultScene = repoPath("scenes/default.json");
  EXPECT_EQ(fuzz::compareWithReference(readText(defaultScene), defaultScene), "");
}

TEST(SceneLanguages, EveryBuiltInLessonSpeaksEnglishRussianAndChinese) {
  std::vector<std::string> paths = {repoPath("scenes/default.json")};
  for (const auto& e : fs::directory_iterator(repoPath("scenes/lessons"))) {
    if (e.path().extension() == ".json") paths.push_back(e.path().string());
  }
  ASSERT_EQ(paths.size(), kBuiltInLessons + 1);
  for (const std::string& path : paths) {
    const std::string text = readText(path);
    const SceneLoadResult r = parseScene(text, path);
    ASSERT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
    const Scene& s = r.scene;
    EXPECT_FALSE(s.title.empty()) << path;
    EXPECT_FALSE(s.notes.empty()) << path;
    for (const char* lang : {"ru", "zh"}) {
      const std::string* title = ownTextInLanguage(s.title, s.titleLanguages, lang);
      const std::string* notes = ownTextInLanguage(s.notes, s.notesLanguages, lang);
      ASSERT_TRUE(title && notes) << path << " has no " << lang;
      EXPECT_FALSE(title->empty() || notes->empty()) << path << " " << lang;
      EXPECT_NE(*title, s.title) << path << " " << lang;
      EXPECT_NE(*notes, s.notes) << path << " " << lang;
      EXPECT_EQ(sceneTitleOf(text, lang), std::optional<std::string>(*title)) << path;
    }
    EXPECT_EQ(sceneTitleOf(text, "en"), std::optional<std::string>(s.title)) << path;
    // Saved and loaded again, every language stays.
    const Scene back = parse(sceneToJson(s));
    EXPECT_EQ(back.titleLanguages, s.titleLanguages) << path;
    EXPECT_EQ(back.notesLanguages, s.notesLanguages) << path;
  }
}

// --- The Lessons menu's streaming read ---

TEST(SceneLanguages, TheMenuTitleIsTheLoadedScenesInEveryLanguage) {
  const std::string texts[] = {
      sceneWith(kThreeTitles, kTwoNotes),
      sceneWith(R"({"ru": "только русский"})", ""),
      sceneWith(R"({"de": "x", "zh": "盒子", "ru": "ящики"})", ""),
      sceneWith(R"({"en": "", "ru": "", "zh": "盒子"})", ""),
      sceneWith(R"({"en": "English", "ru": ""})", ""),
      sceneWith(R"("plain")", kTwoNotes),
      sceneWith(R"({"de": "nur Deutsch"})", ""),
  };
  for (const std::string& text : texts) {
    const Scene s = parse(text);
    for (const char* lang : kSceneTextLanguages) {
      const std::string& shown = sceneTitleIn(s, lang);
      EXPECT_EQ(sceneTitleOf(text, lang), shown.empty() ? std::nullopt : std::optional<std::string>(shown))
          << text << " in " << lang;
      EXPECT_EQ(lessonMenuTitle(text, "07_lesson.json", lang), shown.empty() ? "07_lesson" : shown);
    }
  }
  // The default language is English.
  EXPECT_EQ(sceneTitleOf(sceneWith(kThreeTitles, "")), std::optional<std::string>("Lesson 1: two boxes"));
}

TEST(SceneLanguages, TheMenuTitleStopsAfterTheObject) {
  // What follows the title's object is not JSON: only a pass that stops there gives a title.
  const std::string text = R"({"version": 1, "title": {"en": "Boxes", "ru": "Ящики"}, "shapes": [ not JSON)";
  EXPECT_EQ(sceneTitleOf(text, "ru"), std::optional<std::string>("Ящики"));
  EXPECT_EQ(sceneTitleOf(text, "zh"), std::optional<std::string>("Boxes"));
}

TEST(SceneLanguages, AMenuTitleTheLoaderRefusesIsNone) {
  const std::string tooLong(kMaxTitleBytes + 1, 'x');
  const std::string refused[] = {
      R"({"title": {}})",
      R"({"title": {"en": "a", "ru": 5}})",
      R"({"title": {"en": "a", "ru": {"x": "y"}}})",
      R"({"title": {"en": "a", "ru": ["y"]}})",
      R"({"title": {"": "a"}})",
      R"({"title": {"en": "a", "ru": "b")",
      "{\"title\": {\"en\": \"a\", \"de\": \"" + tooLong + "\"}}",
  };
  for (const std::string& text : refused) {
    for (const char* lang : kSceneTextLanguages) EXPECT_EQ(sceneTitleOf(text, lang), std::nullopt) << text << lang;
  }
}

// --- Writing a lesson in one language ---

TEST(SceneLanguages, SetTextChangesOneLanguage) {
  std::string en = "en";
  std::vector<LanguageText> others = texts({{"ru", "ru"}, {"zh", "zh"}});
  setTextInLanguage(en, others, "ru", "новый");
  EXPECT_EQ(en, "en");
  EXPECT_EQ(others, texts({{"ru", "новый"}, {"zh", "zh"}}));
  setTextInLanguage(en, others, "en", "new");
  EXPECT_EQ(en, "new");
  EXPECT_EQ(others, texts({{"ru", "новый"}, {"zh", "zh"}}));
  // An empty text removes the language's own (it falls back again).
  setTextInLanguage(en, others, "zh", "");
  EXPECT_EQ(others, texts({{"ru", "новый"}}));
  // A language without a text of its own gets one where it is written anew, not where it
  // is given back the fallback it was shown.
  setTextInLanguage(en, others, "zh", "new");
  EXPECT_EQ(others, texts({{"ru", "новый"}}));
  setTextInLanguage(en, others, "zh", "新");
  EXPECT_EQ(others, texts({{"ru", "новый"}, {"zh", "新"}}));
}

TEST(SceneLanguages, ALessonWrittenInRussianChangesOnlyRussian) {
  TempDir dir;
  const Scene scene =
      parse(sceneWith(kThreeTitles, R"({"en": "Drag a box.", "ru": "Перетащите ящик.", "zh": "拖动。"})"));
  // What the editor opens with in a Russian window, then edits.
  LessonDraft draft;
  draft.language = "ru";
  draft.title = sceneTitleIn(scene, draft.language);
  draft.notes = sceneNotesIn(scene, draft.language);
  EXPECT_EQ(draft.title, "Урок 1: два ящика");
  draft.notes = "Перетащите ящик B.";
  draft.state.focus = {"A", "B"};
  ASSERT_EQ(saveLesson(scene, draft, dir.file("l.json")), std::nullopt);
  const Scene back = parse(readText(dir.file("l.json")));
  EXPECT_EQ(back.title, "Lesson 1: two boxes");
  EXPECT_EQ(back.titleLanguages, scene.titleLanguages);
  EXPECT_EQ(back.notes, "Drag a box.");
  EXPECT_EQ(back.notesLanguages, texts({{"ru", "Перетащите ящик B."}, {"zh", "拖动。"}}));
  // An English draft (the share link, an English window) keeps the other languages too.
  LessonDraft english{back.title, "Drag box B.", draft.state};
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(back, english, error);
  ASSERT_TRUE(out.has_value()) << error;
  EXPECT_EQ(out->notes, "Drag box B.");
  EXPECT_EQ(out->notesLanguages, back.notesLanguages);
  EXPECT_EQ(out->titleLanguages, back.titleLanguages);
}

TEST(SceneLanguages, ALessonInEnglishOnlyGetsWhatIsWrittenInRussian) {
  const Scene scene = parse(sceneWith(R"("Two boxes")", R"("Drag a box.")"));
  LessonDraft draft;
  draft.language = "ru";
  draft.title = sceneTitleIn(scene, "ru");  // the English, shown for want of Russian: left as it is
  draft.notes = "Перетащите ящик.";
  std::string error;
  const std::optional<Scene> out = sceneWithLesson(scene, draft, error);
  ASSERT_TRUE(out.has_value()) << error;
  EXPECT_EQ(out->title, "Two boxes");
  EXPECT_TRUE(out->titleLanguages.empty());
  EXPECT_EQ(out->notes, "Drag a box.");
  EXPECT_EQ(out->notesLanguages, texts({{"ru", "Перетащите ящик."}}));
  const std::string text = sceneToJson(*out);
  EXPECT_NE(text.find(R"("title": "Two boxes")"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("notes": {"en": "Drag a box.", "ru": "Перетащите ящик."})"), std::string::npos) << text;
}

TEST(SceneLanguages, ATooLongDraftNamesItsLanguage) {
  const Scene scene = parse(sceneWith(kThreeTitles, ""));
  LessonDraft draft;
  draft.language = "zh";
  draft.title = std::string(kMaxTitleBytes + 1, 't');
  const std::vector<std::string> problems = lessonDraftProblems(scene, draft);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "title.zh: too long (4097 bytes; the limit is 4096)");
}

}  // namespace
}  // namespace satlab::test
