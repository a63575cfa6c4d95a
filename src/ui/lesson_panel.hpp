// The lesson panel: the lesson's title and text for students, and previous/next lesson.
#pragma once

#include "document/scene.hpp"
#include "ui/long_text.hpp"

#include <imgui.h>

#include <cstddef>
#include <optional>
#include <string>

namespace satlab {

/// Draws the panel for a lesson `index` of `count` (index -1: the scene is not one of the
/// lessons, but has lesson text). Returns -1 or +1 when the user asked for the previous or
/// next lesson, else 0. `notes` keeps the wrapped notes between frames: notes of any length
/// cost only their visible lines; a title longer than kMaxShownTitleBytes * 2 is cut.
/// `wantedHeight` is set to the panel's height for its whole text (for the next layout).
/// `score` (e.g. the explorer's predictions) is a line above the buttons when not empty.
int drawLessonPanel(const Scene& scene, int index, int count, WrappedTextView& notes, float& wantedHeight,
                    const std::string& score);

/// The widest the lesson card grows (a share of the window's width) so that its text need
/// not scroll.
inline constexpr float kWidestCard = 0.46f;
/// The card's text: a share of the window's height, and the least it shrinks to so that the
/// text need not scroll.
inline constexpr float kCardText = 0.03f;
inline constexpr float kSmallestCardText = 0.023f;

/// Presentation mode with the panels hidden: the lesson's title and text on a card at the
/// view's top left, in the presentation font (a share of the window's height, readable from
/// the back of a room), `widthShare` of the window wide (wider, up to kWidestCard, then
/// its text smaller, down to kSmallestCardText, where the text would scroll) and at most
/// `heightShare` of it tall (the rest scrolls). `score` (e.g. the explorer's predictions) is a line under the
/// text when not empty. Returns the card's bottom-right corner in window pixels, nothing
/// when nothing was drawn: the step bar goes below it, the camera frames beside it.
/// `textScrolls`, when given, is set to whether the text is taller than the card's room
/// for it (it then scrolls inside the card).
/// How wide the card and how large its text were chosen for a lesson in a window size: kept
/// from frame to frame, so that the card only grows wider and its text only smaller while
/// it settles. (The room under the card depends on the step bar, which is as wide as the
/// card: chosen afresh each frame, a wider card left more room, the next frame's card was
/// narrower, and lesson 3 at 1024x768 swung between two widths every few frames.)
struct LessonCardFit {
  std::size_t text = 0;  // a hash of the lesson's title and text
  int index = -1;
  float width = 0.0f, height = 0.0f;
  float share = 0.0f, textShare = 1.0f;
};

std::optional<ImVec2> drawLessonCard(const Scene& scene, int index, int count, WrappedTextView& notes, float widthShare,
                                     float heightShare, const std::string& score, bool* textScrolls = nullptr,
                                     LessonCardFit* fit = nullptr);

}  // namespace satlab
