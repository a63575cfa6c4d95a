#include "i18n/i18n.hpp"

#include "base/embedded_file.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace satlab {

const std::vector<EmbeddedFile>& embeddedCatalogs();  // generated: po/*.po

namespace {

std::atomic<int> gLanguage{static_cast<int>(Language::En)};
std::atomic<int> gGeneration{0};

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// ---- reading .po text ----

struct Line {
  std::string_view text;
  int number;
};

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// The C string literal at the start of `s` (after blanks), unescaped into `out`. False
// when `s` holds no whole literal or anything but blanks after it.
bool readQuoted(std::string_view s, std::string& out, std::string& why) {
  std::size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  if (i >= s.size() || s[i] != '"') {
    why = "a string in double quotes is expected";
    return false;
  }
  ++i;
  while (i < s.size() && s[i] != '"') {
    char c = s[i++];
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (i >= s.size()) break;
    const char e = s[i++];
    switch (e) {
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': out.push_back('\r'); break;
      case 'a': out.push_back('\a'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'v': out.push_back('\v'); break;
      case '\\': out.push_back('\\'); break;
      case '"': out.push_back('"'); break;
      case '\'': out.push_back('\''); break;
      case '?': out.push_back('?'); break;
      case 'x': {
        int value = 0, digits = 0;
        while (i < s.size() && digits < 2 && std::isxdigit(static_cast<unsigned char>(s[i]))) {
          const char h = s[i++];
          value = value * 16 + (std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
          ++digits;
        }
        if (digits == 0) {
          why = "\\x without hex digits";
          return false;
        }
        out.push_back(static_cast<char>(value));
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          int value = e - '0', digits = 1;
          while (i < s.size() && digits < 3 && s[i] >= '0' && s[i] <= '7') {
            value = value * 8 + (s[i++] - '0');
            ++digits;
          }
          out.push_back(static_cast<char>(value & 0xFF));
        } else {
          why = std::string("unknown escape \\") + e;
          return false;
        }
    }
  }
  if (i >= s.size()) {
    why = "the string has no closing quote";
    return false;
  }
  ++i;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
  if (i != s.size()) {
    why = "text after the closing quote";
    return false;
  }
  return true;
}

}  // namespace

Catalog parseCatalog(std::string_view text) {
  Catalog cat;
  std::vector<Line> lines;
  int number = 0;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({line, ++number});
    at = end + 1;
  }

  CatalogEntry entry;
  bool open = false;             // the entry has a keyword line
  std::string* field = nullptr;  // what a continuation line appends to
  bool pendingFuzzy = false;
  int errorEntries = 0;
  auto finish = [&] {
    if (open) {
      if (entry.msgid.empty() && entry.context.empty() && !entry.obsolete) {
        if (!entry.msgstr.empty()) cat.header = entry.msgstr[0];
      } else {
        cat.entries.push_back(std::move(entry));
      }
    }
    entry = CatalogEntry{};
    open = false;
    field = nullptr;
  };
  auto error = [&](int line, const std::string& why) {
    if (++errorEntries <= 50) cat.errors.push_back(std::to_string(line) + ": " + why);
  };

  // Which keyword comes where: msgctxt, msgid, msgid_plural, then msgstr or msgstr[N].
  enum class Seen { None, Context, Id, IdPlural, Str };
  Seen seen = Seen::None;
  for (const Line& ln : lines) {
    std::string_view s = ln.text;
    bool obsolete = false;
    if (startsWith(s, "#~")) {
      obsolete = true;
      s.remove_prefix(2);
      while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
      if (s.empty() || s.front() == '#') continue;
    } else if (!s.empty() && s.front() == '#') {
      if (open && seen == Seen::Str) {
        finish();
        seen = Seen::None;
      }
      if (startsWith(s, "#,") && s.find("fuzzy") != std::string_view::npos) pendingFuzzy = true;
      continue;
    }
    std::size_t first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
      finish();
      seen = Seen::None;
      pendingFuzzy = false;
      continue;
    }
    s.remove_prefix(first);
    std::string why;
    if (s.front() == '"') {
      if (field == nullptr) {
        error(ln.number, "a string line with no keyword before it");
        continue;
      }
      if (!readQuoted(s, *field, why)) error(ln.number, why);
      continue;
    }
    std::size_t sp = s.find_first_of(" \t");
    const std::string_view keyword = s.substr(0, sp);
    const std::string_view rest = sp == std::string_view::npos ? std::string_view() : s.substr(sp);
    auto begin = [&](Seen want) {
      // A new entry starts at msgctxt, or at msgid without a msgctxt before it.
      if (open && (want == Seen::Context || (want == Seen::Id && seen != Seen::Context))) {
        finish();
        seen = Seen::None;
      }
      if (!open) {
        entry.line = ln.number;
        entry.fuzzy = pendingFuzzy;
        entry.obsolete = obsolete;
        pendingFuzzy = false;
        open = true;
      }
    };
    if (keyword == "msgctxt") {
      begin(Seen::Context);
      seen = Seen::Context;
      field = &entry.context;
    } else if (keyword == "msgid") {
      begin(Seen::Id);
      seen = Seen::Id;
      field = &entry.msgid;
    } else if (keyword == "msgid_plural") {
      if (seen != Seen::Id) {
        error(ln.number, "msgid_plural without a msgid before it");
        field = nullptr;
        continue;
      }
      seen = Seen::IdPlural;
      field = &entry.msgidPlural;
    } else if (startsWith(keyword, "msgstr")) {
      if (seen != Seen::Id && seen != Seen::IdPlural && seen != Seen::Str) {
        error(ln.number, "msgstr without a msgid before it");
        field = nullptr;
        continue;
      }
      std::size_t index = 0;
      if (keyword.size() > 6) {
        const std::string_view idx = keyword.substr(6);
        if (idx.size() < 3 || idx.front() != '[' || idx.back() != ']' || idx.size() > 4 ||
            !std::isdigit(static_cast<unsigned char>(idx[1]))) {
          error(ln.number, "msgstr[N] with N from 0 to 9 is expected");
          field = nullptr;
          continue;
        }
        index = static_cast<std::size_t>(std::atoi(std::string(idx.substr(1, idx.size() - 2)).c_str()));
      }
      if (index != entry.msgstr.size()) {
        error(ln.number, "msgstr forms out of order");
        field = nullptr;
        continue;
      }
      seen = Seen::Str;
      entry.msgstr.emplace_back();
      field = &entry.msgstr.back();
    } else {
      error(ln.number, "unknown keyword \"" + std::string(keyword.substr(0, 20)) + "\"");
      field = nullptr;
      continue;
    }
    if (!readQuoted(rest, *field, why)) error(ln.number, why);
  }
  finish();
  return cat;
}

namespace {

struct Loaded {
  Catalog catalog;
  // context + '\x04' + msgid (gettext's key) or msgid alone -> the entry
  std::unordered_map<std::string_view, const CatalogEntry*> byKey;
  std::vector<std::string> keys;  // the owned keys of entries with a context
};

const char* fileOf(Language lang) {
  switch (lang) {
    case Language::Ru: return "ru.po";
    case Language::Zh: return "zh_CN.po";
    case Language::En: break;
  }
  return nullptr;
}

const Loaded& loaded(Language lang) {
  static Loaded tables[3];
  static std::once_flag once[3];
  const int i = static_cast<int>(lang);
  std::call_once(once[i], [&] {
    Loaded& t = tables[i];
    const char* name = fileOf(lang);
    if (name == nullptr) return;
    for (const EmbeddedFile& f : embeddedCatalogs())
      if (f.name == name) t.catalog = parseCatalog(f.text);
    t.keys.reserve(t.catalog.entries.size());
    for (const CatalogEntry& e : t.catalog.entries) {
      if (e.obsolete || e.fuzzy || e.msgstr.empty() || e.msgstr[0].empty()) continue;
      if (e.context.empty()) {
        t.byKey.emplace(e.msgid, &e);
      } else {
        t.keys.push_back(e.context + '\x04' + e.msgid);
      }
    }
    std::size_t k = 0;
    for (const CatalogEntry& e : t.catalog.entries) {
      if (e.obsolete || e.fuzzy || e.msgstr.empty() || e.msgstr[0].empty() || e.context.empty()) continue;
      t.byKey.emplace(t.keys[k++], &e);
    }
  });
  return tables[i];
}

const CatalogEntry* find(Language lang, std::string_view context, const char* msgid) {
  if (lang == Language::En || msgid == nullptr) return nullptr;
  const Loaded& t = loaded(lang);
  if (context.empty()) {
    auto it = t.byKey.find(std::string_view(msgid));
    return it == t.byKey.end() ? nullptr : it->second;
  }
  std::string key(context);
  key.push_back('\x04');
  key.append(msgid);
  auto it = t.byKey.find(key);
  return it == t.byKey.end() ? nullptr : it->second;
}

}  // namespace

const char* languageCode(Language lang) {
  switch (lang) {
    case Language::Ru: return "ru";
    case Language::Zh: return "zh";
    case Language::En: break;
  }
  return "en";
}

const char* languageName(Language lang) {
  switch (lang) {
    case Language::Ru: return "Русский";
    case Language::Zh: return "中文";
    case Language::En: break;
  }
  return "English";
}

std::optional<Language> languageFromCode(std::string_view code) {
  // The language part of "ll_CC.charset@modifier" or "ll-Script-CC".
  const std::size_t end = code.find_first_of("_-.@");
  const std::string ll = lowered(code.substr(0, end));
  if (ll == "en" || ll == "c" || ll == "posix") return Language::En;
  if (ll == "ru") return Language::Ru;
  if (ll == "zh") return Language::Zh;
  return std::nullopt;
}

Language firstLanguageOf(std::string_view list) {
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find_first_of(":,; ", at);
    if (end == std::string_view::npos) end = list.size();
    std::string_view item = list.substr(at, end - at);
    if (const std::size_t q = item.find(";q="); q != std::string_view::npos) item = item.substr(0, q);
    if (!item.empty())
      if (auto lang = languageFromCode(item)) return *lang;
    at = end + 1;
  }
  return Language::En;
}

Language languageFromEnvironment() {
  // gettext: the locale (LC_ALL, LC_MESSAGES, LANG, first set wins) decides; LANGUAGE, a
  // priority list, overrides it unless the locale is "C".
  std::string locale;
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v != nullptr && *v != '\0') {
      locale = v;
      break;
    }
  }
  const bool cLocale = locale.empty() || locale == "C" || locale == "POSIX" || startsWith(locale, "C.");
  if (const char* list = std::getenv("LANGUAGE"); list != nullptr && *list != '\0' && !cLocale) {
    std::string_view l(list);
    std::size_t at = 0;
    while (at <= l.size()) {
      std::size_t end = l.find(':', at);
      if (end == std::string_view::npos) end = l.size();
      if (auto lang = languageFromCode(l.substr(at, end - at)); lang && end > at) return *lang;
      at = end + 1;
    }
  }
  if (cLocale) return Language::En;
  return languageFromCode(locale).value_or(Language::En);
}

Language uiLanguage() { return static_cast<Language>(gLanguage.load(std::memory_order_relaxed)); }

void setUiLanguage(Language lang) {
  if (gLanguage.exchange(static_cast<int>(lang)) != static_cast<int>(lang)) gGeneration.fetch_add(1);
}

int uiLanguageGeneration() { return gGeneration.load(std::memory_order_relaxed); }

int pluralIndex(Language lang, long long n) {
  if (n < 0) n = -n;
  switch (lang) {
    case Language::Zh: return 0;
    case Language::Ru:
      if (n % 10 == 1 && n % 100 != 11) return 0;
      if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)) return 1;
      return 2;
    case Language::En: break;
  }
  return n == 1 ? 0 : 1;
}

const char* pluralFormsHeader(Language lang) {
  switch (lang) {
    case Language::Zh: return "nplurals=1; plural=0;";
    case Language::Ru:
      return "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : "
             "2);";
    case Language::En: break;
  }
  return "nplurals=2; plural=(n != 1);";
}

const char* translate(Language lang, std::string_view context, const char* msgid) {
  const CatalogEntry* e = find(lang, context, msgid);
  return e == nullptr ? msgid : e->msgstr[0].c_str();
}

const char* translatePlural(Language lang, const char* singular, const char* plural, long long n) {
  const CatalogEntry* e = find(lang, {}, singular);
  if (e != nullptr && !e->msgidPlural.empty()) {
    const std::size_t form = static_cast<std::size_t>(pluralIndex(lang, n));
    if (form < e->msgstr.size() && !e->msgstr[form].empty()) return e->msgstr[form].c_str();
  }
  return pluralIndex(Language::En, n) == 0 ? singular : plural;
}

const char* tr(const char* msgid) { return translate(uiLanguage(), {}, msgid); }

const char* trc(const char* context, const char* msgid) { return translate(uiLanguage(), context, msgid); }

const char* trn(const char* singular, const char* plural, long long n) {
  return translatePlural(uiLanguage(), singular, plural, n);
}

const char* L(const char* label) {
  static std::mutex mutex;
  static std::unordered_map<std::string, std::string> cache[3];
  const Language lang = uiLanguage();
  std::lock_guard<std::mutex> lock(mutex);
  auto& table = cache[static_cast<int>(lang)];
  auto it = table.find(label);
  if (it == table.end()) {
    std::string_view shown(translate(lang, {}, label));
    // "Next##sat" shows "Next"; "Name###id" shows "Name". The id is the whole source label.
    if (const std::size_t hashes = shown.find("##"); hashes != std::string_view::npos) shown = shown.substr(0, hashes);
    std::string out(shown);
    out += "###";
    const std::string_view source(label);
    const std::size_t triple = source.find("###");
    out.append(triple == std::string_view::npos ? source : source.substr(triple + 3));
    it = table.emplace(label, std::move(out)).first;
  }
  return it->second.c_str();
}

std::string vformatted(const char* format, va_list args) {
  va_list again;
  va_copy(again, args);
  char buf[512];
  const int n = std::vsnprintf(buf, sizeof buf, format, args);
  std::string out;
  if (n < 0) {
    out = format;  // a bad format (never one of satlab's): the text as written
  } else if (static_cast<std::size_t>(n) < sizeof buf) {
    out.assign(buf, static_cast<std::size_t>(n));
  } else {
    out.resize(static_cast<std::size_t>(n) + 1);
    std::vsnprintf(out.data(), out.size(), format, again);
    out.resize(static_cast<std::size_t>(n));
  }
  va_end(again);
  return out;
}

std::string formatted(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::string out = vformatted(format, args);
  va_end(args);
  return out;
}

const Catalog& builtInCatalog(Language lang) { return loaded(lang).catalog; }

std::string catalogText(Language lang) {
  std::string text;
  for (const CatalogEntry& e : builtInCatalog(lang).entries) {
    if (e.obsolete || e.fuzzy) continue;
    for (const std::string& s : e.msgstr) {
      text += s;
      text.push_back('\n');
    }
  }
  return text;
}

std::string groupedNumber(unsigned long long n) {
  // TRANSLATORS: what goes between groups of three digits: 412,000.
  const std::string separator = trc("digit groups", ",");
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
    out += digits[i];
  }
  return out;
}

}  // namespace satlab
