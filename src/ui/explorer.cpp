#include "ui/explorer.hpp"

#include "ui/keys.hpp"
#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

const ImVec4 kSeparates(0.45f, 0.85f, 1.0f, 1.0f);
const ImVec4 kPenetrates(1.0f, 0.6f, 0.3f, 1.0f);
const ImVec4 kDim(0.55f, 0.55f, 0.6f, 1.0f);

/// "t = (b s + f) / e: s = 0.5, t = 0.25". The first step of two proper segments sets only s.
std::string segSegStepText(const SegSegTrace& t, int i) {
  const SegSegStep& st = t.steps[static_cast<size_t>(i)];
  char buf[160];
  if (segSegStepSetsOnlyS(t, i)) {
    std::snprintf(buf, sizeof buf, "%.*s: s = %.4g", static_cast<int>(st.what.size()), st.what.data(), st.s);
  } else {
    std::snprintf(buf, sizeof buf, "%.*s: s = %.4g, t = %.4g", static_cast<int>(st.what.size()), st.what.data(), st.s,
                  st.t);
  }
  return buf;
}

std::string shapeName(const Scene& scene, int i) {
  return (i >= 0 && i < static_cast<int>(scene.shapes.size())) ? scene.shapes[static_cast<size_t>(i)].name : "?";
}

/// Yaw and pitch of an orbit camera whose view direction is `forward`.
CameraRequest lookAlong(const glm::vec3& forward, const glm::vec3& target) {
  const glm::vec3 f = glm::normalize(forward);
  CameraRequest r;
  r.pitchDeg = glm::degrees(std::asin(std::clamp(-f.z, -0.9999f, 0.9999f)));
  r.pitchDeg = std::clamp(r.pitchDeg, -89.0f, 89.0f);
  r.yawDeg = glm::degrees(std::atan2(-f.y, -f.x));
  r.target = target;
  return r;
}

}  // namespace

void Explorer::focus(int a, int b) {
  if ((a == focusA && b == focusB) || (a == focusB && b == focusA)) return;
  focusA = a;
  focusB = b;
  step = 0;
  playing = false;
  hoveredRow = -1;
}

void Explorer::clearFocus() {
  focusA = focusB = -1;
  trace_ = PairTrace{};
  playing = false;
}

int Explorer::stepCount() const {
  switch (trace_.kind) {
    case ExplorerKind::Sat: return static_cast<int>(trace_.sat.rows.size());
    case ExplorerKind::Slab: return static_cast<int>(trace_.slab.rows.size());
    case ExplorerKind::Closest: return static_cast<int>(trace_.closest.rows.size());
    case ExplorerKind::SegmentSegment: return static_cast<int>(trace_.segSeg.steps.size());
    default: return 0;
  }
}

void Explorer::update(const Scene& scene, float dt, bool keyboardFree) {
  const int n = static_cast<int>(scene.shapes.size());
  if (focusA >= n || focusB >= n) clearFocus();
  if (!hasFocus()) return;
  trace_ = tracePair(scene, focusA, focusB, options);
  const int count = stepCount();
  if (keyboardFree && count > 0) {
    if (pressed(Key::RightBracket, Repeat::Yes)) step = std::min(step + 1, count - 1), playing = false;
    if (pressed(Key::LeftBracket, Repeat::Yes)) step = std::max(step - 1, 0), playing = false;
    if (pressed(Key::Space)) {
      playing = !playing;
      if (playing && step >= count - 1) step = 0;
      playClock_ = 0.0f;
    }
  }
  if (playing && count > 0) {
    playClock_ += dt * stepsPerSecond;
    while (playClock_ >= 1.0f) {
      playClock_ -= 1.0f;
      if (step + 1 < count) {
        ++step;
      } else {
        playing = false;
      }
    }
  }
  step = count > 0 ? std::clamp(step, 0, count - 1) : 0;
}

std::string Explorer::statusLine(const Scene& scene, const ViewMapping& view, const OrbitCamera& camera) const {
  if (!hasFocus() || trace_.kind == ExplorerKind::None) return "explorer: (none)";
  char buf[256];
  const int count = stepCount();
  std::snprintf(buf, sizeof buf, "explorer: A=%s B=%s, %s, %s, step %d of %d", shapeName(scene, trace_.shapeA).c_str(),
                shapeName(scene, trace_.shapeB).c_str(), std::string(testName(trace_.test)).c_str(),
                trace_.overlap ? "overlap" : "separated", count > 0 ? step + 1 : 0, count);
  std::string out = buf;
  if (trace_.kind == ExplorerKind::Sat) {
    const SatTrace& t = trace_.sat;
    if (t.stopRow >= 0 && t.stopRow < static_cast<int>(t.rows.size())) {
      out += ", stops at " + std::string(label(t.rows[static_cast<size_t>(t.stopRow)].id));
    }
    if (step < static_cast<int>(t.rows.size())) {
      const SatAxisRow& r = t.rows[static_cast<size_t>(step)];
      out += ", current " + std::string(label(r.id));
      glm::vec2 pa, pb;
      if (const auto place = placeAxis(r, view, camera);
          place &&
          view.toPixel(place->base + r.axis * (0.5f * (r.minA + r.maxA)) - place->perp * (place->pixel * 5.0f), pa) &&
          view.toPixel(place->base + r.axis * (0.5f * (r.minB + r.maxB)) + place->perp * (place->pixel * 5.0f), pb)) {
        std::snprintf(buf, sizeof buf, ", interval A at %.0f,%.0f, B at %.0f,%.0f", pa.x, pa.y, pb.x, pb.y);
        out += buf;
      }
    }
  } else if (trace_.kind == ExplorerKind::SegmentSegment && step < static_cast<int>(trace_.segSeg.steps.size())) {
    out += ", current " + segSegStepText(trace_.segSeg, step);
  }
  return out;
}

void Explorer::drawStepButtons(int count) {
  if (ImGui::Button("Prev ([)")) step = std::max(step - 1, 0), playing = false;
  ImGui::SameLine();
  if (ImGui::Button("Next (])")) step = std::min(step + 1, count - 1), playing = false;
  ImGui::SameLine();
  if (ImGui::Button(playing ? "Pause (Space)" : "Play (Space)")) {
    playing = !playing;
    if (playing && step >= count - 1) step = 0;
    playClock_ = 0.0f;
  }
}

void Explorer::drawStepper() {
  const int count = stepCount();
  if (count <= 0) return;
  drawStepButtons(count);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90);
  ImGui::SliderFloat("steps/s", &stepsPerSecond, 0.25f, 8.0f, "%.2g");
  int shown = step + 1;
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##step", &shown, 1, count, "step %d")) step = shown - 1, playing = false;
}

void Explorer::drawPanel(const Scene& scene, std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB) {
  // The explorer opens when a pair is focused (the pairs panel says how).
  if (!hasFocus() || trace_.kind == ExplorerKind::None) return;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkSize.x - 10.0f, vp->WorkSize.y - 10.0f), ImGuiCond_FirstUseEver,
                          ImVec2(1.0f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(490 * panelScale(), vp->WorkSize.y * 0.5f), ImGuiCond_FirstUseEver);
  ImGui::Begin(panelId("Explorer").c_str());
  ImGui::Text("A = %s   B = %s", shapeName(scene, trace_.shapeA).c_str(), shapeName(scene, trace_.shapeB).c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("(%s)", std::string(testName(trace_.test)).c_str());
  ImGui::SameLine();
  if (trace_.overlap) {
    ImGui::TextColored(kPenetrates, "OVERLAP");
  } else {
    ImGui::TextColored(kSeparates, "SEPARATED");
  }
  switch (trace_.kind) {
    case ExplorerKind::Sat: drawSatPanel(camera, moveB); break;
    case ExplorerKind::Slab: drawSlabPanel(scene); break;
    case ExplorerKind::Closest: drawClosestPanel(); break;
    case ExplorerKind::SegmentSphere: drawSegmentSpherePanel(); break;
    case ExplorerKind::SphereSphere: {
      const SphereSphereResult& r = trace_.sphereSphere;
      ImGui::Text("distance between centres %.4g, sum of radii %.4g", r.distance, r.distance + r.depth);
      ImGui::Text(r.overlap ? "overlap depth %.4g" : "gap %.4g", std::abs(r.depth));
      break;
    }
    case ExplorerKind::SegmentSegment: drawSegmentSegmentPanel(); break;
    case ExplorerKind::None: break;
  }
  ImGui::End();
}

void Explorer::drawStepBar(const Scene& scene) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y - 10.0f),
                          ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.9f);
  ImGui::Begin("##stepbar", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  const int count = stepCount();
  if (!scene.title.empty()) ImGui::TextUnformatted(scene.title.c_str());
  if (!hasFocus() || count == 0) {
    ImGui::TextDisabled("Tab: show the panels");
  } else {
    std::string current;
    if (trace_.kind == ExplorerKind::Sat && step < static_cast<int>(trace_.sat.rows.size())) {
      const SatAxisRow& r = trace_.sat.rows[static_cast<size_t>(step)];
      current = std::string(label(r.id)) + (r.separating ? ": separates" : ": overlaps");
    } else if (trace_.kind == ExplorerKind::Slab && step < static_cast<int>(trace_.slab.rows.size())) {
      const SlabAxisRow& r = trace_.slab.rows[static_cast<size_t>(step)];
      char buf[96];
      std::snprintf(buf, sizeof buf, "slab %.*s: t in [%.3g, %.3g]", static_cast<int>(label(r.id).size()),
                    label(r.id).data(), r.tmin, r.tmax);
      current = buf;
    } else if (trace_.kind == ExplorerKind::SegmentSegment && step < static_cast<int>(trace_.segSeg.steps.size())) {
      current = segSegStepText(trace_.segSeg, step);
    }
    ImGui::Text("%s / %s   step %d of %d   %s", shapeName(scene, trace_.shapeA).c_str(),
                shapeName(scene, trace_.shapeB).c_str(), step + 1, count, current.c_str());
    drawStepButtons(count);
  }
  ImGui::End();
}

void Explorer::drawSatPanel(std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB) {
  const SatTrace& t = trace_.sat;
  int mode = options.mode == SatMode::Full ? 1 : 0;
  ImGui::RadioButton("early exit (production)", &mode, 0);
  ImGui::SameLine();
  ImGui::RadioButton("full (every axis)", &mode, 1);
  options.mode = mode == 1 ? SatMode::Full : SatMode::EarlyExit;
  if (trace_.test == TestId::AabbObb || trace_.test == TestId::ObbObb) {  // the tests with an epsilon
    ImGui::SetNextItemWidth(200);
    ImGui::SliderFloat("epsilon", &options.epsilon, 0.0f, 1e-3f, "%.1e", ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
    if (ImGui::SmallButton("0")) options.epsilon = 0.0f;
    ImGui::SameLine();
    if (ImGui::SmallButton("1e-6")) options.epsilon = kDefaultSatEpsilon;
    ImGui::SameLine();
    ImGui::TextDisabled("(added to |R|)");
  }
  if (trace_.test == TestId::AabbSegment) {
    if (ImGui::SmallButton("Show as slab test")) options.preferSlab = true;
  }
  drawStepper();

  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float tableHeight = std::max(120.0f, ImGui::GetContentRegionAvail().y - 60.0f);
  hoveredRow = -1;
  if (ImGui::BeginTable("##axes", 9, flags, ImVec2(0, tableHeight))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"axis", "kind", "|L|", "rA", "rB", "|s|", "gap", "verdict", ""}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
      const SatAxisRow& r = t.rows[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      const bool afterStop = t.stopRow >= 0 && i > t.stopRow;
      if (i == step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(70, 80, 120, 200));
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      if (ImGui::Selectable(std::string(label(r.id)).c_str(), i == step, ImGuiSelectableFlags_SpanAllColumns)) {
        step = i;
        playing = false;
      }
      if (i == step && scrolledTo_ != step) {
        ImGui::SetScrollHereY(0.5f);  // keep the current axis in sight as the steps go on
        scrolledTo_ = step;
      }
      if (ImGui::IsItemHovered()) hoveredRow = i;
      ImGui::PopID();
      if (afterStop) ImGui::PushStyleColor(ImGuiCol_Text, kDim);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(axisKindName(r.id)).c_str());
      ImGui::TableNextColumn();
      if (r.degenerate) {
        ImGui::TextColored(kPenetrates, "%.2e!", r.length);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("degenerate: the crossed edges are (nearly) parallel");
      } else {
        ImGui::Text("%.4g", r.length);
      }
      ImGui::TableNextColumn();
      ImGui::Text("%.4g", r.radiusA);
      ImGui::TableNextColumn();
      ImGui::Text("%.4g", r.radiusB);
      ImGui::TableNextColumn();
      ImGui::Text("%.4g", std::abs(r.centerDistance));
      ImGui::TableNextColumn();
      ImGui::Text("%+.4g", r.gap);
      ImGui::TableNextColumn();
      if (r.separating) {
        ImGui::TextColored(kSeparates, "separates");
      } else {
        ImGui::TextUnformatted("overlaps");
      }
      ImGui::TableNextColumn();
      if (i == t.separatingRow) {
        ImGui::TextColored(kSeparates, "first separating axis");
      } else if (t.overlap && trace_.satResult.penetration == r.id) {
        ImGui::TextColored(kPenetrates, "min. penetration (%.4g)", trace_.satResult.depth);
      }
      if (i == t.stopRow) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1, 1, 0.4f, 1), "<- early exit stops here");
      }
      if (afterStop) ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
  if (options.mode == SatMode::EarlyExit && !t.overlap) {
    ImGui::TextDisabled("The production test stopped after %d of its axes. Switch to full to see the rest.",
                        t.stopRow + 1);
  }
  // Camera helpers for the current axis.
  if (step < static_cast<int>(t.rows.size())) {
    const SatAxisRow& r = t.rows[static_cast<size_t>(step)];
    const glm::vec3 mid = (t.centerA + t.centerB) * 0.5f;
    if (glm::length(r.axis) > 0.0f && !trace_.twoD) {
      if (ImGui::Button("Look along this axis")) camera = lookAlong(r.axis, mid);
      ImGui::SameLine();
      if (ImGui::Button("Side view (intervals side by side)")) {
        glm::vec3 side = glm::cross(r.axis, glm::vec3(0, 0, 1));
        if (glm::length(side) < 1e-3f) side = glm::cross(r.axis, glm::vec3(1, 0, 0));
        camera = lookAlong(glm::normalize(side), mid);
      }
    }
  }
  if (t.overlap && trace_.satResult.penetration.valid()) {
    if (!trace_.twoD) ImGui::SameLine();
    const float depth = trace_.satResult.depth;
    // Just past touching: touching still counts as overlap.
    if (ImGui::Button("Separate (move B)")) moveB = trace_.satResult.penetrationAxis * (depth * 1.001f + 1e-4f);
  }
}

void Explorer::drawSlabPanel(const Scene& scene) {
  const SlabTrace& t = trace_.slab;
  if (!trace_.twoD && scene.shapes[static_cast<size_t>(trace_.shapeA)].kind() == ShapeKind::Aabb) {
    if (ImGui::SmallButton("Show as 6-axis SAT")) options.preferSlab = false;
  }
  drawStepper();
  // The t number line: the segment is t in [0, 1]; one bar per slab, the running interval
  // after it, and the final answer.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(200.0f, ImGui::GetContentRegionAvail().x - 150.0f);
  const float labelW = 140.0f;
  const float rowH = ImGui::GetTextLineHeightWithSpacing() + 4.0f;
  constexpr float kLo = -0.25f, kHi = 1.25f;
  auto xOf = [&](float tv) {
    const float c = std::clamp(tv, kLo, kHi);
    return origin.x + labelW + (c - kLo) / (kHi - kLo) * width;
  };
  const ImU32 grid = IM_COL32(120, 120, 130, 255);
  const ImU32 white = IM_COL32(235, 235, 240, 255);
  const ImU32 axisCol[3] = {IM_COL32(235, 80, 80, 255), IM_COL32(90, 210, 90, 255), IM_COL32(90, 140, 255, 255)};
  float y = origin.y;
  auto text = [&](float x, float yy, ImU32 c, const std::string& s) { dl->AddText(ImVec2(x, yy), c, s.c_str()); };
  // Header: the segment's own range.
  text(origin.x, y, white, "segment");
  dl->AddLine(ImVec2(xOf(kLo), y + rowH * 0.5f), ImVec2(xOf(kHi), y + rowH * 0.5f), grid, 1.0f);
  dl->AddRectFilled(ImVec2(xOf(0.0f), y + 4), ImVec2(xOf(1.0f), y + rowH - 4), IM_COL32(200, 200, 210, 120));
  text(xOf(0.0f) - 4, y - 2, white, "0");
  text(xOf(1.0f) - 4, y - 2, white, "1");
  y += rowH;
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(i)];
    const ImU32 c = axisCol[std::clamp(r.index, 0, 2)];
    char buf[128];
    if (r.parallel) {
      std::snprintf(buf, sizeof buf, "%.*s: parallel", static_cast<int>(label(r.id).size()), label(r.id).data());
      text(origin.x, y, c, buf);
      if (r.originInside) {
        dl->AddRectFilled(ImVec2(xOf(kLo), y + 4), ImVec2(xOf(kHi), y + rowH - 4), (c & 0x00ffffff) | 0x60000000);
        text(xOf(0.3f), y, white, "all t: p0 is inside this slab");
      } else {
        text(xOf(0.0f), y, white, "no t: p0 is outside this slab");
      }
    } else {
      std::snprintf(buf, sizeof buf, "%.*s: [%.3g, %.3g]", static_cast<int>(label(r.id).size()), label(r.id).data(),
                    r.t1, r.t2);
      text(origin.x, y, c, buf);
      dl->AddRectFilled(ImVec2(xOf(r.t1), y + 4), ImVec2(std::max(xOf(r.t2), xOf(r.t1) + 2.0f), y + rowH - 4),
                        (c & 0x00ffffff) | 0xb0000000);
    }
    y += rowH;
    // The running interval after this slab.
    std::snprintf(buf, sizeof buf, "  running [%.3g, %.3g]", r.tmin, r.tmax);
    text(origin.x, y, r.rejects ? IM_COL32(255, 120, 90, 255) : white, buf);
    if (r.tmin <= r.tmax && !r.rejects) {
      dl->AddRectFilled(ImVec2(xOf(r.tmin), y + 6), ImVec2(std::max(xOf(r.tmax), xOf(r.tmin) + 2.0f), y + rowH - 6),
                        white);
    } else {
      text(xOf(0.35f), y, IM_COL32(255, 120, 90, 255), "empty: this slab rejects the segment");
    }
    y += rowH;
  }
  // Markers for 0 and 1 through every row.
  dl->AddLine(ImVec2(xOf(0.0f), origin.y + rowH), ImVec2(xOf(0.0f), y), grid, 1.0f);
  dl->AddLine(ImVec2(xOf(1.0f), origin.y + rowH), ImVec2(xOf(1.0f), y), grid, 1.0f);
  ImGui::Dummy(ImVec2(labelW + width, y - origin.y + 4.0f));
  if (step + 1 >= static_cast<int>(t.rows.size())) {
    if (t.overlap) {
      ImGui::TextColored(kPenetrates, "Inside the box for t in [%.4g, %.4g]", t.tmin, t.tmax);
    } else if (t.rejectingAxis >= 0 && t.rejectingAxis < static_cast<int>(t.rows.size())) {
      const SlabAxisRow& r = t.rows[static_cast<size_t>(t.rejectingAxis)];
      ImGui::TextColored(kSeparates, "Misses: slab %.*s empties the interval", static_cast<int>(label(r.id).size()),
                         label(r.id).data());
    } else {
      ImGui::TextColored(kSeparates, "Misses the box");
    }
  } else {
    ImGui::TextDisabled("Step on (]) to apply the next slab.");
  }
}

void Explorer::drawClosestPanel() {
  const ClosestTrace& t = trace_.closest;
  drawStepper();
  ImGui::TextWrapped(
      "Arvo: add, over the axes where the centre lies outside the box's slab, the squared distance to "
      "that slab; the sphere touches the box when the sum is <= r².");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(200.0f, ImGui::GetContentRegionAvail().x - 20.0f);
  const float barH = 22.0f;
  const float total = std::max({t.sum, t.radiusSquared, 1e-12f}) * 1.15f;
  auto xOf = [&](float v) { return origin.x + v / total * width; };
  const ImU32 axisCol[3] = {IM_COL32(235, 80, 80, 255), IM_COL32(90, 210, 90, 255), IM_COL32(90, 140, 255, 255)};
  float acc = 0.0f;
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    dl->AddRectFilled(ImVec2(xOf(acc), origin.y), ImVec2(xOf(acc + r.contribution), origin.y + barH),
                      axisCol[std::clamp(r.index, 0, 2)]);
    acc += r.contribution;
  }
  dl->AddLine(ImVec2(xOf(t.radiusSquared), origin.y - 4), ImVec2(xOf(t.radiusSquared), origin.y + barH + 4),
              IM_COL32(255, 255, 255, 255), 2.0f);
  dl->AddText(ImVec2(xOf(t.radiusSquared) + 3, origin.y + barH + 2), IM_COL32(255, 255, 255, 255), "r²");
  ImGui::Dummy(ImVec2(width, barH + 22.0f));
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    if (i > step) ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::Text("%.*s: centre %.4g, slab [%.4g, %.4g] -> clamp %.4g, adds %.4g", static_cast<int>(label(r.id).size()),
                label(r.id).data(), r.center, r.lo, r.hi, r.clamped, r.contribution);
    if (i > step) ImGui::PopStyleColor();
  }
  if (step + 1 >= static_cast<int>(t.rows.size())) {
    ImGui::Text("sum %.4g %s r² = %.4g: %s", acc, acc <= t.radiusSquared ? "<=" : ">", t.radiusSquared,
                acc <= t.radiusSquared ? "they touch" : "no contact");
  } else {
    ImGui::Text("sum so far %.4g (r² = %.4g); step on for the other axes", acc, t.radiusSquared);
  }
  if (step + 1 >= static_cast<int>(t.rows.size())) {
    const float d = trace_.closestResult.distance;
    ImGui::Text("closest point (%.4g, %.4g, %.4g): centre to box %.4g, gap to the sphere %.4g",
                trace_.closestResult.closestPoint.x, trace_.closestResult.closestPoint.y,
                trace_.closestResult.closestPoint.z, d, std::max(0.0f, d - trace_.sphereRadius));
  }
}

void Explorer::drawSegmentSegmentPanel() {
  const SegSegTrace& t = trace_.segSeg;
  const SegSegResult& r = trace_.segSegResult;
  drawStepper();
  ImGui::TextWrapped(
      "Ericson 5.1.9: take the closest point of the two lines on A (s), then the point of B closest to "
      "it (t); if t leaves [0, 1], clamp it and find A's point again.");
  ImGui::Text("a = d1.d1 = %.4g   e = d2.d2 = %.4g   b = d1.d2 = %.4g", t.a, t.e, t.b);
  ImGui::Text("c = d1.r = %.4g   f = d2.r = %.4g   |d1 x d2|^2 = %.4g", t.c, t.f, t.crossSquared);
  if (t.pointA || t.pointB) {
    ImGui::TextUnformatted(t.pointA && t.pointB
                               ? "both segments are points"
                               : (t.pointA ? "A has zero length: it is a point" : "B has zero length: it is a point"));
  } else if (t.parallel) {
    ImGui::TextUnformatted("the segments are parallel: any s on the lines is closest, so s starts at 0");
  }
  for (int i = 0; i < static_cast<int>(t.steps.size()); ++i) {
    if (i > step) ImGui::PushStyleColor(ImGuiCol_Text, kDim);
    ImGui::BulletText("%s", segSegStepText(t, i).c_str());
    if (i > step) ImGui::PopStyleColor();
  }
  if (step + 1 >= static_cast<int>(t.steps.size())) {
    ImGui::Text("closest points at s = %.4g on A, t = %.4g on B; distance %.4g: %s", r.s, r.t, r.distance,
                r.overlap ? "they touch" : "no contact");
  } else {
    ImGui::TextUnformatted("step on to the closest points");
  }
}

void Explorer::drawSegmentSpherePanel() {
  const SegmentSphereTrace& q = trace_.quadratic;
  if (q.point) {
    ImGui::TextWrapped("The segment has zero length: it is the point p0, inside the sphere iff c <= 0 (c = %.4g).",
                       q.c);
    return;
  }
  ImGui::Text("|p0 + t d - c|² = r²  ->  a t² + 2 b t + c = 0");
  ImGui::Text("a = %.4g   b = %.4g   c = %.4g   discriminant/a = %.4g", q.a, q.b, q.c, q.discriminant);
  if (!q.hasRoots) {
    ImGui::TextColored(kSeparates, "No real roots: the line misses the sphere.");
    return;
  }
  ImGui::Text("roots t0 = %.4g, t1 = %.4g", q.t0, q.t1);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float width = std::max(200.0f, ImGui::GetContentRegionAvail().x - 20.0f);
  constexpr float kLo = -0.25f, kHi = 1.25f;
  auto xOf = [&](float tv) { return o.x + (std::clamp(tv, kLo, kHi) - kLo) / (kHi - kLo) * width; };
  dl->AddRectFilled(ImVec2(xOf(0), o.y + 4), ImVec2(xOf(1), o.y + 16), IM_COL32(200, 200, 210, 110));
  dl->AddRectFilled(ImVec2(xOf(q.t0), o.y + 22), ImVec2(std::max(xOf(q.t1), xOf(q.t0) + 2), o.y + 34),
                    IM_COL32(255, 160, 80, 220));
  dl->AddText(ImVec2(xOf(0) - 3, o.y + 36), IM_COL32(230, 230, 230, 255), "0");
  dl->AddText(ImVec2(xOf(1) - 3, o.y + 36), IM_COL32(230, 230, 230, 255), "1");
  ImGui::Dummy(ImVec2(width, 54));
  if (trace_.hit.overlap) {
    ImGui::TextColored(kPenetrates, "Inside the sphere for t in [%.4g, %.4g] (the roots clamped to [0, 1])",
                       trace_.hit.tEnter, trace_.hit.tExit);
  } else {
    ImGui::TextColored(kSeparates, "Both roots lie outside [0, 1]: the segment stops short of the sphere.");
  }
}

}  // namespace satlab
