#include "world/swept_pairs.hpp"

#include <algorithm>

#include "evaluation/pair_eval.hpp"
#include "satlab/collide/dynamic_tree.hpp"
#include "world/broad_phase.hpp"

namespace satlab {
namespace {

/// A 2D scene's box or sphere in the plane z = 0 (its pair tests read x and y only).
ShapeGeometry inPlane(const ShapeGeometry& g, bool planar) {
  if (!planar) return g;
  ShapeGeometry out = g;
  if (Aabb* a = std::get_if<Aabb>(&out)) a->center.z = 0.0f;
  if (Sphere* s = std::get_if<Sphere>(&out)) s->center.z = 0.0f;
  if (Obb* o = std::get_if<Obb>(&out)) {
    if (isRotationAboutZ(*o)) o->center.z = 0.0f;
  }
  return out;
}

/// The centre the shape turns about (as stepBetween measures it) and its farthest point's
/// distance from it.
bool turningReach(const ShapeGeometry& g, glm::vec3& centre, float& reach) {
  if (const Segment* s = std::get_if<Segment>(&g)) {
    centre = 0.5f * (s->p0 + s->p1);
    reach = 0.5f * glm::length(s->p1 - s->p0);
    return true;
  }
  if (const Obb* o = std::get_if<Obb>(&g)) {
    centre = o->center;
    reach = glm::length(o->half);
    return true;
  }
  if (const Capsule* c = std::get_if<Capsule>(&g)) {
    // It turns about its core's midpoint: its farthest point is an end's cap.
    centre = 0.5f * (c->p0 + c->p1);
    reach = 0.5f * glm::length(c->p1 - c->p0) + c->radius;
    return true;
  }
  return false;
}

Aabb sweptBox(const SceneShape& before, const SceneShape& after, const StepMotion& m) {
  const Bounds b0 = conservativeBounds(before), b1 = conservativeBounds(after);
  glm::vec3 lo = glm::min(b0.lo, b1.lo), hi = glm::max(b0.hi, b1.hi);
  glm::vec3 c0, c1;
  float r0 = 0.0f, r1 = 0.0f;
  if (m.rotation != glm::vec3(0.0f) && turningReach(before.geometry, c0, r0) && turningReach(after.geometry, c1, r1)) {
    // Turning: any point stays within its farthest point's distance of the centre's path.
    const float r = std::max(r0, r1) * (1.0f + 1e-5f) + kBoundsMargin * (1.0f + glm::length(c0) + glm::length(c1));
    lo = glm::min(lo, glm::min(c0, c1) - glm::vec3(r));
    hi = glm::max(hi, glm::max(c0, c1) + glm::vec3(r));
  }
  return Aabb::fromMinMax(lo, hi);
}

}  // namespace

SweptContacts sweptContacts(const Scene& before, const Scene& after, const std::vector<std::size_t>& beforeIndex) {
  SweptContacts out;
  const std::size_t n = after.shapes.size();
  const bool planar = after.view == ViewMode::TwoD;
  std::vector<std::optional<StepMotion>> motion(n);
  std::vector<char> moved(n, 0);
  std::vector<Aabb> box(n);
  std::vector<char> present(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i < beforeIndex.size() ? beforeIndex[i] : kNotInFrame;
    if (j == kNotInFrame || j >= before.shapes.size()) continue;
    const SceneShape& s0 = before.shapes[j];
    const SceneShape& s1 = after.shapes[i];
    if (s0.kind() != s1.kind() || s1.kind() == ShapeKind::Mesh) continue;
    present[i] = 1;
    motion[i] = stepBetween(s0.geometry, s1.geometry);
    moved[i] = !motion[i] || motion[i]->displacement != glm::vec3(0.0f) || motion[i]->rotation != glm::vec3(0.0f);
    box[i] = sweptBox(s0, s1, motion[i] ? *motion[i] : StepMotion{});
  }
  // The shapes that moved in a tree; every shape asks it. A scene of many still shapes and a
  // few moving ones costs a small tree and one short query per shape.
  DynamicAabbTree::Options options;
  options.margin = 0.0f;
  options.displacementMultiplier = 0.0f;
  DynamicAabbTree tree(options);
  std::vector<std::size_t> outside;  // moved shapes whose boxes the tree refuses (beyond float range)
  for (std::size_t i = 0; i < n; ++i)
    if (moved[i] && tree.insert(box[i], static_cast<std::uint32_t>(i)) == DynamicAabbTree::kNull) outside.push_back(i);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  auto consider = [&](std::size_t i, std::size_t k) {
    // Each pair once: asked by the still shape, or by the earlier of two moved ones.
    if (k == i || (moved[i] && k < i)) return;
    pairs.emplace_back(std::min(i, k), std::max(i, k));
  };
  for (std::size_t i = 0; i < n; ++i) {
    if (!present[i]) continue;
    tree.query(box[i], [&](std::int32_t proxy) {
      consider(i, tree.userData(proxy));
      return true;
    });
    for (const std::size_t k : outside) consider(i, k);
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  out.candidates = pairs.size();
  for (const auto& [a, b] : pairs) {
    const std::size_t a0 = beforeIndex[a], b0 = beforeIndex[b];
    const SweptResult r =
        evaluateSweep(inPlane(before.shapes[a0].geometry, planar), inPlane(after.shapes[a].geometry, planar),
                      inPlane(before.shapes[b0].geometry, planar), inPlane(after.shapes[b].geometry, planar));
    if (!r.tested) {
      ++out.untested;
      continue;
    }
    if (!r.hit || r.toi <= 0.0f) continue;
    // Touching in the first frame by its own test: a contact that goes on, not one that begins.
    if (pairOverlaps(before, std::min(a0, b0), std::max(a0, b0))) continue;
    out.contacts.push_back(SweptContact{a, b, r, !pairOverlaps(after, a, b)});
  }
  return out;
}

SweptContacts sweptContacts(const Scene& before, const Scene& after) {
  std::vector<std::size_t> same(after.shapes.size());
  for (std::size_t i = 0; i < same.size(); ++i) same[i] = i < before.shapes.size() ? i : kNotInFrame;
  return sweptContacts(before, after, same);
}

}  // namespace satlab
