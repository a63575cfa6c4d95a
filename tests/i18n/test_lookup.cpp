// The catalog reader and the lookups: what tr, trn and L give for each language, plural
// rules, and the choice of language from the environment.
#include "i18n/i18n.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

namespace satlab {
namespace {

TEST(CatalogReader, ReadsEntriesContextsPluralsFlagsAndEscapes) {
  const Catalog c = parseCatalog(R"po(# a comment
msgid ""
msgstr ""
"Language: ru\n"
"Plural-Forms: nplurals=3; plural=0;\n"

#: src/ui/x.cpp
msgid "Open"
msgstr "Открыть"

msgctxt "noun"
msgid "Open"
msgstr "Открытый"

#, c-format
msgid "%d pair"
msgid_plural "%d pairs"
msgstr[0] "%d пара"
msgstr[1] "%d пары"
msgstr[2] "%d пар"

#, fuzzy
msgid "Close"
msgstr "Закрыть"

msgid ""
"two "
"lines\n"
msgstr "tab\there \"quoted\" \\ \101\x42"

#~ msgid "Gone"
#~ msgstr "Ушло"
)po");
  EXPECT_TRUE(c.errors.empty()) << c.errors.front();
  EXPECT_NE(c.header.find("Plural-Forms: nplurals=3"), std::string::npos);
  ASSERT_EQ(c.entries.size(), 6u);
  EXPECT_EQ(c.entries[0].msgid, "Open");
  EXPECT_EQ(c.entries[0].msgstr.at(0), "Открыть");
  EXPECT_EQ(c.entries[1].context, "noun");
  EXPECT_EQ(c.entries[2].msgidPlural, "%d pairs");
  EXPECT_EQ(c.entries[2].msgstr.size(), 3u);
  EXPECT_TRUE(c.entries[3].fuzzy);
  EXPECT_FALSE(c.entries[2].fuzzy);
  EXPECT_EQ(c.entries[4].msgid, "two lines\n");
  EXPECT_EQ(c.entries[4].msgstr.at(0), "tab\there \"quoted\" \\ AB");
  EXPECT_TRUE(c.entries[5].obsolete);
  EXPECT_EQ(c.entries[5].msgid, "Gone");
}

TEST(CatalogReader, MalformedTextIsReportedWithItsLineNotFatal) {
  const Catalog c =
      parseCatalog("msgid \"a\"\nmsgstr \"b\n\nmsgstr \"c\"\nfoo \"x\"\n\"orphan\"\nmsgid \"ok\"\nmsgstr[7] \"x\"\n");
  ASSERT_GE(c.errors.size(), 4u);
  EXPECT_EQ(c.errors[0].rfind("2: ", 0), 0u) << c.errors[0];  // no closing quote
  // Reading goes on: the well-formed first entry is kept.
  ASSERT_FALSE(c.entries.empty());
  EXPECT_EQ(c.entries[0].msgid, "a");
}

TEST(CatalogReader, HostileInputEndsWithoutCrashing) {
  std::string junk;
  for (int i = 0; i < 4000; ++i) junk += (i % 7 == 0) ? "msgstr[" : (i % 5 == 0 ? "\"\\" : "msgid \"\n");
  const Catalog c = parseCatalog(junk);
  EXPECT_FALSE(c.errors.empty());
  EXPECT_LE(c.errors.size(), 50u);  // errors are capped, not one per line forever
}

TEST(PluralRules, RussianHasThreeFormsChineseOneEnglishTwo) {
  const long long ones[] = {1, 21, 101, 1001};
  const long long few[] = {2, 3, 4, 22, 34, 102};
  const long long many[] = {0, 5, 11, 12, 13, 14, 19, 20, 25, 111, 112};
  for (long long n : ones) EXPECT_EQ(pluralIndex(Language::Ru, n), 0) << n;
  for (long long n : few) EXPECT_EQ(pluralIndex(Language::Ru, n), 1) << n;
  for (long long n : many) EXPECT_EQ(pluralIndex(Language::Ru, n), 2) << n;
  for (long long n : {0LL, 1LL, 2LL, 5LL, 21LL}) EXPECT_EQ(pluralIndex(Language::Zh, n), 0);
  EXPECT_EQ(pluralIndex(Language::En, 1), 0);
  EXPECT_EQ(pluralIndex(Language::En, 0), 1);
  EXPECT_EQ(pluralIndex(Language::En, 2), 1);
}

TEST(Languages, CodesAndLocaleNames) {
  EXPECT_EQ(languageFromCode("ru"), Language::Ru);
  EXPECT_EQ(languageFromCode("ru_RU.UTF-8"), Language::Ru);
  EXPECT_EQ(languageFromCode("zh_CN.UTF-8"), Language::Zh);
  EXPECT_EQ(languageFromCode("zh-Hans-CN"), Language::Zh);
  EXPECT_EQ(languageFromCode("en-GB"), Language::En);
  EXPECT_EQ(languageFromCode("C"), Language::En);
  EXPECT_EQ(languageFromCode("de_DE"), std::nullopt);
  EXPECT_EQ(languageFromCode(""), std::nullopt);
  EXPECT_EQ(firstLanguageOf("de-DE,zh-CN;q=0.8,en"), Language::Zh);
  EXPECT_EQ(firstLanguageOf("fr:ru:en"), Language::Ru);
  EXPECT_EQ(firstLanguageOf("fr,de"), Language::En);
  for (Language lang : kLanguages) EXPECT_EQ(languageFromCode(languageCode(lang)), lang);
}

class EnvironmentLanguage : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* v : kVars) {
      const char* old = std::getenv(v);
      saved_.emplace_back(old != nullptr ? std::optional<std::string>(old) : std::nullopt);
      unsetenv(v);
    }
  }
  void TearDown() override {
    for (std::size_t i = 0; i < saved_.size(); ++i) {
      if (saved_[i]) {
        setenv(kVars[i], saved_[i]->c_str(), 1);
      } else {
        unsetenv(kVars[i]);
      }
    }
  }
  static constexpr const char* kVars[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
  std::vector<std::optional<std::string>> saved_;
};

TEST_F(EnvironmentLanguage, FollowsGettextsOrder) {
  EXPECT_EQ(languageFromEnvironment(), Language::En);
  setenv("LANG", "ru_RU.UTF-8", 1);
  EXPECT_EQ(languageFromEnvironment(), Language::Ru);
  setenv("LC_MESSAGES", "zh_CN.UTF-8", 1);
  EXPECT_EQ(languageFromEnvironment(), Language::Zh);
  setenv("LC_ALL", "en_US.UTF-8", 1);
  EXPECT_EQ(languageFromEnvironment(), Language::En);
  setenv("LANGUAGE", "de:ru", 1);  // a list: its first known language wins over the locale
  EXPECT_EQ(languageFromEnvironment(), Language::Ru);
  setenv("LC_ALL", "C", 1);  // ... unless the locale is C
  EXPECT_EQ(languageFromEnvironment(), Language::En);
  setenv("LC_ALL", "de_DE.UTF-8", 1);  // a language satlab does not speak: English
  unsetenv("LANGUAGE");
  EXPECT_EQ(languageFromEnvironment(), Language::En);
}

TEST(Lookup, EnglishIsTheSourceAndTheFallback) {
  setUiLanguage(Language::En);
  const char* msg = "A message no catalog has";
  EXPECT_EQ(tr(msg), msg);
  EXPECT_EQ(translate(Language::Ru, {}, msg), msg);
  EXPECT_EQ(translate(Language::Zh, "ctx", msg), msg);
  EXPECT_STREQ(trn("%d pair", "%d pairs", 1), "%d pair");
  EXPECT_STREQ(trn("%d pair", "%d pairs", 3), "%d pairs");
  EXPECT_STREQ(translatePlural(Language::Ru, "%d thing no catalog has", "%d things no catalog has", 3),
               "%d things no catalog has");
}

TEST(Lookup, LabelsKeepOneIdInEveryLanguage) {
  const Language before = uiLanguage();
  setUiLanguage(Language::En);
  EXPECT_STREQ(L("Next##sat"), "Next###Next##sat");
  EXPECT_STREQ(L("Pairs###pairs"), "Pairs###pairs");
  const char* english = L("A label no catalog has");
  EXPECT_STREQ(english, "A label no catalog has###A label no catalog has");
  EXPECT_EQ(L("A label no catalog has"), english);  // kept once: the same pointer
  const int generation = uiLanguageGeneration();
  setUiLanguage(Language::Ru);
  EXPECT_EQ(uiLanguageGeneration(), generation + 1);
  const std::string ru = L("Next##sat");
  EXPECT_EQ(ru.substr(ru.find("###")), "###Next##sat");
  EXPECT_EQ(ru.find("##sat###"), std::string::npos);  // the ##part of the source is not shown
  setUiLanguage(before);
}

}  // namespace
}  // namespace satlab
