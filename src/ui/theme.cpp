#include "ui/theme.hpp"

#include "ui/layout.hpp"

#include <imgui.h>

#include <filesystem>

namespace satlab {

namespace {

ImFont* gNormalFont = nullptr;
ImFont* gLargeFont = nullptr;

ImFont* addFont(float pixels) {
  ImGuiIO& io = ImGui::GetIO();
  const char* kFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  if (std::filesystem::exists(kFont)) return io.Fonts->AddFontFromFileTTF(kFont, pixels);
  ImFontConfig cfg;
  cfg.SizePixels = pixels * 0.87f;  // ImGui's bitmap font reads larger than DejaVu at the same size
  return io.Fonts->AddFontDefault(&cfg);
}

void highContrastLight(ImGuiStyle& style) {
  ImGui::StyleColorsLight(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
  c[ImGuiCol_TextDisabled] = ImVec4(0.25f, 0.25f, 0.28f, 1.0f);
  c[ImGuiCol_WindowBg] = ImVec4(1.0f, 1.0f, 1.0f, 0.97f);
  c[ImGuiCol_Border] = ImVec4(0.0f, 0.0f, 0.0f, 0.6f);
  c[ImGuiCol_TitleBgActive] = ImVec4(0.12f, 0.3f, 0.65f, 1.0f);
  c[ImGuiCol_TitleBg] = ImVec4(0.2f, 0.38f, 0.7f, 1.0f);
  c[ImGuiCol_Header] = ImVec4(0.55f, 0.72f, 1.0f, 0.7f);
  c[ImGuiCol_Button] = ImVec4(0.78f, 0.85f, 1.0f, 1.0f);
  c[ImGuiCol_ButtonHovered] = ImVec4(0.6f, 0.75f, 1.0f, 1.0f);
  style.WindowBorderSize = 2.0f;
  style.FrameBorderSize = 1.0f;
}

}  // namespace

void loadThemeFonts(float contentScale) {
  gNormalFont = addFont(15.0f * contentScale);
  gLargeFont = addFont(15.0f * contentScale * kPresentationScale);
}

Theme applyTheme(bool presentation, float contentScale) {
  Theme t;
  t.presentation = presentation;
  t.uiScale = contentScale * (presentation ? kPresentationScale : 1.0f);
  ImGuiStyle style;
  if (presentation) {
    highContrastLight(style);
    t.lineScale = 1.8f;
    t.clear[0] = 0.96f, t.clear[1] = 0.96f, t.clear[2] = 0.95f;
    t.lightBackground = true;
  } else {
    ImGui::StyleColorsDark(&style);
  }
  style.ScaleAllSizes(t.uiScale);
  ImGui::GetStyle() = style;
  if (panelScale() != t.uiScale) {
    // Panels reopen at their default places and sizes for the new scale.
    panelScale() = t.uiScale;
    ++layoutGeneration();
  }
  ImGui::GetIO().FontDefault = presentation ? gLargeFont : gNormalFont;
  return t;
}

}  // namespace satlab
