// satlab collision core: a dynamic AABB tree for scenes in motion (the broad phase).
//
// A binary tree of fattened boxes over moving shapes, as Box2D 2.4's b2DynamicTree and
// Bullet's btDbvt keep one: every leaf is one shape (a "proxy"), every inner node's box
// encloses its two children. A leaf stores a *fat* box, the shape's tight box grown by a
// margin and stretched along its predicted displacement, so that a shape that moves a
// little stays inside its fat box and the tree does not change at all; only a shape that
// leaves its fat box is taken out and put back in (move()).
//
// Insertion descends by the surface-area heuristic (Box2D 2.4, after Goldsmith and
// Salmon 1987 and MacDonald and Booth 1990): at each inner node the new leaf goes where the
// enclosing area grows least, counting the growth it causes in every ancestor (the
// "inherited cost"). After an insertion or a removal every node on the path to the root is
// refitted and, with `rotations`, rotated where exchanging a child with a grandchild (or two
// grandchildren) shrinks the children's total area (Kopta et al. 2012, as Box2D 3 does).
// That keeps the height O(log n) even when boxes arrive sorted (a row of 4,096 boxes: 13)
// and the tree cheap to query. Box2D 2.4's own rotations balance by height alone (an
// AVL-like rotation of a node whose subtrees differ by more than one level); they are
// `heightBalance`, off by default: on a random scene of 100,000 boxes they made queries
// visit 14 times more nodes (718 against 51 per query; docs/dynamic-tree.md).
//
// Storage: one flat array of nodes with a free list (indices stay valid while the array
// grows), O(n) memory. Every walk is iterative: nothing recurses, so even a degenerate tree
// (rotations off, sorted input) cannot overflow the call stack.
//
// Frames and units: world space, the scene's units. Boxes are closed: touching boxes
// overlap. Bad input: a tight box with a NaN or infinite coordinate, a negative half
// extent, or a fat box that would overflow to infinity is *rejected* (insert returns kNull,
// move returns false and leaves the proxy as it was); a non-finite displacement is treated
// as zero (it is only a prediction). So the tree never holds a box that is not finite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// What one query visited, in visiting order: each node whose box was tested against the
/// query box, whether it overlapped, and whether it is a leaf (a proxy).
struct TreeQueryTrace {
  struct Step {
    std::int32_t node;
    bool overlapped;
    bool leaf;
  };
  std::vector<Step> steps;
};

class DynamicAabbTree {
 public:
  static constexpr std::int32_t kNull = -1;

  struct Options {
    float margin = 0.1f;                  // fat box = tight box grown by margin on every side
    float displacementMultiplier = 2.0f;  // and extended along the predicted displacement
    bool rotations = true;                // tree rotations after insertions (by surface area; see above)
    bool heightBalance = false;           // also Box2D 2.4's rotations by height (AVL-like)
  };

  DynamicAabbTree();
  explicit DynamicAabbTree(const Options& options);

  /// Adds a shape with tight box `tight`; returns its proxy (a node index, stable until
  /// remove()), or kNull when the box is rejected (see the header comment). The fat box is
  /// `tight` grown by margin and extended by displacementMultiplier * displacement.
  std::int32_t insert(const Aabb& tight, std::uint32_t userData, const glm::vec3& displacement = glm::vec3(0.0f));
  /// Removes a proxy (kNull and an index that is not a proxy are ignored).
  void remove(std::int32_t proxy);
  /// The shape's tight box moved; returns true when the fat box no longer held it and the proxy was re-inserted.
  /// A fat box much larger than the new one (after fast motion stopped) is also shrunk and
  /// re-inserted, as Box2D does. A rejected box returns false and changes nothing.
  bool move(std::int32_t proxy, const Aabb& tight, const glm::vec3& displacement);
  Aabb fatBox(std::int32_t proxy) const;
  std::uint32_t userData(std::int32_t proxy) const;

  /// visit(proxy) for every proxy whose fat box overlaps `box` (touching counts); visit returns false to stop.
  template <class Visit>
  void query(const Aabb& box, Visit&& visit) const;
  /// visit(other) for every other proxy whose fat box overlaps `proxy`'s fat box (the
  /// predicate of fatOverlap(), exactly); visit returns false to stop.
  template <class Visit>
  void queryOverlapping(std::int32_t proxy, Visit&& visit) const;
  /// The same walk as query(), recording every node it tests (no early stop).
  void queryTraced(const Aabb& box, TreeQueryTrace& trace) const;

  struct NodeView {
    Aabb box;
    int depth;
    bool leaf;
    std::int32_t proxy;   // the node index (for a leaf: its proxy)
    std::int32_t parent;  // kNull for the root
  };
  /// Every node, parents before children, with its depth (root 0): for drawing level by level.
  void nodes(std::vector<NodeView>& out) const;
  /// Height of the root (a single leaf: 0, empty tree: 0).
  int height() const;
  std::size_t proxyCount() const;
  /// Sum of the surface areas of the inner nodes over the root's (the SAH cost Box2D reports).
  float areaRatio() const;
  /// Checks every invariant (parents, heights, enclosing boxes, free list); returns an error or empty.
  std::string validate() const;

  // ---- beyond the minimum: what a pair manager and the tools need ----

  /// Proxies inserted or re-inserted (fat box changed) since the last clearMoved(), each
  /// once, in the order they moved (Box2D's move buffer). remove() takes a proxy out
  /// (the last entry fills its place).
  const std::vector<std::int32_t>& movedProxies() const { return moved_; }
  bool wasMoved(std::int32_t proxy) const {
    return isProxy(proxy) && nodes_[static_cast<std::size_t>(proxy)].movedSlot >= 0;
  }
  void clearMoved();
  /// Puts a live proxy in the move buffer without moving it, so that a pair manager looks
  /// for its pairs again (a proxy that is not live is ignored).
  void touch(std::int32_t proxy) {
    if (isProxy(proxy)) markMoved(proxy);
  }
  /// True when `proxy` is a live proxy of this tree.
  bool isProxy(std::int32_t proxy) const {
    return proxy >= 0 && static_cast<std::size_t>(proxy) < nodes_.size() &&
           nodes_[static_cast<std::size_t>(proxy)].height == 0;
  }
  /// Whether the fat boxes of two proxies overlap (touching counts).
  bool fatOverlap(std::int32_t a, std::int32_t b) const;
  /// Whether a proxy's fat box overlaps `box`: the predicate query() applies to each leaf.
  bool fatOverlaps(std::int32_t proxy, const Aabb& box) const;
  /// Whether a proxy's fat box contains the tight box `tight`: the test move() makes first.
  bool fatContains(std::int32_t proxy, const Aabb& tight) const;
  /// The largest |height(child1) - height(child2)| over the inner nodes.
  int maxBalance() const;
  std::int32_t root() const { return root_; }
  /// Number of node slots (live and free): the proxies' index range is [0, nodeCapacity()).
  std::size_t nodeCapacity() const { return nodes_.size(); }
  const Options& options() const { return options_; }
  /// Removes every proxy (capacity kept).
  void clear();
  /// Replaces the tree by one built top-down over `tight` (userData i for tight[i]), all at
  /// once: each node's boxes are split at the median of their centres along the longest axis
  /// of those centres' bounds, O(n log n), nodes stored depth first (a child near its
  /// parent). Much faster than n insertions for a scene loaded whole, and its queries visit
  /// about as few nodes. proxies[i] is tight[i]'s proxy, or kNull when the box is rejected
  /// (as insert() rejects it). Every proxy is in the move buffer afterwards.
  void build(const std::vector<Aabb>& tight, std::vector<std::int32_t>& proxies);
  /// visit(a, b) once for every pair of proxies whose fat boxes overlap (touching counts),
  /// by one descent of the tree against itself; visit returns false to stop (the call then
  /// returns false).
  template <class Visit>
  bool forEachOverlappingPair(Visit&& visit) const;

 private:
  struct Node {
    glm::vec3 lo{0.0f};  // fat box, min corner (inner nodes: the enclosing box)
    glm::vec3 hi{0.0f};
    std::int32_t parent = kNull;  // for a free node: the next free node
    std::int32_t child1 = kNull;  // kNull for a leaf
    std::int32_t child2 = kNull;
    std::int32_t height = -1;  // 0 for a leaf, -1 for a free node
    std::uint32_t userData = 0;
    std::int32_t movedSlot = -1;  // index in moved_, -1 when not there
    bool isLeaf() const { return child1 == kNull; }
  };

  static bool overlapsBox(const Node& n, const glm::vec3& lo, const glm::vec3& hi) {
    return n.lo.x <= hi.x && lo.x <= n.hi.x && n.lo.y <= hi.y && lo.y <= n.hi.y && n.lo.z <= hi.z && lo.z <= n.hi.z;
  }
  template <class Visit>
  void queryBounds(const glm::vec3& lo, const glm::vec3& hi, Visit& visit) const;
  bool makeFat(const Aabb& tight, const glm::vec3& displacement, glm::vec3& lo, glm::vec3& hi) const;
  std::int32_t allocateNode();
  void freeNode(std::int32_t node);
  void insertLeaf(std::int32_t leaf);
  void removeLeaf(std::int32_t leaf);
  void refitUpward(std::int32_t node);
  void refit(std::int32_t node);
  void swapNodes(std::int32_t x, std::int32_t y);
  bool rotateForArea(std::int32_t node);
  /// |height(child1) - height(child2)| of an inner node, 0 for a leaf.
  int heightLean(std::int32_t index) const;
  /// Beyond this lean a node is rotated by height too (see refitUpward).
  static constexpr int kMaxHeightLean = 4;
  std::int32_t balance(std::int32_t node);
  std::int32_t rotateUp(std::int32_t node, std::int32_t child, bool childWasChild2);
  void markMoved(std::int32_t leaf);
  void unmarkMoved(std::int32_t leaf);

  Options options_;
  std::vector<Node> nodes_;
  std::int32_t root_ = kNull;
  std::int32_t freeList_ = kNull;
  std::size_t proxyCount_ = 0;
  std::vector<std::int32_t> moved_;
};

template <class Visit>
void DynamicAabbTree::query(const Aabb& box, Visit&& visit) const {
  queryBounds(box.center - box.half, box.center + box.half, visit);
}

template <class Visit>
void DynamicAabbTree::queryOverlapping(std::int32_t proxy, Visit&& visit) const {
  if (!isProxy(proxy)) return;
  const Node& n = nodes_[static_cast<std::size_t>(proxy)];
  auto others = [&](std::int32_t other) { return other == proxy || visit(other); };
  queryBounds(n.lo, n.hi, others);
}

template <class Visit>
bool DynamicAabbTree::forEachOverlappingPair(Visit&& visit) const {
  if (root_ == kNull) return true;
  // A stack of node pairs to compare: (x, x) stands for the pairs within x's subtree, (x, y)
  // for those with one proxy under x and the other under y. A subtree's pairs are its two
  // children's own and those across them; two boxes apart have none across. Each pair of
  // proxies is reached once, by the one pair of subtrees that first separates them.
  // A pair (x, y), x != y, goes on the stack only when the two boxes overlap.
  std::vector<std::pair<std::int32_t, std::int32_t>> stack;
  const auto across = [&](std::int32_t x, std::int32_t y) {
    const Node& ny = nodes_[static_cast<std::size_t>(y)];
    if (overlapsBox(nodes_[static_cast<std::size_t>(x)], ny.lo, ny.hi)) stack.emplace_back(x, y);
  };
  stack.emplace_back(root_, root_);
  while (!stack.empty()) {
    const auto [x, y] = stack.back();
    stack.pop_back();
    const Node& nx = nodes_[static_cast<std::size_t>(x)];
    if (x == y) {
      if (nx.isLeaf()) continue;
      stack.emplace_back(nx.child1, nx.child1);
      stack.emplace_back(nx.child2, nx.child2);
      across(nx.child1, nx.child2);
      continue;
    }
    const Node& ny = nodes_[static_cast<std::size_t>(y)];
    if (nx.isLeaf() && ny.isLeaf()) {
      if (!visit(x, y)) return false;
      continue;
    }
    // Open the taller node (a leaf cannot be opened).
    if (ny.isLeaf() || (!nx.isLeaf() && nx.height >= ny.height)) {
      across(nx.child1, y);
      across(nx.child2, y);
    } else {
      across(x, ny.child1);
      across(x, ny.child2);
    }
  }
  return true;
}

template <class Visit>
void DynamicAabbTree::queryBounds(const glm::vec3& lo, const glm::vec3& hi, Visit& visit) const {
  if (root_ == kNull) return;
  // Depth-first with an explicit stack: a small one on the call stack, spilling to the heap
  // only for a tree deeper than it (a balanced tree of 100k leaves is about 20 deep; a
  // degenerate one, rotations off and sorted input, can be n deep).
  constexpr int kInline = 128;
  std::int32_t inlineStack[kInline];
  std::vector<std::int32_t> spill;
  int top = 0;
  inlineStack[top++] = root_;
  while (top > 0 || !spill.empty()) {
    std::int32_t id;
    if (!spill.empty()) {
      id = spill.back();
      spill.pop_back();
    } else {
      id = inlineStack[--top];
    }
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    if (!overlapsBox(n, lo, hi)) continue;
    if (n.isLeaf()) {
      if (!visit(id)) return;
      continue;
    }
    // Both children are read soon (child1 next): start loading them now.
    __builtin_prefetch(&nodes_[static_cast<std::size_t>(n.child1)]);
    __builtin_prefetch(&nodes_[static_cast<std::size_t>(n.child2)]);
    if (top + 2 <= kInline && spill.empty()) {
      inlineStack[top++] = n.child2;
      inlineStack[top++] = n.child1;
    } else {
      spill.push_back(n.child2);
      spill.push_back(n.child1);
    }
  }
}

}  // namespace satlab
