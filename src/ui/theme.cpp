#include "ui/theme.hpp"

#include "render/contrast.hpp"
#include "ui/font_atlas.hpp"
#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace satlab {

namespace {

const Palette* gPalette = nullptr;

ImVec4 toIm(const glm::vec4& c) { return ImVec4(c.r, c.g, c.b, c.a); }
glm::vec4 fromIm(const ImVec4& c) { return glm::vec4(c.x, c.y, c.z, c.w); }

void highContrastLight(ImGuiStyle& style) {
  ImGui::StyleColorsLight(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.25f, 0.25f, 0.28f, 1.0f);
  c[ImGuiCol_WindowBg] = toIm(lightPalette().panelBackground);
  c[ImGuiCol_Border] = ImVec4(0.0f, 0.0f, 0.0f, 0.6f);
  // Title text is ImGuiCol_Text (black): light bars (a dark blue bar had 2.7:1).
  c[ImGuiCol_TitleBgActive] = ImVec4(0.55f, 0.7f, 0.95f, 1.0f);
  c[ImGuiCol_TitleBg] = ImVec4(0.72f, 0.8f, 0.95f, 1.0f);
  c[ImGuiCol_TitleBgCollapsed] = ImVec4(0.72f, 0.8f, 0.95f, 1.0f);
  // Ticks and slider grabs 3:1 on the white frames (ImGui's light blue has 2.3 to 3.0).
  c[ImGuiCol_CheckMark] = ImVec4(0.1f, 0.35f, 0.8f, 1.0f);
  c[ImGuiCol_SliderGrab] = ImVec4(0.15f, 0.4f, 0.8f, 1.0f);
  c[ImGuiCol_SliderGrabActive] = ImVec4(0.1f, 0.3f, 0.7f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.55f, 0.72f, 1.0f, 0.7f);
  c[ImGuiCol_Button] = ImVec4(0.78f, 0.85f, 1.0f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.6f, 0.75f, 1.0f, 1.0f);
  style.WindowBorderSize = 2.0f;
  style.FrameBorderSize = 1.0f;
}

}  // namespace

void loadThemeFonts(float contentScale) { updateFontAtlas(contentScale); }

float Theme::linePixelScale(float contentScale, float fbHeightPx) const {
  const float screen = std::isfinite(contentScale) ? std::max(contentScale, 1.0f) : 1.0f;
  if (!presentation) return screen * lineScale;
  const float height = std::isfinite(fbHeightPx) ? std::clamp(fbHeightPx, 1.0f, 16384.0f) : kLineScaleHeightPx;
  // Never thinner than the everyday lines, however small the window.
  return screen * std::max(1.0f, lineScale * height / kLineScaleHeightPx);
}

const Palette& currentPalette() { return gPalette != nullptr ? *gPalette : darkPalette(); }

PaletteOverride::PaletteOverride(const Palette& palette) : previous_(gPalette) { gPalette = &palette; }
PaletteOverride::~PaletteOverride() { gPalette = previous_; }

ImVec4 readableText(const glm::vec4& color, ImGuiCol background) {
  const ImVec4 bg = ImGui::GetStyleColorVec4(background);
  const glm::vec4 c = legibleOn(color, glm::vec3(bg.x, bg.y, bg.z), kMinTextContrast);
  return ImVec4(c.r, c.g, c.b, c.a);
}

ImGuiStyle themeStyle(bool presentation) {
  ImGuiStyle style;
  if (presentation) {
    highContrastLight(style);
  } else {
    ImGui::StyleColorsDark(&style);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = toIm(darkPalette().panelBackground);
    // White text on ImGui's bright blue hover and press colours has 3.0 to 4.3:1: darker blues.
    c[ImGuiCol_ButtonHovered] = ImVec4(0.16f, 0.38f, 0.72f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.1f, 0.32f, 0.62f, 1.0f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.2f, 0.42f, 0.75f, 0.8f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.18f, 0.4f, 0.75f, 1.0f);
  }
  return style;
}

Theme applyTheme(bool presentation, float contentScale) {
  Theme t;
  t.presentation = presentation;
  t.uiScale = contentScale * (presentation ? kPresentationScale : 1.0f);
  t.palette = presentation ? &lightPalette() : &darkPalette();
  if (presentation) t.lineScale = 1.8f;
  for (int i = 0; i < 3; ++i) t.clear[i] = t.palette->background[i];
  t.lightBackground = isLightBackground(t.palette->background);
  gPalette = t.palette;
  ImGuiStyle style = themeStyle(presentation);
  style.ScaleAllSizes(t.uiScale);
  ImGui::GetStyle() = style;
  if (panelScale() != t.uiScale) {
    // Panels reopen at their default places and sizes for the new scale.
    panelScale() = t.uiScale;
    ++layoutGeneration();
  }
  ImGui::GetIO().FontDefault = presentation ? largeFont() : normalFont();
  return t;
}

std::vector<ContrastCheck> themeChecks(bool presentation) {
  const ImGuiStyle style = themeStyle(presentation);
  const Palette& p = presentation ? lightPalette() : darkPalette();
  const ImVec4* c = style.Colors;
  const glm::vec3 view = p.background;
  const glm::vec3 window = over(fromIm(c[ImGuiCol_WindowBg]), view);
  std::vector<ContrastCheck> out;
  auto add = [&](const char* color, const char* use, std::string against, const glm::vec4& fg, const glm::vec3& bg,
                 ContrastNeed need) {
    out.push_back(ContrastCheck{std::string("ImGuiCol_") + color, use, p.name, std::move(against), fg, bg, need});
  };
  const glm::vec4 text = fromIm(c[ImGuiCol_Text]);
  add("Text", "panel text", "WindowBg", text, window, ContrastNeed::Text);
  add("TextDisabled", "greyed-out text, hints", "WindowBg", fromIm(c[ImGuiCol_TextDisabled]), window,
      ContrastNeed::Text);
  // Text on the widgets of a window (their colours composited over the window).
  const std::pair<ImGuiCol, const char*> onWindow[] = {
      {ImGuiCol_FrameBg, "FrameBg"},
      {ImGuiCol_FrameBgHovered, "FrameBgHovered"},
      {ImGuiCol_Button, "Button"},
      {ImGuiCol_ButtonHovered, "ButtonHovered"},
      {ImGuiCol_ButtonActive, "ButtonActive"},
      {ImGuiCol_Header, "Header"},
      {ImGuiCol_HeaderHovered, "HeaderHovered"},
      {ImGuiCol_HeaderActive, "HeaderActive"},
      {ImGuiCol_TableHeaderBg, "TableHeaderBg"},
      {ImGuiCol_TableRowBgAlt, "TableRowBgAlt"},
      {ImGuiCol_Tab, "Tab"},
      {ImGuiCol_TabActive, "TabActive"},
  };
  for (const auto& [col, name] : onWindow) {
    add("Text", "text on a widget", name, text, over(fromIm(c[col]), window), ContrastNeed::Text);
  }
  // Bars and popups drawn straight over the view.
  const std::pair<ImGuiCol, const char*> onView[] = {
      {ImGuiCol_TitleBg, "TitleBg"},
      {ImGuiCol_TitleBgActive, "TitleBgActive"},
      {ImGuiCol_TitleBgCollapsed, "TitleBgCollapsed"},
      {ImGuiCol_MenuBarBg, "MenuBarBg"},
      {ImGuiCol_PopupBg, "PopupBg"},
  };
  for (const auto& [col, name] : onView) {
    add("Text", "title, menu and popup text", name, text, over(fromIm(c[col]), view), ContrastNeed::Text);
  }
  const glm::vec3 frame = over(fromIm(c[ImGuiCol_FrameBg]), window);
  add("CheckMark", "check box tick", "FrameBg", fromIm(c[ImGuiCol_CheckMark]), frame, ContrastNeed::Line);
  add("SliderGrab", "slider handle", "FrameBg", fromIm(c[ImGuiCol_SliderGrab]), frame, ContrastNeed::Line);
  add("Border", "panel outline", "view", fromIm(c[ImGuiCol_Border]), view, ContrastNeed::Decoration);
  return out;
}

}  // namespace satlab
