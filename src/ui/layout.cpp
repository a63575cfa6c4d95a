#include "ui/layout.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace satlab {

namespace {

float finiteIn(float v, float lo, float hi, float fallback) {
  return std::isfinite(v) ? std::clamp(v, lo, hi) : fallback;
}

/// A share of the column for an open panel, relative to the others.
float weight(Panel p) {
  switch (p) {
    case Panel::Lesson: return 1.3f;
    case Panel::Shapes: return 1.0f;
    case Panel::Pairs: return 0.8f;
    case Panel::Inspector: return 0.9f;
    case Panel::Explorer: return 1.6f;
    case Panel::Count: break;
  }
  return 1.0f;
}

/// Stacks `members` (top to bottom) in the column at x = `x`, `width` wide.
void stack(const std::vector<Panel>& members, const LayoutInput& in, float x, float width, float top, float bottom,
           float titleBar, Layout& out) {
  std::vector<Panel> shown;
  for (Panel p : members) {
    if (in.shown[static_cast<size_t>(p)]) shown.push_back(p);
  }
  if (shown.empty()) return;
  const float gap = kPanelMargin;
  float rest = bottom - top - gap * static_cast<float>(shown.size() - 1);
  std::array<float, kPanelCount> height{};
  std::vector<Panel> open;
  for (Panel p : shown) {
    if (in.collapsed[static_cast<size_t>(p)]) {
      height[static_cast<size_t>(p)] = titleBar;
      rest -= titleBar;
    } else {
      open.push_back(p);
    }
  }
  rest = std::max(rest, 0.0f);
  // The lesson's text first (up to three quarters of the column, half beside the explorer), so that it need not
  // scroll; then panels that ask for less than their share get what they ask; the rest
  // share what is left by weight.
  auto wanted = [&](Panel p) { return finiteIn(in.wanted[static_cast<size_t>(p)], 0.0f, 1e5f, 0.0f); };
  auto lesson = std::find(open.begin(), open.end(), Panel::Lesson);
  if (lesson != open.end() && wanted(Panel::Lesson) > 0.0f && open.size() > 1) {
    // Beside an open explorer, no more than half: the table it teaches with needs rows too.
    const bool explorer = std::find(open.begin(), open.end(), Panel::Explorer) != open.end();
    const float h = std::min(wanted(Panel::Lesson), rest * (explorer ? 0.5f : 0.75f));
    height[static_cast<size_t>(Panel::Lesson)] = h;
    rest -= h;
    open.erase(lesson);
  }
  bool settled = false;
  while (!open.empty() && !settled) {
    settled = true;
    float weights = 0.0f;
    for (Panel p : open) weights += weight(p);
    for (auto it = open.begin(); it != open.end(); ++it) {
      const float share = rest * weight(*it) / weights;
      if (wanted(*it) > 0.0f && wanted(*it) < share) {
        height[static_cast<size_t>(*it)] = wanted(*it);
        rest -= wanted(*it);
        open.erase(it);
        settled = false;
        break;
      }
    }
  }
  float weights = 0.0f;
  for (Panel p : open) weights += weight(p);
  for (Panel p : open) height[static_cast<size_t>(p)] = rest * weight(p) / weights;
  float y = top;
  for (Panel p : shown) {
    const float h = std::max(height[static_cast<size_t>(p)], std::min(titleBar, bottom - y));
    out.place[static_cast<size_t>(p)] = PanelPlace{ImVec2(x, y), ImVec2(width, std::max(h, 1.0f))};
    y = std::min(y + h + gap, bottom);
  }
}

}  // namespace

const char* panelTitle(Panel panel) {
  switch (panel) {
    // Marked for the catalog: panelId shows them translated, the id stays English.
    case Panel::Lesson: return N_("Lesson");
    case Panel::Shapes: return N_("Shapes");
    case Panel::Pairs: return N_("Pairs");
    case Panel::Inspector: return N_("Inspector");
    case Panel::Explorer: return N_("Explorer");
    case Panel::Count: break;
  }
  return "Panel";
}

Layout computeLayout(const LayoutInput& in) {
  Layout out;
  const float w = finiteIn(in.width, 1.0f, 1e5f, 1280.0f);
  const float h = finiteIn(in.height, 1.0f, 1e5f, 720.0f);
  const float s = finiteIn(in.scale, 0.25f, 8.0f, 1.0f);
  const float top = finiteIn(in.top, 0.0f, h, 0.0f);
  const float titleBar = finiteIn(in.titleBar, 1.0f, h, 22.0f);
  const float bottom = std::max(top, h - kPanelMargin);
  out.oneColumn = oneColumnLayout(w, s, in.twoColumns);
  auto anyShown = [&](std::initializer_list<Panel> ps) {
    for (Panel p : ps) {
      if (in.shown[static_cast<size_t>(p)]) return true;
    }
    return false;
  };
  out.freeLeft = 0.0f;
  out.freeRight = w;
  if (out.oneColumn) {
    const bool any = anyShown({Panel::Lesson, Panel::Shapes, Panel::Pairs, Panel::Inspector, Panel::Explorer});
    out.leftWidth = any ? std::min(std::clamp(w * 0.38f, 250.0f * s, 380.0f * s), w * 0.5f) : 0.0f;
    stack({Panel::Lesson, Panel::Explorer, Panel::Pairs, Panel::Shapes, Panel::Inspector}, in, kPanelMargin,
          out.leftWidth, top, bottom, titleBar, out);
  } else {
    const bool left = anyShown({Panel::Lesson, Panel::Shapes, Panel::Pairs});
    const bool right = anyShown({Panel::Inspector, Panel::Explorer});
    float lw = left ? std::clamp(w * 0.25f, 250.0f * s, 380.0f * s) : 0.0f;
    float rw = right ? std::clamp(w * 0.31f, 300.0f * s, 520.0f * s) : 0.0f;
    // The view keeps at least a third of the window.
    const float most = w * 2.0f / 3.0f - 2.0f * kPanelMargin;
    if (lw + rw > most) {
      const float k = most / (lw + rw);
      lw *= k;
      rw *= k;
    }
    out.leftWidth = lw;
    out.rightWidth = rw;
    stack({Panel::Lesson, Panel::Shapes, Panel::Pairs}, in, kPanelMargin, lw, top, bottom, titleBar, out);
    stack({Panel::Inspector, Panel::Explorer}, in, w - kPanelMargin - rw, rw, top, bottom, titleBar, out);
  }
  if (out.leftWidth > 0.0f) out.freeLeft = kPanelMargin + out.leftWidth;
  if (out.rightWidth > 0.0f) out.freeRight = w - kPanelMargin - out.rightWidth;
  return out;
}

bool collapsedByDefault(Panel panel, bool lesson, bool oneColumn) {
  if (oneColumn) {
    if (panel == Panel::Explorer) return false;
    return panel != (lesson ? Panel::Lesson : Panel::Shapes);
  }
  if (lesson) return panel == Panel::Shapes || panel == Panel::Inspector;
  return false;
}

Layout& currentLayout() {
  static Layout layout;
  return layout;
}

bool& layoutHasLesson() {
  static bool lesson = false;
  return lesson;
}

void placePanel(Panel panel) {
  const Layout& l = currentLayout();
  const PanelPlace& p = l.place[static_cast<size_t>(panel)];
  if (p.size.x > 0.0f && p.size.y > 0.0f) {
    ImGui::SetNextWindowPos(p.pos, ImGuiCond_Always);
    ImGui::SetNextWindowSize(p.size, ImGuiCond_Always);
  } else {
    // Not placed yet (its first frame): out of the way until the next layout has it.
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + kPanelMargin, vp->WorkPos.y + kPanelMargin), ImGuiCond_Always);
  }
  ImGui::SetNextWindowCollapsed(collapsedByDefault(panel, layoutHasLesson(), l.oneColumn), ImGuiCond_FirstUseEver);
}

void readCollapsed(LayoutInput& in, bool lesson, bool oneColumn) {
  for (int i = 0; i < kPanelCount; ++i) {
    const Panel p = static_cast<Panel>(i);
    const ImGuiWindow* w = ImGui::FindWindowByName(panelId(p).c_str());
    in.collapsed[static_cast<size_t>(i)] = w != nullptr ? w->Collapsed : collapsedByDefault(p, lesson, oneColumn);
  }
}

}  // namespace satlab
