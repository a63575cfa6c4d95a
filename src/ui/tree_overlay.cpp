#include "ui/tree_overlay.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace satlab {

namespace {

void addBox(LineBatch& batch, const Aabb& b, const glm::vec4& color, float width, float dash) {
  const glm::vec3 lo = b.center - b.half, hi = b.center + b.half;
  const auto corner = [&](int i) {
    return glm::vec3((i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z);
  };
  // The 12 edges: the corner pairs that differ in one coordinate.
  for (int i = 0; i < 8; ++i) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if ((i & bit) == 0) batch.add(corner(i), corner(i | bit), color, width, dash);
    }
  }
}

}  // namespace

TreeOverlayCounts drawTreeOverlay(const CollisionPipeline& pipeline, LineBatch& batch,
                                  const TreeOverlayOptions& options) {
  TreeOverlayCounts counts;
  if (!options.show || !pipeline.options().useTree) return counts;
  const DynamicAabbTree& tree = pipeline.tree();
  if (tree.root() == DynamicAabbTree::kNull) return counts;
  std::vector<DynamicAabbTree::NodeView> nodes;
  tree.nodes(nodes);
  const int level = std::clamp(options.level, 0, tree.height());
  const float w = 1.5f * options.pixelScale;
  // One hue per depth, so neighbouring levels read apart when stepped through.
  static const glm::vec4 kLevelColors[] = {
      {0.35f, 0.75f, 0.95f, 0.9f}, {0.55f, 0.85f, 0.45f, 0.9f}, {0.85f, 0.6f, 0.95f, 0.9f}, {0.95f, 0.8f, 0.35f, 0.9f}};
  const glm::vec4 levelColor = kLevelColors[level % 4];
  for (const DynamicAabbTree::NodeView& n : nodes) {
    if (n.depth == level || (n.leaf && n.depth < level)) {
      addBox(batch, n.box, levelColor, w, 0.0f);
      ++counts.boxes;
    }
  }
  const std::vector<std::int32_t>& proxies = pipeline.proxies();
  if (options.queryShape < 0 || static_cast<size_t>(options.queryShape) >= proxies.size()) return counts;
  const std::int32_t proxy = proxies[static_cast<size_t>(options.queryShape)];
  if (proxy == DynamicAabbTree::kNull || !tree.isProxy(proxy)) return counts;
  std::unordered_map<std::int32_t, const DynamicAabbTree::NodeView*> byIndex;
  byIndex.reserve(nodes.size());
  for (const DynamicAabbTree::NodeView& n : nodes) byIndex[n.proxy] = &n;
  TreeQueryTrace trace;
  tree.queryTraced(tree.fatBox(proxy), trace);
  const glm::vec4 entered(1.0f, 0.55f, 0.2f, 1.0f), skipped(0.6f, 0.6f, 0.6f, 0.9f);
  for (const TreeQueryTrace::Step& step : trace.steps) {
    const auto it = byIndex.find(step.node);
    if (it == byIndex.end()) continue;
    ++counts.pathTested;
    if (step.overlapped) ++counts.pathEntered;
    addBox(batch, it->second->box, step.overlapped ? entered : skipped, step.overlapped ? 2.5f * w : w,
           step.overlapped ? 0.0f : 6.0f * options.pixelScale);
  }
  return counts;
}

}  // namespace satlab
