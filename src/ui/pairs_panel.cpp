#include "ui/pairs_panel.hpp"

#include "scene/broad_phase.hpp"
#include "scene/json_path.hpp"
#include "scene/scene_edit.hpp"

#include "ui/layout.hpp"

#include <imgui.h>

#include <algorithm>
#include <cinttypes>

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
  truncated_ = false;
  untestedCandidates_.reset();
  stopShape_ = stopPartner_ = 0;
  all_ = n <= kListAllPairsUpTo;
  if (all_) {
    pairs_ = evaluateAllPairs(scene);
    candidates_ = pairs_.size();
  } else {
    // The broad phase: only pairs whose padded bounds overlap reach the exact test; the
    // rest are separated by their bounds already. Candidates come in file order, and
    // testing stops at the caps (many shapes in one place make n^2 candidates).
    const BroadPhase broad(scene);
    std::vector<std::uint32_t> partners;
    candidates_ = 0;
    for (size_t a = 0; a < n && !truncated_; ++a) {
      broad.candidatesAfter(a, partners);
      for (size_t k = 0; k < partners.size(); ++k) {
        if (pairs_.size() >= kMaxListedPairs || candidates_ >= kMaxTestedPairs) {
          truncated_ = true;
          stopShape_ = a;
          stopPartner_ = partners[k];
          // The rest of a's candidates, and every candidate of the shapes after it, when
          // that can be counted in a few million steps (whole subtrees inside a query
          // count at once: identical shapes count in O(n log n)).
          const std::optional<std::uint64_t> later = broad.countCandidatesFrom(a + 1, 20000000);
          if (later) untestedCandidates_ = *later + (partners.size() - k);
          break;
        }
        ++candidates_;
        PairResult r = evaluatePair(scene, a, partners[k]);
        if (r.overlap) pairs_.push_back(std::move(r));
      }
    }
  }
  mismatches_ = checkExpectations(scene);
  overlapCount_ = 0;
  for (const PairResult& r : pairs_) {
    if (!r.overlap) continue;
    ++overlapCount_;
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
  const size_t overlapCount = overlapCount_;
  if (all_) {
    ImGui::Text("%zu %s: %zu overlap, %zu separated", pairs_.size(), pairs_.size() == 1 ? "pair" : "pairs",
                overlapCount, pairs_.size() - overlapCount);
  } else if (!truncated_) {
    ImGui::TextWrapped(
        "%zu shapes: %zu pairs passed the bounds sweep, %zu overlap (listed). Separated pairs are not listed.",
        scene.shapes.size(), candidates_, overlapCount);
  } else {
    // Stopped at a cap: say what was not tested, as exactly as it is known.
    ImGui::TextWrapped(
        "%zu shapes: %zu pairs tested, %zu overlap (listed, the first in file order). Testing stopped "
        "there, at %s / %s.",
        scene.shapes.size(), candidates_, overlapCount, printable(scene.shapes[stopShape_].name).c_str(),
        printable(scene.shapes[stopPartner_].name).c_str());
    // Wrapped, in the warning colour: the panel is narrower than these sentences.
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.75f, 0.3f, 1.0f));
    if (untestedCandidates_) {
      ImGui::TextWrapped("%" PRIu64 " more pairs with overlapping bounds were not tested (each may overlap).",
                         *untestedCandidates_);
    } else {
      ImGui::TextWrapped("The pairs after it were not tested (too many to count). satlab check lists them all.");
    }
    ImGui::PopStyleColor();
  }
  if (!scene.expect.empty()) {
    // The scene's own expectations, as `satlab check` tests them.
    if (mismatches_.empty()) {
      ImGui::TextColored(ImVec4(0.4f, 0.85f, 0.45f, 1.0f), "expectations: all %zu met", scene.expect.size());
    } else {
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "expectations: %zu of %zu NOT met", mismatches_.size(),
                         scene.expect.size());
      // Clipped: a scene may have many thousands; only the visible lines are drawn.
      const float lineH = ImGui::GetTextLineHeightWithSpacing();
      const float listH = std::min(static_cast<float>(mismatches_.size()), 6.0f) * lineH + 4.0f;
      if (ImGui::BeginChild("##mismatches", ImVec2(0.0f, listH))) {
        ImGuiListClipper clip;
        clip.Begin(static_cast<int>(mismatches_.size()));
        while (clip.Step()) {
          for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "  %s",
                               printable(mismatches_[static_cast<size_t>(i)].message, 300).c_str());
          }
        }
      }
      ImGui::EndChild();
    }
  }
  ImGui::TextDisabled("Click a row (or Ctrl-click two shapes) to explore the pair.");
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
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
        // In the test's roles, as the explorer shows the pair: A first.
        const size_t first = r.swapped ? r.b : r.a, second = r.swapped ? r.a : r.b;
        const std::string names = printable(scene.shapes[first].name) + " / " + printable(scene.shapes[second].name);
        if (ImGui::Selectable(names.c_str(), focused, ImGuiSelectableFlags_SpanAllColumns)) {
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
          const std::string_view axis = label(inTestRoles(r, r.separatingAxis->id));
          ImGui::Text("axis %.*s, gap %.3g", static_cast<int>(axis.size()), axis.data(), r.separatingAxis->gap);
        } else if (r.penetration && r.penetration->id.valid()) {
          const std::string_view axis = label(inTestRoles(r, r.penetration->id));
          ImGui::Text("depth %.3g on %.*s", r.penetration->depth, static_cast<int>(axis.size()), axis.data());
        } else if (r.penetration) {
          ImGui::Text("depth %.3g", r.penetration->depth);
        } else if (r.tEnter && r.tExit) {
          ImGui::Text("t [%.3g, %.3g]", *r.tEnter, *r.tExit);
        } else if (r.distance && !r.overlap) {
          ImGui::Text("gap %.3g", *r.distance);
        }
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%.*s", static_cast<int>(r.code.size()), r.code.data());
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
  return clicked;
}

}  // namespace satlab
