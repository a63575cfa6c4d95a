// The catalogs of po/ against the sources, each other and the glossary: a message the
// window shows that no catalog translates, a translation of a message the sources no longer
// have, a printf conversion lost in translation, a term translated two ways: each fails here.
#include "i18n/i18n.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace satlab {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = SATLAB_SOURCE_DIR;

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Po {
  Language lang;
  const char* file;
};
const Po kCatalogs[] = {{Language::Ru, "ru.po"}, {Language::Zh, "zh_CN.po"}};

std::string keyOf(const CatalogEntry& e) { return e.context + '\x04' + e.msgid + '\x04' + e.msgidPlural; }
std::string shown(const CatalogEntry& e) {
  return (e.context.empty() ? "" : "[" + e.context + "] ") + "\"" + e.msgid + "\" (line " + std::to_string(e.line) +
         ")";
}

std::set<std::string> liveKeys(const Catalog& c) {
  std::set<std::string> keys;
  for (const CatalogEntry& e : c.entries)
    if (!e.obsolete) keys.insert(keyOf(e));
  return keys;
}

// The printf conversions of a format, in argument order: "%2$s %1$d" -> {"d", "s"}.
std::vector<std::string> conversions(const std::string& f) {
  std::map<int, std::string> positional;
  std::vector<std::string> plain;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') continue;
    std::size_t j = i + 1;
    if (j < f.size() && f[j] == '%') {
      i = j;
      continue;
    }
    int position = 0;
    std::size_t k = j;
    while (k < f.size() && std::isdigit(static_cast<unsigned char>(f[k]))) ++k;
    if (k > j && k < f.size() && f[k] == '$') {
      position = std::atoi(f.substr(j, k - j).c_str());
      j = k + 1;
    }
    std::string spec;
    while (j < f.size() && std::string("-+ #0'").find(f[j]) != std::string::npos) ++j;
    while (j < f.size() && (std::isdigit(static_cast<unsigned char>(f[j])) || f[j] == '*')) {
      if (f[j] == '*') spec += "*,";
      ++j;
    }
    if (j < f.size() && f[j] == '.') {
      ++j;
      while (j < f.size() && (std::isdigit(static_cast<unsigned char>(f[j])) || f[j] == '*')) {
        if (f[j] == '*') spec += "*,";
        ++j;
      }
    }
    while (j < f.size() && std::string("hlLzjt").find(f[j]) != std::string::npos) spec += f[j++];
    if (j < f.size()) spec += f[j];
    if (position > 0) {
      positional[position] = spec;
    } else {
      plain.push_back(spec);
    }
    i = j;
  }
  for (auto& [pos, spec] : positional) plain.push_back(spec);
  return plain;
}

TEST(Catalogs, TheBinaryHoldsTheCatalogsOfPo) {
  for (const Po& po : kCatalogs) {
    const Catalog onDisk = parseCatalog(readFile(kSource / "po" / po.file));
    EXPECT_EQ(liveKeys(builtInCatalog(po.lang)), liveKeys(onDisk)) << po.file << ": rebuild (the embedded copy is old)";
  }
}

TEST(Catalogs, ReadWithoutErrorsWithTheirLanguagesPluralRule) {
  for (const Po& po : kCatalogs) {
    const Catalog c = parseCatalog(readFile(kSource / "po" / po.file));
    for (const std::string& e : c.errors) ADD_FAILURE() << "po/" << po.file << ":" << e;
    EXPECT_NE(c.header.find(std::string("Plural-Forms: ") + pluralFormsHeader(po.lang)), std::string::npos)
        << "po/" << po.file << " must say: Plural-Forms: " << pluralFormsHeader(po.lang);
    EXPECT_NE(c.header.find("charset=UTF-8"), std::string::npos) << po.file;
  }
}

// The template extracted now from the sources, as tools/update_po.sh extracts it.
Catalog extractedTemplate() {
  const fs::path out = fs::temp_directory_path() / ("satlab_i18n_test_" + std::to_string(::getpid()) + ".pot");
  const std::string command = "cd '" + kSource.string() + "' && bash tools/update_po.sh --pot '" + out.string() + "'";
  const int rc = std::system(command.c_str());
  if (rc != 0) {
    ADD_FAILURE() << command << " failed (" << rc << "): tools/update_po.sh needs GNU gettext (xgettext)";
    return {};
  }
  Catalog c = parseCatalog(readFile(out));
  fs::remove(out);
  return c;
}

TEST(Catalogs, EveryMessageOfTheSourcesIsInTheTemplateAndTranslatedInEachCatalog) {
  const Catalog extracted = extractedTemplate();
  ASSERT_FALSE(extracted.entries.empty());
  const std::set<std::string> sources = liveKeys(extracted);
  const std::set<std::string> pot = liveKeys(parseCatalog(readFile(kSource / "po" / "satlab.pot")));
  EXPECT_EQ(sources, pot) << "po/satlab.pot lags behind the sources: run tools/update_po.sh";
  for (const Po& po : kCatalogs) {
    const Catalog c = parseCatalog(readFile(kSource / "po" / po.file));
    std::map<std::string, const CatalogEntry*> byKey;
    for (const CatalogEntry& e : c.entries) {
      if (e.obsolete) {
        ADD_FAILURE() << "po/" << po.file << ": an obsolete translation " << shown(e)
                      << " (tools/update_po.sh drops them)";
        continue;
      }
      byKey[keyOf(e)] = &e;
      if (sources.count(keyOf(e)) == 0) {
        ADD_FAILURE() << "po/" << po.file << ": " << shown(e) << " is no longer in the sources (stale)";
      }
    }
    const std::size_t forms = static_cast<std::size_t>(pluralIndex(po.lang, 5) + 1);
    int untranslated = 0;
    for (const CatalogEntry& source : extracted.entries) {
      auto it = byKey.find(keyOf(source));
      const CatalogEntry* e = it == byKey.end() ? nullptr : it->second;
      bool ok = e != nullptr && !e->fuzzy && !e->msgstr.empty();
      if (ok) {
        for (const std::string& s : e->msgstr) ok = ok && !s.empty();
        if (!e->msgidPlural.empty()) ok = ok && e->msgstr.size() >= (po.lang == Language::Zh ? 1u : forms);
      }
      if (!ok && ++untranslated <= 40)
        ADD_FAILURE() << "po/" << po.file << ": untranslated or fuzzy: " << shown(source);
    }
    EXPECT_EQ(untranslated, 0) << "po/" << po.file << ": messages without a translation";
  }
}

TEST(Catalogs, TranslationsKeepTheConversionsIdsAndEdgesOfTheEnglish) {
  for (const Po& po : kCatalogs) {
    const Catalog c = parseCatalog(readFile(kSource / "po" / po.file));
    for (const CatalogEntry& e : c.entries) {
      if (e.obsolete) continue;
      for (std::size_t f = 0; f < e.msgstr.size(); ++f) {
        const std::string& s = e.msgstr[f];
        if (s.empty()) continue;
        // Russian's forms for 1 may leave the number out ("одна пара"): not done here.
        const std::string& english = (f == 0 || e.msgidPlural.empty()) ? e.msgid : e.msgidPlural;
        EXPECT_EQ(conversions(s), conversions(english))
            << "po/" << po.file << ": " << shown(e) << " -> \"" << s << "\"";
        EXPECT_EQ(s.find("##"), std::string::npos)
            << "po/" << po.file << ": " << shown(e) << ": leave the ##id out of a translation";
        auto edge = [](const std::string& t, bool front) {
          if (t.empty()) return '\0';
          return front ? t.front() : t.back();
        };
        for (bool front : {true, false}) {
          const char a = edge(english, front), b = edge(s, front);
          // As msgfmt --check: a line break at either end as in the English (a space may go:
          // Chinese puts none after its full-width punctuation).
          if (a == '\n' || b == '\n') {
            EXPECT_EQ(a == '\n', b == '\n') << "po/" << po.file << ": " << shown(e) << ": a line break at its "
                                            << (front ? "start" : "end") << " as in the English";
          }
        }
      }
    }
  }
}

// ---- the glossary ----

// Lower case for ASCII and Cyrillic (А-Я, Ё), enough to find a Russian stem.
std::string lowerRu(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(std::tolower(c)));
    } else if (c == 0xD0 && i + 1 < s.size()) {
      const unsigned char d = static_cast<unsigned char>(s[i + 1]);
      if (d >= 0x90 && d <= 0x9F) {  // А-П -> а-п
        out += '\xD0';
        out += static_cast<char>(d + 0x20);
      } else if (d >= 0xA0 && d <= 0xAF) {  // Р-Я -> р-я
        out += '\xD1';
        out += static_cast<char>(d - 0x20);
      } else if (d == 0x81) {  // Ё -> ё
        out += "\xD1\x91";
      } else {
        out += static_cast<char>(c);
        out += static_cast<char>(d);
      }
      ++i;
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  return out;
}

struct Term {
  std::string en, ru, zh;
  std::vector<std::string> ruStems;
  int line;
};

std::vector<Term> glossary() {
  std::vector<Term> terms;
  std::istringstream in(readFile(kSource / "po" / "glossary.tsv"));
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    std::size_t at = 0;
    while (true) {
      const std::size_t tab = line.find('\t', at);
      cols.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
      if (tab == std::string::npos) break;
      at = tab + 1;
    }
    if (cols.size() != 4) {
      ADD_FAILURE() << "po/glossary.tsv:" << n << ": expected 4 columns separated by tabs";
      continue;
    }
    Term t{cols[0], cols[1], cols[2], {}, n};
    std::size_t s = 0;
    while (s <= cols[3].size()) {
      const std::size_t bar = cols[3].find('|', s);
      const std::string stem = cols[3].substr(s, bar == std::string::npos ? std::string::npos : bar - s);
      if (!stem.empty()) t.ruStems.push_back(lowerRu(stem));
      if (bar == std::string::npos) break;
      s = bar + 1;
    }
    EXPECT_FALSE(t.ruStems.empty()) << "po/glossary.tsv:" << n;
    terms.push_back(std::move(t));
  }
  return terms;
}

// The English term as whole words, case aside, a plural "s"/"es" allowed.
bool mentions(const std::string& english, const std::string& term) {
  const std::string text = lowerRu(english), t = lowerRu(term);
  for (std::size_t at = text.find(t); at != std::string::npos; at = text.find(t, at + 1)) {
    const bool startOk = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
    std::size_t end = at + t.size();
    if (end < text.size() && text[end] == 's') {
      ++end;
    } else if (end + 1 < text.size() && text.compare(end, 2, "es") == 0) {
      end += 2;
    }
    const bool endOk = end >= text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
    if (startOk && endOk) return true;
  }
  return false;
}

// Checks one translated text against every term its English names.
void checkTerms(const std::vector<Term>& terms, const std::string& english, Language lang, const std::string& text,
                const std::string& where) {
  for (const Term& t : terms) {
    if (!mentions(english, t.en)) continue;
    if (lang == Language::Zh) {
      EXPECT_NE(text.find(t.zh), std::string::npos)
          << where << ": \"" << t.en << "\" is " << t.zh << " (po/glossary.tsv:" << t.line
          << ")\n  English: " << english << "\n  Chinese: " << text;
    } else {
      const std::string lowered = lowerRu(text);
      bool found = false;
      for (const std::string& stem : t.ruStems) found = found || lowered.find(stem) != std::string::npos;
      EXPECT_TRUE(found) << where << ": \"" << t.en << "\" is " << t.ru << " (po/glossary.tsv:" << t.line
                         << ")\n  English: " << english << "\n  Russian: " << text;
    }
  }
}

TEST(Glossary, TheCatalogsUseItsTerms) {
  const std::vector<Term> terms = glossary();
  ASSERT_GE(terms.size(), 15u);
  for (const Po& po : kCatalogs) {
    const Catalog c = parseCatalog(readFile(kSource / "po" / po.file));
    for (const CatalogEntry& e : c.entries) {
      if (e.obsolete || e.fuzzy || e.msgstr.empty()) continue;
      checkTerms(terms, e.msgid, po.lang, e.msgstr[0], std::string("po/") + po.file + ":" + std::to_string(e.line));
    }
  }
}

// The lessons' text: every lesson in the three languages, the terms as in the catalogs.
TEST(Glossary, EveryLessonSpeaksTheThreeLanguagesInItsTerms) {
  const std::vector<Term> terms = glossary();
  std::vector<fs::path> files{kSource / "scenes" / "default.json"};
  for (const auto& entry : fs::directory_iterator(kSource / "scenes" / "lessons"))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 20u);
  for (const fs::path& f : files) {
    const nlohmann::json j = nlohmann::json::parse(readFile(f), nullptr, false);
    ASSERT_TRUE(j.is_object()) << f;
    for (const char* member : {"title", "notes"}) {
      if (!j.contains(member)) continue;
      const nlohmann::json& text = j[member];
      const std::string where = f.filename().string() + ": " + member;
      ASSERT_TRUE(text.is_object()) << where << ": expected {\"en\": ..., \"ru\": ..., \"zh\": ...}";
      for (const char* code : {"en", "ru", "zh"}) {
        ASSERT_TRUE(text.contains(code) && text[code].is_string() && !text[code].get<std::string>().empty())
            << where << "." << code << ": missing";
      }
      const std::string english = text["en"].get<std::string>();
      checkTerms(terms, english, Language::Ru, text["ru"].get<std::string>(), where + ".ru");
      checkTerms(terms, english, Language::Zh, text["zh"].get<std::string>(), where + ".zh");
    }
  }
}

TEST(Conversions, ReadsPrintfFormats) {
  EXPECT_EQ(conversions("%d of %s, 100%%"), (std::vector<std::string>{"d", "s"}));
  EXPECT_EQ(conversions("%2$s %1$.3g"), (std::vector<std::string>{"g", "s"}));
  EXPECT_EQ(conversions("%-*s %lld %zu"), (std::vector<std::string>{"*,s", "lld", "zu"}));
  EXPECT_TRUE(mentions("The separating axes of A", "separating axis") == false);
  EXPECT_TRUE(mentions("Two Spheres", "sphere"));
  EXPECT_FALSE(mentions("spherical", "sphere"));
  EXPECT_EQ(lowerRu("Разделяющая ОСЬ Ёж"), "разделяющая ось ёж");
}

// The stages long work reports (base/progress.hpp) are shown by the window in its language:
// each progressStage("...") literal under src/ must be a message of the template, which the
// window's list of stages (src/model/work_text.cpp) puts there.
TEST(Catalogs, EveryStageOfLongWorkIsAMessage) {
  const Catalog pot = parseCatalog(readFile(kSource / "po" / "satlab.pot"));
  std::set<std::string> msgids;
  for (const CatalogEntry& e : pot.entries)
    if (e.context.empty()) msgids.insert(e.msgid);
  int stages = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kSource / "src")) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = readFile(entry.path());
    const std::string call = "progressStage(\"";
    for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1)) {
      const std::size_t begin = at + call.size(), end = text.find('"', begin);
      ASSERT_NE(end, std::string::npos);
      const std::string stage = text.substr(begin, end - begin);
      ++stages;
      EXPECT_EQ(msgids.count(stage), 1u) << entry.path().lexically_relative(kSource).string() << ": the stage \""
                                         << stage << "\" is not in po/satlab.pot (list it in src/model/work_text.cpp)";
    }
  }
  EXPECT_GE(stages, 10) << "the stages were not found: has progressStage been renamed?";
}

}  // namespace
}  // namespace satlab
