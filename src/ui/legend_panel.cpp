#include "ui/legend_panel.hpp"

#include "i18n/i18n.hpp"

#include "ui/layout.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>

namespace satlab {

namespace {

enum class Mark { Line, Dashed, Thick, Box, Cross, Dot, Text };

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

/// One row: a swatch drawn like the mark, then what it means (wrapped).
void row(Mark mark, const glm::vec4& color, const char* meaning) {
  ImGui::TableNextColumn();
  const float h = ImGui::GetTextLineHeight();
  const float w = h * 2.2f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float y = p.y + h * 0.5f;
  const float t = std::max(1.5f, h * 0.12f);
  switch (mark) {
    case Mark::Line: dl->AddLine(ImVec2(p.x, y), ImVec2(p.x + w, y), u32(color), t); break;
    case Mark::Thick: dl->AddLine(ImVec2(p.x, y), ImVec2(p.x + w, y), u32(color), t * 3.0f); break;
    case Mark::Dashed:
      for (float x = p.x; x < p.x + w; x += h * 0.5f) {
        dl->AddLine(ImVec2(x, y), ImVec2(std::min(x + h * 0.3f, p.x + w), y), u32(color), t);
      }
      break;
    case Mark::Box: {
      glm::vec4 fill = color;
      fill.a = 0.35f;
      dl->AddRectFilled(ImVec2(p.x + 2, p.y + 1), ImVec2(p.x + w - 2, p.y + h - 1), u32(fill));
      dl->AddRect(ImVec2(p.x + 2, p.y + 1), ImVec2(p.x + w - 2, p.y + h - 1), u32(color), 0.0f, 0, t);
      break;
    }
    case Mark::Cross: {
      const float c = p.x + w * 0.5f, r = h * 0.35f;
      dl->AddLine(ImVec2(c - r, y - r), ImVec2(c + r, y + r), u32(color), t * 1.5f);
      dl->AddLine(ImVec2(c - r, y + r), ImVec2(c + r, y - r), u32(color), t * 1.5f);
      break;
    }
    case Mark::Dot: dl->AddCircleFilled(ImVec2(p.x + w * 0.5f, y), h * 0.3f, u32(color)); break;
    case Mark::Text: dl->AddText(p, u32(color), "Aa"); break;
  }
  ImGui::Dummy(ImVec2(w, h));
  ImGui::TableNextColumn();
  textWrapped("%s", tr(meaning));
}

void heading(const char* text) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", tr(text));
}

}  // namespace

void drawLegendPanel(bool& open, float freeLeft, float freeRight) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  const float width = std::min(ImGui::GetFontSize() * 28.0f, std::max(freeRight - freeLeft - 20.0f, 200.0f));
  ImGui::SetNextWindowPos(ImVec2(freeLeft + 10.0f, vp->WorkPos.y + vp->WorkSize.y - 10.0f), ImGuiCond_Appearing,
                          ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Appearing);
  ImGui::SetNextWindowSizeConstraints(ImVec2(200.0f, 0.0f), ImVec2(vp->WorkSize.x, vp->WorkSize.y * 0.8f));
  if (!ImGui::Begin(panelId(N_("Legend (G)")).c_str(), &open)) {
    ImGui::End();
    return;
  }
  const Palette& p = currentPalette();
  const glm::vec4 shape = p.legendShape;  // a shape's own colour (the scene's), as the view draws it
  const glm::vec4 text = glm::vec4(p.panelText);
  if (ImGui::BeginTable("##legend", 2, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("mark", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("meaning", ImGuiTableColumnFlags_WidthStretch);
    heading(N_("Shapes"));
    row(Mark::Box, shape, N_("a shape, in the colour its scene gives it"));
    row(Mark::Dashed, shape, N_("dashed edges: the shape overlaps another (the Pairs panel says which)"));
    row(Mark::Thick, p.selectionHalo, N_("a halo: selected (Ctrl-click adds; two selected are the explorer's pair)"));
    row(Mark::Cross, shape,
        N_("a cross: a shape of zero size (a point box, a radius-0 sphere, a zero-length segment or capsule of radius "
           "0)"));
    row(Mark::Line, p.axis[0], N_("red, green, blue: the X, Y and Z axes (the gizmo's arrows, the axes widget)"));
    heading(N_("Separating axis test"));
    row(Mark::Line, p.satAxis, N_("the axis of the current step, through the scene beside the pair"));
    row(Mark::Dashed, p.satAxisPreview, N_("dashed: the axis of the table row under the cursor"));
    row(Mark::Thick, shape, N_("each shape's interval on the axis, in its own colour"));
    row(Mark::Thick, p.gap, N_("a gap between the intervals: this axis separates"));
    row(Mark::Thick, p.overlap,
        N_("intervals that overlap: their common part (dashed on the number line) and the push apart that clears it"));
    row(Mark::Box, p.separatingPlane, N_("the separating plane: it fits in the gap, perpendicular to the axis"));
    row(Mark::Text, p.penetrates, N_("an axis of almost zero length (parallel edges): degenerate"));
    heading(N_("Slab and closest-point tests"));
    row(Mark::Box, p.axis[1], N_("a slab between two planes, coloured by its axis"));
    row(Mark::Thick, p.insideSegment, N_("the part of the segment inside every slab so far"));
    row(Mark::Text, p.rejects, N_("the slab that leaves no part of the segment"));
    row(Mark::Dot, p.gap, N_("the closest point of the box to the sphere's centre"));
    row(Mark::Thick, p.panelMarker, N_("r squared: the sum of the axes' squared distances must stay below it"));
    row(Mark::Line, p.gap,
        N_("a capsule: the line between the closest points of its segment and the other shape, "
           "to compare with the radii"));
    heading(N_("Explorer table"));
    row(Mark::Box, p.currentRow, N_("the current step"));
    row(Mark::Text, p.panelDimText, N_("grey rows: steps not reached yet, or that the early-exit test never runs"));
    row(Mark::Text, p.separates, N_("separates / misses: the axis or slab that decides"));
    row(Mark::Text, p.earlyExit, N_("where the production (early-exit) test stops"));
    row(Mark::Text, text,
        N_("numbers: |L| the axis's length, rA and rB the half intervals, |s| the distance of "
           "the centres on it, gap = |s| - (rA + rB)"));
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace satlab
