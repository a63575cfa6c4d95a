// Where a line of text may end: satlab's own line breaking, for every text it wraps (lesson
// text, the step bar, notes, dialogs, the explorers' sentences). Dear ImGui 1.86 breaks
// only at spaces and after punctuation, so Chinese and Japanese text (no spaces) runs on as
// one word, and a number such as "0.292" is cut after its point. The rules here are a small
// part of the Unicode line breaking algorithm (UAX #14):
//
//  - a line may end after a run of spaces (the spaces are not shown at its end), and a
//    line break in the text ends a line;
//  - a line may end between two CJK characters (ideographs, kana, Hangul, fullwidth
//    forms), and between a CJK character and any other, except:
//  - never before closing punctuation (、。，．：；！？）」』】》〉 and ) ] } , . ; : ! ? %,
//    small kana and the prolonged sound mark), never after opening punctuation (（「『【《〈
//    and ( [ {);
//  - nowhere else: inside a Latin, Cyrillic or Greek word, or a number ("0.292",
//    "-1.5e-3", "11.6541"), there is no break. Only a run wider than the whole line is cut
//    at the last character that fits, so that every line holds at least one character.
//
// Pure: no GL, no ImGui; the width of each character comes from the caller.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>
#include <vector>

namespace satlab {

/// One line of wrapped text: the bytes [begin, end) of the text, without the spaces the
/// line ended on (a paragraph's leading spaces are kept).
struct LineSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// The advance of one character, in the same unit as the wrap width (pixels).
using CharAdvance = std::function<float(char32_t)>;

/// True when a line may end between `before` and `after` (the rules above; spaces are
/// handled by breakLines: a line may end after them).
bool mayBreakBetween(char32_t before, char32_t after);

/// True for the characters that take the CJK rules (ideographs, kana, Hangul, fullwidth
/// forms, CJK punctuation).
bool isCjk(char32_t c);

/// `text` (UTF-8) broken greedily into lines at most `width` wide (each line's characters'
/// advances summed, trailing spaces not counted); a line break character ends a line, and
/// every text has at least one line. Each line holds at least one character, however narrow
/// the width (a width that is not a positive finite number is taken as 0: one character a
/// line).
std::vector<LineSpan> breakLines(std::string_view text, float width, const CharAdvance& advance);

}  // namespace satlab
