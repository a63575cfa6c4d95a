#include "ui/frustum_panel.hpp"

#include "i18n/i18n.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/layout.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

// ---- The state ---------------------------------------------------------------------------

void FrustumCulling::reset() {
  read_ = false;
  sourceJson_.clear();
}

void FrustumCulling::frame(const Scene& scene, const std::string& sceneName, const std::vector<int>& selection) {
  const ExtraField* field = nullptr;
  for (const ExtraField& e : scene.extras) {
    if (e.key == "frustum") field = &e;
  }
  present_ = field != nullptr;
  const std::string text = field ? field->json : std::string();
  if (!read_ || text != sourceJson_) {
    read_ = true;
    sourceJson_ = text;
    spec_ = frustumSpecOf(scene, sceneName, error_);
    if (!error_.empty()) std::fprintf(stderr, "satlab: warning: %s; the scene has no second camera\n", error_.c_str());
    if (spec_) orbit_ = orbitOf(*spec_);
    rebuild();
  }
  cull_ = SceneCull{};
  focus_ = -1;
  trace_ = FrustumTrace{};
  if (!spec_) return;
  cull_ = cullScene(scene, frustum_);
  if (selection.size() == 1 && selection[0] >= 0 && selection[0] < static_cast<int>(scene.shapes.size())) {
    focus_ = selection[0];
    focusCull_ = traceShapeCull(scene.shapes[static_cast<std::size_t>(focus_)], frustum_, trace_);
  }
}

void FrustumCulling::rebuild() {
  if (spec_) frustum_ = frustumOf(*spec_);
}

bool FrustumCulling::dims(std::size_t i) const {
  if (!spec_ || !dimCulled || i >= cull_.shapes.size()) return false;
  const ShapeCull& c = cull_.shapes[i];
  return dimByPlanes ? c.planes == FrustumVerdict::Outside : c.culled();
}

bool FrustumCulling::setOrbit(const FrustumOrbit& orbit) {
  if (!spec_) return false;
  const FrustumSpec moved = withOrbit(*spec_, orbit);
  if (frustumSpecProblem(moved)) return false;
  spec_ = moved;
  orbit_ = orbit;
  rebuild();
  return true;
}

bool FrustumCulling::setLens(float fovDeg, float nearDist, float farDist) {
  if (!spec_) return false;
  FrustumSpec s = *spec_;
  s.fovDeg = fovDeg;
  s.nearDist = nearDist;
  s.farDist = farDist;
  if (frustumSpecProblem(s)) return false;
  spec_ = s;
  rebuild();
  return true;
}

std::string FrustumCulling::report(const Scene& scene) const {
  if (!present_) return {};
  if (!spec_) return "satlab: frustum: none (" + error_ + ")\n";
  const CullCounts& n = cull_.counts;
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "satlab: frustum: %d shapes: plane test %d inside, %d intersecting, %d outside; SAT culls %d; "
                "%d false positive%s\n",
                n.shapes, n.inside, n.intersecting, n.culledByPlanes, n.culledBySat, n.falsePositives,
                n.falsePositives == 1 ? "" : "s");
  std::string out = buf;
  for (std::size_t i = 0; i < cull_.shapes.size() && i < scene.shapes.size(); ++i) {
    if (cull_.shapes[i].falsePositive()) out += "satlab: frustum: false positive: " + scene.shapes[i].name + "\n";
  }
  if (focus_ >= 0 && focus_ < static_cast<int>(scene.shapes.size())) {
    out += "satlab: frustum: traced " + scene.shapes[static_cast<std::size_t>(focus_)].name + ": planes " +
           std::string(frustumVerdictName(trace_.verdict));
    if (trace_.cullingPlane >= 0) out += " (" + std::string(frustumPlaneName(trace_.cullingPlane)) + ")";
    out += ", SAT ";
    if (trace_.overlap) {
      out += "overlap (" + std::to_string(trace_.axes.size()) + " axes)";
    } else if (trace_.separatingRow >= 0) {
      out += "separated by " + label(trace_.axes[static_cast<std::size_t>(trace_.separatingRow)].id);
    }
    out += "\n";
  }
  return out;
}

// ---- The panel ---------------------------------------------------------------------------

namespace {

std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(v));
  return buf;
}

void drawControls(FrustumCulling& c) {
  FrustumOrbit o = c.orbit();
  bool moved = false;
  // Room for the longest of the sliders' labels, in the window's language.
  float labelWidth = 0.0f;
  for (const char* l : {L("Yaw"), L("Pitch"), L("Distance"), L("FOV"), L("Near"), L("Far")}) {
    labelWidth = std::max(labelWidth, ImGui::CalcTextSize(l, nullptr, true).x);
  }
  ImGui::PushItemWidth(-labelWidth - ImGui::GetStyle().ItemInnerSpacing.x * 2.0f);
  moved |= ImGui::SliderFloat(L("Yaw"), &o.yawDeg, -180.0f, 180.0f, "%.0f deg");
  moved |= ImGui::SliderFloat(L("Pitch"), &o.pitchDeg, -89.0f, 89.0f, "%.0f deg");
  const float far = c.spec()->farDist;
  moved |= ImGui::SliderFloat(L("Distance"), &o.distance, 0.1f, std::max(far * 2.0f, 1.0f), "%.2f",
                              ImGuiSliderFlags_Logarithmic);
  if (moved) c.setOrbit(o);
  float fov = c.spec()->fovDeg, nearD = c.spec()->nearDist, farD = c.spec()->farDist;
  bool lens = false;
  lens |= ImGui::SliderFloat(L("FOV"), &fov, kMinFrustumFovDeg, 150.0f, "%.0f deg");
  lens |=
      ImGui::SliderFloat(L("Near"), &nearD, 0.05f, std::max(farD * 0.95f, 0.1f), "%.2f", ImGuiSliderFlags_Logarithmic);
  lens |= ImGui::SliderFloat(L("Far"), &farD, nearD * 1.05f, std::max(farD * 4.0f, 10.0f), "%.1f",
                             ImGuiSliderFlags_Logarithmic);
  if (lens) c.setLens(fov, nearD, farD);
  ImGui::PopItemWidth();
  ImGui::Checkbox(L("Dim culled shapes"), &c.dimCulled);
  if (c.dimCulled) {
    int by = c.dimByPlanes ? 1 : 0;
    ImGui::TextUnformatted(tr("Cull by"));
    ImGui::SameLine();
    ImGui::RadioButton(L("SAT (exact)"), &by, 0);
    sameLineIfFits(buttonWidth(L("plane test")) + ImGui::GetFrameHeight());
    ImGui::RadioButton(L("plane test"), &by, 1);
    c.dimByPlanes = by == 1;
  }
  ImGui::Checkbox(L("Mark false positives"), &c.showFalsePositives);
}

void drawCounts(const FrustumCulling& c, const Scene& scene) {
  const CullCounts& n = c.cull().counts;
  textWrapped(trn("%d shape. Plane test: %d inside, %d intersecting, %d outside. SAT culls %d.",
                  "%d shapes. Plane test: %d inside, %d intersecting, %d outside. SAT culls %d.", n.shapes),
              n.shapes, n.inside, n.intersecting, n.culledByPlanes, n.culledBySat);
  if (n.falsePositives == 0) {
    textWrapped("%s", tr("No false positives: every shape the plane test keeps meets the frustum."));
    return;
  }
  const ImVec4 fp = imVec4(currentPalette().falsePositive);
  textWrappedColored(fp,
                     trn("%d false positive: kept by the plane test, culled by SAT:",
                         "%d false positives: kept by the plane test, culled by SAT:", n.falsePositives),
                     n.falsePositives);
  std::string names;
  for (std::size_t i = 0; i < c.cull().shapes.size() && i < scene.shapes.size(); ++i) {
    if (!c.cull().shapes[i].falsePositive()) continue;
    if (!names.empty()) names += trc("list", ", ");
    names += scene.shapes[i].name;
  }
  textWrappedColored(fp, "%s", names.c_str());
}

void drawPlaneRows(const FrustumTrace& t) {
  textWrapped("%s", tr("Plane test, plane by plane: s = n.c + d is the centre's distance inside the plane, r the "
                       "box's half-width along n. Outside when s + r < 0 (the p-vertex is out); it crosses when "
                       "s - r < 0."));
  const ImGuiTableFlags flags =
      ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
  if (!ImGui::BeginTable("planes", 4, flags)) return;
  ImGui::TableSetupColumn(tr("plane"));
  ImGui::TableSetupColumn("s");
  ImGui::TableSetupColumn("r");
  ImGui::TableSetupColumn(tr("says"));
  ImGui::TableHeadersRow();
  for (const FrustumPlaneRow& r : t.planes) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(frustumPlaneWord(r.plane));
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(r.centerDistance).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(r.radius).c_str());
    ImGui::TableNextColumn();
    if (r.verdict == FrustumVerdict::Outside) {
      ImGui::TextColored(separatesColor(), "%s", frustumVerdictWord(r.verdict));
    } else {
      ImGui::TextUnformatted(frustumVerdictWord(r.verdict));
    }
  }
  ImGui::EndTable();
  if (t.cullingPlane >= 0) {
    textWrappedColored(separatesColor(), tr("Culled by the %s plane; the test stops there."),
                       frustumPlaneWord(t.cullingPlane));
  } else if (t.verdict == FrustumVerdict::Inside) {
    textWrapped("%s", tr("No plane has the box wholly outside: inside."));
  } else {
    textWrapped("%s", tr("No plane has the box wholly outside: kept (intersecting)."));
  }
}

void drawSatRows(const FrustumTrace& t) {
  textWrapped("%s", tr("SAT: the frustum's 5 face normals, the box's 3 axes, and 6 frustum edges x 3 box axes. "
                       "Separated when the two intervals on an axis leave a gap."));
  auto table = [&](std::size_t count) {
    const ImGuiTableFlags flags =
        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
    if (!ImGui::BeginTable("sat", 3, flags)) return;
    ImGui::TableSetupColumn(tr("axis"));
    ImGui::TableSetupColumn(tr("gap"));
    ImGui::TableSetupColumn(tr("says"));
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < count && i < t.axes.size(); ++i) {
      const FrustumSatRow& r = t.axes[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(frustumAxisWord(r.id).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.degenerate ? "-" : num(r.gap).c_str());
      ImGui::TableNextColumn();
      if (r.separating) {
        ImGui::TextColored(separatesColor(), "%s", tr("separates"));
      } else if (r.degenerate) {
        ImGui::TextColored(dimColor(), "%s", tr("parallel"));
      } else {
        ImGui::TextUnformatted(tr("overlap"));
      }
    }
    ImGui::EndTable();
  };
  if (!t.overlap && t.separatingRow >= 0) {
    table(t.axes.size());
    textWrappedColored(separatesColor(), tr("Separated by %s (axis %d of 26): culled."),
                       frustumAxisWord(t.axes[static_cast<std::size_t>(t.separatingRow)].id).c_str(),
                       t.separatingRow + 1);
  } else {
    textWrappedColored(penetratesColor(), "%s", tr("No axis separates: the box meets the frustum."));
    if (ImGui::TreeNode(L("All 26 axes"))) {
      table(t.axes.size());
      ImGui::TreePop();
    }
  }
}

}  // namespace

const char* frustumPlaneWord(int plane) {
  switch (static_cast<FrustumPlaneId>(plane)) {
    case FrustumPlaneId::Left: return trc("frustum plane", "left");
    case FrustumPlaneId::Right: return trc("frustum plane", "right");
    case FrustumPlaneId::Bottom: return trc("frustum plane", "bottom");
    case FrustumPlaneId::Top: return trc("frustum plane", "top");
    case FrustumPlaneId::Near: return trc("frustum plane", "near");
    case FrustumPlaneId::Far: return trc("frustum plane", "far");
  }
  return "?";
}

std::string frustumAxisWord(const FrustumAxis& axis) {
  if (axis.kind == FrustumAxis::Kind::Face && axis.frustum >= 0 && axis.frustum < 6)
    return frustumPlaneWord(axis.frustum);
  return label(axis);
}

const char* frustumVerdictWord(FrustumVerdict verdict) {
  switch (verdict) {
    // TRANSLATORS: the plane test's verdict on a box, in a table column "says"
    case FrustumVerdict::Inside: return tr("inside");
    // TRANSLATORS: the plane test's verdict on a box: it crosses the plane
    case FrustumVerdict::Intersecting: return tr("crosses");
    // TRANSLATORS: the plane test's verdict on a box, in capitals in English for emphasis
    case FrustumVerdict::Outside: return tr("OUTSIDE");
  }
  return "?";
}

std::string frustumPanelId() {
  // The title in the window's language; the id after "###" is the Explorer's, whatever the language.
  const std::string explorer = panelId(Panel::Explorer);
  return tr("Second camera") + explorer.substr(explorer.find("###"));
}

void drawFrustumPanel(FrustumCulling& c, const Scene& scene) {
  if (!c.present()) return;
  placePanel(Panel::Explorer);  // the explorer's place: it is about a pair, the frustum about every shape
  if (!ImGui::Begin(frustumPanelId().c_str(), nullptr, kDockedPanelFlags)) {
    ImGui::End();
    return;
  }
  if (!c.active()) {
    textWrappedColored(penetratesColor(), "%s", c.error().c_str());
    ImGui::End();
    return;
  }
  textWrapped("%s", tr("The scene's second camera: its frustum is the wire in the view. Move it with the sliders; "
                       "select one shape to trace its tests."));
  drawControls(c);
  ImGui::Separator();
  drawCounts(c, scene);
  if (c.focus() >= 0 && c.focus() < static_cast<int>(scene.shapes.size())) {
    ImGui::Separator();
    const ShapeCull& f = c.focusCull();
    const std::string& name = scene.shapes[static_cast<std::size_t>(c.focus())].name;
    if (f.falsePositive()) {
      textWrappedColored(imVec4(currentPalette().falsePositive), tr("%s: a false positive of the plane test"),
                         name.c_str());
    } else if (f.culled()) {
      textWrapped(tr("%s: culled"), name.c_str());
    } else {
      textWrapped(tr("%s: in view"), name.c_str());
    }
    if (f.byBounds) textWrapped("%s", tr("(tested by its bounding box)"));
    drawPlaneRows(c.trace());
    drawSatRows(c.trace());
  }
  ImGui::End();
}

}  // namespace satlab
