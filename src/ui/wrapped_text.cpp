#include "ui/wrapped_text.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

struct WrapReport {
  bool on = false;
  int frame = -1;
  std::vector<std::string> texts;
};

WrapReport& wrapReport() {
  static WrapReport r;
  return r;
}

}  // namespace

void setWrapReport(bool on) { wrapReport().on = on; }
bool wrapReportOn() { return wrapReport().on; }

void noteWrappedLines(std::string_view text, const std::vector<LineSpan>& lines) {
  WrapReport& r = wrapReport();
  if (!r.on || lines.size() < 2) return;
  if (r.frame != ImGui::GetFrameCount()) {
    r.frame = ImGui::GetFrameCount();
    r.texts.clear();
  }
  std::string joined;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) joined += " \u23CE ";
    joined.append(text.substr(lines[i].begin, lines[i].end - lines[i].begin));
  }
  r.texts.push_back(std::move(joined));
}

const std::vector<std::string>& wrappedThisFrame() {
  WrapReport& r = wrapReport();
  if (r.frame != ImGui::GetFrameCount()) {
    r.frame = ImGui::GetFrameCount();
    r.texts.clear();
  }
  return r.texts;
}

CharAdvance currentFontAdvance() {
  const ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / std::max(font->FontSize, 1.0f);
  return [font, scale](char32_t c) {
    // What ImGui draws in place of a character its ImWchar cannot hold (Debian's build has
    // 16 bits: the planes past U+FFFF) is the fallback glyph.
    const ImWchar w = c <= IM_UNICODE_CODEPOINT_MAX ? static_cast<ImWchar>(c) : static_cast<ImWchar>(0xFFFD);
    return font->GetCharAdvance(w) * scale;
  };
}

std::vector<LineSpan> wrapInCurrentFont(std::string_view text, float width) {
  return breakLines(text, width, currentFontAdvance());
}

std::string wrappedInCurrentFont(std::string_view text, float width) {
  std::string out;
  out.reserve(text.size() + 16);
  const std::vector<LineSpan> lines = wrapInCurrentFont(text, width);
  noteWrappedLines(text, lines);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += '\n';
    out.append(text.substr(lines[i].begin, lines[i].end - lines[i].begin));
  }
  return out;
}

void textWrappedUnformatted(std::string_view text) {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return;
  // Where ImGui::TextWrapped would wrap: the pushed wrap position, or the window's edge.
  const float wrapPos = window->DC.TextWrapPos < 0.0f ? 0.0f : window->DC.TextWrapPos;
  const float width = ImGui::CalcWrapWidthForPos(window->DC.CursorPos, wrapPos);
  const std::string shown = wrappedInCurrentFont(text, width);
  // One item, as TextWrapped makes, already broken: ImGui must not wrap it again.
  ImGui::PushTextWrapPos(-1.0f);
  ImGui::TextUnformatted(shown.data(), shown.data() + shown.size());
  ImGui::PopTextWrapPos();
}

void textWrappedV(const char* format, va_list args) {
  char small[512];
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(small, sizeof small, format, copy);
  va_end(copy);
  if (n < 0) return;
  if (static_cast<std::size_t>(n) < sizeof small) {
    textWrappedUnformatted(std::string_view(small, static_cast<std::size_t>(n)));
    return;
  }
  std::string big(static_cast<std::size_t>(n) + 1, '\0');
  std::vsnprintf(big.data(), big.size(), format, args);
  big.resize(static_cast<std::size_t>(n));
  textWrappedUnformatted(big);
}

void textWrapped(const char* format, ...) {
  va_list args;
  va_start(args, format);
  textWrappedV(format, args);
  va_end(args);
}

void textWrappedColored(const ImVec4& color, const char* format, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  va_list args;
  va_start(args, format);
  textWrappedV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void textWrappedDisabled(const char* format, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  va_list args;
  va_start(args, format);
  textWrappedV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
}

}  // namespace satlab
