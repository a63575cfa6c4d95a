#include "scene/frustum_cull.hpp"

#include "scene/scene_edit.hpp"

namespace satlab {

namespace {

template <class Rec>
ShapeCull cullOne(const SceneShape& shape, const Frustum& f, Rec& rec) {
  ShapeCull c;
  if (shape.kind() == ShapeKind::Aabb) {
    const Aabb& b = std::get<Aabb>(shape.geometry);
    c.planes = frustumAabbPlanes(f, b, rec);
    c.satOverlap = frustumAabbSat(f, b, rec).overlap;
  } else if (shape.kind() == ShapeKind::Obb) {
    const Obb& b = std::get<Obb>(shape.geometry);
    c.planes = frustumObbPlanes(f, b, rec);
    c.satOverlap = frustumObbSat(f, b, rec).overlap;
  } else {
    glm::vec3 lo, hi;
    shapeBounds(shape, lo, hi);
    const Aabb b = Aabb::fromMinMax(lo, hi);
    c.byBounds = true;
    c.planes = frustumAabbPlanes(f, b, rec);
    c.satOverlap = frustumAabbSat(f, b, rec).overlap;
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
