// The dynamic AABB tree (dynamic_tree.hpp): insertion by the surface-area heuristic with the
// inherited cost, removal, rotations on the way up, the checks of validate().
#include "satlab/collide/dynamic_tree.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace satlab {

namespace {

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Half the surface area of the box [lo, hi]: the SAH only compares areas, so the factor 2
/// of 2 (xy + yz + zx) does not matter.
inline __attribute__((always_inline)) float halfArea(const glm::vec3& lo, const glm::vec3& hi) {
  const glm::vec3 e = hi - lo;
  return e.x * e.y + e.y * e.z + e.z * e.x;
}

inline __attribute__((always_inline)) float unionHalfArea(const glm::vec3& lo0, const glm::vec3& hi0,
                                                          const glm::vec3& lo1, const glm::vec3& hi1) {
  return halfArea(glm::min(lo0, lo1), glm::max(hi0, hi1));
}

bool contains(const glm::vec3& outerLo, const glm::vec3& outerHi, const glm::vec3& lo, const glm::vec3& hi) {
  return outerLo.x <= lo.x && outerLo.y <= lo.y && outerLo.z <= lo.z && hi.x <= outerHi.x && hi.y <= outerHi.y &&
         hi.z <= outerHi.z;
}

float nonNegative(float v) { return std::isfinite(v) && v > 0.0f ? v : 0.0f; }

}  // namespace

DynamicAabbTree::DynamicAabbTree() : DynamicAabbTree(Options()) {}

DynamicAabbTree::DynamicAabbTree(const Options& options) : options_(options) {
  // A negative or non-finite margin or multiplier would make fat boxes thinner than the
  // shapes (or NaN): both are taken as 0.
  options_.margin = nonNegative(options_.margin);
  options_.displacementMultiplier = nonNegative(options_.displacementMultiplier);
}

bool DynamicAabbTree::makeFat(const Aabb& tight, const glm::vec3& displacement, glm::vec3& lo, glm::vec3& hi) const {
  if (!finite3(tight.center) || !finite3(tight.half)) return false;
  if (!(tight.half.x >= 0.0f && tight.half.y >= 0.0f && tight.half.z >= 0.0f)) return false;
  const glm::vec3 m(options_.margin);
  lo = tight.center - tight.half - m;
  hi = tight.center + tight.half + m;
  if (!finite3(lo) || !finite3(hi)) return false;
  // Stretch along the predicted motion only: a shape moving +x gets a longer box on +x.
  if (finite3(displacement)) {
    const glm::vec3 d = options_.displacementMultiplier * displacement;
    const glm::vec3 stretchedLo = lo + glm::min(d, glm::vec3(0.0f));
    const glm::vec3 stretchedHi = hi + glm::max(d, glm::vec3(0.0f));
    if (finite3(stretchedLo) && finite3(stretchedHi)) {
      lo = stretchedLo;
      hi = stretchedHi;
    }
  }
  return true;
}

std::int32_t DynamicAabbTree::allocateNode() {
  if (freeList_ == kNull) {
    nodes_.emplace_back();
    return static_cast<std::int32_t>(nodes_.size() - 1);
  }
  const std::int32_t id = freeList_;
  Node& n = nodes_[static_cast<std::size_t>(id)];
  freeList_ = n.parent;
  n = Node();
  return id;
}

void DynamicAabbTree::freeNode(std::int32_t node) {
  Node& n = nodes_[static_cast<std::size_t>(node)];
  n = Node();
  n.height = -1;
  n.parent = freeList_;
  freeList_ = node;
}

std::int32_t DynamicAabbTree::insert(const Aabb& tight, std::uint32_t userData, const glm::vec3& displacement) {
  glm::vec3 lo, hi;
  if (!makeFat(tight, displacement, lo, hi)) return kNull;
  const std::int32_t leaf = allocateNode();
  Node& n = nodes_[static_cast<std::size_t>(leaf)];
  n.lo = lo;
  n.hi = hi;
  n.height = 0;
  n.userData = userData;
  insertLeaf(leaf);
  ++proxyCount_;
  markMoved(leaf);
  return leaf;
}

void DynamicAabbTree::remove(std::int32_t proxy) {
  if (!isProxy(proxy)) return;
  unmarkMoved(proxy);
  removeLeaf(proxy);
  freeNode(proxy);
  --proxyCount_;
}

bool DynamicAabbTree::move(std::int32_t proxy, const Aabb& tight, const glm::vec3& displacement) {
  if (!isProxy(proxy)) return false;
  glm::vec3 lo, hi;
  if (!makeFat(tight, displacement, lo, hi)) return false;
  Node& n = nodes_[static_cast<std::size_t>(proxy)];
  if (contains(n.lo, n.hi, tight.center - tight.half, tight.center + tight.half)) {
    // Still inside. Keep the box unless it is much bigger than the new fat box would be
    // (a shape that moved fast and stopped): then shrink it, or it keeps reporting pairs.
    const glm::vec3 slack(4.0f * options_.margin);
    if (contains(lo - slack, hi + slack, n.lo, n.hi)) return false;
  }
  removeLeaf(proxy);
  n.lo = lo;
  n.hi = hi;
  insertLeaf(proxy);
  markMoved(proxy);
  return true;
}

void DynamicAabbTree::insertLeaf(std::int32_t leaf) {
  if (root_ == kNull) {
    root_ = leaf;
    nodes_[static_cast<std::size_t>(leaf)].parent = kNull;
    return;
  }
  // Allocate first: it may grow nodes_, which moves every node.
  const std::int32_t newParent = allocateNode();
  const glm::vec3 leafLo = nodes_[static_cast<std::size_t>(leaf)].lo;
  const glm::vec3 leafHi = nodes_[static_cast<std::size_t>(leaf)].hi;

  // Descend to the sibling that costs least. At node i the choice is: pair the leaf with i
  // itself (a new parent of area A(i + leaf), paid twice as Box2D counts it: the new node
  // and the growth of i's place), or go down into a child c, which costs what c's box
  // grows by, plus the growth every ancestor, i included, must absorb anyway (inherited).
  std::int32_t index = root_;
  while (!nodes_[static_cast<std::size_t>(index)].isLeaf()) {
    const Node& n = nodes_[static_cast<std::size_t>(index)];
    const float area = halfArea(n.lo, n.hi);
    const float combined = unionHalfArea(n.lo, n.hi, leafLo, leafHi);
    const float costHere = 2.0f * combined;
    const float inherited = 2.0f * (combined - area);
    float childCost[2];
    const std::int32_t children[2] = {n.child1, n.child2};
    for (int k = 0; k < 2; ++k) {
      const Node& c = nodes_[static_cast<std::size_t>(children[k])];
      const float grown = unionHalfArea(c.lo, c.hi, leafLo, leafHi);
      // A leaf child would become a pair under a new node of the grown area; an inner
      // child only grows.
      childCost[k] = (c.isLeaf() ? grown : grown - halfArea(c.lo, c.hi)) + inherited;
    }
    if (costHere < childCost[0] && costHere < childCost[1]) break;
    index = childCost[0] <= childCost[1] ? children[0] : children[1];
  }

  const std::int32_t sibling = index;
  Node& s = nodes_[static_cast<std::size_t>(sibling)];
  Node& p = nodes_[static_cast<std::size_t>(newParent)];
  const std::int32_t oldParent = s.parent;
  p.parent = oldParent;
  p.lo = glm::min(s.lo, leafLo);
  p.hi = glm::max(s.hi, leafHi);
  p.height = s.height + 1;
  p.child1 = sibling;
  p.child2 = leaf;
  s.parent = newParent;
  nodes_[static_cast<std::size_t>(leaf)].parent = newParent;
  if (oldParent == kNull) {
    root_ = newParent;
  } else {
    Node& op = nodes_[static_cast<std::size_t>(oldParent)];
    (op.child1 == sibling ? op.child1 : op.child2) = newParent;
  }
  refitUpward(oldParent);
}

void DynamicAabbTree::removeLeaf(std::int32_t leaf) {
  if (leaf == root_) {
    root_ = kNull;
    return;
  }
  const std::int32_t parent = nodes_[static_cast<std::size_t>(leaf)].parent;
  const Node& pn = nodes_[static_cast<std::size_t>(parent)];
  const std::int32_t grand = pn.parent;
  const std::int32_t sibling = pn.child1 == leaf ? pn.child2 : pn.child1;
  nodes_[static_cast<std::size_t>(leaf)].parent = kNull;
  if (grand == kNull) {
    root_ = sibling;
    nodes_[static_cast<std::size_t>(sibling)].parent = kNull;
    freeNode(parent);
    return;
  }
  Node& g = nodes_[static_cast<std::size_t>(grand)];
  (g.child1 == parent ? g.child1 : g.child2) = sibling;
  nodes_[static_cast<std::size_t>(sibling)].parent = grand;
  freeNode(parent);
  refitUpward(grand);
}

int DynamicAabbTree::heightLean(std::int32_t index) const {
  const Node& n = nodes_[static_cast<std::size_t>(index)];
  if (n.isLeaf()) return 0;
  return std::abs(nodes_[static_cast<std::size_t>(n.child1)].height -
                  nodes_[static_cast<std::size_t>(n.child2)].height);
}

void DynamicAabbTree::refitUpward(std::int32_t index) {
  // Iterative: walks the path to the root, refitting each box and height from the children
  // and, with rotations on, rotating where that makes the tree cheaper. It stops early once
  // two nodes in a row came out unchanged: above them no box, height or rotation choice
  // can differ (a rotation at a node looks two levels down, so one unchanged level is not
  // enough).
  int unchanged = 0;
  while (index != kNull) {
    bool changed = false;
    // Rotations by area cannot tell apart boxes that are all alike (every choice costs the
    // same), and insertion then descends one side every time: many identical shapes built a
    // chain as tall as their number (100,000 of them took minutes). So a node whose
    // children's heights differ by more than kMaxHeightLean is also rotated by height
    // (with rotations on).
    if (options_.heightBalance || (options_.rotations && heightLean(index) > kMaxHeightLean)) {
      const std::int32_t top = balance(index);
      changed = top != index;
      index = top;
    }
    const Node& n = nodes_[static_cast<std::size_t>(index)];
    const glm::vec3 lo = n.lo, hi = n.hi;
    const std::int32_t height = n.height;
    refit(index);
    if (options_.rotations && rotateForArea(index)) changed = true;
    const Node& m = nodes_[static_cast<std::size_t>(index)];
    if (changed || m.height != height || m.lo != lo || m.hi != hi) {
      unchanged = 0;
    } else if (++unchanged >= 2) {
      break;
    }
    index = m.parent;
  }
}

void DynamicAabbTree::refit(std::int32_t index) {
  Node& n = nodes_[static_cast<std::size_t>(index)];
  const Node& c1 = nodes_[static_cast<std::size_t>(n.child1)];
  const Node& c2 = nodes_[static_cast<std::size_t>(n.child2)];
  n.lo = glm::min(c1.lo, c2.lo);
  n.hi = glm::max(c1.hi, c2.hi);
  n.height = 1 + std::max(c1.height, c2.height);
}

void DynamicAabbTree::swapNodes(std::int32_t x, std::int32_t y) {
  // x and y sit in different places (neither is the other's ancestor): exchange them.
  Node& xn = nodes_[static_cast<std::size_t>(x)];
  Node& yn = nodes_[static_cast<std::size_t>(y)];
  Node& xp = nodes_[static_cast<std::size_t>(xn.parent)];
  (xp.child1 == x ? xp.child1 : xp.child2) = y;
  Node& yp = nodes_[static_cast<std::size_t>(yn.parent)];
  (yp.child1 == y ? yp.child1 : yp.child2) = x;
  std::swap(xn.parent, yn.parent);
}

bool DynamicAabbTree::rotateForArea(std::int32_t a) {
  // Tree rotations by surface area (Kopta et al. 2012, "Fast, effective BVH updates for
  // animated scenes"; Box2D 3's b2RotateNodes): with children B and C, and grandchildren
  // D, E under B and F, G under C, try exchanging a child with a grandchild on the other
  // side (B with F or G; C with D or E) or two grandchildren (D with F or G). A's box stays
  // the same: only the children's boxes change, so the best move is the one that shrinks
  // the sum of the children's areas most. Nothing changes when no move shrinks it.
  const Node& an = nodes_[static_cast<std::size_t>(a)];
  const std::int32_t b = an.child1;
  const std::int32_t c = an.child2;
  const Node& bn = nodes_[static_cast<std::size_t>(b)];
  const Node& cn = nodes_[static_cast<std::size_t>(c)];
  if (bn.isLeaf() && cn.isLeaf()) return false;
  const float areaB = halfArea(bn.lo, bn.hi);
  const float areaC = halfArea(cn.lo, cn.hi);
  auto box = [&](std::int32_t i) -> const Node& { return nodes_[static_cast<std::size_t>(i)]; };
  auto unionArea = [&](std::int32_t x, std::int32_t y) {
    return unionHalfArea(box(x).lo, box(x).hi, box(y).lo, box(y).hi);
  };
  float best = 0.0f;
  std::int32_t swapX = kNull, swapY = kNull;
  auto consider = [&](float gain, std::int32_t x, std::int32_t y) {
    if (gain > best) {
      best = gain;
      swapX = x;
      swapY = y;
    }
  };
  if (!cn.isLeaf()) {
    const std::int32_t f = cn.child1, g = cn.child2;
    consider(areaC - unionArea(b, g), b, f);  // C becomes (B, G)
    consider(areaC - unionArea(f, b), b, g);  // C becomes (F, B)
  }
  if (!bn.isLeaf()) {
    const std::int32_t d = bn.child1, e = bn.child2;
    consider(areaB - unionArea(c, e), c, d);  // B becomes (C, E)
    consider(areaB - unionArea(d, c), c, e);  // B becomes (D, C)
    if (!cn.isLeaf()) {
      const std::int32_t f = cn.child1, g = cn.child2;
      consider(areaB + areaC - unionArea(f, e) - unionArea(d, g), d, f);  // B (F, E), C (D, G)
      consider(areaB + areaC - unionArea(g, e) - unionArea(f, d), d, g);  // B (G, E), C (F, D)
    }
  }
  // A relative threshold keeps float noise from swapping back and forth.
  if (swapX == kNull || best <= 1e-6f * (areaB + areaC)) return false;
  const std::int32_t parentX = box(swapX).parent;
  const std::int32_t parentY = box(swapY).parent;
  swapNodes(swapX, swapY);
  // Refit the inner nodes that changed, deepest first, then A.
  if (parentX != a) refit(parentX);
  if (parentY != a) refit(parentY);
  refit(a);
  return true;
}

std::int32_t DynamicAabbTree::balance(std::int32_t a) {
  const Node& an = nodes_[static_cast<std::size_t>(a)];
  if (an.isLeaf() || an.height < 2) return a;
  const std::int32_t b = an.child1;
  const std::int32_t c = an.child2;
  const int lean = nodes_[static_cast<std::size_t>(c)].height - nodes_[static_cast<std::size_t>(b)].height;
  if (lean > 1) return rotateUp(a, c, true);
  if (lean < -1) return rotateUp(a, b, false);
  return a;
}

std::int32_t DynamicAabbTree::rotateUp(std::int32_t a, std::int32_t up, bool upWasChild2) {
  // Before: a has children (other, up), up has (tall, short).
  // After:  up has children (a, tall), a has (other, short).
  // `up` (the taller child) takes a's place; of its children the taller stays with it and
  // the shorter moves under a, into the slot `up` left. Heights differ by at most one
  // afterwards in the common case (Box2D 2.4's Balance; an AVL single rotation).
  Node& A = nodes_[static_cast<std::size_t>(a)];
  Node& U = nodes_[static_cast<std::size_t>(up)];
  const std::int32_t f = U.child1;
  const std::int32_t g = U.child2;
  const bool fTaller = nodes_[static_cast<std::size_t>(f)].height > nodes_[static_cast<std::size_t>(g)].height;
  const std::int32_t tall = fTaller ? f : g;
  const std::int32_t shortChild = fTaller ? g : f;

  U.parent = A.parent;
  if (U.parent == kNull) {
    root_ = up;
  } else {
    Node& pp = nodes_[static_cast<std::size_t>(U.parent)];
    (pp.child1 == a ? pp.child1 : pp.child2) = up;
  }
  A.parent = up;
  U.child1 = a;
  U.child2 = tall;
  (upWasChild2 ? A.child2 : A.child1) = shortChild;
  nodes_[static_cast<std::size_t>(shortChild)].parent = a;

  const Node& a1 = nodes_[static_cast<std::size_t>(A.child1)];
  const Node& a2 = nodes_[static_cast<std::size_t>(A.child2)];
  A.lo = glm::min(a1.lo, a2.lo);
  A.hi = glm::max(a1.hi, a2.hi);
  A.height = 1 + std::max(a1.height, a2.height);
  const Node& t = nodes_[static_cast<std::size_t>(tall)];
  U.lo = glm::min(A.lo, t.lo);
  U.hi = glm::max(A.hi, t.hi);
  U.height = 1 + std::max(A.height, t.height);
  return up;
}

void DynamicAabbTree::markMoved(std::int32_t leaf) {
  Node& n = nodes_[static_cast<std::size_t>(leaf)];
  if (n.movedSlot >= 0) return;
  n.movedSlot = static_cast<std::int32_t>(moved_.size());
  moved_.push_back(leaf);
}

void DynamicAabbTree::unmarkMoved(std::int32_t leaf) {
  Node& n = nodes_[static_cast<std::size_t>(leaf)];
  if (n.movedSlot < 0) return;
  // Swap with the last entry: O(1), and still deterministic.
  const std::size_t slot = static_cast<std::size_t>(n.movedSlot);
  const std::int32_t last = moved_.back();
  moved_[slot] = last;
  nodes_[static_cast<std::size_t>(last)].movedSlot = static_cast<std::int32_t>(slot);
  moved_.pop_back();
  n.movedSlot = -1;
}

void DynamicAabbTree::clearMoved() {
  for (const std::int32_t p : moved_) nodes_[static_cast<std::size_t>(p)].movedSlot = -1;
  moved_.clear();
}

Aabb DynamicAabbTree::fatBox(std::int32_t proxy) const {
  if (!isProxy(proxy)) return Aabb{};
  const Node& n = nodes_[static_cast<std::size_t>(proxy)];
  return Aabb::fromMinMax(n.lo, n.hi);
}

std::uint32_t DynamicAabbTree::userData(std::int32_t proxy) const {
  return isProxy(proxy) ? nodes_[static_cast<std::size_t>(proxy)].userData : 0u;
}

bool DynamicAabbTree::fatOverlap(std::int32_t a, std::int32_t b) const {
  if (!isProxy(a) || !isProxy(b)) return false;
  const Node& nb = nodes_[static_cast<std::size_t>(b)];
  return overlapsBox(nodes_[static_cast<std::size_t>(a)], nb.lo, nb.hi);
}

bool DynamicAabbTree::fatOverlaps(std::int32_t proxy, const Aabb& box) const {
  return isProxy(proxy) &&
         overlapsBox(nodes_[static_cast<std::size_t>(proxy)], box.center - box.half, box.center + box.half);
}

bool DynamicAabbTree::fatContains(std::int32_t proxy, const Aabb& tight) const {
  if (!isProxy(proxy)) return false;
  const Node& n = nodes_[static_cast<std::size_t>(proxy)];
  return contains(n.lo, n.hi, tight.center - tight.half, tight.center + tight.half);
}

void DynamicAabbTree::queryTraced(const Aabb& box, TreeQueryTrace& trace) const {
  trace.steps.clear();
  if (root_ == kNull) return;
  const glm::vec3 lo = box.center - box.half;
  const glm::vec3 hi = box.center + box.half;
  std::vector<std::int32_t> stack{root_};
  while (!stack.empty()) {
    const std::int32_t id = stack.back();
    stack.pop_back();
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    const bool hit = overlapsBox(n, lo, hi);
    trace.steps.push_back({id, hit, n.isLeaf()});
    if (hit && !n.isLeaf()) {
      stack.push_back(n.child2);
      stack.push_back(n.child1);
    }
  }
}

void DynamicAabbTree::nodes(std::vector<NodeView>& out) const {
  out.clear();
  if (root_ == kNull) return;
  // Breadth first: out itself is the queue, so parents come before children and each
  // level is contiguous.
  out.push_back({Aabb{}, 0, false, root_, kNull});
  for (std::size_t head = 0; head < out.size(); ++head) {
    const std::int32_t id = out[head].proxy;
    const Node& n = nodes_[static_cast<std::size_t>(id)];
    out[head].box = Aabb::fromMinMax(n.lo, n.hi);
    out[head].leaf = n.isLeaf();
    if (!n.isLeaf()) {
      const int depth = out[head].depth + 1;
      out.push_back({Aabb{}, depth, false, n.child1, id});
      out.push_back({Aabb{}, depth, false, n.child2, id});
    }
  }
}

int DynamicAabbTree::height() const { return root_ == kNull ? 0 : nodes_[static_cast<std::size_t>(root_)].height; }

std::size_t DynamicAabbTree::proxyCount() const { return proxyCount_; }

float DynamicAabbTree::areaRatio() const {
  if (root_ == kNull) return 0.0f;
  const Node& r = nodes_[static_cast<std::size_t>(root_)];
  const double rootArea = halfArea(r.lo, r.hi);
  if (!(rootArea > 0.0)) return 0.0f;
  double total = 0.0;
  for (const Node& n : nodes_)
    if (n.height > 0) total += halfArea(n.lo, n.hi);
  return static_cast<float>(total / rootArea);
}

int DynamicAabbTree::maxBalance() const {
  int worst = 0;
  for (const Node& n : nodes_) {
    if (n.height <= 1) continue;
    const int d = nodes_[static_cast<std::size_t>(n.child1)].height - nodes_[static_cast<std::size_t>(n.child2)].height;
    worst = std::max(worst, d < 0 ? -d : d);
  }
  return worst;
}

void DynamicAabbTree::clear() {
  nodes_.clear();
  root_ = kNull;
  freeList_ = kNull;
  proxyCount_ = 0;
  moved_.clear();
}

void DynamicAabbTree::build(const std::vector<Aabb>& tight, std::vector<std::int32_t>& proxies) {
  clear();
  const std::size_t n = tight.size();
  proxies.assign(n, kNull);
  // The boxes the tree takes, their fat boxes and centres.
  struct Item {
    glm::vec3 lo, hi, centre;
    std::uint32_t index;
  };
  std::vector<Item> items;
  items.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    Item it;
    if (!makeFat(tight[i], glm::vec3(0.0f), it.lo, it.hi)) continue;
    it.centre = 0.5f * it.lo + 0.5f * it.hi;
    it.index = static_cast<std::uint32_t>(i);
    items.push_back(it);
  }
  if (items.empty()) return;
  nodes_.reserve(2 * items.size() - 1);
  // Top down, depth first, without recursion: each task is a range of items and the node
  // it becomes. A node is allocated when its task is taken, so that nodes come in depth-
  // first order, child1 right after its parent.
  struct Task {
    std::size_t begin, end;
    std::int32_t parent;
    bool firstChild;
  };
  std::vector<Task> tasks{{0, items.size(), kNull, true}};
  while (!tasks.empty()) {
    const Task t = tasks.back();
    tasks.pop_back();
    const std::int32_t id = allocateNode();
    if (t.parent == kNull) {
      root_ = id;
    } else {
      Node& p = nodes_[static_cast<std::size_t>(t.parent)];
      (t.firstChild ? p.child1 : p.child2) = id;
    }
    nodes_[static_cast<std::size_t>(id)].parent = t.parent;
    if (t.end - t.begin == 1) {
      const Item& it = items[t.begin];
      Node& leaf = nodes_[static_cast<std::size_t>(id)];
      leaf.lo = it.lo;
      leaf.hi = it.hi;
      leaf.height = 0;
      leaf.userData = it.index;
      proxies[it.index] = id;
      ++proxyCount_;
      markMoved(id);
      continue;
    }
    // Split at the median centre along the longest axis of the centres' bounds.
    glm::vec3 lo = items[t.begin].centre, hi = lo;
    for (std::size_t k = t.begin + 1; k < t.end; ++k) {
      lo = glm::min(lo, items[k].centre);
      hi = glm::max(hi, items[k].centre);
    }
    const glm::vec3 size = hi - lo;
    const int axis = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
    const std::size_t mid = t.begin + (t.end - t.begin) / 2;
    const auto first = items.begin() + static_cast<std::ptrdiff_t>(t.begin);
    std::nth_element(first, items.begin() + static_cast<std::ptrdiff_t>(mid),
                     items.begin() + static_cast<std::ptrdiff_t>(t.end),
                     [axis](const Item& a, const Item& b) { return a.centre[axis] < b.centre[axis]; });
    nodes_[static_cast<std::size_t>(id)].height = 1;  // an inner node; refitted below
    // child1 is taken next (pushed last), so it follows its parent in the array.
    tasks.push_back({mid, t.end, id, false});
    tasks.push_back({t.begin, mid, id, true});
  }
  // Children come after their parents: one pass from the back refits every inner node.
  for (std::size_t k = nodes_.size(); k-- > 0;) {
    if (!nodes_[k].isLeaf()) refit(static_cast<std::int32_t>(k));
  }
}

std::string DynamicAabbTree::validate() const {
  std::ostringstream err;
  const std::size_t count = nodes_.size();
  auto valid = [&](std::int32_t id) { return id >= 0 && static_cast<std::size_t>(id) < count; };
  std::vector<char> seen(count, 0);
  std::size_t leaves = 0;
  std::size_t reached = 0;
  if (root_ != kNull) {
    if (!valid(root_)) return "root index out of range";
    if (nodes_[static_cast<std::size_t>(root_)].parent != kNull) return "root has a parent";
    std::vector<std::int32_t> stack{root_};
    while (!stack.empty()) {
      const std::int32_t id = stack.back();
      stack.pop_back();
      const std::size_t i = static_cast<std::size_t>(id);
      if (seen[i]) {
        err << "node " << id << " reached twice";
        return err.str();
      }
      seen[i] = 1;
      ++reached;
      const Node& n = nodes_[i];
      if (!finite3(n.lo) || !finite3(n.hi) || !(n.lo.x <= n.hi.x && n.lo.y <= n.hi.y && n.lo.z <= n.hi.z)) {
        err << "node " << id << " has a box that is not finite or inverted";
        return err.str();
      }
      if (n.isLeaf()) {
        if (n.child2 != kNull || n.height != 0) {
          err << "leaf " << id << ": child2 " << n.child2 << ", height " << n.height;
          return err.str();
        }
        ++leaves;
        continue;
      }
      if (!valid(n.child1) || !valid(n.child2) || n.child1 == n.child2) {
        err << "node " << id << " has bad children " << n.child1 << ", " << n.child2;
        return err.str();
      }
      const Node& c1 = nodes_[static_cast<std::size_t>(n.child1)];
      const Node& c2 = nodes_[static_cast<std::size_t>(n.child2)];
      if (c1.parent != id || c2.parent != id) {
        err << "a child of node " << id << " names another parent";
        return err.str();
      }
      if (c1.height < 0 || c2.height < 0) {
        err << "node " << id << " has a free child";
        return err.str();
      }
      if (n.height != 1 + std::max(c1.height, c2.height)) {
        err << "node " << id << " height " << n.height << ", children " << c1.height << " and " << c2.height;
        return err.str();
      }
      if (n.lo != glm::min(c1.lo, c2.lo) || n.hi != glm::max(c1.hi, c2.hi)) {
        err << "node " << id << "'s box is not the union of its children's";
        return err.str();
      }
      stack.push_back(n.child1);
      stack.push_back(n.child2);
    }
  }
  if (leaves != proxyCount_) {
    err << leaves << " leaves reachable, " << proxyCount_ << " proxies counted";
    return err.str();
  }
  std::size_t freeCount = 0;
  for (std::int32_t id = freeList_; id != kNull; id = nodes_[static_cast<std::size_t>(id)].parent) {
    if (!valid(id)) return "free list leaves the node array";
    const std::size_t i = static_cast<std::size_t>(id);
    if (seen[i]) {
      err << "node " << id << " is both in the tree and free (or the free list loops)";
      return err.str();
    }
    if (nodes_[i].height != -1) {
      err << "free node " << id << " has height " << nodes_[i].height;
      return err.str();
    }
    seen[i] = 1;
    ++freeCount;
  }
  if (reached + freeCount != count) {
    err << count - reached - freeCount << " nodes are neither in the tree nor free";
    return err.str();
  }
  for (std::size_t k = 0; k < moved_.size(); ++k) {
    const std::int32_t p = moved_[k];
    if (!isProxy(p) || nodes_[static_cast<std::size_t>(p)].movedSlot != static_cast<std::int32_t>(k)) {
      err << "move buffer entry " << k << " (" << p << ") is not a proxy pointing back at it";
      return err.str();
    }
  }
  std::size_t marked = 0;
  for (const Node& n : nodes_)
    if (n.movedSlot >= 0) ++marked;
  if (marked != moved_.size()) return "a node is marked moved but not in the move buffer";
  return {};
}

}  // namespace satlab
