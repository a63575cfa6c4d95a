// Text cut to a width in the middle, its start and its end kept: shape names that differ
// only at their end ("box_thrown/child 0", "box_thrown/child 1") stay apart where a panel
// or a button is too narrow for them (the pairs panel, the time bar). Pure functions: the
// width of a text comes from `measure` (ImGui's CalcTextSize in the app, a byte count in
// tests).
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace satlab {

/// `text` in `width` pixels, cut in its middle with "..." when it is wider: its start and
/// its end stay ("box_thr...child 0"), at UTF-8 character boundaries. `measure` gives a
/// text's width in pixels.
std::string elideMiddle(std::string_view text, float width, const std::function<float(std::string_view)>& measure);

/// A pair's names as the pairs panel's name column shows them in `width` pixels: "a / b"
/// whole when it fits; else each name cut in its middle (elideMiddle), so that names that
/// differ only at their end ("box_thrown/child 0", "box_thrown/child 1") stay apart, the
/// room shared so that a name shorter than its half stays whole. The row's tooltip shows
/// both names whole.
std::string fitPairNames(std::string_view a, std::string_view b, float width,
                         const std::function<float(std::string_view)>& measure);

/// ImGui's width of `text` in the current font (for the functions above; needs a frame).
float imguiTextWidth(std::string_view text);

}  // namespace satlab
