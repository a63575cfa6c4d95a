#include "ui/figure_dialog.hpp"

#include "i18n/i18n.hpp"
#include "ui/dialogs.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/item_rects.hpp"
#include "ui/keys.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace satlab {

namespace {

/// A radio button on the row where it still fits, else on the next (a narrow window, the
/// presentation theme's large text). The label's text up to any "##" is measured.
bool radio(const char* label, bool active) {
  const ImGuiStyle& st = ImGui::GetStyle();
  sameLineIfFits(ImGui::GetFrameHeight() + st.ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x);
  return ImGui::RadioButton(label, active);
}

}  // namespace

void FigureDialog::open(const std::string& proposal) {
  if (path_.empty()) path_ = proposal;
  openNow_ = true;
}

bool FigureDialog::shown() const { return openNow_ || ImGui::IsPopupOpen(dialogName(kFigureDialog)); }

std::optional<FigureDialog::Request> FigureDialog::draw(const FigureDialogView& view) {
  if (openNow_) {
    ImGui::OpenPopup(dialogName(kFigureDialog));
    openNow_ = false;
  }
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.45f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const float width = std::min(36.0f * ImGui::GetFontSize(), vp->WorkSize.x - 16.0f);
  // As tall as its content every frame: the SVG note and the every-step line come and go.
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
  if (!ImGui::BeginPopupModal(dialogName(kFigureDialog), nullptr, ImGuiWindowFlags_NoSavedSettings)) {
    return std::nullopt;
  }
  std::optional<Request> result;
  bool close = false;

  ImGui::TextWrapped("%s", tr("The view alone, for a slide: no panels, no toasts, no gizmo."));
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1.0f);
  const bool enter = ImGui::InputText("##figurepath", &path_,
                                      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  rememberItem("figure.path");
  const std::optional<FigureFormat> format = figureFormatOf(path_);

  // The format is the file's extension: the buttons change it, typing another changes them.
  ImGui::AlignTextToFramePadding();
  // TRANSLATORS: the file format (PNG or SVG)
  ImGui::TextUnformatted(tr("Format"));
  if (radio("PNG", format == FigureFormat::Png)) path_ = withFigureExtension(path_, FigureFormat::Png);
  rememberItem("figure.png");
  if (radio("SVG", format == FigureFormat::Svg)) path_ = withFigureExtension(path_, FigureFormat::Svg);
  rememberItem("figure.svg");
  if (format == FigureFormat::Svg) {
    ImGui::TextWrapped("%s", view.twoD ? tr("SVG: the 2D view as drawn, its labels and the step's picture.")
                                       : tr("SVG: the 3D view's lines and faces projected (drawn back to front, no "
                                            "depth test), its labels and the step's picture."));
  }

  ImGui::AlignTextToFramePadding();
  // TRANSLATORS: the figure's size, 1x to 4x the window
  ImGui::TextUnformatted(tr("Scale"));
  for (int k = 1; k <= kMaxFigureScale; ++k) {
    const std::string label = std::to_string(k) + "x";
    if (radio(label.c_str(), options_.scale == k)) options_.scale = k;
    rememberItem(("figure.scale." + std::to_string(k)).c_str());
  }
  char pixelsText[128];
  std::snprintf(pixelsText, sizeof pixelsText, tr("%ld x %ld pixels"),
                std::lround(view.windowWidth * static_cast<float>(options_.scale)),
                std::lround(view.windowHeight * static_cast<float>(options_.scale)));
  const std::string pixels = pixelsText;
  sameLineIfFits(ImGui::CalcTextSize(pixels.c_str()).x);
  ImGui::TextDisabled("%s", pixels.c_str());

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Background"));
  // TRANSLATORS: the figure's background: as shown, white, dark, transparent
  const std::pair<FigureBackground, const char*> backgrounds[] = {{FigureBackground::Theme, N_("as shown")},
                                                                  {FigureBackground::White, N_("white")},
                                                                  {FigureBackground::Dark, N_("dark")},
                                                                  {FigureBackground::Transparent, N_("transparent")}};
  for (const auto& [b, name] : backgrounds) {
    if (radio(L(name), options_.background == b)) options_.background = b;
    rememberItem((std::string("figure.background.") + name).c_str());
  }

  ImGui::Checkbox(L("Selection halo"), &options_.selection);
  rememberItem("figure.selection");
  ImGui::BeginDisabled(!view.hasPicture);
  ImGui::Checkbox(L("The step's picture"), &options_.picture);
  ImGui::EndDisabled();
  rememberItem("figure.picture");
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::SetTooltip("%s", tr("The explorer's picture of the step, in the corner: the number line, Arvo's bar, the "
                               "slab t-intervals or the tree's counts"));
  }
  ImGui::BeginDisabled(view.steps == 0);
  ImGui::Checkbox(L("Every step: a file per step"), &everyStep_);
  ImGui::EndDisabled();
  rememberItem("figure.everyStep");
  const bool every = everyStep_ && view.steps > 0;
  if (every && format) {
    namespace fs = std::filesystem;
    ImGui::TextWrapped(trn("%d file: %s ... %s", "%d files: %s ... %s", view.steps), view.steps,
                       fs::path(figureStepPath(path_, 1, view.steps)).filename().string().c_str(),
                       fs::path(figureStepPath(path_, view.steps, view.steps)).filename().string().c_str());
  }
  if (!format) ImGui::TextWrapped("%s", tr("The file's name must end in .png or .svg."));

  ImGui::BeginDisabled(!format);
  if (ImGui::Button(L("Export")) || (enter && format)) result = Request{path_, options_, every};
  ImGui::EndDisabled();
  rememberItem("figure.export");
  ImGui::SameLine();
  if (ImGui::Button(L("Cancel")) || pressed(Key::Escape, Repeat::Yes)) close = true;
  if (result || close) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return result;
}

}  // namespace satlab
