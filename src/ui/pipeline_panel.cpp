#include "ui/pipeline_panel.hpp"

#include "i18n/i18n.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace satlab {

int wholePercent(double share) {
  if (!(share == share)) return 0;
  return static_cast<int>(std::lround(std::clamp(share, -10.0, 10.0) * 100.0));
}

namespace {

/// One plot over the frames kept: `value(frame stats)`, with its last value in the label.
template <class Value>
void plot(const char* label, const std::deque<PipelineFrameStats>& history, Value value, const char* format) {
  std::vector<float> v;
  v.reserve(history.size());
  float hi = 0.0f;
  for (const PipelineFrameStats& s : history) {
    v.push_back(static_cast<float>(value(s)));
    hi = std::max(hi, v.back());
  }
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, format, v.empty() ? 0.0 : static_cast<double>(v.back()));
  ImGui::PlotLines(label, v.data(), static_cast<int>(v.size()), 0, overlay, 0.0f, hi > 0.0f ? hi * 1.1f : 1.0f,
                   // ImGui 1.86's PlotEx takes the size as given (a negative width draws nothing).
                   ImVec2(std::max(ImGui::GetContentRegionAvail().x, 1.0f), ImGui::GetTextLineHeight() * 2.6f));
}

}  // namespace

void drawPipelineSection(const LivePairs& live, PipelineSectionState& state) {
  const std::deque<PipelineFrameStats>* shadow = live.shadowHistory();
  state.changed = false;
  // The header's words as far as the panel holds them (a narrow panel at a projector's
  // scale): the tooltip says it all. The id stays the same, and so does the open state.
  // Measured in the window's language.
  std::string label;
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() - 2.0f * ImGui::GetStyle().FramePadding.x;
  for (const char* shorter : {tr("Pipeline (AABB -> exact, caches)"), tr("Pipeline (AABB -> exact)"), tr("Pipeline")}) {
    label = std::string(shorter) + "###pipeline";
    if (ImGui::CalcTextSize(shorter).x <= room) break;
  }
  state.open = ImGui::CollapsingHeader(label.c_str());
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip(
        "%s", tr("The two-phase pipeline of the 2010 bounding-box paper, run each frame: counts, caches, times"));
  }
  if (!state.open) return;
  const PipelineFrameStats& s = live.pipelineFrame();
  ImGui::PushTextWrapPos(0.0f);
  if (s.refused) {
    textWrappedColored(readableText(glm::vec4(1.0f, 0.4f, 0.35f, 1.0f)),
                       state.options.useTree
                           ? tr("Not run this frame: more candidate pairs than a frame tests (%llu pairs possible).")
                           : tr("Not run this frame: more candidate pairs than a frame tests (%llu pairs possible); "
                                "turn the tree on."),
                       static_cast<unsigned long long>(s.pairsPossible));
  }
  // The counts down the pipeline, one phase a line.
  textWrapped(tr("frame %llu: %llu pairs possible"), static_cast<unsigned long long>(s.frame),
              static_cast<unsigned long long>(s.pairsPossible));
  textWrapped(tr("after the tree %llu, after the AABB test %llu"), static_cast<unsigned long long>(s.afterTree),
              static_cast<unsigned long long>(s.afterAabb));
  textWrapped(tr("exact tests %llu, colliding %llu"), static_cast<unsigned long long>(s.exactTests),
              static_cast<unsigned long long>(s.colliding));
  textWrappedDisabled(tr("ms: tree %.3f, AABB %.3f, exact %.3f"), s.treeMs, s.aabbMs, s.exactMs);
  textWrappedDisabled(tr("AABB list: %llu hits, %llu misses, %llu evicted"),
                      static_cast<unsigned long long>(s.aabbHits), static_cast<unsigned long long>(s.aabbMisses),
                      static_cast<unsigned long long>(s.aabbEvictions));
  textWrappedDisabled(
      tr("OBB list: %llu hits, %llu misses, %llu evicted"), static_cast<unsigned long long>(s.triangleHits),
      static_cast<unsigned long long>(s.triangleMisses), static_cast<unsigned long long>(s.triangleEvictions));
  // Claim 1, the large-scene blog post: the AABB test alone settles most pairs.
  std::uint64_t candidates = 0, exact = 0;
  for (const PipelineFrameStats& f : live.pipelineHistory()) {
    candidates += f.afterTree;
    exact += f.exactTests;
  }
  const double share = candidates ? 1.0 - static_cast<double>(exact) / static_cast<double>(candidates) : 1.0;
  if (s.afterTree == 0 && candidates == 0) {
    textWrapped("%s", tr("AABB test alone: no candidate pairs yet."));
  } else {
    textWrapped(trn("AABB test alone settled %d%% of candidate pairs (%d%% over the last %zu frame).",
                    "AABB test alone settled %d%% of candidate pairs (%d%% over the last %zu frames).",
                    static_cast<long long>(live.pipelineHistory().size())),
                wholePercent(s.settledByAabbShare()), wholePercent(share), live.pipelineHistory().size());
  }
  // Claim 2, the 2010 paper: the caches save time, measured against the shadow run.
  const PipelineOptions& o = state.options;
  if (!o.aabbCache && !o.triangleCache) {
    textWrappedDisabled("%s", tr("caches: both off (turn one on to measure its saving)"));
  } else if (shadow && shadow->size() > 1) {
    const CacheSaving c = measureCacheSaving(live.pipelineHistory(), *shadow);
    textWrapped(trn("caches: %+.1f%% time over the last %zu frame (%.2f ms against %.2f ms without them)",
                    "caches: %+.1f%% time over the last %zu frames (%.2f ms against %.2f ms without them)",
                    static_cast<long long>(c.frames)),
                -100.0 * c.share, c.frames, c.mainMs, c.shadowMs);
    if (!c.verdictsAgree) {
      textWrappedColored(readableText(glm::vec4(1.0f, 0.4f, 0.35f, 1.0f)), "%s", tr("the runs disagree on a verdict"));
    }
  } else {
    textWrappedDisabled("%s", tr("caches: measuring (a run without them steps beside this one)..."));
  }
  ImGui::PopTextWrapPos();
  // The toggles: a change starts both pipelines over.
  PipelineOptions next = state.options;
  // TRANSLATORS: a checkbox: the broad phase's dynamic AABB tree on or off
  ImGui::Checkbox(L("tree"), &next.useTree);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Off: every pair of the scene goes through the AABB test"));
  ImGui::SameLine();
  // TRANSLATORS: a checkbox: the exact (narrow) phase on or off
  ImGui::Checkbox(L("exact"), &next.exactPhase);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("Off: a pair whose AABBs collide counts as colliding (phase 1 alone)"));
  }
  ImGui::Checkbox(L("AABB list"), &next.aabbCache);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s",
                      tr("Cache 1: the colliding pairs kept frame to frame with their counts; least used evicted"));
  }
  ImGui::SameLine();
  ImGui::Checkbox(L("OBB list"), &next.triangleCache);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("Cache 2: per mesh pair the last colliding triangle, tested first"));
  }
  if (next != state.options) {
    state.options = next;
    state.changed = true;
  }
  // The tree in the view, one level at a time; a selected shape's query path over it.
  ImGui::Checkbox(L("draw tree"), &state.drawTree);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("The dynamic tree's fat boxes at one depth; select a shape to see its query's path"));
  }
  if (state.drawTree) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::SliderInt("##level", &state.treeLevel, 0, std::max(0, live.pipelineTreeHeight()), tr("level %d"));
  }
  const auto& h = live.pipelineHistory();
  plot(
      "##total", h, [](const PipelineFrameStats& f) { return f.totalMs; }, tr("frame %.3f ms"));
  plot(
      "##settled", h, [](const PipelineFrameStats& f) { return 100.0 * f.settledByAabbShare(); },
      tr("settled by AABB %.0f%%"));
  plot(
      "##exact", h, [](const PipelineFrameStats& f) { return static_cast<double>(f.exactTests); },
      tr("exact tests %.0f"));
}

}  // namespace satlab
