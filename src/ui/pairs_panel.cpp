#include "ui/pairs_panel.hpp"

#include "scene/scene_edit.hpp"

#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <numeric>

namespace satlab {

namespace {

/// FNV-1a over the numbers that decide the verdicts (and the expectations' names).
std::uint64_t sceneFingerprint(const Scene& scene) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&](const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 1099511628211ull;
  };
  auto vec = [&](const glm::vec3& v) { mix(&v[0], sizeof(float) * 3); };
  const std::uint64_t n = scene.shapes.size();
  mix(&n, sizeof n);
  mix(&scene.view, sizeof scene.view);
  for (const SceneShape& s : scene.shapes) {
    const auto kind = static_cast<int>(s.kind());
    mix(&kind, sizeof kind);
    std::visit(
        [&](const auto& g) {
          using T = std::decay_t<decltype(g)>;
          if constexpr (std::is_same_v<T, Aabb>) {
            vec(g.center), vec(g.half);
          } else if constexpr (std::is_same_v<T, Obb>) {
            vec(g.center), vec(g.half), vec(g.axes[0]), vec(g.axes[1]), vec(g.axes[2]);
          } else if constexpr (std::is_same_v<T, Sphere>) {
            vec(g.center);
            mix(&g.radius, sizeof g.radius);
          } else {
            vec(g.p0), vec(g.p1);
          }
        },
        s.geometry);
    mix(s.name.data(), s.name.size());
  }
  for (const Expectation& e : scene.expect) {
    mix(e.a.data(), e.a.size());
    mix(e.b.data(), e.b.size());
  }
  return h;
}

}  // namespace

void LivePairs::update(const Scene& scene) {
  // Tested live: every frame in which the scene changed. An unchanged scene keeps its
  // verdicts (a 10,000-shape scene would otherwise re-test its pairs every frame).
  const std::uint64_t fingerprint = sceneFingerprint(scene);
  if (evaluated_ && fingerprint == fingerprint_) return;
  fingerprint_ = fingerprint;
  evaluated_ = true;
  const size_t n = scene.shapes.size();
  pairs_.clear();
  overlapping_.assign(n, false);
  partners_.assign(n, {});
  all_ = n <= kListAllPairsUpTo;
  if (all_) {
    pairs_ = evaluateAllPairs(scene);
    candidates_ = pairs_.size();
  } else {
    // Sweep and prune on x: only pairs whose bounds overlap on all three axes reach the
    // exact test; the rest are separated by their bounds already.
    std::vector<glm::vec3> lo(n), hi(n);
    for (size_t i = 0; i < n; ++i) shapeBounds(scene.shapes[i], lo[i], hi[i]);
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return lo[a].x < lo[b].x; });
    candidates_ = 0;
    for (size_t oi = 0; oi < n; ++oi) {
      const size_t i = order[oi];
      for (size_t oj = oi + 1; oj < n && lo[order[oj]].x <= hi[i].x; ++oj) {
        const size_t j = order[oj];
        if (lo[j].y > hi[i].y || lo[i].y > hi[j].y || lo[j].z > hi[i].z || lo[i].z > hi[j].z) continue;
        ++candidates_;
        PairResult r = evaluatePair(scene, std::min(i, j), std::max(i, j));
        if (r.overlap) pairs_.push_back(std::move(r));
      }
    }
    std::sort(pairs_.begin(), pairs_.end(),
              [](const PairResult& x, const PairResult& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
  }
  mismatches_ = checkExpectations(scene);
  for (const PairResult& r : pairs_) {
    if (!r.overlap) continue;
    overlapping_[r.a] = overlapping_[r.b] = true;
    partners_[r.a].push_back(static_cast<int>(r.b));
    partners_[r.b].push_back(static_cast<int>(r.a));
  }
}

bool LivePairs::drawPanel(const Scene& scene, int focusA, int focusB, int& a, int& b) const {
  bool clicked = false;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(10.0f, vp->WorkSize.y - 10.0f), ImGuiCond_FirstUseEver, ImVec2(0.0f, 1.0f));
  ImGui::SetNextWindowSize(panelSize(330, 230), ImGuiCond_FirstUseEver);
  ImGui::Begin(panelId("Pairs").c_str());
  const size_t overlapCount = static_cast<size_t>(
      std::count_if(pairs_.begin(), pairs_.end(), [](const PairResult& r) { return r.overlap; }));
  if (all_) {
    ImGui::Text("%zu %s: %zu overlap, %zu separated", pairs_.size(), pairs_.size() == 1 ? "pair" : "pairs", overlapCount,
                pairs_.size() - overlapCount);
  } else {
    ImGui::TextWrapped("%zu shapes: %zu pairs passed the bounds sweep, %zu overlap (listed). Separated pairs are not listed.",
                       scene.shapes.size(), candidates_, overlapCount);
  }
  if (!scene.expect.empty()) {
    // The scene's own expectations, as `satlab check` tests them.
    if (mismatches_.empty()) {
      ImGui::TextColored(ImVec4(0.4f, 0.85f, 0.45f, 1.0f), "expectations: all %zu met", scene.expect.size());
    } else {
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "expectations: %zu of %zu NOT met",
                         mismatches_.size(), scene.expect.size());
      for (const ExpectationMismatch& m : mismatches_) {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "  %s", m.message.c_str());
      }
    }
  }
  ImGui::TextDisabled("Click a row (or Ctrl-click two shapes) to explore the pair.");
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##pairs", 4, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("pair");
    ImGui::TableSetupColumn("verdict");
    ImGui::TableSetupColumn("why");
    ImGui::TableSetupColumn("test");
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(pairs_.size()));
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        const PairResult& r = pairs_[static_cast<size_t>(row)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(row);
        const bool focused = (static_cast<int>(r.a) == focusA && static_cast<int>(r.b) == focusB) ||
                             (static_cast<int>(r.a) == focusB && static_cast<int>(r.b) == focusA);
        const std::string label = scene.shapes[r.a].name + " / " + scene.shapes[r.b].name;
        if (ImGui::Selectable(label.c_str(), focused, ImGuiSelectableFlags_SpanAllColumns)) {
          a = static_cast<int>(r.a);
          b = static_cast<int>(r.b);
          clicked = true;
        }
        ImGui::PopID();
        ImGui::TableNextColumn();
        if (r.overlap) {
          ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.3f, 1.0f), "OVERLAP");
        } else {
          ImGui::TextUnformatted("separated");
        }
        ImGui::TableNextColumn();
        if (r.separatingAxis) {
          ImGui::Text("axis %s", r.separatingAxis->label.c_str());
        } else if (r.penetration && !r.penetration->label.empty()) {
          ImGui::Text("depth %.3g on %s", r.penetration->depth, r.penetration->label.c_str());
        } else if (r.tEnter && r.tExit) {
          ImGui::Text("t [%.3g, %.3g]", *r.tEnter, *r.tExit);
        } else if (r.distance && !r.overlap) {
          ImGui::Text("gap %.3g", *r.distance);
        }
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", r.test.c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
  return clicked;
}

}  // namespace satlab
