#include "ui/explorer.hpp"

#include "ui/keys.hpp"
#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace satlab {

void Explorer::focus(int a, int b) {
  if ((a == focusA && b == focusB) || (a == focusB && b == focusA)) return;
  focusA = a;
  focusB = b;
  step = 0;
  playing = false;
  for (ExplorerView* v : std::initializer_list<ExplorerView*>{&sat_, &slab_, &closest_, &segmentSphere_, &sphereSphere_,
                                                              &segmentSegment_}) {
    v->reset();
  }
}

void Explorer::clearFocus() {
  focusA = focusB = -1;
  trace_ = PairTrace{};
  playing = false;
}

const ExplorerView* Explorer::view() const {
  if (!hasFocus()) return nullptr;
  switch (trace_.kind) {
    case ExplorerKind::Sat: return &sat_;
    case ExplorerKind::Slab: return &slab_;
    case ExplorerKind::Closest: return &closest_;
    case ExplorerKind::SegmentSphere: return &segmentSphere_;
    case ExplorerKind::SphereSphere: return &sphereSphere_;
    case ExplorerKind::SegmentSegment: return &segmentSegment_;
    case ExplorerKind::None: return nullptr;
  }
  return nullptr;
}

ExplorerView* Explorer::view() { return const_cast<ExplorerView*>(static_cast<const Explorer*>(this)->view()); }

int Explorer::stepCount() const {
  const ExplorerView* v = view();
  return v ? v->stepCount(trace_) : 0;
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
      playClock = 0.0f;
    }
  }
  if (playing && count > 0) {
    playClock += dt * stepsPerSecond;
    while (playClock >= 1.0f) {
      playClock -= 1.0f;
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
  const ExplorerView* v = this->view();
  if (v == nullptr) return "explorer: (none)";
  char buf[256];
  const int count = stepCount();
  std::snprintf(buf, sizeof buf, "explorer: A=%s B=%s, %s, %s, step %d of %d", shapeName(scene, trace_.shapeA).c_str(),
                shapeName(scene, trace_.shapeB).c_str(), std::string(testName(trace_.test)).c_str(),
                trace_.overlap ? "overlap" : "separated", count > 0 ? step + 1 : 0, count);
  return buf + v->statusDetail(input(scene), view, camera);
}

void Explorer::drawPanel(const Scene& scene, std::optional<CameraRequest>& camera, std::optional<glm::vec3>& moveB) {
  // The explorer opens when a pair is focused (the pairs panel says how).
  ExplorerView* v = view();
  if (v == nullptr) return;
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
    ImGui::TextColored(penetratesColor(), "OVERLAP");
  } else {
    ImGui::TextColored(separatesColor(), "SEPARATED");
  }
  PanelRequests requests;
  v->drawPanel(input(scene), *this, requests);
  if (requests.camera) camera = requests.camera;
  if (requests.moveB) moveB = requests.moveB;
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
  const ExplorerView* v = view();
  if (v == nullptr || count == 0) {
    ImGui::TextDisabled("Tab: show the panels");
  } else {
    const std::string current = v->stepText(input(scene));
    ImGui::Text("%s / %s   step %d of %d   %s", shapeName(scene, trace_.shapeA).c_str(),
                shapeName(scene, trace_.shapeB).c_str(), step + 1, count, current.c_str());
    drawStepButtons(*this, count);
  }
  ImGui::End();
}

void Explorer::drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                           const glm::vec2& fbPerWindow) const {
  if (const ExplorerView* v = this->view())
    v->drawOverlay(input(scene), OverlayTarget{lines, view, camera, fbPerWindow});
}

}  // namespace satlab
