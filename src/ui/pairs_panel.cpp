#include "ui/pairs_panel.hpp"

#include "scene/broad_phase.hpp"
#include "scene/json_path.hpp"
#include "scene/scene_edit.hpp"

#include "ui/explorer_kind.hpp"
#include "ui/layout.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <unordered_set>

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
          } else if constexpr (std::is_same_v<T, Triangle>) {
            vec(g.a), vec(g.b), vec(g.c);
          } else if constexpr (std::is_same_v<T, MeshShape>) {
            const void* data = g.data.get();  // the triangles never change; the pose does
            mix(&data, sizeof data);
            vec(g.pose.center), vec(g.pose.scale), vec(g.pose.axes[0]), vec(g.pose.axes[1]), vec(g.pose.axes[2]);
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

std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", static_cast<double>(v));
  return buf;
}

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

const char* const kVerdictNames[] = {"all pairs", "overlapping", "separated", "failing"};
const char* const kLabelNames[] = {"all", "selected", "none"};
const char* const kLabelHelp[] = {"every shape (the larger ones in a crowded scene)", "the selected and hovered shapes",
                                  "none"};

}  // namespace

bool nameContains(std::string_view name, std::string_view needle) {
  if (needle.empty()) return true;
  if (needle.size() > name.size()) return false;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  for (size_t i = 0; i + needle.size() <= name.size(); ++i) {
    size_t k = 0;
    while (k < needle.size() && lower(name[i + k]) == lower(needle[k])) ++k;
    if (k == needle.size()) return true;
  }
  return false;
}

std::vector<size_t> filterPairs(const Scene& scene, const std::vector<PairResult>& pairs,
                                const std::vector<ExpectationMismatch>& mismatches, const PairFilter& filter) {
  // The failing expectations' name pairs, each in both orders.
  std::unordered_set<std::string> failing;
  if (filter.verdict == PairVerdictFilter::ExpectationFailing) {
    for (const ExpectationMismatch& m : mismatches) {
      if (m.index >= scene.expect.size()) continue;
      const Expectation& e = scene.expect[m.index];
      failing.insert(e.a + '\0' + e.b);
      failing.insert(e.b + '\0' + e.a);
    }
  }
  std::vector<size_t> out;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const PairResult& r = pairs[i];
    if (r.a >= scene.shapes.size() || r.b >= scene.shapes.size()) continue;
    const std::string& a = scene.shapes[r.a].name;
    const std::string& b = scene.shapes[r.b].name;
    switch (filter.verdict) {
      case PairVerdictFilter::All: break;
      case PairVerdictFilter::Overlapping:
        if (!r.overlap) continue;
        break;
      case PairVerdictFilter::Separated:
        if (r.overlap) continue;
        break;
      case PairVerdictFilter::ExpectationFailing:
        if (failing.count(a + '\0' + b) == 0) continue;
        break;
    }
    if (!nameContains(a, filter.text) && !nameContains(b, filter.text)) continue;
    out.push_back(i);
  }
  return out;
}

// "1 node", "2 nodes".
static std::string counted(std::size_t n, const char* what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string pairWhy(const PairResult& r) {
  if (r.separatingAxis) return "axis " + axisName(r, r.separatingAxis->id) + ", gap " + number(r.separatingAxis->gap);
  if (r.penetration && r.penetration->id.valid())
    return "depth " + number(r.penetration->depth) + " on " + axisName(r, r.penetration->id);
  if (r.penetration) return "depth " + number(r.penetration->depth);
  if (r.tEnter && r.tExit) return "t [" + number(*r.tEnter) + ", " + number(*r.tExit) + "]";
  if (r.distance && !r.overlap) return "gap " + number(*r.distance);
  if (r.segmentPair && !r.overlap) return "no part inside";
  if (!r.tested) return "not tested";
  if (r.mesh) {
    return counted(r.mesh->nodeTests, "node") + ", " + counted(r.mesh->triangleTests, "triangle test");
  }
  return {};
}

std::string pairWhyInWords(const PairResult& r) {
  if (r.separatingAxis) {
    return "Separating axis " + axisName(r, r.separatingAxis->id) + ": the projections leave a gap of " +
           number(r.separatingAxis->gap) + ".";
  }
  if (r.penetration && r.penetration->id.valid()) {
    return "Overlap: " + number(r.penetration->depth) + " deep along " + axisName(r, r.penetration->id) +
           ", the axis of the shortest push apart.";
  }
  if (r.penetration) return "Overlap: " + number(r.penetration->depth) + " deep.";
  if (r.tEnter && r.tExit) {
    return "The segment is inside for t in [" + number(*r.tEnter) + ", " + number(*r.tExit) + "].";
  }
  if (r.distance && !r.overlap) return "The shapes are " + number(*r.distance) + " apart.";
  if (r.segmentPair && !r.overlap) return "No part of the segment is inside the other shape.";
  if (!r.tested) return kNotTestedText;
  if (r.mesh) {
    return "The mesh's OBB tree: " + counted(r.mesh->nodeTests, "node test") + " (" +
           std::to_string(r.mesh->nodesRejected) + " rejected), " + counted(r.mesh->triangleTests, "triangle test") +
           (r.overlap ? ", a colliding triangle found." : ", no triangle touches.");
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

const std::vector<size_t>& LivePairs::listedRows(const Scene& scene) const {
  if (listedGeneration_ != generation_ || listedFilter_ != filter_) {
    listed_ = filterPairs(scene, pairs_, mismatches_, filter_);
    listedGeneration_ = generation_;
    listedFilter_ = filter_;
  }
  return listed_;
}

void LivePairs::update(const Scene& scene) {
  // Tested live: every frame in which the scene changed. An unchanged scene keeps its
  // verdicts (a 10,000-shape scene would otherwise re-test its pairs every frame).
  const std::uint64_t fingerprint = sceneFingerprint(scene);
  if (evaluated_ && fingerprint == fingerprint_ && !section_.changed) return;
  fingerprint_ = fingerprint;
  evaluated_ = true;
  ++generation_;
  const size_t n = scene.shapes.size();
  pairs_.clear();
  overlapping_.assign(n, false);
  partners_.assign(n, {});
  truncated_ = false;
  untestedCandidates_.reset();
  stopShape_ = stopPartner_ = 0;
  all_ = n <= kListAllPairsUpTo;
  stepPipeline(scene);
  const PipelineFrameStats& frame = pipeline_->last();
  usesPipeline_ = !all_ && sceneMoves(scene) && !frame.refused && pipeline_->options().exactPhase;
  if (all_) {
    pairs_ = evaluateAllPairs(scene);
    candidates_ = pairs_.size();
  } else if (usesPipeline_) {
    // The pipeline's verdicts are the exact test's (pipeline.hpp); the listed pairs get
    // their whole result, up to the cap.
    candidates_ = static_cast<size_t>(frame.afterTree);
    for (const auto& [pa, pb] : pipeline_->colliding()) {
      if (pairs_.size() >= kMaxListedPairs) {
        truncated_ = true;
        stopShape_ = pa;
        stopPartner_ = pb;
        break;
      }
      pairs_.push_back(evaluatePair(scene, pa, pb));
    }
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

void LivePairs::stepPipeline(const Scene& scene) {
  if (section_.changed) {
    pipeline_->setOptions(section_.options);
    pipeline_->reset();
    shadow_.reset();
    section_.changed = false;
  }
  if (!section_.open && !measureCaches_) {
    pipeline_->step(scene);
    shadow_.reset();
    return;
  }
  // The shadow: the same frames with both caches off, run in alternating order with the
  // main pipeline, so that the saving the section reports is measured, not estimated.
  if (!shadow_) {
    PipelineOptions off = pipeline_->options();
    off.aabbCache = off.triangleCache = false;
    shadow_ = std::make_shared<CollisionPipeline>(off);
  }
  if (pipeline_->last().frame % 2 == 0) {
    pipeline_->step(scene);
    shadow_->step(scene);
  } else {
    shadow_->step(scene);
    pipeline_->step(scene);
  }
}

void LivePairs::drawFilterRow(size_t listed) const {
  // Name filter and verdict on one line; the labels and the count on the next.
  const float combo = ImGui::CalcTextSize("overlapping").x + ImGui::GetFrameHeight() + 8.0f;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(avail - combo - spacing, avail * 0.35f));
  char buf[128];
  std::snprintf(buf, sizeof buf, "%s", filter_.text.c_str());
  if (ImGui::InputTextWithHint("##filter", "shape name", buf, sizeof buf)) filter_.text = buf;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("List the pairs with a shape whose name contains this");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  int verdict = static_cast<int>(filter_.verdict);
  if (ImGui::Combo("##verdict", &verdict, kVerdictNames, 4)) filter_.verdict = static_cast<PairVerdictFilter>(verdict);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Which verdicts to list (failing: the pairs of unmet expectations)");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("labels");
  // The choices on the word's line as far as they fit, the rest below (a narrow panel at a
  // projector's scale).
  int labels = static_cast<int>(labels_);
  for (int i = 0; i < 3; ++i) {
    sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                   ImGui::CalcTextSize(kLabelNames[i]).x);
    if (ImGui::RadioButton(kLabelNames[i], labels == i)) labels = i;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Name labels in the view: %s", kLabelHelp[i]);
  }
  labels_ = static_cast<ShapeLabels>(labels);
  if (filter_.active()) {
    // The count, right-aligned on the labels' line when it fits there.
    char count[64];
    std::snprintf(count, sizeof count, "%zu of %zu", listed, pairs_.size());
    const float w = ImGui::CalcTextSize(count).x;
    ImGui::SameLine();
    const float room = ImGui::GetContentRegionAvail().x;
    if (room < w) ImGui::NewLine();
    if (room >= w) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + room - w);
    ImGui::TextDisabled("%s", count);
  }
}

bool LivePairs::drawPanel(const Scene& scene, int focusA, int focusB, int& a, int& b, bool hideFocusedVerdict) const {
  bool clicked = false;
  placePanel(Panel::Pairs);  // docked: ui/layout.hpp
  ImGui::Begin(panelId(Panel::Pairs).c_str(), nullptr, kDockedPanelFlags);
  const size_t overlapCount = overlapCount_;
  if (all_ && hideFocusedVerdict) {
    // The counts would tell the focused pair's verdict in a scene of two shapes.
    textWrapped("%zu %s (verdicts after your prediction)", pairs_.size(), pairs_.size() == 1 ? "pair" : "pairs");
  } else if (all_) {
    textWrapped("%zu %s: %zu overlap, %zu separated", pairs_.size(), pairs_.size() == 1 ? "pair" : "pairs",
                overlapCount, pairs_.size() - overlapCount);
  } else if (!truncated_) {
    textWrapped("%zu shapes: %zu overlapping pairs listed, of %zu tested (separated ones are not).",
                scene.shapes.size(), overlapCount, candidates_);
  } else {
    // Stopped at a cap: say what was not tested, as exactly as it is known.
    textWrapped(
        "%zu shapes: %zu pairs tested, %zu overlap (listed, the first in file order). Testing stopped "
        "there, at %s / %s.",
        scene.shapes.size(), candidates_, overlapCount, printable(scene.shapes[stopShape_].name).c_str(),
        printable(scene.shapes[stopPartner_].name).c_str());
    // Wrapped, in the warning colour: the panel is narrower than these sentences.
    ImGui::PushStyleColor(ImGuiCol_Text, readableText(glm::vec4(1.0f, 0.75f, 0.3f, 1.0f)));
    if (untestedCandidates_) {
      textWrapped("%" PRIu64 " more pairs with overlapping bounds were not tested (each may overlap).",
                  *untestedCandidates_);
    } else {
      textWrapped("The pairs after it were not tested (too many to count). satlab check lists them all.");
    }
    ImGui::PopStyleColor();
  }
  if (!scene.expect.empty()) {
    // The scene's own expectations, as `satlab check` tests them.
    if (mismatches_.empty()) {
      ImGui::TextColored(readableText(glm::vec4(0.4f, 0.85f, 0.45f, 1.0f)), "expectations: all %zu met",
                         scene.expect.size());
    } else {
      ImGui::TextColored(readableText(glm::vec4(1.0f, 0.4f, 0.35f, 1.0f)), "expectations: %zu of %zu NOT met",
                         mismatches_.size(), scene.expect.size());
      // Clipped: a scene may have many thousands; only the visible lines are drawn.
      const float lineH = ImGui::GetTextLineHeightWithSpacing();
      const float listH = std::min(static_cast<float>(mismatches_.size()), 6.0f) * lineH + 4.0f;
      if (ImGui::BeginChild("##mismatches", ImVec2(0.0f, listH))) {
        ImGuiListClipper clip;
        clip.Begin(static_cast<int>(mismatches_.size()));
        while (clip.Step()) {
          for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
            // One line each (the clipper needs even rows): cut to the panel, whole in the tooltip.
            const std::string message = printable(mismatches_[static_cast<size_t>(i)].message, 300);
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
  drawPipelineSection(*pipeline_, shadow_.get(), section_);
  // Filter and labels once the list is long enough to need them (or one is set); else the
  // hint. Each row's tooltip names its test.
  const std::vector<size_t>& rows = listedRows(scene);
  if (pairs_.size() > kFilterFromPairs || filter_.active() || labels_ != ShapeLabels::All) {
    drawFilterRow(rows.size());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("Click a row to explore it; hover for its test.");
    ImGui::PopStyleColor();
  }
  // Three columns that share the width: names and "why" stretch, the verdict is as wide
  // as its longest word; a cell's text that does not fit is cut with "..." and the row's
  // tooltip says it all (the test's name too).
  // The stretching columns share the width in proportion to their widest text (over the
  // first rows listed: a long list is not measured whole every frame).
  float namesWidth = ImGui::CalcTextSize("pair").x, whyWidth = ImGui::CalcTextSize("why").x;
  for (size_t i = 0; i < std::min<size_t>(rows.size(), 256); ++i) {
    const PairResult& r = pairs_[rows[i]];
    const std::string names = printable(scene.shapes[r.a].name) + " / " + printable(scene.shapes[r.b].name);
    namesWidth = std::max(namesWidth, ImGui::CalcTextSize(names.c_str()).x);
    whyWidth = std::max(whyWidth, ImGui::CalcTextSize(pairWhy(r).c_str()).x);
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("##pairs", 3, flags)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("pair", ImGuiTableColumnFlags_WidthStretch, namesWidth);
    const float verdictWidth = std::max(ImGui::CalcTextSize("separated").x, ImGui::CalcTextSize("OVERLAP").x);
    ImGui::TableSetupColumn("verdict", ImGuiTableColumnFlags_WidthFixed, verdictWidth);
    ImGui::TableSetupColumn("why", ImGuiTableColumnFlags_WidthStretch, whyWidth);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(rows.size()));
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        const PairResult& r = pairs_[rows[static_cast<size_t>(row)]];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(row);
        const bool focused = (static_cast<int>(r.a) == focusA && static_cast<int>(r.b) == focusB) ||
                             (static_cast<int>(r.a) == focusB && static_cast<int>(r.b) == focusA);
        // In the test's roles, as the explorer shows the pair: A first.
        const size_t first = r.swapped ? r.b : r.a, second = r.swapped ? r.a : r.b;
        const std::string names = printable(scene.shapes[first].name) + " / " + printable(scene.shapes[second].name);
        // The row's selectable has no text of its own (names may hold "##", and a label
        // would not be cut to the cell): the names are drawn over it.
        const ImVec2 cell = ImGui::GetCursorPos();
        if (ImGui::Selectable("##row", focused,
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap)) {
          a = static_cast<int>(r.a);
          b = static_cast<int>(r.b);
          clicked = true;
        }
        const bool hovered = ImGui::IsItemHovered();
        ImGui::SetCursorPos(cell);
        cellText(names);
        ImGui::PopID();
        ImGui::TableNextColumn();
        const bool hidden = focused && hideFocusedVerdict;  // "predict, then reveal" is asking
        if (hidden) {
          ImGui::TextDisabled("?");
        } else if (r.overlap) {
          ImGui::TextColored(readableText(glm::vec4(1.0f, 0.55f, 0.3f, 1.0f)), "OVERLAP");
        } else {
          ImGui::TextUnformatted("separated");
        }
        ImGui::TableNextColumn();
        cellText(hidden ? std::string("predict first") : pairWhy(r));
        if (hovered) {
          ImGui::BeginTooltip();
          ImGui::PushTextWrapPos(ImGui::GetFontSize() * 24.0f);
          textWrappedUnformatted(names);
          const std::string words = hidden ? std::string() : pairWhyInWords(r);
          if (!words.empty()) textWrappedUnformatted(words);
          const std::string_view test = testName(r.test);
          textWrappedDisabled("test: %.*s (%.*s)", static_cast<int>(test.size()), test.data(),
                              static_cast<int>(r.code.size()), r.code.data());
          ImGui::PopTextWrapPos();
          ImGui::EndTooltip();
        }
      }
    }
    ImGui::EndTable();
  }
  ImGui::End();
  return clicked;
}

}  // namespace satlab
