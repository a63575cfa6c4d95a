// The languages the window speaks: English (the source and the fallback), Russian and
// Simplified Chinese, the languages the source articles were written in. The catalogs are
// GNU gettext files (po/ru.po, po/zh_CN.po; po/satlab.pot is extracted from the sources by
// tools/update_po.sh), embedded into the binary at build time and read when first needed.
//
// What a person reads in the window goes through these calls:
//   tr("Pairs")                        a message
//   trc("verb", "Open")                a message that needs a context to be translated
//   trn("%d pair", "%d pairs", n)      a message with a number: the plural form for n
//   N_("Early exit")                   a message in a table, marked for the catalog where it
//                                      is written and translated where it is shown: tr(kName[i])
//   L("Next##sat")                     a widget label: the translation of the whole label,
//                                      shown, and "###Next##sat" as its ImGui id, so that a
//                                      window, a header or a tab keeps its state, position and
//                                      id whatever the language
// Each returns a string that lives as long as the program. A message without a translation
// (none yet, empty, or marked fuzzy) is the English one: never an empty label.
//
// The command line stays English (scripts and CI parse it): only the window sets a language
// (setUiLanguage), so the same code called from `satlab check` reads English.
#pragma once

#include <cstdarg>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

enum class Language { En, Ru, Zh };
inline constexpr Language kLanguages[] = {Language::En, Language::Ru, Language::Zh};

/// "en", "ru", "zh": the code `--lang`, `#lang=` and the settings use.
const char* languageCode(Language lang);
/// The language's own name ("English", "Русский", "中文"), as the Language menu lists it.
const char* languageName(Language lang);
/// A language from a code or a locale name: "ru", "ru_RU.UTF-8", "zh_CN", "zh-Hans-CN",
/// "en-GB", "C" (English). nullopt for a language satlab does not speak ("de_DE").
std::optional<Language> languageFromCode(std::string_view code);
/// The first language of a list that satlab speaks: the desktop's $LANGUAGE
/// ("ru:en"), the browser's navigator.languages ("zh-CN,en"); English when none.
Language firstLanguageOf(std::string_view list);
/// The system's language, as gettext chooses it: $LANGUAGE (a list, honoured unless the
/// locale is "C"), then $LC_ALL, $LC_MESSAGES, $LANG; English when none is set or known.
Language languageFromEnvironment();

/// The window's language. English until set.
Language uiLanguage();
void setUiLanguage(Language lang);
/// Bumped by every change of language: text laid out in one language is laid out again.
int uiLanguageGeneration();

/// Marks a message for the catalog without translating it (a table's entry, translated by tr
/// where it is shown).
constexpr const char* N_(const char* msgid) { return msgid; }

const char* tr(const char* msgid) __attribute__((format_arg(1)));
const char* trc(const char* context, const char* msgid) __attribute__((format_arg(2)));
const char* trn(const char* singular, const char* plural, long long n) __attribute__((format_arg(1)))
__attribute__((format_arg(2)));
/// A widget label: tr(label) shown (cut at any "##" it has), "###" + label as its id.
/// For labels written in the source: each distinct label is kept once a language.
const char* L(const char* label);

/// printf into a std::string, whatever its length: for the translated format strings, whose
/// length differs by language (formatted(tr("%s is not saved: %s"), name, why)).
std::string formatted(const char* format, ...) __attribute__((format(printf, 1, 2)));

/// `n` with its digits in groups of three as the window's language writes them: "412,000",
/// Russian "412 000".
std::string groupedNumber(unsigned long long n);
std::string vformatted(const char* format, va_list args) __attribute__((format(printf, 1, 0)));

/// The same lookups for a given language (tests, and the lesson text's fallback rule).
const char* translate(Language lang, std::string_view context, const char* msgid);
const char* translatePlural(Language lang, const char* singular, const char* plural, long long n);

/// Which of a language's plural forms `n` takes: gettext's rule for it (Russian: three
/// forms, 1 / 2-4 / 5-20; Chinese: one; English: two).
int pluralIndex(Language lang, long long n);
/// The Plural-Forms header a catalog of the language must carry.
const char* pluralFormsHeader(Language lang);

/// One entry of a catalog as read from its file.
struct CatalogEntry {
  std::string context;  // msgctxt, empty when none
  std::string msgid, msgidPlural;
  std::vector<std::string> msgstr;  // one form, or nplurals of them
  bool fuzzy = false;
  bool obsolete = false;  // a "#~" entry: kept by the tools, never used
  int line = 0;           // where the entry starts in its file
};
struct Catalog {
  std::string header;  // the msgstr of the empty msgid
  std::vector<CatalogEntry> entries;
  std::vector<std::string> errors;  // "LINE: reason"; entries read up to an error stay
};
/// Reads gettext .po text (msgctxt, msgid, msgid_plural, msgstr, msgstr[N], "#," flags,
/// "#~" obsolete entries, C escapes in strings). Malformed lines are errors, not crashes.
Catalog parseCatalog(std::string_view poText);
/// The catalog compiled into the binary for a language (empty for English).
const Catalog& builtInCatalog(Language lang);
/// Every translation of the language's catalog as one text (the fonts load its glyphs).
std::string catalogText(Language lang);

}  // namespace satlab
