#include "model/tree_picture.hpp"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace satlab {

TreePicture treePicture(const CollisionPipeline& pipeline, int level, int queryShape) {
  TreePicture out;
  if (!pipeline.options().useTree) return out;
  const DynamicAabbTree& tree = pipeline.tree();
  if (tree.root() == DynamicAabbTree::kNull) return out;
  std::vector<DynamicAabbTree::NodeView> nodes;
  tree.nodes(nodes);
  out.level = std::clamp(level, 0, tree.height());
  for (const DynamicAabbTree::NodeView& n : nodes) {
    if (n.depth == out.level || (n.leaf && n.depth < out.level)) out.levelBoxes.push_back(n.box);
  }
  const std::vector<std::int32_t>& proxies = pipeline.proxies();
  if (queryShape < 0 || static_cast<size_t>(queryShape) >= proxies.size()) return out;
  const std::int32_t proxy = proxies[static_cast<size_t>(queryShape)];
  if (proxy == DynamicAabbTree::kNull || !tree.isProxy(proxy)) return out;
  std::unordered_map<std::int32_t, const DynamicAabbTree::NodeView*> byIndex;
  byIndex.reserve(nodes.size());
  for (const DynamicAabbTree::NodeView& n : nodes) byIndex[n.proxy] = &n;
  TreeQueryTrace trace;
  tree.queryTraced(tree.fatBox(proxy), trace);
  for (const TreeQueryTrace::Step& step : trace.steps) {
    const auto it = byIndex.find(step.node);
    if (it == byIndex.end()) continue;
    out.path.push_back(TreePicture::PathStep{it->second->box, step.overlapped});
  }
  return out;
}

}  // namespace satlab
