#include "ui/work_indicator.hpp"

#include "i18n/i18n.hpp"
#include "model/work_text.hpp"
#include "ui/keys.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace satlab {

namespace {

constexpr const char* kWorkPopup = "###work";

/// The work stays out of sight this long (a file that opens at once flashes nothing); the
/// input is held from the start. In the web page, where the work runs within the next frame
/// (model/background_work.hpp), the indicator is drawn at once, before the page waits.
constexpr double kWorkIndicatorDelaySeconds = SATLAB_THREADS ? 0.25 : 0.0;

/// A bar that fills as the work goes, or, where the total is not known, a block that moves
/// to and fro: honest about knowing nothing but that the work is alive.
void workBar(const ProgressSnapshot& p) {
  const double fraction = p.fraction();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = ImGui::GetFontSize() * 0.9f;
  if (fraction >= 0.0) {
    ImGui::ProgressBar(static_cast<float>(fraction), ImVec2(width, height), "");
    return;
  }
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImGuiStyle& style = ImGui::GetStyle();
  draw->AddRectFilled(lo, ImVec2(lo.x + width, lo.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg),
                      style.FrameRounding);
  const float phase = static_cast<float>(std::fmod(p.seconds * 0.7, 2.0));
  const float at = phase < 1.0f ? phase : 2.0f - phase;  // 0 -> 1 -> 0
  const float block = width * 0.25f;
  const float x = lo.x + at * (width - block);
  draw->AddRectFilled(ImVec2(x, lo.y), ImVec2(x + block, lo.y + height), ImGui::GetColorU32(ImGuiCol_PlotHistogram),
                      style.FrameRounding);
}

}  // namespace

void drawWorkProgress(const ProgressSnapshot& p) {
  textWrappedUnformatted(workWhatText(p));
  workBar(p);
  if (const std::string amount = workAmountText(p); !amount.empty()) textWrappedUnformatted(amount);
  textWrappedDisabled("%s", workTimeText(p).c_str());
}

bool drawWorkIndicator(const ProgressSnapshot& p) {
  if (!ImGui::IsPopupOpen(kWorkPopup)) ImGui::OpenPopup(kWorkPopup);
  const bool shown = p.seconds >= kWorkIndicatorDelaySeconds;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.5f),
                          ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  const float width = std::min(vp->WorkSize.x * 0.9f, ImGui::GetFontSize() * 26.0f);
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoResize;
  // Before the delay the popup holds the input and shows nothing, not even the dimming.
  if (!shown) flags |= ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoInputs;
  ImGui::PushStyleColor(ImGuiCol_ModalWindowDimBg,
                        shown ? ImGui::GetStyleColorVec4(ImGuiCol_ModalWindowDimBg) : ImVec4(0, 0, 0, 0));
  bool cancel = false;
  if (ImGui::BeginPopupModal(kWorkPopup, nullptr, flags)) {
    if (shown) {
      drawWorkProgress(p);
      ImGui::Spacing();
      if (ImGui::Button(L("Cancel (Esc)"))) cancel = true;
    }
    if (pressed(Key::Escape)) cancel = true;
    ImGui::EndPopup();
  }
  ImGui::PopStyleColor();
  return cancel;
}

void closeWorkIndicator() {
  if (!ImGui::IsPopupOpen(kWorkPopup)) return;
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                 ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoInputs;
  ImGui::PushStyleColor(ImGuiCol_ModalWindowDimBg, ImVec4(0, 0, 0, 0));
  if (ImGui::BeginPopupModal(kWorkPopup, nullptr, flags)) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  ImGui::PopStyleColor();
}

}  // namespace satlab
