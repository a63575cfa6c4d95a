#include "ui/time_bar.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <initializer_list>
#include <string>

#include "i18n/i18n.hpp"
#include "ui/canvas_overlay.hpp"
#include "ui/elide_text.hpp"
#include "ui/item_rects.hpp"
#include "ui/theme.hpp"

namespace satlab {

namespace {

std::optional<ScreenRect> g_rect;
int g_rectFrame = -1;

/// recordedFrameText in the window's language (recordedFrameText stays English: the status
/// line printed for scripts uses it).
std::string frameText(std::int64_t number, std::optional<std::size_t> index = std::nullopt, std::size_t count = 0) {
  if (index) return formatted(tr("frame %lld (index %zu of %zu)"), static_cast<long long>(number), *index, count);
  return formatted(tr("frame %lld"), static_cast<long long>(number));
}

ImU32 markColor() {
  const glm::vec4 c = currentPalette().toastText;
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
}

/// Ticks under the slider just drawn at the frames in `frames` (of `count`).
void drawMarks(const std::vector<std::uint32_t>& frames, std::size_t count, ImU32 color) {
  if (count < 2 || frames.empty()) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const float inset = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.5f;
  const float x0 = lo.x + inset, x1 = hi.x - inset;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = (hi.y - lo.y) * 0.35f;
  for (std::uint32_t f : frames) {
    const float x = x0 + (x1 - x0) * static_cast<float>(f) / static_cast<float>(count - 1);
    dl->AddLine(ImVec2(x, hi.y - h), ImVec2(x, hi.y + 2.0f), color, 2.0f);
  }
}

/// Triangles above the slider just drawn, at fractional frames (contacts between frames).
void drawContactMarks(const std::vector<TimeBarState::ContactMark>& marks, std::size_t count) {
  if (count < 2 || marks.empty()) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const float inset = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.5f;
  const float x0 = lo.x + inset, x1 = hi.x - inset;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = (hi.y - lo.y) * 0.3f;
  const glm::vec4 c = currentPalette().penetrates;
  for (const TimeBarState::ContactMark& m : marks) {
    const float x = x0 + (x1 - x0) * m.at / static_cast<float>(count - 1);
    const ImU32 color = ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
    // Pointing down at the slider; hollow when the pair was seen overlapping in a frame.
    if (m.through) {
      dl->AddTriangleFilled(ImVec2(x - h, lo.y - h), ImVec2(x + h, lo.y - h), ImVec2(x, lo.y + 1.0f), color);
    } else {
      dl->AddTriangle(ImVec2(x - h, lo.y - h), ImVec2(x + h, lo.y - h), ImVec2(x, lo.y + 1.0f), color, 1.5f);
    }
  }
}

/// The engine's number of frame `index` (clamped to the recording); the index itself when
/// the state gives no numbers.
std::int64_t numberAt(const TimeBarState& s, std::size_t index) {
  if (s.frameCount == 0) return 0;
  index = std::min(index, s.frameCount - 1);
  return s.numberOf ? s.numberOf(index) : static_cast<std::int64_t>(index);
}

/// The frame under the mouse on the slider just drawn (the slider maps its inner width to
/// the frames, as drawMarks does): its engine number, its index and time.
void sliderTooltip(const TimeBarState& s) {
  if (s.frameCount == 0) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const float inset = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.5f;
  const float x0 = lo.x + inset, x1 = hi.x - inset;
  const float u = x1 > x0 ? std::clamp((ImGui::GetIO().MousePos.x - x0) / (x1 - x0), 0.0f, 1.0f) : 0.0f;
  const auto at = static_cast<std::size_t>(std::lround(u * static_cast<float>(s.frameCount - 1)));
  const std::string time = s.timeOf ? ", t = " + timeText(s.timeOf(at)) : std::string();
  ImGui::SetTooltip("%s%s", frameText(numberAt(s, at), at, s.frameCount).c_str(), time.c_str());
}

/// Puts the next item on the line of the last one when `width` pixels fit after it, else on a
/// line of its own. Decided before SameLine, which would otherwise count the spacing after
/// the last item as the window's content (a line that reaches past the edge).
void sameLineIfFits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right - (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x) >= width) ImGui::SameLine();
}

/// A label's width as a button's (its text and the frame's padding).
float buttonWidth(const std::string& text) { return imguiTextWidth(text) + 2.0f * ImGui::GetStyle().FramePadding.x; }

/// `before` + the pair's names ("a / b") + `after`, the names cut in their middle so that
/// it fits `width` pixels as a button: the frame numbers around them stay whole. Empty when
/// not even a few letters of each name would fit.
std::string withPair(const std::string& pair, const std::string& before, const std::string& after, float width) {
  const float room = width - buttonWidth(before + after);
  if (room < imguiTextWidth("ab... / ab...")) return {};
  const std::size_t sep = pair.find(" / ");
  if (sep == std::string::npos) return before + elideMiddle(pair, room, imguiTextWidth) + after;
  return before +
         fitPairNames(std::string_view(pair).substr(0, sep), std::string_view(pair).substr(sep + 3), room,
                      imguiTextWidth) +
         after;
}

/// The first of `labels` that is not empty and fits `width` pixels as a button, else the
/// last: a longer wording where the bar has room, a shorter one that keeps the frame
/// numbers where it has not.
std::string firstThatFits(std::initializer_list<std::string> labels, float width) {
  for (const std::string& l : labels) {
    if (!l.empty() && buttonWidth(l) <= width) return l;
  }
  return *(labels.end() - 1);
}

/// The frames where the focused pair's verdict flips, by the engine's numbers (the first 24).
std::string flipsText(const TimeBarState& s) {
  std::string frames;
  const std::size_t shown = std::min<std::size_t>(s.flips->size(), 24);
  for (std::size_t i = 0; i < shown; ++i) {
    frames += (i ? ", " : "") + std::to_string(numberAt(s, (*s.flips)[i]));
  }
  if (s.flips->size() > shown) {
    // TRANSLATORS: after a list of frame numbers: how many more are not listed
    frames += formatted(tr(", ... (%zu more)"), s.flips->size() - shown);
  }
  // TRANSLATORS: %1$s is the pair ("a / b"), %2$s a list of frame numbers
  return formatted(trn("%s: the verdict flips in frame %s", "%s: the verdict flips in frames %s",
                       static_cast<long long>(s.flips->size())),
                   s.flipsPair.c_str(), frames.c_str());
}

/// Red ticks through the slider just drawn at the frames where the engine and the exact test
/// disagree, with a square under each (apart from the flips' ticks, which stop at the slider's
/// lower edge); hovering one names what disagrees, clicking one shows its frame.
void drawDisagreementMarks(const std::vector<TimeBarState::DisagreementMark>& marks, std::size_t count,
                           TimeBarAction& act) {
  if (count == 0 || marks.empty()) return;
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const float inset = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.5f;
  const float x0 = lo.x + inset, x1 = hi.x - inset;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const glm::vec4 c = currentPalette().penetrates;
  const ImU32 color = ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f));
  const float side = std::max(3.0f, (hi.y - lo.y) * 0.15f);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const TimeBarState::DisagreementMark* hovered = nullptr;
  for (const TimeBarState::DisagreementMark& m : marks) {
    const float x = count < 2 ? x0 : x0 + (x1 - x0) * static_cast<float>(m.frame) / static_cast<float>(count - 1);
    dl->AddLine(ImVec2(x, lo.y + 1.0f), ImVec2(x, hi.y), color, 1.5f);
    dl->AddRectFilled(ImVec2(x - side, hi.y + 1.0f), ImVec2(x + side, hi.y + 1.0f + 2.0f * side), color);
    if (std::fabs(mouse.x - x) <= side + 2.0f && mouse.y >= lo.y && mouse.y <= hi.y + 2.0f * side + 2.0f) hovered = &m;
  }
  if (!hovered) return;
  ImGui::SetTooltip(tr("engine vs exact (red marks): %s\nclick: show this frame"), hovered->text.c_str());
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
    act.setFrame = hovered->frame;  // over the slider's own choice: the mark's frame exactly
  }
}

/// The line of a live recording: how many frames arrived, whether the view follows them, and
/// a way back to following; what memory no longer holds.
void drawLiveRow(const TimeBarState& s, TimeBarAction& act) {
  const glm::vec4 c = currentPalette().toastText;
  ImGui::TextColored(ImVec4(c.r, c.g, c.b, 1.0f), "%s", s.liveText.c_str());
  rememberItem("timebar.live");
  if (s.liveReceiving && !s.liveFollowing) {
    ImGui::SameLine();
    if (ImGui::Button(L("Follow the newest frame (J)"))) act.follow = true;
    rememberItem("timebar.follow");
  } else if (s.liveReceiving) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", tr("P, a step or the slider pauses here; J follows again"));
  }
  if (!s.liveDropped.empty()) {
    sameLineIfFits(ImGui::CalcTextSize(s.liveDropped.c_str()).x);
    ImGui::TextDisabled("%s", s.liveDropped.c_str());
  }
}

}  // namespace

std::string recordedFrameText(std::int64_t number, std::optional<std::size_t> index, std::size_t count) {
  char buf[96];
  if (index) {
    std::snprintf(buf, sizeof buf, "frame %lld (index %zu of %zu)", static_cast<long long>(number), *index, count);
  } else {
    std::snprintf(buf, sizeof buf, "frame %lld", static_cast<long long>(number));
  }
  return buf;
}

std::string timeText(double seconds) {
  char buf[48];
  if (seconds < 60.0) {
    std::snprintf(buf, sizeof buf, "%.2f s", seconds);
  } else {
    const double minutes = std::floor(seconds / 60.0);
    std::snprintf(buf, sizeof buf, "%.0f min %05.2f s", minutes, seconds - 60.0 * minutes);
  }
  return buf;
}

float timeBarHeight() {
  // As tall as it was drawn (its rows wrap in a narrow window), else two rows.
  if (const std::optional<ScreenRect> r = timeBarRect()) return r->hi.y - r->lo.y;
  const ImGuiStyle& st = ImGui::GetStyle();
  return 2.0f * ImGui::GetFrameHeightWithSpacing() + 2.0f * st.WindowPadding.y;
}

std::optional<ScreenRect> timeBarRect() {
  if (g_rectFrame < ImGui::GetFrameCount() - 1) return std::nullopt;
  return g_rect;
}

TimeBarAction drawTimeBar(const TimeBarState& s, float left, float right, float y, bool presentation, bool atTop) {
  TimeBarAction act;
  const float margin = 8.0f;
  const float width = std::max(right - left - 2.0f * margin, 200.0f);
  ImGui::SetNextWindowPos(ImVec2(left + margin, atTop ? y + margin : y - margin), ImGuiCond_Always,
                          ImVec2(0.0f, atTop ? 0.0f : 1.0f));
  // Exactly as wide as it is given (its rows wrap to fit), as tall as its rows.
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, FLT_MAX));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##timebar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  const bool recording = s.frameCount > 0;
  if (ImGui::Button(s.playing ? L("Pause (P)") : L("Play (P)"))) act.togglePlay = true;
  ImGui::SameLine();
  if (ImGui::Button(s.stepKey ? L("Step (O)###step") : L("Step###step"))) act.step = true;
  ImGui::SameLine();
  // TRANSLATORS: "Start": back to the start of the time (t = 0)
  if (ImGui::Button(recording ? L("First frame") : L("Start"))) act.rewind = true;
  if (recording && ImGui::IsItemHovered()) {
    ImGui::SetTooltip(tr("Back to the first frame, %s"), frameText(numberAt(s, 0)).c_str());
  }
  ImGui::SameLine();
  char label[320];
  if (recording) {
    // The engine's frame number first: it is what the game's logs and the user call the frame.
    std::snprintf(label, sizeof label, tr("frame %lld  (index %zu of %zu, %s)"), static_cast<long long>(s.frameNumber),
                  s.frame, s.frameCount, timeText(s.frameTime).c_str());
  } else {
    std::snprintf(label, sizeof label, "t = %s", timeText(s.time).c_str());
  }
  // The speed at the end of the row, the slider in between.
  const float speedWidth =
      ImGui::CalcTextSize("0.25x").x + ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().FramePadding.x;
  const float spacing = 3.0f * ImGui::GetStyle().ItemSpacing.x;
  const float minSlider = 5.0f * ImGui::GetFontSize();
  float labelWidth = ImGui::CalcTextSize(label).x;
  if (recording && ImGui::GetContentRegionAvail().x - labelWidth - speedWidth - spacing < minSlider) {
    // A narrow bar: the engine's number alone (the index and the time are in its tooltip).
    std::snprintf(label, sizeof label, tr("frame %lld"), static_cast<long long>(s.frameNumber));
    labelWidth = ImGui::CalcTextSize(label).x;
  }
  // The slider, the time and the speed beside the buttons, or on a row of their own where
  // they would not fit there (a narrow window, the bar beside the lesson card).
  if (ImGui::GetContentRegionAvail().x - labelWidth - speedWidth - spacing < minSlider) ImGui::NewLine();
  const float sliderWidth = std::max(minSlider, ImGui::GetContentRegionAvail().x - labelWidth - speedWidth - spacing);
  ImGui::SetNextItemWidth(sliderWidth);
  if (recording) {
    int frame = static_cast<int>(s.frame);
    const int last = static_cast<int>(std::min<std::size_t>(s.frameCount, 0x7fffffff) - 1);
    if (ImGui::SliderInt("##frame", &frame, 0, std::max(last, 0), "", ImGuiSliderFlags_AlwaysClamp)) {
      act.setFrame = static_cast<std::size_t>(std::clamp(frame, 0, std::max(last, 0)));
    }
    rememberItem("timebar.slider");
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) sliderTooltip(s);
    if (s.flips) drawMarks(*s.flips, s.frameCount, markColor());
    drawContactMarks(s.contacts, s.frameCount);
    drawDisagreementMarks(s.disagreements, s.frameCount, act);
  } else {
    float t = static_cast<float>(s.time);
    if (ImGui::SliderFloat("##time", &t, 0.0f, static_cast<float>(s.sliderEnd), "", ImGuiSliderFlags_AlwaysClamp)) {
      act.setTime = static_cast<double>(t);
    }
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(label);
  if (recording) {
    rememberItem("timebar.frame");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(tr("Frame %lld as the engine numbered it; index %zu of %zu in the recording (from 0); t = %s"),
                        static_cast<long long>(s.frameNumber), s.frame, s.frameCount, timeText(s.frameTime).c_str());
    }
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(speedWidth);
  char speed[16];
  std::snprintf(speed, sizeof speed, "%gx", static_cast<double>(s.speed));
  if (ImGui::BeginCombo("##speed", speed)) {
    for (float v : {0.25f, 0.5f, 1.0f, 2.0f, 4.0f}) {
      char item[16];
      std::snprintf(item, sizeof item, "%gx", static_cast<double>(v));
      if (ImGui::Selectable(item, v == s.speed)) act.setSpeed = v;
    }
    ImGui::EndCombo();
  }
  if (recording && !s.liveText.empty()) drawLiveRow(s, act);
  if (recording) {
    const float barWidth = ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
    if (!s.disagreements.empty()) {
      // The red marks' legend, and a way to the next one after the frame shown.
      std::size_t next = s.disagreements.front().frame;
      for (const TimeBarState::DisagreementMark& m : s.disagreements) {
        if (m.frame > s.frame) {
          next = m.frame;
          break;
        }
      }
      char legend[512];
      const long long nextNumber = numberAt(s, next);  // the engine's number, as everywhere
      std::snprintf(legend, sizeof legend,
                    trn("Engine vs exact: %zu frame (red marks); next: frame %lld",
                        "Engine vs exact: %zu frames (red marks); next: frame %lld",
                        static_cast<long long>(s.disagreements.size())),
                    s.disagreements.size(), nextNumber);
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(legend).x + 2.0f * ImGui::GetStyle().FramePadding.x) {
        // A narrow bar: the count and the next frame only.
        std::snprintf(legend, sizeof legend, tr("Engine vs exact: %zu (next: %lld)"), s.disagreements.size(),
                      nextNumber);
      }
      if (ImGui::Button(legend)) act.setFrame = next;
      rememberItem("timebar.disagreements");
      sameLineIfFits(ImGui::GetFontSize() * 24.0f);  // the flips' line beside it when it fits
    }
    if (s.flips) {
      char flips[320], brief[160];
      const auto n = static_cast<long long>(s.flips->size());
      std::snprintf(flips, sizeof flips,
                    trn("the verdict flips in %zu frame (marks on the slider)",
                        "the verdict flips in %zu frames (marks on the slider)", n),
                    s.flips->size());
      std::snprintf(brief, sizeof brief, trn("%zu flip (marks)", "%zu flips (marks)", n), s.flips->size());
      ImGui::TextUnformatted(
          firstThatFits({withPair(s.flipsPair, "", std::string(": ") + flips, barWidth), flips, brief}, barWidth)
              .c_str());
      if (!s.flips->empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", flipsText(s).c_str());
    } else {
      ImGui::TextDisabled("%s", firstThatFits({tr("Select two shapes to see the frames where their verdict flips"),
                                               tr("Select two shapes: their flips"), tr("Select two shapes")},
                                              barWidth)
                                    .c_str());
    }
    // Beside that line when it fits, else on a line of its own.
    // The frame numbers whole at any width: the pair's names give way (cut in their middle).
    std::string jump = firstThatFits({tr("every expectation holds in every frame"), tr("expectations hold")}, barWidth);
    if (s.firstBroken) {
      char where[320], brief[160];
      const long long n0 = numberAt(s, *s.firstBroken), n1 = numberAt(s, *s.firstBroken + 1);
      if (s.brokenBetween) {
        std::snprintf(where, sizeof where, tr("First broken expectation: between frames %lld and %lld"), n0, n1);
        std::snprintf(brief, sizeof brief, tr("Broken: frames %lld-%lld"), n0, n1);
      } else {
        std::snprintf(where, sizeof where, tr("First broken expectation: frame %lld"), n0);
        std::snprintf(brief, sizeof brief, tr("Broken: frame %lld"), n0);
      }
      jump = firstThatFits({withPair(s.brokenPair, std::string(where) + " (", ")", barWidth), where, brief}, barWidth);
    }
    const float jumpWidth = ImGui::CalcTextSize(jump.c_str()).x + 2.0f * ImGui::GetStyle().FramePadding.x;
    sameLineIfFits(jumpWidth);
    if (s.firstBroken) {
      const bool pressed = ImGui::Button(jump.c_str());
      rememberItem("timebar.first_broken");
      if (ImGui::IsItemHovered()) {
        // TRANSLATORS: %1$s is the expectation's pair ("a / b"), %2$s a frame ("frame 1041 (index 41 of 120)")
        ImGui::SetTooltip(s.brokenBetween ? tr("%s: show %s and the shapes on their way to the next, where it breaks")
                                          : tr("%s: show %s"),
                          s.brokenPair.c_str(),
                          frameText(numberAt(s, *s.firstBroken), *s.firstBroken, s.frameCount).c_str());
      }
      if (pressed) {
        act.setFrame = *s.firstBroken;
        if (s.brokenBetween) {
          act.setBetween = *s.brokenBetween;
          act.showBetween = true;
        }
      }
    } else {
      ImGui::TextDisabled("%s", jump.c_str());
    }
    // The frames in between: a checkbox, and where it is on, how far to the next frame.
    bool between = s.showBetween;
    if (ImGui::Checkbox(L("Between frames"), &between)) act.showBetween = between;
    rememberItem("timebar.between");
    if (s.showBetween) {
      ImGui::SameLine();
      float b = s.between;
      char shown[256];
      std::snprintf(shown, sizeof shown, tr("%.3f of the way to frame %lld"), static_cast<double>(b),
                    static_cast<long long>(numberAt(s, s.frame + 1)));
      const float wide = ImGui::CalcTextSize(shown).x + 2.0f * ImGui::GetStyle().FramePadding.x + ImGui::GetFontSize();
      if (ImGui::GetContentRegionAvail().x < wide) ImGui::NewLine();
      ImGui::SetNextItemWidth(std::max(wide, ImGui::GetContentRegionAvail().x * 0.35f));
      if (ImGui::SliderFloat("##between", &b, 0.0f, 1.0f, shown, ImGuiSliderFlags_AlwaysClamp)) {
        act.setFrame = s.frame;
        act.setBetween = b;
      }
    }
    if (!s.contactText.empty()) {
      const std::string text = firstThatFits(
          {withPair(s.flipsPair, "", ": " + s.contactText, barWidth), s.contactText, s.contactBrief}, barWidth);
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x <
          ImGui::CalcTextSize(text.c_str()).x + 2.0f * ImGui::GetStyle().FramePadding.x)
        ImGui::NewLine();
      const bool pressed = ImGui::Button(text.c_str());
      rememberItem("timebar.contact");
      if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(tr("%s: show the frame before it, %s, with the shapes at the time of impact"),
                          s.flipsPair.c_str(),
                          frameText(numberAt(s, static_cast<std::size_t>(std::floor(s.contacts.front().at)))).c_str());
      }
      if (pressed) {
        // To the frame before the contact, the shapes at the time of impact.
        const float at = s.contacts.front().at;
        act.setFrame = static_cast<std::size_t>(std::floor(at));
        act.setBetween = at - std::floor(at);
        act.showBetween = true;
      }
    }
  } else {
    // Wrapped at the bar's edge in a narrow window.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    // On a projector the documentation's name is no help to the room: the keys alone.
    const char* keys = s.stepKey ? tr("P: play / pause   O: one step of 1/60 s")
                                 : tr("P: play / pause   O: your prediction (overlap)");
    ImGui::TextWrapped("%s%s", keys, presentation ? "" : "   (docs/time.md)");
    ImGui::PopStyleColor();
  }
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  g_rect = ScreenRect{glm::vec2(pos.x, pos.y), glm::vec2(pos.x + size.x, pos.y + size.y)};
  g_rectFrame = ImGui::GetFrameCount();
  ImGui::End();
  return act;
}

}  // namespace satlab
