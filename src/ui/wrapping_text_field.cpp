#include "ui/wrapping_text_field.hpp"

#include "base/utf8.hpp"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace satlab {

namespace {

/// Characters written without spaces between words (Han, kana, Hangul, CJK punctuation and
/// full-width forms): a line may break between any two of them.
bool breaksAnywhere(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x2FFFF);
}

std::size_t previousCharStart(std::string_view s, std::size_t pos) {
  if (pos == 0) return 0;
  --pos;
  while (pos > 0 && (static_cast<unsigned char>(s[pos]) & 0xC0) == 0x80) --pos;
  return pos;
}

std::size_t nextCharEnd(std::string_view s, std::size_t pos) {
  if (pos >= s.size()) return s.size();
  char32_t c = 0;
  return pos + decodeUtf8(s, pos, c);
}

}  // namespace

std::vector<SoftBreak> softBreaks(std::string_view plain, float width, const std::function<float(char32_t)>& advance) {
  std::vector<SoftBreak> out;
  std::size_t lineStart = 0;
  float x = 0.0f;       // the width of [lineStart, i)
  SoftBreak candidate;  // the latest place the line may break
  bool haveCandidate = false;
  bool previousAnywhere = false;  // the character before i breaks anywhere
  std::size_t i = 0;
  while (i < plain.size()) {
    char32_t c = 0;
    const std::size_t n = decodeUtf8(plain, i, c);
    if (c == U'\n') {  // the user's own line break
      lineStart = i + 1;
      x = 0.0f;
      haveCandidate = previousAnywhere = false;
      i += 1;
      continue;
    }
    if (c == U' ') {
      // A space may end a line (it becomes the break); spaces never push a line over.
      if (i > lineStart) candidate = SoftBreak{i, true}, haveCandidate = true;
      x += advance(c);
      previousAnywhere = false;
      i += 1;
      continue;
    }
    const bool anywhere = breaksAnywhere(c);
    if ((anywhere || previousAnywhere) && i > lineStart &&
        !(haveCandidate && candidate.replace && candidate.at + 1 == i)) {
      candidate = SoftBreak{i, false};
      haveCandidate = true;
    }
    const float w = advance(c);
    if (x + w > width && i > lineStart) {
      // Break at the latest candidate on this line, else before this character.
      const SoftBreak b = haveCandidate && candidate.at >= lineStart ? candidate : SoftBreak{i, false};
      out.push_back(b);
      lineStart = b.replace ? b.at + 1 : b.at;
      haveCandidate = false;
      x = 0.0f;
      for (std::size_t k = lineStart; k < i;) {  // what moved onto the new line
        char32_t moved = 0;
        k += decodeUtf8(plain, k, moved);
        x += advance(moved);
      }
      continue;  // this character again, on the new line
    }
    x += w;
    previousAnywhere = anywhere;
    i += n;
  }
  return out;
}

std::string withSoftBreaks(std::string_view plain, const std::vector<SoftBreak>& breaks) {
  std::string out;
  out.reserve(plain.size() + breaks.size());
  std::size_t from = 0;
  for (const SoftBreak& b : breaks) {
    if (b.at < from || b.at > plain.size()) continue;
    out.append(plain.substr(from, b.at - from));
    out += '\n';
    from = b.replace ? b.at + 1 : b.at;
  }
  out.append(plain.substr(std::min(from, plain.size())));
  return out;
}

std::size_t plainPosition(std::size_t shownPos, const std::vector<SoftBreak>& breaks) {
  std::size_t inserted = 0;  // inserted breaks before shownPos
  for (const SoftBreak& b : breaks) {
    if (b.replace) continue;
    if (b.at + inserted >= shownPos) break;  // this break's place in the shown text
    ++inserted;
  }
  return shownPos - inserted;
}

std::size_t shownPosition(std::size_t plainPos, const std::vector<SoftBreak>& breaks) {
  std::size_t inserted = 0;
  for (const SoftBreak& b : breaks) {
    if (b.at > plainPos) break;
    if (!b.replace) ++inserted;
  }
  return plainPos + inserted;
}

bool WrappingTextField::draw(const char* id, std::string& text, const ImVec2& size) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float outer = size.x > 0.0f ? size.x : ImGui::GetContentRegionAvail().x + size.x;
  // Inside the frame, beside the vertical scroll bar, and a space short of the edge so that
  // a space typed at a line's end does not make the field scroll sideways.
  const ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / std::max(font->FontSize, 1.0f);
  advance_ = [font, scale](char32_t c) {
    return font->GetCharAdvance(static_cast<ImWchar>(c <= 0xFFFF ? c : 0xFFFD)) * scale;
  };
  targetWidth_ = std::max(outer - 2.0f * style.FramePadding.x - style.ScrollbarSize - advance_(U' '), advance_(U'W'));
  const bool active = ImGui::GetActiveID() == ImGui::GetID(id);
  if (!active && (text != plain_ || targetWidth_ != width_)) {
    plain_ = text;
    width_ = targetWidth_;
    rewrap();
  }
  if (!active) {
    field_ = shown_;
    before_ = shown_;
  }
  edited_ = false;
  ImGui::InputTextMultiline(id, &field_, size, ImGuiInputTextFlags_CallbackEdit | ImGuiInputTextFlags_CallbackAlways,
                            &callback, this);
  if (!edited_) return false;
  text = plain_;
  return true;
}

int WrappingTextField::callback(ImGuiInputTextCallbackData* data) {
  return static_cast<WrappingTextField*>(data->UserData)->onCallback(data);
}

int WrappingTextField::onCallback(ImGuiInputTextCallbackData* data) {
  const std::string_view buf(data->Buf, static_cast<std::size_t>(data->BufTextLen));
  const std::size_t cursor = static_cast<std::size_t>(data->CursorPos);
  if (data->EventFlag == ImGuiInputTextFlags_CallbackEdit) {
    // What changed: the run between the common start and the common end of the buffer
    // before and after, read back into the plain text through the soft breaks it had.
    const std::string_view old = before_;
    std::size_t p = 0;
    while (p < old.size() && p < buf.size() && old[p] == buf[p]) ++p;
    std::size_t s = 0;
    while (s < old.size() - p && s < buf.size() - p && old[old.size() - 1 - s] == buf[buf.size() - 1 - s]) ++s;
    const std::size_t oldEnd = old.size() - s, newEnd = buf.size() - s;
    std::size_t a = plainPosition(p, breaks_), b = plainPosition(oldEnd, breaks_);
    const std::string inserted(buf.substr(p, newEnd - p));
    std::size_t plainCursor = 0;
    if (a == b && inserted.empty() && oldEnd > p) {
      // Only soft breaks were removed (Backspace at a line's start, Delete at its end): the
      // character beside the break goes, as in a wrapped editor.
      if (cursor_ >= oldEnd) {
        a = previousCharStart(plain_, a);
      } else {
        b = nextCharEnd(plain_, b);
      }
      plainCursor = a;
    } else if (cursor <= p) {
      plainCursor = plainPosition(cursor, breaks_);
    } else if (cursor <= newEnd) {
      plainCursor = a + (cursor - p);
    } else {
      plainCursor = a + inserted.size() + (plainPosition(cursor - newEnd + oldEnd, breaks_) - b);
    }
    plain_.replace(a, b - a, inserted);
    edited_ = true;
    width_ = targetWidth_;
    rewrap();
    rewrite(data, std::min(plainCursor, plain_.size()));
  } else if (targetWidth_ != width_) {
    // The field changed width while being edited: its lines break anew.
    const std::size_t plainCursor = plainPosition(cursor, breaks_);
    width_ = targetWidth_;
    rewrap();
    rewrite(data, plainCursor);
  } else {
    cursor_ = cursor;
    before_.assign(buf);
  }
  return 0;
}

void WrappingTextField::rewrap() {
  breaks_ = softBreaks(plain_, width_, advance_);
  shown_ = withSoftBreaks(plain_, breaks_);
}

void WrappingTextField::rewrite(ImGuiInputTextCallbackData* data, std::size_t plainCursor) {
  const std::string_view buf(data->Buf, static_cast<std::size_t>(data->BufTextLen));
  if (buf != shown_) {
    // Only the part that differs, so that ImGui keeps its scroll and the rest of its state.
    std::size_t p = 0;
    while (p < buf.size() && p < shown_.size() && buf[p] == shown_[p]) ++p;
    std::size_t s = 0;
    while (s < buf.size() - p && s < shown_.size() - p && buf[buf.size() - 1 - s] == shown_[shown_.size() - 1 - s]) ++s;
    data->DeleteChars(static_cast<int>(p), static_cast<int>(buf.size() - s - p));
    data->InsertChars(static_cast<int>(p), shown_.data() + p, shown_.data() + shown_.size() - s);
    // The field's undo records positions in the text as it was: they no longer hold.
    ImStb::StbUndoState& undo = ImGui::GetCurrentContext()->InputTextState.Stb.undostate;
    undo.undo_point = 0;
    undo.undo_char_point = 0;
    undo.redo_point = STB_TEXTEDIT_UNDOSTATECOUNT;
    undo.redo_char_point = STB_TEXTEDIT_UNDOCHARCOUNT;
  }
  data->CursorPos = static_cast<int>(std::min(shownPosition(plainCursor, breaks_), shown_.size()));
  data->SelectionStart = data->SelectionEnd = data->CursorPos;
  cursor_ = static_cast<std::size_t>(data->CursorPos);
  before_ = shown_;
}

}  // namespace satlab
