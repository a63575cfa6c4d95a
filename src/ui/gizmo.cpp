#include "ui/gizmo.hpp"

#include "document/scene_edit.hpp"
#include "ui/theme.hpp"

#include <glm/gtc/constants.hpp>
#include <glm/gtx/rotate_vector.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace satlab {

namespace {

constexpr float kArrowPx = 90.0f;   // on-screen length of a move arrow
constexpr float kGrabPx = 9.0f;     // how near the cursor must be to grab a handle
constexpr float kRingScale = 0.8f;  // ring radius relative to the arrow length

float snapTo(float v, float step) { return std::round(v / step) * step; }

/// Parameter s of the point on the line P + s·u (u unit) closest to the line Q + t·v.
/// Returns false when the lines are (nearly) parallel.
bool closestOnLine(const glm::vec3& p, const glm::vec3& u, const glm::vec3& q, const glm::vec3& v, float& s) {
  const glm::vec3 w = p - q;
  const float a = glm::dot(u, u), b = glm::dot(u, v), c = glm::dot(v, v);
  const float d = glm::dot(u, w), e = glm::dot(v, w);
  const float den = a * c - b * b;
  if (den <= 1e-8f * a * c) return false;
  s = (b * e - c * d) / den;
  return std::isfinite(s);
}

bool rayPlane(const glm::vec3& q, const glm::vec3& v, const glm::vec3& point, const glm::vec3& n, glm::vec3& hit) {
  const float den = glm::dot(v, n);
  if (std::abs(den) < 1e-8f * glm::length(v)) return false;
  const float t = glm::dot(point - q, n) / den;
  hit = q + v * t;
  return std::isfinite(hit.x) && std::isfinite(hit.y) && std::isfinite(hit.z);
}

int axisOf(int handle, int first) { return handle - first; }

glm::vec3 ringPoint(const glm::vec3& c, const glm::vec3& n, float r, float a) {
  const glm::vec3 other = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 u = glm::normalize(glm::cross(n, other));
  const glm::vec3 w = glm::cross(n, u);
  return c + (u * std::cos(a) + w * std::sin(a)) * r;
}

/// r * axes, re-orthonormalised against float drift (Gram-Schmidt keeps it right-handed).
glm::mat3 rotatedAxes(const glm::mat3& r, const glm::mat3& start) {
  glm::mat3 axes = r * start;
  axes[0] = glm::normalize(axes[0]);
  axes[1] = glm::normalize(axes[1] - axes[0] * glm::dot(axes[0], axes[1]));
  axes[2] = glm::cross(axes[0], axes[1]);
  return axes;
}

void applyRotation(SceneShape& shape, const SceneShape& start, const glm::mat3& r) {
  if (auto* o = std::get_if<Obb>(&shape.geometry)) {
    o->axes = rotatedAxes(r, std::get<Obb>(start.geometry).axes);
  } else if (auto* m = meshBodyOf(shape.geometry)) {
    m->pose.axes = rotatedAxes(r, meshBodyOf(start.geometry)->pose.axes);  // about its centre
  } else if (auto* t = std::get_if<Triangle>(&shape.geometry)) {
    const Triangle& s = std::get<Triangle>(start.geometry);
    const glm::vec3 mid = (s.a + s.b + s.c) / 3.0f;
    t->a = mid + r * (s.a - mid);
    t->b = mid + r * (s.b - mid);
    t->c = mid + r * (s.c - mid);
  } else if (auto* seg = std::get_if<Segment>(&shape.geometry)) {
    const Segment& s = std::get<Segment>(start.geometry);
    const glm::vec3 mid = (s.p0 + s.p1) * 0.5f;
    seg->p0 = mid + r * (s.p0 - mid);
    seg->p1 = mid + r * (s.p1 - mid);
  } else if (auto* cap = std::get_if<Capsule>(&shape.geometry)) {
    // A capsule turns about its midpoint, like a segment.
    const Capsule& s = std::get<Capsule>(start.geometry);
    const glm::vec3 mid = (s.p0 + s.p1) * 0.5f;
    cap->p0 = mid + r * (s.p0 - mid);
    cap->p1 = mid + r * (s.p1 - mid);
  }
}

/// The two ends of a segment or of a capsule's core (the End0 / End1 handles), or null.
const glm::vec3* endOf(const SceneShape& shape, int end) {
  if (const auto* s = std::get_if<Segment>(&shape.geometry)) return end == 0 ? &s->p0 : &s->p1;
  if (const auto* c = std::get_if<Capsule>(&shape.geometry)) return end == 0 ? &c->p0 : &c->p1;
  return nullptr;
}
glm::vec3* endOf(SceneShape& shape, int end) {
  return const_cast<glm::vec3*>(endOf(static_cast<const SceneShape&>(shape), end));
}

/// The radius the Radius handle drags: a sphere's or a capsule's.
float* radiusOf(SceneShape& shape) {
  if (auto* s = std::get_if<Sphere>(&shape.geometry)) return &s->radius;
  if (auto* c = std::get_if<Capsule>(&shape.geometry)) return &c->radius;
  return nullptr;
}
float radiusValue(const SceneShape& shape) {
  const float* r = radiusOf(const_cast<SceneShape&>(shape));
  return r ? *r : 0.0f;
}

/// A box's half extents; a mesh's are those of its bounds under its pose (the resize
/// handles scale it).
glm::vec3 boxHalf(const SceneShape& shape) {
  if (const auto* a = std::get_if<Aabb>(&shape.geometry)) return a->half;
  if (const auto* o = std::get_if<Obb>(&shape.geometry)) return o->half;
  if (const auto* m = meshBodyOf(shape.geometry)) return meshBoundsObb(*m).half;
  return glm::vec3(0.0f);
}

glm::mat3 boxAxes(const SceneShape& shape) {
  if (const auto* o = std::get_if<Obb>(&shape.geometry)) return o->axes;
  if (const auto* m = meshBodyOf(shape.geometry)) return m->pose.axes;
  return glm::mat3(1.0f);
}

/// Where the resize handles sit: a box's centre, a mesh's bounds' centre.
glm::vec3 boxCenter(const SceneShape& shape) {
  if (const auto* m = meshBodyOf(shape.geometry)) return meshBoundsObb(*m).center;
  return shapeCenter(shape);
}

}  // namespace

Gizmo::Frame Gizmo::frameFor(const SceneShape& shape, const ViewMapping& view, const OrbitCamera& camera) const {
  Frame f;
  f.center = shapeCenter(shape);
  f.axes = (space == GizmoSpace::Local) ? boxAxes(shape) : glm::mat3(1.0f);
  f.forward = camera.forward();
  const glm::vec3 worldUp(0.0f, 0.0f, 1.0f);
  glm::vec3 right = glm::cross(f.forward, worldUp);
  f.right = glm::length(right) > 1e-5f ? glm::normalize(right) : glm::vec3(1, 0, 0);
  f.up = glm::cross(f.right, f.forward);
  // Pixels per world unit, measured over a step of the camera's own scale (a unit step
  // vanishes in rounding far from the origin, or spans 1e30 pixels in a tiny scene).
  glm::vec2 a, b;
  const float step = std::max(camera.distance, OrbitCamera::kMinDistance) * 0.1f;
  float pxPerUnit = 100.0f / step;
  if (view.toPixel(f.center, a) && view.toPixel(f.center + f.right * step, b) && glm::length(b - a) > 1e-3f) {
    pxPerUnit = glm::length(b - a) / step;
  }
  f.size = kArrowPx / pxPerUnit;
  if (!std::isfinite(f.size) || !(f.size > 0.0f)) f.size = step;
  return f;
}

bool Gizmo::offers(Handle h, const SceneShape& shape) const {
  const ShapeKind kind = shape.kind();
  const bool isBox =
      kind == ShapeKind::Aabb || kind == ShapeKind::Obb || kind == ShapeKind::Mesh || kind == ShapeKind::Hull;
  const bool turns = kind == ShapeKind::Obb || kind == ShapeKind::Segment || kind == ShapeKind::Capsule ||
                     kind == ShapeKind::Triangle || kind == ShapeKind::Mesh || kind == ShapeKind::Hull;
  switch (h) {
    case Handle::End0:
    case Handle::End1: return kind == ShapeKind::Segment || kind == ShapeKind::Capsule;
    case Handle::AxisX:
    case Handle::AxisY:
    case Handle::PlaneXY:
    case Handle::Center: return mode == GizmoMode::Move;
    case Handle::AxisZ:
    case Handle::PlaneYZ:
    case Handle::PlaneZX: return mode == GizmoMode::Move && !planar;
    case Handle::RingZ: return mode == GizmoMode::Rotate && turns;
    case Handle::RingX:
    case Handle::RingY:
    case Handle::Trackball: return mode == GizmoMode::Rotate && !planar && turns;
    case Handle::FacePosX:
    case Handle::FaceNegX:
    case Handle::FacePosY:
    case Handle::FaceNegY: return mode == GizmoMode::Resize && isBox;
    case Handle::FacePosZ:
    case Handle::FaceNegZ: return mode == GizmoMode::Resize && isBox && !planar;
    case Handle::Radius: return mode == GizmoMode::Resize && (kind == ShapeKind::Sphere || kind == ShapeKind::Capsule);
    case Handle::None: return false;
  }
  return false;
}

Gizmo::Handle Gizmo::hitTest(const SceneShape& shape, const Frame& f, const ViewMapping& view,
                             const glm::vec2& px) const {
  // Score = distance minus the handle's grab radius: the most negative one wins.
  Handle best = Handle::None;
  float bestScore = 0.0f;
  auto consider = [&](Handle h, float d, float grab) {
    if (d - grab < bestScore) {
      best = h;
      bestScore = d - grab;
    }
  };
  auto tryPoint = [&](Handle h, const glm::vec3& p, float grab) {
    glm::vec2 q;
    if (offers(h, shape) && view.toPixel(p, q)) consider(h, glm::length(q - px), grab);
  };
  auto trySegment = [&](Handle h, const glm::vec3& a, const glm::vec3& b) {
    if (offers(h, shape)) consider(h, pixelDistanceToSegment(view, px, a, b), kGrabPx);
  };

  if (const glm::vec3* p0 = endOf(shape, 0)) {
    tryPoint(Handle::End0, *p0, kGrabPx + 2.0f);
    tryPoint(Handle::End1, *endOf(shape, 1), kGrabPx + 2.0f);
    if (best != Handle::None) return best;
  }
  for (int k = 0; k < 3; ++k) {
    trySegment(static_cast<Handle>(static_cast<int>(Handle::AxisX) + k), f.center + f.axes[k] * (f.size * 0.25f),
               f.center + f.axes[k] * f.size);
    const int a = (k + 1) % 3, b = (k + 2) % 3;
    tryPoint(static_cast<Handle>(static_cast<int>(Handle::PlaneYZ) + k),
             f.center + (f.axes[a] + f.axes[b]) * (f.size * 0.32f), kGrabPx + 3.0f);
    // Rings: distance to the projected circle, sampled.
    const Handle ring = static_cast<Handle>(static_cast<int>(Handle::RingX) + k);
    if (offers(ring, shape)) {
      constexpr int kSamples = 64;
      glm::vec3 prev = ringPoint(f.center, f.axes[k], f.size * kRingScale, 0.0f);
      for (int i = 1; i <= kSamples; ++i) {
        const glm::vec3 p = ringPoint(f.center, f.axes[k], f.size * kRingScale,
                                      glm::two_pi<float>() * static_cast<float>(i) / kSamples);
        trySegment(ring, prev, p);
        prev = p;
      }
    }
  }
  // Resize handles sit on the shape itself.
  const glm::vec3 half = boxHalf(shape);
  const glm::mat3 ownAxes = boxAxes(shape);
  const glm::vec3 boxMid = boxCenter(shape);
  for (int k = 0; k < 3; ++k) {
    tryPoint(static_cast<Handle>(static_cast<int>(Handle::FacePosX) + 2 * k), boxMid + ownAxes[k] * half[k],
             kGrabPx + 2.0f);
    tryPoint(static_cast<Handle>(static_cast<int>(Handle::FaceNegX) + 2 * k), boxMid - ownAxes[k] * half[k],
             kGrabPx + 2.0f);
  }
  if (std::holds_alternative<Sphere>(shape.geometry) || std::holds_alternative<Capsule>(shape.geometry))
    tryPoint(Handle::Radius, f.center + f.right * radiusValue(shape), kGrabPx + 2.0f);
  if (best != Handle::None) return best;

  tryPoint(Handle::Center, f.center, kGrabPx + 3.0f);
  if (best == Handle::None && offers(Handle::Trackball, shape)) {
    glm::vec2 c, e;
    if (view.toPixel(f.center, c) && view.toPixel(f.center + f.right * (f.size * kRingScale), e) &&
        glm::length(px - c) < glm::length(e - c)) {
      best = Handle::Trackball;
    }
  }
  return best;
}

bool Gizmo::update(SceneShape& shape, const ViewMapping& view, const OrbitCamera& camera, const GizmoInput& in,
                   bool& changed) {
  changed = false;
  finished_ = false;
  if (active_ != Handle::None) {
    if (!in.down) {
      active_ = Handle::None;
      finished_ = true;
      return true;
    }
    drag(shape, view, in);
    changed = true;
    return true;
  }
  const Frame f = frameFor(shape, view, camera);
  hover_ = hitTest(shape, f, view, in.mousePx);
  glm::vec2 centerPx;
  near_ = view.toPixel(f.center, centerPx) && glm::length(in.mousePx - centerPx) <= kArrowPx + 2.0f * kGrabPx;
  if (in.pressed && hover_ != Handle::None) {
    active_ = hover_;
    start_ = shape;
    startFrame_ = f;
    startMouse_ = in.mousePx;
    const Segment ray = view.pickSegment(in.mousePx);
    const glm::vec3 q = ray.p0, v = ray.p1 - ray.p0;
    const int h = static_cast<int>(active_);
    if (active_ >= Handle::AxisX && active_ <= Handle::AxisZ) {
      closestOnLine(f.center, f.axes[axisOf(h, static_cast<int>(Handle::AxisX))], q, v, startParam_);
    } else if (active_ >= Handle::PlaneYZ && active_ <= Handle::PlaneXY) {
      rayPlane(q, v, f.center, f.axes[axisOf(h, static_cast<int>(Handle::PlaneYZ))], startHit_);
    } else if (active_ == Handle::Center || active_ == Handle::End0 || active_ == Handle::End1) {
      glm::vec3 anchor = f.center;
      if (endOf(shape, 0) != nullptr) {
        if (active_ == Handle::End0) anchor = *endOf(shape, 0);
        if (active_ == Handle::End1) anchor = *endOf(shape, 1);
      }
      rayPlane(q, v, anchor, planar ? glm::vec3(0, 0, 1) : f.forward, startHit_);
    } else if (active_ >= Handle::FacePosX && active_ <= Handle::FaceNegZ) {
      const int k = (h - static_cast<int>(Handle::FacePosX)) / 2;
      closestOnLine(f.center, boxAxes(shape)[k], q, v, startParam_);
    } else if (active_ == Handle::Radius) {
      closestOnLine(f.center, f.right, q, v, startParam_);
    }
    return true;
  }
  return false;
}

void Gizmo::drag(SceneShape& shape, const ViewMapping& view, const GizmoInput& in) {
  const Frame& f = startFrame_;
  const Segment ray = view.pickSegment(in.mousePx);
  const glm::vec3 q = ray.p0, v = ray.p1 - ray.p0;
  const int h = static_cast<int>(active_);
  shape = start_;

  if (active_ >= Handle::AxisX && active_ <= Handle::AxisZ) {
    const glm::vec3 axis = f.axes[axisOf(h, static_cast<int>(Handle::AxisX))];
    float s = 0.0f;
    if (!closestOnLine(f.center, axis, q, v, s)) return;
    float d = s - startParam_;
    if (in.snap) d = snapTo(d, kSnapDistance);
    translateShape(shape, axis * d);
  } else if (active_ >= Handle::PlaneYZ && active_ <= Handle::PlaneXY) {
    const int k = axisOf(h, static_cast<int>(Handle::PlaneYZ));
    glm::vec3 hit;
    if (!rayPlane(q, v, f.center, f.axes[k], hit)) return;
    const glm::vec3 d = hit - startHit_;
    float da = glm::dot(d, f.axes[(k + 1) % 3]), db = glm::dot(d, f.axes[(k + 2) % 3]);
    if (in.snap) da = snapTo(da, kSnapDistance), db = snapTo(db, kSnapDistance);
    translateShape(shape, f.axes[(k + 1) % 3] * da + f.axes[(k + 2) % 3] * db);
  } else if (active_ == Handle::Center || active_ == Handle::End0 || active_ == Handle::End1) {
    glm::vec3 hit;
    if (!rayPlane(q, v, startHit_, planar ? glm::vec3(0, 0, 1) : f.forward, hit)) return;
    glm::vec3 d = hit - startHit_;
    if (planar) d.z = 0.0f;
    if (in.snap) d = glm::vec3(snapTo(d.x, kSnapDistance), snapTo(d.y, kSnapDistance), snapTo(d.z, kSnapDistance));
    if (active_ == Handle::Center) {
      translateShape(shape, d);
    } else if (glm::vec3* end = endOf(shape, active_ == Handle::End0 ? 0 : 1)) {
      *end += d;
      clampToSceneRange(shape);
    }
  } else if (active_ >= Handle::RingX && active_ <= Handle::RingZ) {
    const glm::vec3 n = f.axes[axisOf(h, static_cast<int>(Handle::RingX))];
    glm::vec2 c;
    if (!view.toPixel(f.center, c)) return;
    // Screen angle swept around the projected centre (y down, so negate for CCW), turned
    // into a rotation about n: CCW on screen is positive when n points at the viewer.
    const glm::vec2 a = startMouse_ - c, b = in.mousePx - c;
    if (glm::length(a) < 1.0f || glm::length(b) < 1.0f) return;
    float ang = -std::atan2(a.x * b.y - a.y * b.x, glm::dot(a, b));
    if (glm::dot(n, f.forward) > 0.0f) ang = -ang;
    if (in.snap) ang = glm::radians(snapTo(glm::degrees(ang), kSnapAngleDeg));
    applyRotation(shape, start_, glm::mat3(glm::rotate(glm::mat4(1.0f), ang, n)));
  } else if (active_ == Handle::Trackball) {
    glm::vec2 c, e;
    if (!view.toPixel(f.center, c) || !view.toPixel(f.center + f.right * (f.size * kRingScale), e)) return;
    const float r = std::max(glm::length(e - c), 1.0f);
    auto onSphere = [&](const glm::vec2& p) {
      glm::vec2 d = (p - c) / r;
      d.y = -d.y;
      const float l2 = glm::dot(d, d);
      glm::vec3 local = l2 < 1.0f ? glm::vec3(d, std::sqrt(1.0f - l2)) : glm::vec3(glm::normalize(d), 0.0f);
      return glm::normalize(f.right * local.x + f.up * local.y - f.forward * local.z);
    };
    const glm::vec3 v0 = onSphere(startMouse_), v1 = onSphere(in.mousePx);
    const glm::vec3 axis = glm::cross(v0, v1);
    const float len = glm::length(axis);
    if (len < 1e-6f) return;
    float ang = std::atan2(len, glm::dot(v0, v1));
    if (in.snap) ang = glm::radians(snapTo(glm::degrees(ang), kSnapAngleDeg));
    applyRotation(shape, start_, glm::mat3(glm::rotate(glm::mat4(1.0f), ang, axis / len)));
  } else if (active_ >= Handle::FacePosX && active_ <= Handle::FaceNegZ) {
    const int rel = h - static_cast<int>(Handle::FacePosX);
    const int k = rel / 2;
    const float sign = (rel % 2 == 0) ? 1.0f : -1.0f;
    float s = 0.0f;
    if (!closestOnLine(f.center, boxAxes(start_)[k], q, v, s)) return;
    float half = boxHalf(start_)[k] + sign * (s - startParam_);
    if (in.snap) half = snapTo(half, kSnapDistance);
    half = std::max(half, 0.0f);
    if (auto* a = std::get_if<Aabb>(&shape.geometry)) a->half[k] = half;
    if (auto* o = std::get_if<Obb>(&shape.geometry)) o->half[k] = half;
    if (auto* m = meshBodyOf(shape.geometry)) {
      // A mesh (a hull) scales along its own axis k, so that its bounds reach the dragged face.
      const float was = boxHalf(start_)[k];
      if (was > 0.0f && half > 0.0f) {
        m->pose.scale[k] = meshBodyOf(start_.geometry)->pose.scale[k] * (half / was);
        clampToSceneRange(shape);
      }
    }
  } else if (active_ == Handle::Radius) {
    float s = 0.0f;
    if (!closestOnLine(f.center, f.right, q, v, s)) return;
    float* radius = radiusOf(shape);
    if (radius == nullptr) return;
    float r = radiusValue(start_) + (s - startParam_);
    if (in.snap) r = snapTo(r, kSnapDistance);
    *radius = std::max(clampToSceneRange(r), 0.0f);
  }
}

void Gizmo::draw(LineBatch& lines, const SceneShape& shape, const ViewMapping& view, const OrbitCamera& camera) const {
  if (!shown()) return;
  const Frame f = active_ != Handle::None ? startFrame_ : frameFor(shape, view, camera);
  const glm::vec3 center = shapeCenter(shape);
  // The theme's colours (X, Y, Z red, green and blue; darker on the light theme).
  const Palette& pal = currentPalette();
  auto colorOf = [&](Handle h, const glm::vec4& base) {
    return (h == active_ || (active_ == Handle::None && h == hover_)) ? pal.gizmoActive : base;
  };
  const float w = 3.0f;
  for (int k = 0; k < 3; ++k) {
    const Handle axis = static_cast<Handle>(static_cast<int>(Handle::AxisX) + k);
    if (offers(axis, shape)) {
      const glm::vec4 c = colorOf(axis, pal.axis[k]);
      const glm::vec3 tip = center + f.axes[k] * f.size;
      lines.add(center + f.axes[k] * (f.size * 0.12f), tip, c, w);
      const glm::vec3 side = glm::normalize(glm::cross(f.axes[k], f.forward) + glm::vec3(1e-6f));
      lines.add(tip, tip - f.axes[k] * (f.size * 0.16f) + side * (f.size * 0.07f), c, w);
      lines.add(tip, tip - f.axes[k] * (f.size * 0.16f) - side * (f.size * 0.07f), c, w);
    }
    const Handle plane = static_cast<Handle>(static_cast<int>(Handle::PlaneYZ) + k);
    if (offers(plane, shape)) {
      const glm::vec4 c = colorOf(plane, pal.axis[k]);
      const glm::vec3 a = f.axes[(k + 1) % 3] * (f.size * 0.32f), b = f.axes[(k + 2) % 3] * (f.size * 0.32f);
      const glm::vec3 p = center + a + b;
      const float s = 0.25f;
      lines.add(p - a * s - b * s, p + a * s - b * s, c, 2.0f);
      lines.add(p + a * s - b * s, p + a * s + b * s, c, 2.0f);
      lines.add(p + a * s + b * s, p - a * s + b * s, c, 2.0f);
      lines.add(p - a * s + b * s, p - a * s - b * s, c, 2.0f);
    }
    const Handle ring = static_cast<Handle>(static_cast<int>(Handle::RingX) + k);
    if (offers(ring, shape)) {
      const glm::vec4 c = colorOf(ring, pal.axis[k]);
      constexpr int kSegments = 72;
      glm::vec3 prev = ringPoint(center, f.axes[k], f.size * kRingScale, 0.0f);
      for (int i = 1; i <= kSegments; ++i) {
        const glm::vec3 p =
            ringPoint(center, f.axes[k], f.size * kRingScale, glm::two_pi<float>() * static_cast<float>(i) / kSegments);
        lines.add(prev, p, c, w);
        prev = p;
      }
    }
  }
  if (offers(Handle::Center, shape)) lines.add(center, center, colorOf(Handle::Center, pal.gizmoNeutral), 11.0f);
  if (offers(Handle::Trackball, shape)) {
    const glm::vec4 c = colorOf(Handle::Trackball, pal.gizmoTrackball);
    constexpr int kSegments = 72;
    const float r = f.size * kRingScale * 1.08f;
    glm::vec3 prev = center + f.right * r;
    for (int i = 1; i <= kSegments; ++i) {
      const float a = glm::two_pi<float>() * static_cast<float>(i) / kSegments;
      const glm::vec3 p = center + (f.right * std::cos(a) + f.up * std::sin(a)) * r;
      lines.add(prev, p, c, 1.5f);
      prev = p;
    }
  }
  const glm::vec3 half = boxHalf(shape);
  const glm::mat3 ownAxes = boxAxes(shape);
  for (int k = 0; k < 3; ++k) {
    for (int sgn = 0; sgn < 2; ++sgn) {
      const Handle h = static_cast<Handle>(static_cast<int>(Handle::FacePosX) + 2 * k + sgn);
      if (!offers(h, shape)) continue;
      const glm::vec3 p = boxCenter(shape) + ownAxes[k] * (sgn == 0 ? half[k] : -half[k]);
      lines.add(p, p, colorOf(h, pal.axis[k]), 12.0f);
    }
  }
  if (offers(Handle::Radius, shape)) {
    const glm::vec3 c = shapeCenter(shape), p = c + f.right * radiusValue(shape);
    lines.add(c, p, colorOf(Handle::Radius, pal.gizmoNeutral), 1.5f, 8.0f);
    lines.add(p, p, colorOf(Handle::Radius, pal.gizmoNeutral), 12.0f);
  }
  if (const glm::vec3* p0 = endOf(shape, 0)) {
    const glm::vec3* p1 = endOf(shape, 1);
    lines.add(*p0, *p0, colorOf(Handle::End0, pal.gizmoNeutral), 12.0f);
    lines.add(*p1, *p1, colorOf(Handle::End1, pal.gizmoNeutral), 12.0f);
  }
}

}  // namespace satlab
