#include "ui/font_atlas.hpp"

#include "base/utf8.hpp"
#include "render/line_break.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

// stb_truetype as Dear ImGui bundles it, private to this file: a font file is checked before
// ImGui sees it (ImGui 1.86 asserts on a file that is not a font, and its build fails).
#define STBTT_STATIC
#define STB_TRUETYPE_IMPLEMENTATION
#include <imstb_truetype.h>

namespace satlab {

namespace {

constexpr const char* kLatinFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kBasePixels = 15.0f;
constexpr float kLargeFactor = kPresentationScale;
constexpr std::size_t kMaxFontFileBytes = std::size_t{64} << 20;

/// Always in the atlas: Latin (with Latin-1 and Extended-A), Greek, Cyrillic, general
/// punctuation, and the replacement mark (the fallback glyph: a missing character shows as
/// it, not as "?"); about 650 glyphs of DejaVu Sans. Every other character (arrows,
/// mathematical signs, CJK) is loaded when text in use has it.
constexpr ImWchar kBaseRanges[] = {0x0020, 0x017F, 0x0370, 0x03FF, 0x0400, 0x04FF, 0x2000, 0x206F, 0xFFFD, 0xFFFD, 0};

/// A font file in memory, checked: its face `faceIndex` opens with stb_truetype.
struct FontFile {
  std::string path;
  std::vector<unsigned char> data;
  stbtt_fontinfo info{};
  bool ok = false;
  bool has(char32_t c) const { return ok && stbtt_FindGlyphIndex(&info, static_cast<int>(c)) != 0; }
};

bool readFontFile(const std::string& path, FontFile& out) {
  out = FontFile{};
  out.path = path;
  // A regular file only: a folder is no font, and opening a FIFO would wait for a writer.
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(f, &std::fclose);
  if (std::fseek(f, 0, SEEK_END) != 0) return false;
  const long size = std::ftell(f);
  if (size <= 0 || static_cast<unsigned long>(size) > kMaxFontFileBytes || std::fseek(f, 0, SEEK_SET) != 0) {
    return false;
  }
  out.data.resize(static_cast<std::size_t>(size));
  if (std::fread(out.data.data(), 1, out.data.size(), f) != out.data.size()) return false;
  const int offset = stbtt_GetFontOffsetForIndex(out.data.data(), 0);
  out.ok = offset >= 0 && stbtt_InitFont(&out.info, out.data.data(), offset) != 0;
  return out.ok;
}

struct Atlas {
  bool loaded = false;
  float scale = 0.0f;
  FontFile latin, cjk;
  std::vector<std::uint64_t> noted = std::vector<std::uint64_t>(0x110000 / 64, 0);  // code points in use
  std::vector<char32_t> notedList;                                                  // the same, in the order noted
  std::size_t tried = 0;     // notedList[0, tried) were offered to the last build
  ImVector<ImWchar> ranges;  // the last build's, alive as long as its fonts
  ImFont* normal = nullptr;
  ImFont* large = nullptr;
  int generation = 0;
  FontAtlasInfo info;
};

Atlas& atlas() {
  static Atlas a;
  return a;
}

bool isDrawn(char32_t c) { return c >= 0x20 && !(c >= 0x7F && c < 0xA0) && c != 0xFEFF; }

void note(char32_t c) {
  if (c >= 0x110000 || !isDrawn(c)) return;
  Atlas& a = atlas();
  std::uint64_t& word = a.noted[c / 64];
  const std::uint64_t bit = std::uint64_t{1} << (c % 64);
  if ((word & bit) != 0) return;
  word |= bit;
  a.notedList.push_back(c);
}

void loadFontFiles(Atlas& a) {
  if (!readFontFile(kLatinFont, a.latin)) a.latin = FontFile{};
  for (const std::string& path : cjkFontCandidates()) {
    // A CJK font must draw Chinese: a file that does not is passed over, with a warning.
    if (readFontFile(path, a.cjk) && a.cjk.has(0x4E2D)) break;
    if (std::getenv("SATLAB_CJK_FONT") != nullptr) {
      std::fprintf(stderr, "satlab: warning: SATLAB_CJK_FONT=%s is not a font with CJK glyphs; none is used\n",
                   path.c_str());
    }
    a.cjk = FontFile{};
  }
}

ImFont* addFonts(Atlas& a, float pixels) {
  ImGuiIO& io = ImGui::GetIO();
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // the files stay loaded here for the next build
  cfg.GlyphRanges = a.ranges.Data;
  ImFont* font = nullptr;
  if (a.latin.ok) {
    font = io.Fonts->AddFontFromMemoryTTF(a.latin.data.data(), static_cast<int>(a.latin.data.size()), pixels, &cfg);
  } else {
    ImFontConfig own;
    own.SizePixels = pixels * 0.87f;  // ImGui's bitmap font reads larger than DejaVu at the same size
    font = io.Fonts->AddFontDefault(&own);
  }
  if (a.cjk.ok) {
    ImFontConfig merge = cfg;
    merge.MergeMode = true;
    // One sample a pixel across (ImGui's default is three for sharper Latin text): CJK
    // glyphs are many and large, and at 15 px and up they read as well.
    merge.OversampleH = 1;
    merge.OversampleV = 1;
    merge.PixelSnapH = true;
    io.Fonts->AddFontFromMemoryTTF(a.cjk.data.data(), static_cast<int>(a.cjk.data.size()), pixels, &merge);
  }
  return font;
}

void build(Atlas& a, float scale) {
  const auto start = std::chrono::steady_clock::now();
  ImGuiIO& io = ImGui::GetIO();
  const bool wasLarge = a.large != nullptr && io.FontDefault == a.large;
  const bool wasNormal = a.normal != nullptr && io.FontDefault == a.normal;
  io.Fonts->Clear();
  // As tall as the glyphs need, not the next power of two (OpenGL 3.3 and WebGL 2 take any
  // size): a few hundred CJK glyphs more cost their own rows, not a doubled texture.
  io.Fonts->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
  ImFontGlyphRangesBuilder ranges;
  ranges.AddRanges(kBaseRanges);
  for (char32_t c : a.notedList) {
    if (c <= IM_UNICODE_CODEPOINT_MAX) ranges.AddChar(static_cast<ImWchar>(c));
  }
  a.ranges.clear();
  ranges.BuildRanges(&a.ranges);
  a.tried = a.notedList.size();
  a.normal = addFonts(a, kBasePixels * scale);
  a.large = addFonts(a, kBasePixels * scale * kLargeFactor);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas
  if (wasLarge) io.FontDefault = a.large;
  if (wasNormal || io.FontDefault == nullptr) io.FontDefault = wasLarge ? a.large : a.normal;
  ++a.generation;
  FontAtlasInfo& info = a.info;
  info.width = w;
  info.height = h;
  info.textureBytes = static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4u;
  info.glyphs = a.normal != nullptr ? a.normal->Glyphs.Size : 0;
  info.cjkGlyphs = 0;
  if (a.normal != nullptr) {
    for (const ImFontGlyph& g : a.normal->Glyphs) {
      if (isCjk(g.Codepoint) && !a.latin.has(g.Codepoint)) ++info.cjkGlyphs;
    }
  }
  ++info.builds;
  info.buildMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  info.latinFont = a.latin.ok ? a.latin.path : std::string();
  info.cjkFont = a.cjk.ok ? a.cjk.path : std::string();
}

std::string codePointName(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
  std::string out = buf;
  // The character itself too, UTF-8 encoded, so that a reader sees which it is.
  char utf8[5] = {};
  if (c < 0x80) {
    utf8[0] = static_cast<char>(c);
  } else if (c < 0x800) {
    utf8[0] = static_cast<char>(0xC0 | (c >> 6)), utf8[1] = static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    utf8[0] = static_cast<char>(0xE0 | (c >> 12)), utf8[1] = static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    utf8[2] = static_cast<char>(0x80 | (c & 0x3F));
  } else {
    utf8[0] = static_cast<char>(0xF0 | (c >> 18)), utf8[1] = static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    utf8[2] = static_cast<char>(0x80 | ((c >> 6) & 0x3F)), utf8[3] = static_cast<char>(0x80 | (c & 0x3F));
  }
  return out + " " + utf8;
}

}  // namespace

std::vector<std::string> cjkFontCandidates() {
  if (const char* env = std::getenv("SATLAB_CJK_FONT")) {
    const std::string path = env;
    if (path.empty() || path == "none") return {};
    return {path};
  }
  // (The web page names the subset of WenQuanYi Micro Hei it embeds through SATLAB_CJK_FONT:
  // web/web_main.cpp.)
  return {"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
          "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"};
}

void noteTextInUse(std::string_view utf8) {
  for (std::size_t i = 0; i < utf8.size();) {
    const unsigned char b = static_cast<unsigned char>(utf8[i]);
    if (b < 0x80u) {  // ASCII is always in the atlas
      ++i;
      continue;
    }
    char32_t c = 0;
    i += decodeUtf8(utf8, i, c);
    note(c);
  }
}

void noteCharsInUse(const ImWchar* chars, int count) {
  for (int i = 0; i < count; ++i) {
    if (chars[i] >= 0x80) note(chars[i]);
  }
}

bool updateFontAtlas(float contentScale) {
  Atlas& a = atlas();
  const float scale = contentScale > 0.0f && contentScale < 16.0f ? contentScale : 1.0f;
  if (a.loaded && scale == a.scale && a.tried == a.notedList.size()) return false;
  if (!a.loaded) loadFontFiles(a);
  a.loaded = true;
  a.scale = scale;
  build(a, scale);
  return true;
}

ImFont* normalFont() { return atlas().normal; }
ImFont* largeFont() { return atlas().large; }
int fontAtlasGeneration() { return atlas().generation; }
FontAtlasInfo fontAtlasInfo() { return atlas().info; }

bool alwaysInAtlas(char32_t c) {
  for (const ImWchar* r = kBaseRanges; r[0] != 0; r += 2) {
    if (c >= r[0] && c <= r[1]) return true;
  }
  return false;
}

std::vector<char32_t> missingGlyphs() {
  const Atlas& a = atlas();
  std::vector<char32_t> out;
  for (char32_t c : a.notedList) {
    const bool drawn = a.normal != nullptr && c <= IM_UNICODE_CODEPOINT_MAX &&
                       a.normal->FindGlyphNoFallback(static_cast<ImWchar>(c)) != nullptr;
    if (!drawn) out.push_back(c);
  }
  std::sort(out.begin(), out.end());
  return out;
}

int fallbackGlyphsDrawn(const ImDrawData* data) {
  if (data == nullptr) return 0;
  const ImFontAtlas* fonts = ImGui::GetIO().Fonts;
  int count = 0;
  for (int l = 0; l < data->CmdListsCount; ++l) {
    const ImVector<ImDrawVert>& v = data->CmdLists[l]->VtxBuffer;
    for (const ImFont* font : fonts->Fonts) {
      const ImFontGlyph* g = font->FallbackGlyph;
      if (g == nullptr) continue;
      // A glyph is a quad whose first three corners take the glyph's UVs (ImDrawList::PrimRectUV).
      for (int i = 0; i + 2 < v.Size; ++i) {
        if (v[i].uv.x == g->U0 && v[i].uv.y == g->V0 && v[i + 1].uv.x == g->U1 && v[i + 1].uv.y == g->V0 &&
            v[i + 2].uv.x == g->U1 && v[i + 2].uv.y == g->V1) {
          ++count;
          i += 3;
        }
      }
    }
  }
  return count;
}

std::string missingGlyphsReport(int fallbackDrawn) {
  const std::vector<char32_t> missing = missingGlyphs();
  if (missing.empty() && fallbackDrawn == 0) return "none";
  std::string out;
  constexpr std::size_t kListed = 40;
  for (std::size_t i = 0; i < missing.size() && i < kListed; ++i) {
    if (i > 0) out += ", ";
    out += codePointName(missing[i]);
  }
  if (missing.size() > kListed) out += " and " + std::to_string(missing.size() - kListed) + " more";
  if (fallbackDrawn > 0) {
    if (!out.empty()) out += "; ";
    out += std::to_string(fallbackDrawn) + " drawn as the fallback glyph in the last frame";
  }
  return out;
}

}  // namespace satlab
