#include "ui/margin_plot.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "i18n/i18n.hpp"
#include "ui/elide_text.hpp"
#include "ui/theme.hpp"

namespace satlab {

namespace {

std::optional<ScreenRect> g_rect, g_canvas;
int g_frame = -10;

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

/// Distinct hues for the axes, made readable on the window's background by the theme.
ImU32 axisColor(int axis) {
  static const glm::vec4 kHues[] = {
      {0.12f, 0.47f, 0.71f, 1.0f}, {0.17f, 0.63f, 0.17f, 1.0f}, {1.00f, 0.50f, 0.05f, 1.0f},
      {0.58f, 0.40f, 0.74f, 1.0f}, {0.09f, 0.75f, 0.81f, 1.0f}, {0.89f, 0.47f, 0.76f, 1.0f},
      {0.55f, 0.34f, 0.29f, 1.0f}, {0.74f, 0.74f, 0.13f, 1.0f},
  };
  if (axis < 0) return ImGui::GetColorU32(ImGuiCol_TextDisabled);
  return ImGui::ColorConvertFloat4ToU32(readableText(kHues[static_cast<std::size_t>(axis) % 8]));
}

ImU32 withAlpha(ImU32 c, float alpha) {
  ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
  v.w *= alpha;
  return ImGui::ColorConvertFloat4ToU32(v);
}

}  // namespace

std::string marginWords(const std::optional<PairMargin>& m) {
  if (!m) return tr("not measured");
  const std::string size = number(m->overlap ? -m->value : m->value), label = m->label();
  if (m->axis.valid()) {
    return m->overlap ? formatted(tr("overlapping %s on %s"), size.c_str(), label.c_str())
                      : formatted(tr("apart by %s on %s"), size.c_str(), label.c_str());
  }
  // TRANSLATORS: %2$s says what the distance is measured along: "nearest point", "centres", "GJK"
  return m->overlap ? formatted(tr("overlapping %s (%s)"), size.c_str(), label.c_str())
                    : formatted(tr("apart by %s (%s)"), size.c_str(), label.c_str());
}

float marginPlotHeight(bool presentation) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float canvas = ImGui::GetFontSize() * (presentation ? 3.2f : 3.6f);
  return canvas + ImGui::GetFrameHeight() + st.ItemSpacing.y + 2.0f * st.WindowPadding.y;
}

std::optional<ScreenRect> marginPlotRect() {
  if (g_frame < ImGui::GetFrameCount() - 1) return std::nullopt;
  return g_rect;
}

std::optional<ScreenRect> marginPlotCanvasRect() {
  if (g_frame < ImGui::GetFrameCount() - 1) return std::nullopt;
  return g_canvas;
}

std::string marginPlotStatus(const MarginPlotModel& model, std::optional<std::size_t> shown) {
  if (!marginPlotRect() || !model.active()) return {};
  std::string s = "margin plot: " + model.nameA() + " / " + model.nameB() + ", " +
                  std::to_string(model.samples().size()) + " of " + std::to_string(model.total()) + " samples, " +
                  std::to_string(model.flips().size()) + " flips, axes";
  for (std::size_t i = 0; i < model.axes().size(); ++i) s += (i ? ", " : " ") + model.axes()[i];
  if (model.axes().empty()) s += " none";
  if (shown && *shown < model.samples().size()) {
    const MarginSample& m = model.samples()[*shown];
    s += "; shown: " + (m.margin ? marginInWords(*m.margin) : std::string("not measured"));
  }
  if (const std::optional<ScreenRect> c = marginPlotCanvasRect()) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "; canvas at %.0f,%.0f to %.0f,%.0f", double(c->lo.x), double(c->lo.y),
                  double(c->hi.x), double(c->hi.y));
    s += buf;
  }
  return s;
}

MarginPlotAction drawMarginPlot(const MarginPlotModel& model, std::optional<std::size_t> shown,
                                const std::function<std::string(std::size_t)>& sampleName,
                                const MarginPlotPlace& place) {
  MarginPlotAction act;
  const float margin = 8.0f;
  const float width = std::max(place.right - place.left - 2.0f * margin, 200.0f);
  const float height = marginPlotHeight(place.presentation);
  ImGui::SetNextWindowPos(ImVec2(place.left + margin, place.y), ImGuiCond_Always,
                          ImVec2(0.0f, place.below ? 0.0f : 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##marginplot", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                   ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const std::vector<MarginSample>& samples = model.samples();
  const std::size_t total = std::max<std::size_t>(model.total(), 1);

  // The heading: the pair, the shown frame's margin, the axes' colours, how far measuring
  // is; each part only where the line still has room for it (the pair's names elided).
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float titleFixed = imguiTextWidth(formatted(tr("Margin of %s"), ""));
  const std::string names = fitPairNames(
      model.nameA(), model.nameB(), std::max(ImGui::GetContentRegionAvail().x - titleFixed, 20.0f), imguiTextWidth);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(formatted(tr("Margin of %s"), names.c_str()).c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s",
                      model.withMargins()
                          ? tr("What the verdict turns on, frame by frame: above the line the shapes are apart "
                               "by that much, below it they overlap that deep. The shapes are grown by their "
                               "collision margins: GJK's distance of the grown shapes.")
                          : tr("What the verdict turns on, frame by frame: above the line the shapes are apart "
                               "by that much, below it they overlap that deep, on the axis named in its colour."));
  }
  // Room left on the heading's line after the last item drawn on it.
  const auto fits = [&](float width) {
    const float end = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    return end - ImGui::GetItemRectMax().x - spacing >= width;
  };
  if (shown && *shown < samples.size()) {
    const std::string words = "| " + marginWords(samples[*shown].margin);
    if (fits(imguiTextWidth(words))) {
      ImGui::SameLine();
      ImGui::TextUnformatted(words.c_str());
    }
  }
  for (std::size_t i = 0; i < model.axes().size() && i < 8; ++i) {
    const std::string& name = model.axes()[i];
    if (!fits(imguiTextWidth(name))) break;
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(axisColor(static_cast<int>(i))));
    ImGui::TextUnformatted(name.c_str());
    ImGui::PopStyleColor();
  }
  if (!model.complete()) {
    const std::string text = formatted(tr("measuring: %s of %s"), groupedNumber(samples.size()).c_str(),
                                       groupedNumber(model.total()).c_str());
    const float w = imguiTextWidth(text);
    if (fits(w)) {
      ImGui::SameLine();
      ImGui::SetCursorPosX(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - w);
      ImGui::TextDisabled("%s", text.c_str());
    }
  }

  // The canvas.
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 size(std::max(ImGui::GetContentRegionAvail().x, 50.0f),
                    std::max(ImGui::GetContentRegionAvail().y, 20.0f));
  ImGui::InvisibleButton("##margins", size);
  const bool hovered = ImGui::IsItemHovered();
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(lo, hi, ImGui::GetColorU32(ImGuiCol_FrameBg));
  const float mid = std::floor((lo.y + hi.y) * 0.5f) + 0.5f;
  const float half = (hi.y - lo.y) * 0.5f - 2.0f;
  // A signed scale that keeps small margins near the line visible beside large ones.
  const double largest = std::max(model.largest(), 1e-30);
  const double unit = largest / 20.0;
  const double full = std::asinh(largest / unit);
  const auto yOf = [&](double v) { return mid - static_cast<float>(std::asinh(v / unit) / full) * half; };
  const auto xOf = [&](std::size_t i) {
    return total < 2 ? lo.x : lo.x + (hi.x - lo.x) * static_cast<float>(i) / static_cast<float>(total - 1);
  };
  const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  dl->AddText(ImVec2(lo.x + 4.0f, lo.y + 1.0f), faint, tr("apart"));
  dl->AddText(ImVec2(lo.x + 4.0f, hi.y - ImGui::GetFontSize() - 1.0f), faint, tr("overlapping"));
  dl->AddLine(ImVec2(lo.x, mid), ImVec2(hi.x, mid), withAlpha(ImGui::GetColorU32(ImGuiCol_Text), 0.5f), 1.0f);
  // The flips: a line across the canvas at each.
  const glm::vec4 mark = currentPalette().toastText;
  const ImU32 flipColor = ImGui::ColorConvertFloat4ToU32(ImVec4(mark.r, mark.g, mark.b, 0.55f));
  for (std::uint32_t f : model.flips()) dl->AddLine(ImVec2(xOf(f), lo.y), ImVec2(xOf(f), hi.y), flipColor, 1.0f);
  // The curve, each stretch in its deciding axis's colour.
  const float thick = place.presentation ? 3.0f : 2.0f;
  dl->PushClipRect(lo, hi, true);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!samples[i].margin) continue;
    const float x = xOf(i), y = yOf(samples[i].margin->value);
    const ImU32 c = axisColor(model.axisOf(i));
    if (i > 0 && samples[i - 1].margin) {
      dl->AddLine(ImVec2(xOf(i - 1), yOf(samples[i - 1].margin->value)), ImVec2(x, y), c, thick);
    } else {
      dl->AddCircleFilled(ImVec2(x, y), thick, c);
    }
  }
  dl->PopClipRect();
  // The frame shown.
  if (shown && *shown < total) {
    const float x = xOf(*shown);
    dl->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), ImGui::GetColorU32(ImGuiCol_Text), 1.5f);
  }
  // Hovering: the nearest sample's numbers; a click goes there.
  if (hovered && !samples.empty()) {
    const float t = (ImGui::GetIO().MousePos.x - lo.x) / std::max(hi.x - lo.x, 1.0f);
    const std::size_t i = std::min(samples.size() - 1,
                                   static_cast<std::size_t>(std::lround(std::clamp(t, 0.0f, 1.0f) * float(total - 1))));
    const float x = xOf(i);
    dl->AddLine(ImVec2(x, lo.y), ImVec2(x, hi.y), withAlpha(ImGui::GetColorU32(ImGuiCol_Text), 0.4f), 1.0f);
    const MarginSample& s = samples[i];
    std::string tip = sampleName(i) + "\n";
    if (!s.present) {
      tip += tr("the pair is not in this frame");
    } else {
      tip += marginWords(s.margin) + "\n" + (s.overlap ? tr("verdict: overlap") : tr("verdict: separated"));
    }
    tip += std::string("\n") + tr("Click: go to this frame and its deciding axis");
    ImGui::SetTooltip("%s", tip.c_str());
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) act.goTo = i;
  }
  g_canvas = ScreenRect{glm::vec2(lo.x, lo.y), glm::vec2(hi.x, hi.y)};
  const ImVec2 wp = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
  g_rect = ScreenRect{glm::vec2(wp.x, wp.y), glm::vec2(wp.x + ws.x, wp.y + ws.y)};
  g_frame = ImGui::GetFrameCount();
  ImGui::End();
  return act;
}

}  // namespace satlab
