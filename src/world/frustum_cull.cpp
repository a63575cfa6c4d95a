#include "world/frustum_cull.hpp"

#include "document/scene_edit.hpp"

namespace satlab {

namespace {

// Both tests for one shape. Traced, both always run (the panel shows both). Untraced, SAT
// runs only where the plane test says Intersecting: a box wholly outside one plane is
// disjoint from the frustum, and one inside every plane lies in it, so there SAT's answer
// is known (tests/collide/test_frustum.cpp checks both against the oracle).
template <class Rec, class Box, class Planes, class Sat>
void cullBox(ShapeCull& c, const Frustum& f, const Box& b, Rec& rec, Planes planes, Sat sat) {
  c.planes = planes(f, b, rec);
  if (!Rec::kEnabled && c.planes != FrustumVerdict::Intersecting) {
    c.satOverlap = c.planes == FrustumVerdict::Inside;
    return;
  }
  c.satOverlap = sat(f, b, rec).overlap;
}

template <class Rec>
ShapeCull cullOne(const SceneShape& shape, const Frustum& f, Rec& rec) {
  ShapeCull c;
  auto aabbPlanes = [](const Frustum& fr, const Aabb& b, Rec& r) { return frustumAabbPlanes(fr, b, r); };
  auto aabbSat = [](const Frustum& fr, const Aabb& b, Rec& r) { return frustumAabbSat(fr, b, r); };
  if (shape.kind() == ShapeKind::Obb) {
    cullBox(
        c, f, std::get<Obb>(shape.geometry), rec,
        [](const Frustum& fr, const Obb& b, Rec& r) { return frustumObbPlanes(fr, b, r); },
        [](const Frustum& fr, const Obb& b, Rec& r) { return frustumObbSat(fr, b, r); });
  } else if (shape.kind() == ShapeKind::Aabb) {
    cullBox(c, f, std::get<Aabb>(shape.geometry), rec, aabbPlanes, aabbSat);
  } else {
    glm::vec3 lo, hi;
    shapeBounds(shape, lo, hi);
    c.byBounds = true;
    cullBox(c, f, Aabb::fromMinMax(lo, hi), rec, aabbPlanes, aabbSat);
  }
  return c;
}

}  // namespace

Obb cullBoxOf(const SceneShape& shape, bool& byBounds) {
  byBounds = false;
  if (shape.kind() == ShapeKind::Obb) return std::get<Obb>(shape.geometry);
  Aabb b;
  if (shape.kind() == ShapeKind::Aabb) {
    b = std::get<Aabb>(shape.geometry);
  } else {
    glm::vec3 lo, hi;
    shapeBounds(shape, lo, hi);
    b = Aabb::fromMinMax(lo, hi);
    byBounds = true;
  }
  return Obb{b.center, glm::mat3(1.0f), b.half};
}

SceneCull cullScene(const Scene& scene, const Frustum& frustum) {
  SceneCull out;
  out.shapes.reserve(scene.shapes.size());
  NoTrace none;
  for (const SceneShape& s : scene.shapes) {
    const ShapeCull c = cullOne(s, frustum, none);
    out.shapes.push_back(c);
    CullCounts& n = out.counts;
    ++n.shapes;
    switch (c.planes) {
      case FrustumVerdict::Inside: ++n.inside; break;
      case FrustumVerdict::Intersecting: ++n.intersecting; break;
      case FrustumVerdict::Outside: ++n.culledByPlanes; break;
    }
    if (!c.satOverlap) ++n.culledBySat;
    if (c.falsePositive()) ++n.falsePositives;
  }
  return out;
}

ShapeCull traceShapeCull(const SceneShape& shape, const Frustum& frustum, FrustumTrace& trace) {
  return cullOne(shape, frustum, trace);
}

}  // namespace satlab
