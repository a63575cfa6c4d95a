#include "ui/clip_audit.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

/// The window's title as shown (before "###").
std::string shownName(const ImGuiWindow* w) {
  std::string name = w->Name;
  if (const size_t hash = name.find("###"); hash != std::string::npos) name.resize(hash);
  return name;
}

/// The window a child belongs to, for messages: "Explorer/##table".
std::string windowPath(const ImGuiWindow* w) {
  std::string path = shownName(w);
  while (w->ParentWindow != nullptr && (w->Flags & ImGuiWindowFlags_ChildWindow)) {
    w = w->ParentWindow;
    path = shownName(w) + " > " + path;
  }
  return path;
}

std::string px(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f px", static_cast<double>(v));
  return buf;
}

}  // namespace

std::vector<std::string> clippedContent() {
  std::vector<std::string> out;
  ImGuiContext& g = *ImGui::GetCurrentContext();
  constexpr float kSlack = 1.0f;  // rounding of positions
  for (const ImGuiWindow* w : g.Windows) {
    if (w->LastFrameActive != g.FrameCount || w->Hidden || w->Collapsed) continue;
    if (w->Flags & ImGuiWindowFlags_Tooltip) continue;
    if (w->ScrollbarX || (w->Flags & ImGuiWindowFlags_HorizontalScrollbar)) continue;
    const bool menuBar =
        (w->Flags & ImGuiWindowFlags_MenuBar) && w->ParentWindow == nullptr && std::string(w->Name) == "##MainMenuBar";
    if (menuBar) {
      // The menus and the toolbar must fit; the toast after them may run out.
      continue;
    }
    if ((w->Flags & ImGuiWindowFlags_ChildWindow) && std::string(w->Name).find("/##edit") != std::string::npos) {
      continue;  // a text editor's own child: it scrolls to the cursor
    }
    const float reach = w->DC.CursorMaxPos.x;
    const float edge = w->InnerClipRect.Max.x;
    if (reach > edge + kSlack) {
      out.push_back(windowPath(w) + ": content reaches " + px(reach - edge) + " past the right edge");
    }
  }
  for (int i = 0; i < g.Tables.GetMapSize(); ++i) {
    const ImGuiTable* t = g.Tables.TryGetMapData(i);
    if (t == nullptr || t->LastFrameActive != g.FrameCount || t->OuterWindow == nullptr) continue;
    if (t->OuterWindow->Collapsed) continue;
    if (t->Flags & ImGuiTableFlags_ScrollX) {
      // A table that scrolls sideways cuts nothing short, but what lies beyond its edge (or
      // under its frozen columns) is out of view until the reader scrolls: a verdict there
      // is not seen. What is on screen: the scrolling window's inner rectangle, right of the
      // frozen columns.
      const ImRect shown = t->InnerWindow->InnerRect;
      float frozenRight = shown.Min.x;
      for (int c = 0; c < t->ColumnsCount; ++c) {
        const ImGuiTableColumn& col = t->Columns[c];
        if (col.IsEnabled && col.DisplayOrder < t->FreezeColumnsCount) frozenRight = std::max(frozenRight, col.MaxX);
      }
      for (int c = 0; c < t->ColumnsCount; ++c) {
        const ImGuiTableColumn& col = t->Columns[c];
        if (!col.IsEnabled || col.DisplayOrder < t->FreezeColumnsCount) continue;
        // The column's cell content (inside its padding) against what is on screen.
        const float lo = col.WorkMinX, hi = std::max(col.WorkMaxX, lo);
        const float visible = std::max(0.0f, std::min(hi, shown.Max.x) - std::max(lo, frozenRight));
        const float hidden = (hi - lo) - visible;
        if (hidden > kSlack) {
          const char* name = col.NameOffset >= 0 ? ImGui::TableGetColumnName(t, c) : "";
          out.push_back(windowPath(t->InnerWindow) + ": table column " +
                        (name && *name ? std::string(name) : std::to_string(c)) + ": " + px(hidden) + " of " +
                        px(hi - lo) + " out of view (the table scrolls sideways)");
        }
      }
      continue;
    }
    for (int c = 0; c < t->ColumnsCount; ++c) {
      const ImGuiTableColumn& col = t->Columns[c];
      if (!col.IsEnabled) continue;
      const float edge = col.ClipRect.Max.x;
      const float content = std::max(col.ContentMaxXUnfrozen, col.ContentMaxXFrozen);
      const float header = col.ContentMaxXHeadersIdeal;
      const char* name = col.NameOffset >= 0 ? ImGui::TableGetColumnName(t, c) : "";
      const std::string where =
          windowPath(t->InnerWindow) + ": table column " + (name && *name ? std::string(name) : std::to_string(c));
      if (content > edge + kSlack) {
        out.push_back(where + ": content " + px(content - col.WorkMinX) + " wide in " + px(edge - col.WorkMinX));
      } else if (header > edge + kSlack) {
        out.push_back(where + ": header " + px(header - col.WorkMinX) + " wide in " + px(edge - col.WorkMinX));
      }
    }
  }
  return out;
}

std::vector<float> layoutSignature() {
  std::vector<float> out;
  ImGuiContext& g = *ImGui::GetCurrentContext();
  for (const ImGuiWindow* w : g.Windows) {
    if (w->LastFrameActive != g.FrameCount || w->Hidden) continue;
    if (w->Flags & ImGuiWindowFlags_Tooltip) continue;  // follows the mouse
    out.insert(out.end(), {w->Pos.x, w->Pos.y, w->Size.x, w->Size.y, w->ContentSize.x, w->ContentSize.y,
                           w->ScrollbarX ? 1.0f : 0.0f, w->ScrollbarY ? 1.0f : 0.0f});
  }
  for (int i = 0; i < g.Tables.GetMapSize(); ++i) {
    const ImGuiTable* t = g.Tables.TryGetMapData(i);
    if (t == nullptr || t->LastFrameActive != g.FrameCount) continue;
    for (int c = 0; c < t->ColumnsCount; ++c) out.push_back(t->Columns[c].WidthGiven);
  }
  return out;
}

}  // namespace satlab
