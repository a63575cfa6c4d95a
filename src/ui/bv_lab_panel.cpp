#include "ui/bv_lab_panel.hpp"

#include "i18n/i18n.hpp"
#include "ui/bv_lab_overlay.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/keys.hpp"
#include "ui/layout.hpp"
#include "ui/theme.hpp"
#include "ui/work_indicator.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace satlab {

namespace {

constexpr double kPi = 3.14159265358979323846;
/// The covariance and the area-weighted OBB "differ noticeably" beyond this ratio.
constexpr double kNoticeably = 1.02;

std::size_t slot(LabRow row) { return static_cast<std::size_t>(row); }

ImU32 u32(const glm::vec4& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

std::string printfString(const char* format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}

std::string number(double v) { return printfString("%.4g", v); }

float swatchWidth() { return ImGui::GetFontSize() * 1.6f; }

/// A short line in the row's colour, dashed where the view dashes the row's wire.
void swatch(LabRow row) {
  const float w = swatchWidth(), h = ImGui::GetFrameHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(w, h));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float y = p.y + h * 0.5f, thick = std::max(2.0f, ImGui::GetFontSize() * 0.16f);
  const ImU32 col = u32(labRowColor(currentPalette(), row));
  if (labRowDashed(row)) {
    const float dash = w / 5.0f;
    for (int i = 0; i < 5; i += 2) {
      dl->AddLine(ImVec2(p.x + dash * static_cast<float>(i), y), ImVec2(p.x + dash * static_cast<float>(i + 1), y), col,
                  thick);
    }
  } else {
    dl->AddLine(ImVec2(p.x, y), ImVec2(p.x + w, y), col, thick);
  }
}

/// The first cell of a row: the checkbox that shows the volume (when `lab` is given), its
/// swatch and its name.
void nameCell(BvLab* lab, LabRow row) {
  if (lab != nullptr) {
    ImGui::PushID(static_cast<int>(row));
    bool shown = lab->shown[slot(row)];
    if (ImGui::Checkbox("##shown", &shown)) lab->shown[slot(row)] = shown;
    ImGui::PopID();
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  }
  swatch(row);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(labRowLabel(row));
}

float nameCellWidth(bool checkbox, LabRow row) {
  const ImGuiStyle& s = ImGui::GetStyle();
  return (checkbox ? ImGui::GetFrameHeight() + s.ItemInnerSpacing.x : 0.0f) + swatchWidth() + s.ItemSpacing.x +
         ImGui::CalcTextSize(labRowLabel(row)).x;
}

struct Column {
  std::string header;
  std::vector<std::string> cells;  // one per row
};

float columnWidth(const Column& c) {
  float w = ImGui::CalcTextSize(c.header.c_str()).x;
  for (const std::string& s : c.cells) w = std::max(w, ImGui::CalcTextSize(s.c_str()).x);
  return w;
}

/// A table of `rows` with a name column and `columns`. Where they do not all fit the panel's
/// width, the columns are split over several tables (each repeating the names, the
/// checkboxes only in the first); where not even one fits beside the names, a list.
void rowTable(const char* id, BvLab* lab, const char* nameHeader, const std::vector<LabRow>& rows,
              const std::vector<Column>& columns) {
  const ImGuiStyle& s = ImGui::GetStyle();
  const float avail = ImGui::GetContentRegionAvail().x;
  const float perColumn = 2.0f * s.CellPadding.x + 1.0f;
  float names = ImGui::CalcTextSize(nameHeader).x;
  for (LabRow row : rows) names = std::max(names, nameCellWidth(lab != nullptr, row));
  // Greedy groups of columns that fit beside the names.
  std::vector<std::vector<std::size_t>> groups;
  float used = 0.0f;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const float w = columnWidth(columns[c]) + perColumn;
    if (groups.empty() || used + w > avail) {
      groups.emplace_back();
      used = names + perColumn + 2.0f;
      if (used + w > avail) {
        groups.clear();
        break;
      }
    }
    groups.back().push_back(c);
    used += w;
  }
  if (groups.empty()) {
    // A list: each row's name, then its numbers in one paragraph wrapped under it.
    for (std::size_t r = 0; r < rows.size(); ++r) {
      nameCell(lab, rows[r]);
      std::string line;
      for (const Column& c : columns) line += (line.empty() ? "" : ", ") + c.header + " " + c.cells[r];
      ImGui::Indent();
      textWrapped("%s", line.c_str());
      ImGui::Unindent();
    }
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    ImGui::PushID(static_cast<int>(g));
    if (ImGui::BeginTable(id, static_cast<int>(groups[g].size()) + 1, flags)) {
      ImGui::TableSetupColumn(g == 0 ? nameHeader : "", ImGuiTableColumnFlags_WidthStretch);
      for (std::size_t c : groups[g]) {
        ImGui::TableSetupColumn(columns[c].header.c_str(), ImGuiTableColumnFlags_WidthFixed, columnWidth(columns[c]));
      }
      ImGui::TableHeadersRow();
      for (std::size_t r = 0; r < rows.size(); ++r) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        nameCell(g == 0 ? lab : nullptr, rows[r]);
        for (std::size_t c : groups[g]) {
          ImGui::TableNextColumn();
          ImGui::AlignTextToFramePadding();
          ImGui::TextUnformatted(columns[c].cells[r].c_str());
        }
      }
      ImGui::EndTable();
    }
    ImGui::PopID();
  }
}

std::vector<LabRow> allRows() { return std::vector<LabRow>(kAllLabRows.begin(), kAllLabRows.end()); }

void drawControls(BvLab& lab) {
  bool spin = lab.spinning();
  if (ImGui::Checkbox(L("Spin"), &spin)) lab.setSpinning(spin);
  // TRANSLATORS: between the "Spin" checkbox and the axis chooser: "Spin about world Z (up)"
  const char* about = tr("about");
  sameLineIfFits(ImGui::CalcTextSize(about).x);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(about);
  float comboWidth = 0.0f;
  for (SpinAxis a : {SpinAxis::WorldZ, SpinAxis::WorldX, SpinAxis::WorldY}) {
    comboWidth = std::max(comboWidth, ImGui::CalcTextSize(tr(spinAxisLabel(a))).x);
  }
  comboWidth += ImGui::GetFrameHeight() + 2.0f * ImGui::GetStyle().FramePadding.x;
  sameLineIfFits(comboWidth);
  ImGui::SetNextItemWidth(comboWidth);
  if (ImGui::BeginCombo("##axis", tr(spinAxisLabel(lab.spinAxis())))) {
    for (SpinAxis a : {SpinAxis::WorldZ, SpinAxis::WorldX, SpinAxis::WorldY}) {
      if (ImGui::Selectable(L(spinAxisLabel(a)), a == lab.spinAxis())) lab.setSpinAxis(a);
    }
    ImGui::EndCombo();
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("Show:"));
  struct Preset {
    const char* label;
    std::array<bool, kLabRows> shown;
  };
  // "Using AABB"'s figure 2: the OBB, the optimal AABB and the AABB of the OBB.
  // The labels are buttons' labels: shown through L() below.
  const Preset presets[] = {{N_("figure 2"), {true, true, true, false, false, false, false, false, false}},
                            {N_("boxes"), {true, true, true, true, true, true, true, false, false}},
                            {N_("all"), {true, true, true, true, true, true, true, true, true}},
                            {N_("none"), {}}};
  for (const Preset& p : presets) {
    sameLineIfFits(buttonWidth(L(p.label)));
    if (ImGui::Button(L(p.label))) lab.shown = p.shown;
  }
}

void drawCovarianceNote(const BvLab& lab) {
  const std::optional<double> r = lab.covarianceOverAreaWeighted();
  if (!r) return;
  if (*r >= kNoticeably || *r <= 1.0 / kNoticeably) {
    textWrappedColored(
        penetratesColor(),
        tr("The covariance OBB is %.2f\xc3\x97 the area-weighted OBB here. The covariance of the triangles' "
           "vertices counts where the mesh is finely cut as heavier, and its axes lean that way; weighting "
           "the hull's triangles by their area does not depend on how the surface is cut."),
        *r);
  } else {
    textWrapped(
        tr("The covariance and the area-weighted OBB agree within 2%% on this mesh (%.3f\xc3\x97): its triangles "
           "are spread evenly. A mesh with one finely cut part pulls them apart."),
        *r);
  }
}

void drawSpinPlot(const BvLab& lab) {
  textWrapped(tr("Each volume over a turn about %s:"), tr(spinAxisLabel(lab.spinAxis())));
  const BvLab::Plot* plot = lab.plot();
  if (plot == nullptr) {
    ImGui::TextDisabled("%s", tr("computing the plot..."));
    return;
  }
  std::vector<LabRow> rows;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (LabRow row : kLabDrawOrder) {
    if (!lab.shown[slot(row)]) continue;
    rows.push_back(row);
    for (double v : plot->volumes[slot(row)]) lo = std::min(lo, v), hi = std::max(hi, v);
  }
  const std::size_t n = plot->angles.size();
  if (rows.empty() || n == 0 || !std::isfinite(lo) || !std::isfinite(hi)) {
    ImGui::TextDisabled("%s", tr("(no volume shown)"));
    return;
  }
  // On a log scale where the volumes span more than a factor of 4 (the cube is often many
  // times the rest): the optimal AABB's wobble then still shows beside it.
  const bool logScale = lo > 0.0 && hi / lo > 4.0;
  auto scaled = [&](double v) { return logScale ? std::log10(v) : v; };
  const double slo = scaled(lo), shi = scaled(hi);
  const double pad = shi > slo ? (shi - slo) * 0.08 : std::max(std::abs(shi) * 0.05, 1e-30);
  const double y0 = lo >= 0.0 && !logScale ? std::max(0.0, slo - pad) : slo - pad, y1 = shi + pad;
  const Palette& pal = currentPalette();
  const float width = ImGui::GetContentRegionAvail().x;
  const float height = std::clamp(width * 0.3f, ImGui::GetTextLineHeight() * 5.0f, ImGui::GetTextLineHeight() * 9.0f);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, height));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float m = std::max(3.0f, ImGui::GetFontSize() * 0.25f);
  const float x0 = p0.x + m, x1 = p0.x + width - m, top = p0.y + m, bottom = p0.y + height - m;
  dl->AddRect(p0, ImVec2(p0.x + width, p0.y + height), u32(pal.panelGrid));
  auto xAt = [&](double angle) { return x0 + static_cast<float>(angle / (2.0 * kPi)) * (x1 - x0); };
  auto yAt = [&](double v) { return bottom - static_cast<float>((scaled(v) - y0) / (y1 - y0)) * (bottom - top); };
  const float thick = std::max(2.0f, ImGui::GetFontSize() * 0.14f);
  const double angle = static_cast<double>(lab.spinAngle());
  const double at = angle / (2.0 * kPi) * static_cast<double>(n);
  const std::size_t k0 = std::min(static_cast<std::size_t>(at), n - 1);
  const double f = at - static_cast<double>(k0);
  std::vector<ImVec2> pts(n + 1);
  for (LabRow row : rows) {
    const std::vector<double>& v = plot->volumes[slot(row)];
    // The turn is periodic: the last point is the first again, at 360 degrees.
    for (std::size_t k = 0; k <= n; ++k) pts[k] = ImVec2(xAt(2.0 * kPi * static_cast<double>(k) / n), yAt(v[k % n]));
    dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), u32(labRowColor(pal, row)), 0, thick);
  }
  // The mesh's angle now, and where each line is there.
  const float xm = xAt(angle);
  dl->AddLine(ImVec2(xm, top), ImVec2(xm, bottom), u32(pal.panelMarker), std::max(1.0f, thick * 0.6f));
  for (LabRow row : rows) {
    const std::vector<double>& v = plot->volumes[slot(row)];
    const double value = v[k0] + (v[(k0 + 1) % n] - v[k0]) * f;
    dl->AddCircleFilled(ImVec2(xm, yAt(value)), thick * 1.8f, u32(labRowColor(pal, row)));
  }
  // The angle under the plot: 0, 180 and 360 degrees.
  const char* ticks[] = {"0\xc2\xb0", "180\xc2\xb0", "360\xc2\xb0"};
  const ImVec2 t0 = ImGui::GetCursorScreenPos();
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (int i = 0; i < 3; ++i) {
    const float w = ImGui::CalcTextSize(ticks[i]).x;
    const float x = i == 0 ? p0.x : i == 1 ? p0.x + (width - w) * 0.5f : p0.x + width - w;
    dl->AddText(ImVec2(x, t0.y), ink, ticks[i]);
  }
  ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
  auto unscaled = [&](double y) { return logScale ? std::pow(10.0, y) : y; };
  textWrapped(logScale ? tr("Bottom %s, top %s (log scale); the upright line marks the mesh's angle now.")
                       : tr("Bottom %s, top %s; the upright line marks the mesh's angle now."),
              number(unscaled(y0)).c_str(), number(unscaled(y1)).c_str());
}

/// A row's volume over the whole turn: "4 flat" or "11.36 .. 35.3" (empty without a plot).
std::string turnRange(const BvLab& lab, LabRow row) {
  const BvLab::Plot* plot = lab.plot();
  if (plot == nullptr || plot->volumes[slot(row)].empty()) return "...";
  const std::vector<double>& v = plot->volumes[slot(row)];
  const auto [mn, mx] = std::minmax_element(v.begin(), v.end());
  if (*mx - *mn <= 1e-6 * std::abs(*mx)) {
    // TRANSLATORS: a volume that stays the same over the whole turn: "4 flat"
    char buf[96];
    std::snprintf(buf, sizeof buf, tr("%s flat"), number(*mn).c_str());
    return buf;
  }
  return number(*mn) + " .. " + number(*mx);
}

}  // namespace

std::string formatSeconds(double s) {
  if (!std::isfinite(s) || s <= 0.0) return "0 s";
  if (s < 1e-6) return printfString("%.0f ns", s * 1e9);
  if (s < 1e-3) return printfString(s < 1e-5 ? "%.1f \xc2\xb5s" : "%.0f \xc2\xb5s", s * 1e6);
  if (s < 1.0) return printfString(s < 1e-2 ? "%.1f ms" : "%.0f ms", s * 1e3);
  return printfString("%.2f s", s);
}

std::string formatUpdateCost(LabRow row, double seconds) {
  // labRowUpdateCost's words are English (the report prints them); the window's are here.
  const std::string cost = labRowUpdateCost(row);
  // TRANSLATORS: the cost of updating a volume each frame, O() of the mesh's vertex count
  const std::string shown = cost == "none"          ? std::string(tr("none (moved)"))
                            : cost == "O(vertices)" ? std::string(tr("O(vertices)"))
                                                    : cost;
  return shown + " " + formatSeconds(seconds);
}

std::string bvLabPanelId() {
  const std::string explorer = panelId(Panel::Explorer);
  return tr("Bounding volumes") + explorer.substr(explorer.find("###"));
}

void drawBvLabPanel(BvLab& lab, const Scene& scene) {
  if (!lab.active()) return;
  placePanel(Panel::Explorer);  // the explorer's place: it is about a pair, the lab about one mesh
  if (!ImGui::Begin(bvLabPanelId().c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return;
  }
  const SceneShape& shape = scene.shapes[static_cast<std::size_t>(lab.shape())];
  const MeshShape& mesh = *meshBodyOf(shape.geometry);  // a mesh, or a hull's surface
  textWrapped(tr("%s: %s vertices, %s triangles"), shape.name.c_str(), groupedNumber(mesh.vertexCount()).c_str(),
              groupedNumber(mesh.triangleCount()).c_str());
  switch (lab.state()) {
    case BvLab::State::Inactive: break;
    case BvLab::State::Failed: textWrappedColored(penetratesColor(), "%s", lab.error().c_str()); break;
    case BvLab::State::Computing:
      drawWorkProgress(lab.buildProgress());
      textWrapped("%s", tr("(the minimum OBB tries the hull's edges against each other; the view shows every volume "
                           "when it is done)"));
      // Esc too, which the view leaves to the lab while it builds (SceneView::update).
      if (ImGui::Button(L("Cancel (Esc)")) || pressed(Key::Escape)) lab.cancelBuild();
      break;
    case BvLab::State::Cancelled:
      textWrapped("%s", tr("Cancelled: the volumes were not built."));
      if (ImGui::Button(L("Build the volumes"))) lab.buildAgain();
      break;
    case BvLab::State::Ready: {
      const MeshFrameVolumes& local = *lab.local();
      if (local.hull.volume > 0.0) {
        textWrapped(tr("Convex hull: %s vertices, volume %s (Qhull, %s)"),
                    groupedNumber(local.hull.hull.vertices.size()).c_str(), number(local.hull.volume).c_str(),
                    formatSeconds(lab.hullSeconds()).c_str());
      } else {
        textWrapped(tr("Convex hull: flat (%s vertices), so no ratio to its volume (Qhull, %s)"),
                    groupedNumber(local.hull.hull.vertices.size()).c_str(), formatSeconds(lab.hullSeconds()).c_str());
      }
      drawControls(lab);
      drawSpinPlot(lab);
      ImGui::Separator();
      // TRANSLATORS: column headers of the volumes table: the volume, its ratio to the convex
      // hull's ("× hull"), the time to build it, to update it each frame, its range over a turn
      Column volume{tr("volume"), {}}, ratio{tr("\xc3\x97 hull"), {}}, build{tr("build"), {}},
          update{tr("per frame"), {}}, turn{tr("over a turn"), {}};
      for (LabRow row : kAllLabRows) {
        volume.cells.push_back(number(lab.volume(row)));
        const std::optional<double> r = lab.hullRatio(row);
        ratio.cells.push_back(r ? printfString("%.2f", *r) : "-");
        build.cells.push_back(formatSeconds(lab.buildSeconds(row)));
        const std::optional<double> seconds = lab.updateSeconds(row);
        update.cells.push_back(seconds ? formatUpdateCost(row, *seconds) : std::string(tr("measuring...")));
        turn.cells.push_back(turnRange(lab, row));
      }
      rowTable("##volumes", &lab, tr("shown"), allRows(), {volume, ratio, build, update, turn});
      textWrapped(
          tr("The area-weighted and minimum OBBs and the minimum sphere are built on the hull (%s more). This frame "
             "placed every volume in %s; the optimal AABB's pass over the %s vertices is most of it."),
          formatSeconds(lab.hullSeconds()).c_str(), formatSeconds(lab.frameSeconds()).c_str(),
          groupedNumber(mesh.vertexCount()).c_str());
      drawCovarianceNote(lab);
      break;
    }
  }
  ImGui::End();
}

}  // namespace satlab
