#include "model/board_geometry.hpp"

#include "document/scene_edit.hpp"

#include <algorithm>
#include <cmath>
#include <variant>
#include <vector>

namespace satlab {

std::vector<glm::vec3> supportPoints(const SceneShape& s) {
  std::vector<glm::vec3> pts;
  auto box = [&](const glm::vec3& c, const glm::mat3& ax, const glm::vec3& h) {
    for (int i = 0; i < 8; ++i) {
      pts.push_back(c + ax[0] * ((i & 1) ? h.x : -h.x) + ax[1] * ((i & 2) ? h.y : -h.y) +
                    ax[2] * ((i & 4) ? h.z : -h.z));
    }
  };
  if (const auto* a = std::get_if<Aabb>(&s.geometry)) box(a->center, glm::mat3(1.0f), a->half);
  if (const auto* o = std::get_if<Obb>(&s.geometry)) box(o->center, o->axes, o->half);
  if (const auto* g = std::get_if<Segment>(&s.geometry)) pts = {g->p0, g->p1};
  return pts;
}

namespace {

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

const SatAxisRow* satRow(const PairTrace& trace, int row) {
  if (trace.kind != ExplorerKind::Sat) return nullptr;
  if (row < 0 || row >= static_cast<int>(trace.sat.rows.size())) return nullptr;
  return &trace.sat.rows[static_cast<size_t>(row)];
}

/// A row whose axis can be drawn: a unit vector (a zero or degenerate cross product is not).
bool drawableAxis(const SatAxisRow& r) {
  return !r.degenerate && finite3(r.axis) && std::abs(glm::length(r.axis) - 1.0f) < 1e-3f;
}

bool isCrossRow(const SatAxisRow& r) {
  return r.id.kind == AxisId::Kind::EdgeEdge || r.id.kind == AxisId::Kind::WorldCrossSegment ||
         r.id.kind == AxisId::Kind::FaceACrossSegment;
}

/// +1 when B's interval lies after A's along the row's axis, -1 when before; for intervals
/// that overlap, the side B's centre is on.
float sideOfB(const SatAxisRow& r) {
  if (r.minB > r.maxA) return 1.0f;
  if (r.maxB < r.minA) return -1.0f;
  return r.centerDistance >= 0.0f ? 1.0f : -1.0f;
}

const SceneShape* shapeAt(const Scene& scene, int index) {
  if (index < 0 || index >= static_cast<int>(scene.shapes.size())) return nullptr;
  return &scene.shapes[static_cast<size_t>(index)];
}

struct BoxFrame {
  glm::vec3 center{0.0f};
  glm::mat3 axes{1.0f};
  glm::vec3 half{0.0f};
};

std::optional<BoxFrame> boxFrame(const ShapeGeometry& g) {
  if (const auto* a = std::get_if<Aabb>(&g)) return BoxFrame{a->center, glm::mat3(1.0f), a->half};
  if (const auto* o = std::get_if<Obb>(&g)) return BoxFrame{o->center, o->axes, o->half};
  return std::nullopt;
}

/// The sign of x, with `tie` where x is (nearly) zero.
float signOr(float x, float tie) { return x > 1e-6f ? 1.0f : x < -1e-6f ? -1.0f : tie; }

/// Of the box's four edges along axis `along`, the one farthest in direction `d`; where an
/// axis is perpendicular to d (two edges are as far), the one on the side of `toward`.
void extremeEdge(const BoxFrame& box, int along, const glm::vec3& d, const glm::vec3& toward, glm::vec3& e0,
                 glm::vec3& e1) {
  glm::vec3 offset(0.0f);
  for (int k = 0; k < 3; ++k) {
    if (k == along) continue;
    const float tie = signOr(glm::dot(box.axes[k], toward - box.center), 1.0f);
    offset += box.axes[k] * (box.half[k] * signOr(glm::dot(box.axes[k], d), tie));
  }
  const glm::vec3 mid = box.center + offset;
  e0 = mid - box.axes[along] * box.half[along];
  e1 = mid + box.axes[along] * box.half[along];
}

}  // namespace

int separatingPlaneRow(const PairTrace& trace, int step, bool revealResult) {
  if (const SatAxisRow* r = satRow(trace, step); r != nullptr && r->separating && drawableAxis(*r)) return step;
  if (!revealResult || trace.overlap) return -1;
  const int first = trace.sat.separatingRow;
  const SatAxisRow* r = satRow(trace, first);
  return r != nullptr && r->separating && drawableAxis(*r) ? first : -1;
}

int crossEdgesRow(const PairTrace& trace, int step, bool revealResult) {
  if (const SatAxisRow* r = satRow(trace, step); r != nullptr && isCrossRow(*r) && drawableAxis(*r)) return step;
  const int plane = separatingPlaneRow(trace, step, revealResult);
  const SatAxisRow* r = satRow(trace, plane);
  return r != nullptr && isCrossRow(*r) ? plane : -1;
}

std::optional<SeparatingPlane> separatingPlane(const Scene& scene, const PairTrace& trace, int row) {
  const SatAxisRow* r = satRow(trace, row);
  const SceneShape* a = shapeAt(scene, trace.shapeA);
  const SceneShape* b = shapeAt(scene, trace.shapeB);
  if (r == nullptr || a == nullptr || b == nullptr || !drawableAxis(*r)) return std::nullopt;
  // The gap between the intervals; intervals that meet or overlap have no plane between.
  float lo, hi;
  if (r->maxA < r->minB) {
    lo = r->maxA, hi = r->minB;
  } else if (r->maxB < r->minA) {
    lo = r->maxB, hi = r->minA;
  } else {
    return std::nullopt;
  }
  if (!std::isfinite(lo) || !std::isfinite(hi)) return std::nullopt;
  const glm::vec3 n = glm::normalize(r->axis);
  const bool flat = trace.twoD;
  // A point of the plane: the pair's middle moved along the axis to the middle of the gap.
  const glm::vec3 middle = (trace.sat.centerA + trace.sat.centerB) * 0.5f;
  const glm::vec3 onPlane = middle + n * (0.5f * (lo + hi) - glm::dot(middle, n));
  // Two directions in the plane: in 2D the line's own; in 3D one level (no Z) where it can be.
  glm::vec3 u, v(0.0f);
  if (flat) {
    u = glm::vec3(-n.y, n.x, 0.0f);
  } else {
    u = glm::cross(n, glm::vec3(0.0f, 0.0f, 1.0f));
    if (glm::length(u) < 0.1f) u = glm::cross(n, glm::vec3(1.0f, 0.0f, 0.0f));
  }
  if (!(glm::length(u) > 1e-3f)) return std::nullopt;
  u = glm::normalize(u);
  if (!flat) v = glm::normalize(glm::cross(n, u));
  // Both shapes' extents in the plane (as the view draws them: z dropped in 2D).
  glm::vec2 lo2(1e30f), hi2(-1e30f);
  bool any = false;
  for (const SceneShape* s : {a, b}) {
    for (glm::vec3 p : supportPoints(*s)) {
      if (flat) p.z = onPlane.z;
      const glm::vec2 q(glm::dot(p - onPlane, u), glm::dot(p - onPlane, v));
      lo2 = glm::min(lo2, q);
      hi2 = glm::max(hi2, q);
      any = true;
    }
  }
  if (!any) return std::nullopt;
  const glm::vec2 span = hi2 - lo2;
  // A margin so that the plane reads as reaching past both shapes, and never zero (two
  // point boxes have a gap but no extent).
  const float margin = 0.15f * std::max(span.x, span.y) + 0.5f * (hi - lo);
  SeparatingPlane p;
  p.line = flat;
  p.normal = r->maxA < r->minB ? n : -n;
  const glm::vec2 c = (lo2 + hi2) * 0.5f;
  p.center = onPlane + u * c.x + v * c.y;
  p.halfU = u * (span.x * 0.5f + margin);
  p.halfV = flat ? glm::vec3(0.0f) : v * (span.y * 0.5f + margin);
  if (!finite3(p.center) || !finite3(p.halfU) || !finite3(p.halfV) || !(margin > 0.0f)) return std::nullopt;
  return p;
}

std::optional<CrossEdges> crossAxisEdges(const Scene& scene, const PairTrace& trace, int row) {
  const SatAxisRow* r = satRow(trace, row);
  const SceneShape* a = shapeAt(scene, trace.shapeA);
  const SceneShape* b = shapeAt(scene, trace.shapeB);
  if (r == nullptr || a == nullptr || b == nullptr || !isCrossRow(*r) || !drawableAxis(*r)) return std::nullopt;
  const std::optional<BoxFrame> boxA = boxFrame(a->geometry);
  if (!boxA || r->id.i > 2 || r->id.j > 2) return std::nullopt;
  const glm::vec3 towardB = r->axis * sideOfB(*r);
  const glm::vec3 centreB = shapeCenter(*b);
  CrossEdges e;
  extremeEdge(*boxA, r->id.i, towardB, centreB, e.a0, e.a1);
  if (r->id.kind == AxisId::Kind::EdgeEdge) {
    const std::optional<BoxFrame> boxB = boxFrame(b->geometry);
    if (!boxB) return std::nullopt;
    extremeEdge(*boxB, r->id.j, -towardB, boxA->center, e.b0, e.b1);
    e.axisA = "A" + std::to_string(r->id.i);
    e.axisB = "B" + std::to_string(r->id.j);
  } else {
    const auto* seg = std::get_if<Segment>(&b->geometry);
    if (seg == nullptr) return std::nullopt;
    e.b0 = seg->p0, e.b1 = seg->p1;
    e.axisA =
        r->id.kind == AxisId::Kind::FaceACrossSegment ? "A" + std::to_string(r->id.i) : std::string(1, "XYZ"[r->id.i]);
    e.axisB = "d";
  }
  if (!finite3(e.a0) || !finite3(e.a1) || !finite3(e.b0) || !finite3(e.b1)) return std::nullopt;
  return e;
}

}  // namespace satlab
