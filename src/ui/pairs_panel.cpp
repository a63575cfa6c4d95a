#include "ui/pairs_panel.hpp"

#include "document/json_path.hpp"
#include "document/scene_edit.hpp"
#include "i18n/i18n.hpp"

#include "ui/explorer_kind.hpp"
#include "ui/layout.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string_view>
#include <utility>

namespace satlab {

namespace {

std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(v));
  return buf;
}

// The window's words for kNotTestedText (the check's report keeps the English constant).
static_assert(std::string_view(kNotTestedText) == "not tested (the mesh's triangles are not loaded)");

std::string axisName(const PairResult& r, AxisId id) { return std::string(label(inTestRoles(r, id))); }

/// `text` cut to `width` pixels with "..." (at a UTF-8 boundary) when it is wider.
std::string fitted(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const float dots = ImGui::CalcTextSize("...").x;
  size_t lo = 0, hi = text.size();
  while (lo < hi) {  // the longest prefix that fits beside the dots
    const size_t mid = (lo + hi + 1) / 2;
    if (ImGui::CalcTextSize(text.data(), text.data() + mid).x + dots <= width)
      lo = mid;
    else
      hi = mid - 1;
  }
  while (lo > 0 && (static_cast<unsigned char>(text[lo]) & 0xC0u) == 0x80u) --lo;
  return text.substr(0, lo) + "...";
}

/// One cell's text, cut to the cell; the whole text is the row's tooltip's business.
void cellText(const std::string& text, bool disabled = false) {
  const std::string shown = fitted(text, ImGui::GetContentRegionAvail().x);
  if (disabled)
    ImGui::TextDisabled("%s", shown.c_str());
  else
    ImGui::TextUnformatted(shown.c_str());
}

// Marked here, shown through tr / L.
const char* const kVerdictNames[] = {N_("all pairs"), N_("overlapping"), N_("separated"), N_("failing")};
// TRANSLATORS: which shapes get name labels in the view: all, selected, none
const char* const kLabelNames[] = {N_("all"), N_("selected"), N_("none")};
const char* const kLabelHelp[] = {N_("every shape (the larger ones in a crowded scene)"),
                                  N_("the selected and hovered shapes"), N_("none")};

}  // namespace

std::string pairWhy(const PairResult& r) {
  if (r.separatingAxis) {
    return formatted(tr("axis %s, gap %s"), axisName(r, r.separatingAxis->id).c_str(),
                     number(r.separatingAxis->gap).c_str());
  }
  if (r.penetration && r.penetration->id.valid()) {
    return formatted(tr("depth %s on %s"), number(r.penetration->depth).c_str(),
                     axisName(r, r.penetration->id).c_str());
  }
  if (r.penetration) return formatted(tr("depth %s"), number(r.penetration->depth).c_str());
  if (r.tEnter && r.tExit) return "t [" + number(*r.tEnter) + ", " + number(*r.tExit) + "]";
  if (r.distance && !r.overlap) return formatted(tr("gap %s"), number(*r.distance).c_str());
  if (r.segmentPair && !r.overlap) return tr("no part inside");
  if (!r.tested) return tr("not tested");
  if (r.mesh) {
    const std::size_t nodes = r.mesh->nodeTests, triangles = r.mesh->triangleTests;
    // TRANSLATORS: between the items of a list ("Corner, Rod"; Chinese: 、 or ，)
    return formatted(trn("%zu node", "%zu nodes", static_cast<long long>(nodes)), nodes) + trc("list", ", ") +
           formatted(trn("%zu triangle test", "%zu triangle tests", static_cast<long long>(triangles)), triangles);
  }
  return {};
}

std::string pairWhyInWords(const PairResult& r) {
  if (r.separatingAxis) {
    return formatted(tr("Separating axis %s: the projections leave a gap of %s."),
                     axisName(r, r.separatingAxis->id).c_str(), number(r.separatingAxis->gap).c_str());
  }
  if (r.penetration && r.penetration->id.valid()) {
    return formatted(tr("Overlap: %s deep along %s, the axis of the shortest push apart."),
                     number(r.penetration->depth).c_str(), axisName(r, r.penetration->id).c_str());
  }
  if (r.penetration) return formatted(tr("Overlap: %s deep."), number(r.penetration->depth).c_str());
  if (r.tEnter && r.tExit) {
    return formatted(tr("The segment is inside for t in [%s, %s]."), number(*r.tEnter).c_str(),
                     number(*r.tExit).c_str());
  }
  if (r.distance && !r.overlap) return formatted(tr("The shapes are %s apart."), number(*r.distance).c_str());
  if (r.segmentPair && !r.overlap) return tr("No part of the segment is inside the other shape.");
  if (!r.tested) return tr("not tested (the mesh's triangles are not loaded)");
  if (r.mesh) {
    const std::size_t nodes = r.mesh->nodeTests, triangles = r.mesh->triangleTests;
    const std::string nodeText =
        formatted(trn("%zu node test", "%zu node tests", static_cast<long long>(nodes)), nodes);
    const std::string triangleText =
        formatted(trn("%zu triangle test", "%zu triangle tests", static_cast<long long>(triangles)), triangles);
    // TRANSLATORS: %1$s "12 node tests", %2$zu how many nodes were rejected, %3$s "4 triangle tests"
    return formatted(r.overlap ? tr("The mesh's OBB tree: %s (%zu rejected), %s, a colliding triangle found.")
                               : tr("The mesh's OBB tree: %s (%zu rejected), %s, no triangle touches."),
                     nodeText.c_str(), r.mesh->nodesRejected, triangleText.c_str());
  }
  return {};
}

bool showsShapeLabel(ShapeLabels mode, bool selected, bool hovered) {
  switch (mode) {
    case ShapeLabels::All: return true;
    case ShapeLabels::Selected: return selected || hovered;
    case ShapeLabels::None: return false;
  }
  return true;
}

void PairsPanel::drawFilterRow(const LivePairs& live, PairFilter& filter, size_t listed) {
  // Name filter and verdict on one line; the labels and the count on the next.
  // The combo as wide as its longest choice in the window's language.
  const char* verdictNames[4];
  float longest = 0.0f;
  for (int i = 0; i < 4; ++i) {
    verdictNames[i] = tr(kVerdictNames[i]);
    longest = std::max(longest, ImGui::CalcTextSize(verdictNames[i]).x);
  }
  const float combo = longest + ImGui::GetFrameHeight() + 8.0f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(avail - combo - spacing, avail * 0.35f));
  char buf[128];
  std::snprintf(buf, sizeof buf, "%s", filter.text.c_str());
  if (ImGui::InputTextWithHint("##filter", tr("shape or group name"), buf, sizeof buf)) filter.text = buf;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("List the pairs with a shape whose name contains this"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  int verdict = static_cast<int>(filter.verdict);
  if (ImGui::Combo("##verdict", &verdict, verdictNames, 4)) filter.verdict = static_cast<PairVerdictFilter>(verdict);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("Which verdicts to list (failing: the pairs of unmet expectations)"));
  }
  ImGui::AlignTextToFramePadding();
  // TRANSLATORS: name labels in the view (followed by: all, selected, none)
  ImGui::TextUnformatted(tr("labels"));
  // The choices on the word's line as far as they fit, the rest below (a narrow panel at a
  // projector's scale).
  int labels = static_cast<int>(labels_);
  for (int i = 0; i < 3; ++i) {
    sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                   ImGui::CalcTextSize(L(kLabelNames[i]), nullptr, true).x);
    if (ImGui::RadioButton(L(kLabelNames[i]), labels == i)) labels = i;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip(tr("Name labels in the view: %s"), tr(kLabelHelp[i]));
  }
  labels_ = static_cast<ShapeLabels>(labels);
  if (filter.active()) {
    // The count, right-aligned on the labels' line when it fits there.
    char count[64];
    std::snprintf(count, sizeof count, tr("%zu of %zu"), listed, live.pairs().size());
    const float w = ImGui::CalcTextSize(count).x;
    ImGui::SameLine();
    const float room = ImGui::GetContentRegionAvail().x;
    if (room < w) ImGui::NewLine();
    if (room >= w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + room - w);
    ImGui::TextDisabled("%s", count);
  }
}

bool PairsPanel::draw(LivePairs& live, const Scene& scene, int focusA, int focusB, int& a, int& b,
                      bool hideFocusedVerdict) {
  bool clicked = false;
  const std::vector<PairResult>& pairs = live.pairs();
  const std::vector<ExpectationMismatch>& mismatches = live.mismatches();
  const bool all = live.listsAllPairs();
  placePanel(Panel::Pairs);  // docked: ui/layout.hpp
  ImGui::Begin(panelId(Panel::Pairs).c_str(), nullptr, kDockedPanelFlags);
  const size_t overlapCount = live.overlapCount();
  if (all && hideFocusedVerdict) {
    // The counts would tell the focused pair's verdict in a scene of two shapes.
    textWrapped(trn("%zu pair (verdicts after your prediction)", "%zu pairs (verdicts after your prediction)",
                    static_cast<long long>(pairs.size())),
                pairs.size());
  } else if (all) {
    textWrapped(trn("%zu pair: %zu overlap, %zu separated", "%zu pairs: %zu overlap, %zu separated",
                    static_cast<long long>(pairs.size())),
                pairs.size(), overlapCount, pairs.size() - overlapCount);
  } else if (!live.truncated()) {
    textWrapped(tr("%zu shapes: %zu overlapping pairs listed, of %zu tested (separated ones are not)."),
                scene.shapes.size(), overlapCount, live.candidateCount());
  } else {
    // Stopped at a cap: say what was not tested, as exactly as it is known.
    textWrapped(tr("%zu shapes: %zu pairs tested, %zu overlap (listed, the first in file order). Testing stopped "
                   "there, at %s / %s."),
                scene.shapes.size(), live.candidateCount(), overlapCount,
                printable(scene.shapes[live.stopShape()].name).c_str(),
                printable(scene.shapes[live.stopPartner()].name).c_str());
    // Wrapped, in the warning colour: the panel is narrower than these sentences.
    ImGui::PushStyleColor(ImGuiCol_Text, readableText(glm::vec4(1.0f, 0.75f, 0.3f, 1.0f)));
    if (live.untestedCandidates()) {
      const unsigned long long untested = *live.untestedCandidates();
      textWrapped(trn("%llu more pair with overlapping bounds was not tested (it may overlap).",
                      "%llu more pairs with overlapping bounds were not tested (each may overlap).",
                      static_cast<long long>(untested)),
                  untested);
    } else {
      textWrapped("%s", tr("The pairs after it were not tested (too many to count). satlab check lists them all."));
    }
    ImGui::PopStyleColor();
  }
  if (!scene.expect.empty()) {
    // The scene's own expectations, as `satlab check` tests them.
    if (mismatches.empty()) {
      ImGui::TextColored(readableText(glm::vec4(0.4f, 0.85f, 0.45f, 1.0f)), tr("expectations: all %zu met"),
                         scene.expect.size());
    } else {
      ImGui::TextColored(readableText(glm::vec4(1.0f, 0.4f, 0.35f, 1.0f)), tr("expectations: %zu of %zu NOT met"),
                         mismatches.size(), scene.expect.size());
      // Clipped: a scene may have many thousands; only the visible lines are drawn.
      const float lineH = ImGui::GetTextLineHeightWithSpacing();
      const float listH = std::min(static_cast<float>(mismatches.size()), 6.0f) * lineH + 4.0f;
      if (ImGui::BeginChild("##mismatches", ImVec2(0.0f, listH))) {
        ImGuiListClipper clip;
        clip.Begin(static_cast<int>(mismatches.size()));
        while (clip.Step()) {
          for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            // One line each (the clipper needs even rows): cut to the panel, whole in the tooltip.
            const std::string message = printable(mismatches[static_cast<size_t>(i)].message, 300);
            ImGui::PushStyleColor(ImGuiCol_Text, readableText(glm::vec4(1.0f, 0.4f, 0.35f, 1.0f)));
            ImGui::Indent(ImGui::GetFontSize() * 0.5f);
            cellText(message);
            ImGui::Unindent(ImGui::GetFontSize() * 0.5f);
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) {
              ImGui::BeginTooltip();
              ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
              textWrappedUnformatted(message);
              ImGui::PopTextWrapPos();
              ImGui::EndTooltip();
            }
          }
        }
      }
      ImGui::EndChild();
    }
  }
  drawEngineSection();  // a recording's engine vs exact (pairs_panel_engine.cpp)
  // The section's toggles go to the live pairs at once: they start the pipeline over at the
  // next update.
  section_.options = live.pipelineOptions();
  drawPipelineSection(live, section_);
  if (section_.changed) live.setPipelineOptions(section_.options);
  // Filter and labels once the list is long enough to need them (or one is set); else the
  // hint. Each row's tooltip names its test. A filter changed here lists its rows from the
  // next frame on (this frame's table shows the rows it started with).
  const std::vector<size_t>& rows = live.listedRows();
  PairFilter filter = live.filter();
  if (pairs.size() > kFilterFromPairs || filter.active() || labels_ != ShapeLabels::All) {
    drawFilterRow(live, filter, rows.size());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("%s", tr("Click a row to explore it; hover for its test."));
    ImGui::PopStyleColor();
  }
  // The names first: a pair's names are what a user reads to find it. Three columns where
  // the widest pair's names fit on one line beside the verdict and a few words of the
  // reason (the names as wide as that, the reason the rest); else one, each row the names
  // on one line or on two ("a /", "b") across the panel's width, cut in their middle only
  // if a name is wider than the panel (fitPairNames), and the verdict and the reason on a
  // line under them. Names and reasons are
  // measured over the first rows listed (a long list is not measured whole every frame);
  // the row's tooltip says it all (the test's name too).
  // The headers and the verdicts as the window's language writes them.
  // TRANSLATORS: column headers of the pairs table: pair, verdict, why (the reason)
  const char* const pairHeader = tr("pair");
  const char* const verdictHeader = tr("verdict");
  const char* const whyHeader = tr("why");
  const char* const overlapWord = tr("OVERLAP");
  const char* const separatedWord = tr("separated");
  float namesWidth = ImGui::CalcTextSize(pairHeader).x, whyWidth = ImGui::CalcTextSize(whyHeader).x;
  for (size_t i = 0; i < std::min<size_t>(rows.size(), 256); ++i) {
    const PairResult& r = pairs[rows[i]];
    const std::string names = printable(scene.shapes[r.a].name) + " / " + printable(scene.shapes[r.b].name);
    namesWidth = std::max(namesWidth, ImGui::CalcTextSize(names.c_str()).x);
    whyWidth = std::max(whyWidth, ImGui::CalcTextSize(pairWhy(r).c_str()).x);
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchProp;
  const float verdictWidth = std::max(
      {ImGui::CalcTextSize(separatedWord).x, ImGui::CalcTextSize(overlapWord).x, ImGui::CalcTextSize(verdictHeader).x});
  const ImGuiStyle& style = ImGui::GetStyle();
  // What the table takes besides its cells' text: padding, borders, a scroll bar.
  const float avail = ImGui::GetContentRegionAvail().x;
  const float chrome = 6.0f * style.CellPadding.x + 2.0f + style.ScrollbarSize;
  const float whyRoom =
      std::min(whyWidth, ImGui::CalcTextSize(formatted(tr("axis %s, gap %s"), "A2", "0.7").c_str()).x);
  const bool stacked = namesWidth > avail - chrome - verdictWidth - whyRoom;
  const int nameLines = stacked && namesWidth > avail - chrome ? 2 : 1;
  const int rowLines = stacked ? nameLines + 1 : 1;
  const float rowHeight = static_cast<float>(rowLines) * ImGui::GetTextLineHeight() +
                          static_cast<float>(rowLines - 1) * style.ItemSpacing.y;
  if (ImGui::BeginTable(stacked ? "##pairs_stacked" : "##pairs", stacked ? 1 : 3, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    if (stacked) {
      ImGui::TableSetupColumn(tr("pair: verdict, why"), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    } else {
      ImGui::TableSetupColumn(pairHeader, ImGuiTableColumnFlags_WidthFixed, namesWidth);
      ImGui::TableSetupColumn(verdictHeader, ImGuiTableColumnFlags_WidthFixed, verdictWidth);
      ImGui::TableSetupColumn(whyHeader, ImGuiTableColumnFlags_WidthStretch, whyWidth);
    }
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;  // every row is rowLines lines tall
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        const PairResult& r = pairs[rows[static_cast<size_t>(row)]];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(row);
        const bool focused = (static_cast<int>(r.a) == focusA && static_cast<int>(r.b) == focusB) ||
                             (static_cast<int>(r.a) == focusB && static_cast<int>(r.b) == focusA);
        // In the test's roles, as the explorer shows the pair: A first.
        const size_t first = r.swapped ? r.b : r.a, second = r.swapped ? r.a : r.b;
        const std::string nameA = printable(scene.shapes[first].name), nameB = printable(scene.shapes[second].name);
        const std::string names = nameA + " / " + nameB;
        // The row's selectable has no text of its own (names may hold "##", and a label
        // would not be cut to the cell): the names are drawn over it.
        const ImVec2 cell = ImGui::GetCursorPos();
        if (ImGui::Selectable("##row", focused,
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                              ImVec2(0.0f, rowHeight))) {
          a = static_cast<int>(r.a);
          b = static_cast<int>(r.b);
          clicked = true;
        }
        const bool hovered = ImGui::IsItemHovered();
        ImGui::SetCursorPos(cell);
        const float width = ImGui::GetContentRegionAvail().x;
        if (nameLines == 1) {
          ImGui::TextUnformatted(fitPairNames(nameA, nameB, width, imguiTextWidth).c_str());
        } else {
          ImGui::TextUnformatted((elideMiddle(nameA, width - imguiTextWidth(" /"), imguiTextWidth) + " /").c_str());
          ImGui::TextUnformatted(elideMiddle(nameB, width, imguiTextWidth).c_str());
        }
        ImGui::PopID();
        const bool hidden = focused && hideFocusedVerdict;  // "predict, then reveal" is asking
        if (stacked) {
          ImGui::Indent(ImGui::GetFontSize());
        } else {
          ImGui::TableNextColumn();
        }
        if (hidden) {
          ImGui::TextDisabled("?");
        } else if (r.overlap) {
          ImGui::TextColored(readableText(glm::vec4(1.0f, 0.55f, 0.3f, 1.0f)), "%s", overlapWord);
        } else {
          ImGui::TextUnformatted(separatedWord);
        }
        if (stacked) {
          ImGui::SameLine();
          cellText(hidden ? std::string(tr("predict first")) : pairWhy(r), true);
          ImGui::Unindent(ImGui::GetFontSize());
        } else {
          ImGui::TableNextColumn();
          cellText(hidden ? std::string(tr("predict first")) : pairWhy(r));
        }
        if (hovered) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
          textWrappedUnformatted(names);
          const std::string words = hidden ? std::string() : pairWhyInWords(r);
          if (!words.empty()) textWrappedUnformatted(words);
          const std::string_view test = testName(r.test);
          textWrappedDisabled(tr("test: %.*s (%.*s)"), static_cast<int>(test.size()), test.data(),
                              static_cast<int>(r.code.size()), r.code.data());
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
  live.setFilter(scene, std::move(filter));
  return clicked;
}

}  // namespace satlab
