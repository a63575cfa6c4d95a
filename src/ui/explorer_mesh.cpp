#include "ui/explorer_mesh.hpp"

#include "i18n/i18n.hpp"

#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <variant>

namespace satlab {

const char* bvShortName(BvKind kind) { return kind == BvKind::Aabb ? "AABB" : "OBB"; }

namespace {

int kindIndex(BvKind kind) { return kind == BvKind::Aabb ? 0 : 1; }

const ShapeGeometry* geometryAt(const Scene& scene, int index) {
  if (index < 0 || index >= static_cast<int>(scene.shapes.size())) return nullptr;
  return &scene.shapes[static_cast<size_t>(index)].geometry;
}

template <class T>
void appendBytes(std::vector<unsigned char>& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  const auto* p = reinterpret_cast<const unsigned char*>(&v);
  out.insert(out.end(), p, p + sizeof(T));
}

void appendGeometry(std::vector<unsigned char>& out, const ShapeGeometry& g) {
  appendBytes(out, g.index());
  std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (kIsMeshLike<T>) {
          appendBytes(out, meshBody(s).data.get());
          appendBytes(out, meshBody(s).pose);
        } else {
          appendBytes(out, s);
        }
      },
      g);
}

}  // namespace

bool MeshExplorer::Key::operator==(const Key& o) const {
  return test == o.test && shapeA == o.shapeA && shapeB == o.shapeB && mode == o.mode &&
         std::memcmp(&epsilon, &o.epsilon, sizeof epsilon) == 0 && bytes == o.bytes;
}

MeshExplorer::Key MeshExplorer::keyOf(const Scene& scene, const PairTrace& trace, MeshQueryMode mode, float epsilon) {
  Key k;
  k.test = trace.test;
  k.shapeA = trace.shapeA;
  k.shapeB = trace.shapeB;
  k.mode = mode;
  k.epsilon = epsilon;
  for (int i : {trace.shapeA, trace.shapeB}) {
    if (const ShapeGeometry* g = geometryAt(scene, i)) appendGeometry(k.bytes, *g);
  }
  return k;
}

const MeshExplorer::Walk& MeshExplorer::walk(const ExplorerInput& in, BvKind kind) const {
  const int k = kindIndex(kind);
  const MeshQueryMode mode = in.trace.tree.mode;  // the mode the pair's own trace ran in
  Key key = keyOf(in.scene, in.trace, mode, in.state.options.epsilon);
  if (!keys_[static_cast<size_t>(k)] || !(*keys_[static_cast<size_t>(k)] == key)) {
    walks_[static_cast<size_t>(k)] = runMeshWalk(in.scene, in.trace, kind, mode, in.state.options.epsilon);
    keys_[static_cast<size_t>(k)] = std::move(key);
  }
  return walks_[static_cast<size_t>(k)];
}

int MeshExplorer::stepCount(const PairTrace& trace) const {
  // The shown walk, when the cache holds this pair's (it is run again on the next call that
  // has the scene); the pair's own trace otherwise (the OBB tree's walk).
  const size_t k = static_cast<size_t>(kindIndex(shown_));
  if (keys_[k] && keys_[k]->test == trace.test && keys_[k]->shapeA == trace.shapeA &&
      keys_[k]->shapeB == trace.shapeB && walks_[k].valid()) {
    return static_cast<int>(walks_[k].trace.nodes.size());
  }
  return static_cast<int>(trace.tree.nodes.size());
}

void MeshExplorer::reset() {
  scrolledTo_ = -1;
  keys_ = {};
  walks_ = {};
}

std::string MeshExplorer::stepText(const ExplorerInput& in) const {
  const Walk& w = shownWalk(in);
  const int step = in.state.step;
  if (!w.valid() || step < 0 || step >= static_cast<int>(w.trace.nodes.size())) return {};
  const TreeNodeRow& r = w.trace.nodes[static_cast<size_t>(step)];
  char where[192];
  if (r.nodeB >= 0) {
    std::snprintf(where, sizeof where, tr("%s tree: nodes %d x %d (depth %d, %d)"), bvShortName(w.kind), r.nodeA,
                  r.nodeB, r.depthA, r.depthB);
  } else {
    std::snprintf(where, sizeof where, tr("%s tree: node %d (depth %d)"), bvShortName(w.kind), r.nodeA, r.depthA);
  }
  if (in.state.predict.hidesAnswer()) return where;
  return std::string(where) + ": " + meshWalkRowWords(w, step);
}

std::string MeshExplorer::statusDetail(const ExplorerInput& in, const ViewMapping&, const OrbitCamera&) const {
  const Walk& w = shownWalk(in);
  if (!w.valid()) return ", no tree";
  std::string out = std::string(", walking the ") + bvShortName(w.kind) + " tree";
  if (in.state.predict.hidesAnswer()) return out;
  char buf[200];
  const int step = std::clamp(in.state.step, 0, std::max(0, static_cast<int>(w.trace.nodes.size()) - 1));
  const Counts c = meshWalkCountsUpTo(w, step);
  std::snprintf(buf, sizeof buf, ", so far %d node tests, %d rejected, %d triangle tests, %d hits", c.nodeTests,
                c.rejected, c.triangleTests, c.hits);
  out += buf;
  if (step < static_cast<int>(w.trace.nodes.size())) out += ", current " + meshWalkRowWords(w, step, false);
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const Walk& k = walk(in, kind);
    if (!k.valid()) continue;
    std::snprintf(buf, sizeof buf, ", %s tree: %zu node tests, %zu rejected, %zu triangle tests, %zu hits",
                  bvShortName(kind), k.result.nodeTests, k.result.nodesRejected, k.result.triangleTests,
                  k.trace.hits.size());
    out += buf;
  }
  if (shownLevel() >= 0) {
    std::snprintf(buf, sizeof buf, ", level %d drawn", shownLevel());
    out += buf;
  }
  // Where the panel's controls are (window pixels), for scripted runs.
  if (ImGui::GetCurrentContext() != nullptr) {
    for (const auto& [name, place] :
         {std::make_pair("AABB tree button", aabbButton_), std::make_pair("OBB tree button", obbButton_),
          std::make_pair("find all hits button", allHitsButton_), std::make_pair("draw level button", drawLevelButton_),
          std::make_pair("depth slider's left end", levelSliderLeft_),
          std::make_pair("depth slider's right end", levelSliderRight_)}) {
      if (place.frame < ImGui::GetFrameCount() - 1) continue;
      std::snprintf(buf, sizeof buf, ", %s at %.0f,%.0f", name, static_cast<double>(place.at.x),
                    static_cast<double>(place.at.y));
      out += buf;
    }
  }
  return out;
}

void MeshExplorer::drawComparison(const ExplorerInput& in) {
  const Walk& a = walk(in, BvKind::Aabb);
  const Walk& o = walk(in, BvKind::Obb);
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##trees", 3, flags)) return;
  ImGui::TableSetupColumn(tr("same query"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(tr("AABB tree"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(tr("OBB tree"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  const bool hide = in.state.predict.hidesAnswer();
  auto row = [&](const char* name, auto value, bool answer) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(tr(name));
    for (const Walk* w : {&a, &o}) {
      ImGui::TableNextColumn();
      if (!w->valid()) {
        ImGui::TextDisabled("-");
      } else if (answer && hide) {
        ImGui::TextDisabled("?");
      } else {
        ImGui::Text("%zu", static_cast<size_t>(value(*w)));
      }
    }
  };
  row(
      N_("tree nodes"), [](const Walk& w) { return w.treeA->nodes.size() + (w.treeB ? w.treeB->nodes.size() : 0); },
      false);
  row(
      N_("node tests"), [](const Walk& w) { return w.result.nodeTests; }, true);
  row(
      N_("rejected"), [](const Walk& w) { return w.result.nodesRejected; }, true);
  row(
      N_("triangle tests"), [](const Walk& w) { return w.result.triangleTests; }, true);
  row(
      N_("hits"), [](const Walk& w) { return w.trace.hits.size(); }, true);
  ImGui::EndTable();
}

void MeshExplorer::drawNodeTable(ExplorerState& state, const Walk& w) {
  const Palette& pal = currentPalette();
  const bool hide = state.predict.hidesAnswer();
  const bool pairs = w.treeB != nullptr;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit;
  const float height = std::max(5.0f * ImGui::GetFrameHeightWithSpacing(),
                                ImGui::GetContentRegionAvail().y - 2.5f * ImGui::GetFrameHeightWithSpacing());
  if (!ImGui::BeginTable("##nodes", 4, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn(tr("step"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(pairs ? tr("nodes") : tr("node"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(tr("depth"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(tr("what happened"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  const int n = static_cast<int>(w.trace.nodes.size());
  clipper.Begin(n);
  // The current row is brought into view once per step; the clipper must include it then.
  if (state.step != scrolledTo_ && state.step >= 0 && state.step < n)
    clipper.ForceDisplayRangeByIndices(state.step, state.step + 1);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const TreeNodeRow& r = w.trace.nodes[static_cast<size_t>(i)];
      ImGui::TableNextRow();
      if (i == state.step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, imU32(pal.currentRow));
      ImGui::TableNextColumn();
      ImGui::PushID(i);
      char idx[16];
      std::snprintf(idx, sizeof idx, "%d", i + 1);
      if (ImGui::Selectable(idx, i == state.step, ImGuiSelectableFlags_SpanAllColumns)) {
        state.step = i;
        state.playing = false;
      }
      ImGui::PopID();
      if (i == state.step && scrolledTo_ != state.step) {
        ImGui::SetScrollHereY(0.5f);
        scrolledTo_ = state.step;
      }
      ImGui::TableNextColumn();
      if (pairs) {
        ImGui::Text("%d x %d", r.nodeA, r.nodeB);
      } else {
        ImGui::Text("%d", r.nodeA);
      }
      ImGui::TableNextColumn();
      if (pairs) {
        ImGui::Text("%d, %d", r.depthA, r.depthB);
      } else {
        ImGui::Text("%d", r.depthA);
      }
      ImGui::TableNextColumn();
      if (hide) {
        ImGui::TextDisabled("?");
      } else if (r.step == TreeStep::Rejected) {
        ImGui::TextColored(separatesColor(), "%s", meshWalkRowWords(w, i).c_str());
      } else if (r.step == TreeStep::Leaves && meshWalkRowHits(w, i) > 0) {
        ImGui::TextColored(penetratesColor(), "%s", meshWalkRowWords(w, i).c_str());
      } else {
        ImGui::TextUnformatted(meshWalkRowWords(w, i).c_str());
      }
    }
  }
  ImGui::EndTable();
}

void MeshExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests&) {
  const Walk& w = shownWalk(in);
  if (!w.valid()) {
    textWrappedColored(dimColor(), "%s", tr("No tree to walk: a mesh of this pair has no triangles."));
    return;
  }
  const bool hide = state.predict.hidesAnswer();
  // Which tree's walk the steps follow.
  int kind = shown_ == BvKind::Aabb ? 0 : 1;
  ImGui::TextUnformatted(tr("Walk:"));
  ImGui::SameLine();
  bool changed = ImGui::RadioButton(L("AABB tree"), &kind, 0);
  const int frame = ImGui::GetFrameCount();
  const auto middle = [] {
    return glm::vec2(0.5f * (ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x),
                     0.5f * (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y));
  };
  aabbButton_ = {middle(), frame};
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                 ImGui::CalcTextSize(L("OBB tree"), nullptr, true).x);
  changed |= ImGui::RadioButton(L("OBB tree"), &kind, 1);
  obbButton_ = {middle(), frame};
  if (changed) {
    shown_ = kind == 0 ? BvKind::Aabb : BvKind::Obb;
    state.step = 0;
    state.playing = false;
    scrolledTo_ = -1;
  }
  bool all = state.options.mode == SatMode::Full;
  if (ImGui::Checkbox(L("Find all hits"), &all)) state.options.mode = all ? SatMode::Full : SatMode::EarlyExit;
  allHitsButton_ = {middle(), frame};
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s",
                      tr("Off: stop at the first colliding triangle, as a game does. On: walk on and find every one."));
  }
  // The tree level by level: every box of one depth of each mesh's tree.
  const int deepest = std::max(w.treeA->depth, w.treeB ? w.treeB->depth : 0);
  sameLineIfFits(ImGui::GetFrameHeight() + ImGui::CalcTextSize(L("Draw level"), nullptr, true).x +
                 ImGui::GetStyle().ItemSpacing.x);
  ImGui::Checkbox(L("Draw level"), &showLevel_);
  drawLevelButton_ = {middle(), frame};
  if (showLevel_) {
    level_ = std::clamp(level_, 0, deepest);
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderInt("##level", &level_, 0, deepest, tr("depth %d"));
    levelSliderLeft_ = {glm::vec2(ImGui::GetItemRectMin().x + ImGui::GetStyle().GrabMinSize, middle().y), frame};
    levelSliderRight_ = {glm::vec2(ImGui::GetItemRectMax().x - ImGui::GetStyle().GrabMinSize, middle().y), frame};
  }
  drawStepper(state, static_cast<int>(w.trace.nodes.size()));
  drawComparison(in);
  if (!hide) {
    const Counts c = meshWalkCountsUpTo(w, state.step);
    textWrapped(tr("So far (%s tree): %d node tests, %d rejected, %d triangle tests, %d hits."), bvShortName(w.kind),
                c.nodeTests, c.rejected, c.triangleTests, c.hits);
  }
  drawNodeTable(state, w);
  if (hide) return;
  // The colliding triangles, by their index in the mesh.
  const std::vector<MeshHit>& hits = w.trace.hits;
  if (hits.empty()) {
    textWrappedColored(separatesColor(), "%s", tr("No triangle collides: every box or triangle test separated."));
    return;
  }
  std::string list;
  const size_t shown = std::min<size_t>(hits.size(), 8);
  for (size_t i = 0; i < shown; ++i) {
    char buf[40];
    if (w.treeB) {
      std::snprintf(buf, sizeof buf, "%s%u x %u", i ? ", " : "", hits[i].triangleA, hits[i].triangleB);
    } else {
      std::snprintf(buf, sizeof buf, "%s%u", i ? ", " : "", hits[i].triangleA);
    }
    list += buf;
  }
  if (hits.size() > shown) list += ", ...";
  textWrappedColored(
      penetratesColor(),
      w.trace.mode == MeshQueryMode::FirstHit
          ? trn("Colliding triangle: %s (the walk stops at the first)",
                "Colliding triangles: %s (the walk stops at the first)", static_cast<long long>(hits.size()))
          : trn("Colliding triangle: %s", "Colliding triangles: %s", static_cast<long long>(hits.size())),
      list.c_str());
}

}  // namespace satlab
