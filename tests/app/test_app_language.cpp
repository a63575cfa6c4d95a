// The window's language (i18n/i18n.hpp): chosen from the system's locale, by --lang, by
// View > Language (a script's `lang`), remembered in the settings; switched with no restart;
// every glyph of Chinese drawn; the command line English whatever the locale.
#include "app_harness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace satlab::test {
namespace {

const std::string kLesson = "'" + sourcePath("scenes/lessons/06_aabb_obb_fifteen_axes.json") + "'";

std::string reportLine(const RunResult& r, const std::string& key) {
  const std::size_t at = r.output.find("satlab: " + key + ": ");
  if (at == std::string::npos) return "(no " + key + " line)";
  return r.output.substr(at, r.output.find('\n', at) - at);
}

/// A scripted screenshot run of the lesson with `args`, `env` before the binary.
RunResult shot(const std::string& args, const std::string& env = "", const std::string& script = "wait 2\n") {
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << script;
  return runSatlab(kLesson + " --size 1280x720 --script input.txt --screenshot s.png " + args, env, dir);
}

std::string language(const RunResult& r) { return reportLine(r, "language"); }

TEST(AppLanguage, TheSystemsLocaleChoosesTheLanguage) {
  EXPECT_NE(language(shot("")).find("language: en,"), std::string::npos);
  const RunResult ru = shot("", "LANG=ru_RU.UTF-8");
  EXPECT_NE(language(ru).find("language: ru,"), std::string::npos) << ru.output;
  EXPECT_NE(language(ru).find("the File menu reads \"Файл\""), std::string::npos) << language(ru);
  // LANGUAGE, a list, before the locale; its first language satlab speaks.
  const RunResult zh = shot("", "LANG=en_US.UTF-8 LANGUAGE=de:zh_CN:en");
  EXPECT_NE(language(zh).find("language: zh,"), std::string::npos) << language(zh);
  EXPECT_NE(language(zh).find("the File menu reads \"文件\""), std::string::npos) << language(zh);
  // A locale satlab does not speak: English.
  EXPECT_NE(language(shot("", "LANG=de_DE.UTF-8")).find("language: en,"), std::string::npos);
}

TEST(AppLanguage, LangOverridesTheLocaleAndTheCatalogsAreWhole) {
  const RunResult en = shot("--lang en", "LANG=ru_RU.UTF-8");
  EXPECT_NE(language(en).find("language: en, 0 messages"), std::string::npos) << language(en);
  for (const char* code : {"ru", "zh"}) {
    const RunResult r = shot(std::string("--lang ") + code, "LANG=en_US.UTF-8");
    ASSERT_EQ(r.exitCode, 0) << r.output;
    const std::string line = language(r);
    EXPECT_NE(line.find(std::string("language: ") + code + ","), std::string::npos) << line;
    // Over a thousand messages: the catalog compiled into the binary, not a stub.
    const long translated = std::atol(line.substr(line.find(',') + 2).c_str());
    EXPECT_GT(translated, 1000) << line;
    EXPECT_EQ(reportLine(r, "missing glyphs"), "satlab: missing glyphs: none") << code;
    // View > Language lists 中文 by its own name in a Russian window too: its glyphs are loaded.
    EXPECT_EQ(reportLine(r, "font atlas").find("(0 CJK)"), std::string::npos) << code << reportLine(r, "font atlas");
  }
}

TEST(AppLanguage, AWrongLanguageIsAUsageErrorNamingTheOption) {
  const RunResult r = runSatlab("--lang de --screenshot s.png");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("--lang: expected en, ru or zh, got 'de'"), std::string::npos) << r.output;
  const RunResult s = shot("", "", "wait 1\nlang klingon\n");
  EXPECT_EQ(s.exitCode, 2) << s.output;
  EXPECT_NE(s.output.find("expected en, ru or zh after 'lang'"), std::string::npos) << s.output;
}

TEST(AppLanguage, SwitchingNeedsNoRestartAndDrawsEveryGlyph) {
  // English, then Chinese, then Russian in one run: the catalog's characters come into the
  // font atlas at the switch, so that nothing is drawn as a replacement mark.
  const RunResult r = shot("", "", "wait 2\nlang zh\nwait 4\nlang ru\nwait 4\n");
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(language(r).find("language: ru,"), std::string::npos) << language(r);
  EXPECT_EQ(reportLine(r, "missing glyphs"), "satlab: missing glyphs: none");
  const std::string atlas = reportLine(r, "font atlas");
  EXPECT_EQ(atlas.find("(0 CJK)"), std::string::npos) << atlas;  // Chinese was loaded on the way
}

TEST(AppLanguage, ThePickedLanguageIsRememberedInTheSettings) {
  // A person's run (no screenshot): View > Language, as a script's `lang`, writes the settings.
  const std::string dir = makeTempDir();
  std::ofstream(dir + "/input.txt") << "wait 2\nlang zh\nwait 2\n";
  const RunResult first = runSatlab(kLesson + " --script input.txt", "LANG=ru_RU.UTF-8", dir);
  ASSERT_EQ(first.exitCode, 0) << first.output;
  std::ifstream in(dir + "/.config/satlab/settings.json");
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("\"language\": \"zh\""), std::string::npos) << text.str();
  // The next start speaks it, though the locale is Russian; --lang still overrides it.
  std::ofstream(dir + "/input.txt") << "wait 2\n";
  const RunResult second = runSatlab(kLesson + " --script input.txt", "LANG=ru_RU.UTF-8", dir);
  EXPECT_NE(language(second).find("language: zh,"), std::string::npos) << language(second);
  const RunResult third = runSatlab(kLesson + " --script input.txt --lang en", "LANG=ru_RU.UTF-8", dir);
  EXPECT_NE(language(third).find("language: en,"), std::string::npos) << language(third);
}

TEST(AppLanguage, TheCommandLineStaysEnglishInARussianLocale) {
  const RunResult check = runSatlab("check " + kLesson, "LANG=ru_RU.UTF-8 LANGUAGE=ru");
  EXPECT_EQ(check.exitCode, 0) << check.output;
  EXPECT_NE(check.output.find("pairs"), std::string::npos) << check.output;
  for (const char* cyrillic : {"пар", "Пар", "ось", "Файл"})
    EXPECT_EQ(check.output.find(cyrillic), std::string::npos) << check.output;
  const RunResult help = runSatlab("--help", "LANG=ru_RU.UTF-8");
  EXPECT_NE(help.output.find("stays in English"), std::string::npos) << help.output;
}

}  // namespace
}  // namespace satlab::test
