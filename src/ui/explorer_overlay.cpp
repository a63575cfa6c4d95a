// The explorers' pictures in the view. Positions come from the trace records; the shapes'
// corners are used only to tie interval ends back to the shapes that produced them.
#include "ui/explorer.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

const glm::vec4 kAxisLine{0.95f, 0.95f, 0.7f, 0.95f};
const glm::vec4 kGapColor{0.45f, 0.85f, 1.0f, 1.0f};
const glm::vec4 kOverlapColor{1.0f, 0.55f, 0.25f, 1.0f};
const glm::vec4 kSlabColor[3] = {{0.93f, 0.3f, 0.3f, 0.9f}, {0.35f, 0.85f, 0.35f, 0.9f}, {0.35f, 0.55f, 1.0f, 0.9f}};

/// Text at a world point, in the foreground, with a dark backing.
void label(const ViewMapping& view, const glm::vec2& fbPerWindow, const glm::vec3& at, const std::string& text,
           const glm::vec4& color) {
  glm::vec2 px;
  if (!view.toPixel(at, px)) return;
  // Only labels that can be seen: a point far off screen is not worth a draw call (and
  // toPixel has already refused what is not finite).
  const glm::vec2 margin = view.viewportPx * 0.5f + glm::vec2(200.0f);
  if (px.x < -margin.x || px.y < -margin.y || px.x > view.viewportPx.x + margin.x ||
      px.y > view.viewportPx.y + margin.y) {
    return;
  }
  ImDrawList* dl = ImGui::GetBackgroundDrawList();  // panels stay on top of the picture
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 p(px.x / fbPerWindow.x - size.x * 0.5f, px.y / fbPerWindow.y - size.y - 6.0f);
  dl->AddRectFilled(ImVec2(p.x - 3, p.y - 1), ImVec2(p.x + size.x + 3, p.y + size.y + 1), IM_COL32(15, 15, 20, 200),
                    3.0f);
  dl->AddText(p, ImGui::ColorConvertFloat4ToU32(ImVec4(color.r, color.g, color.b, 1.0f)), text.c_str());
}

std::string fmt(const char* f, float v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, static_cast<double>(v));
  return buf;
}

/// The world length of one pixel at `p` (for offsets that should look the same size),
/// measured over a step of `scale` world units along the unit `dir` (the camera distance
/// times a little: a unit step is lost in rounding far from the origin and spans 1e30
/// pixels in a tiny scene). Finite and positive.
float worldPerPixel(const ViewMapping& view, const glm::vec3& p, const glm::vec3& dir, float scale) {
  const float step = std::max(scale, OrbitCamera::kMinDistance) * 0.1f;
  glm::vec2 a, b;
  if (!view.toPixel(p, a) || !view.toPixel(p + dir * step, b)) return step * 0.01f;
  const float len = glm::length(b - a);
  if (!(len > 1e-3f)) return step * 0.01f;
  const float w = step / len;
  return std::isfinite(w) && w > 0.0f ? w : step * 0.01f;
}

/// The points of a shape that a projection's extremes come from: box corners or segment
/// ends.
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

/// The support point whose projection on `axis` is nearest `value`.
glm::vec3 pointAt(const std::vector<glm::vec3>& pts, const glm::vec3& axis, float value) {
  glm::vec3 best = pts.empty() ? glm::vec3(0.0f) : pts.front();
  float bestErr = 1e30f;
  for (const glm::vec3& p : pts) {
    const float err = std::abs(glm::dot(p, axis) - value);
    if (err < bestErr) bestErr = err, best = p;
  }
  return best;
}

}  // namespace

void Explorer::drawOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                           const glm::vec2& fbPerWindow) const {
  if (!hasFocus()) return;
  switch (trace_.kind) {
    case ExplorerKind::Sat: drawSatOverlay(lines, scene, view, camera, fbPerWindow); break;
    case ExplorerKind::Slab: drawSlabOverlay(lines, scene, view, fbPerWindow); break;
    case ExplorerKind::Closest: drawClosestOverlay(lines, scene, view, fbPerWindow); break;
    case ExplorerKind::SegmentSphere: {
      const Segment& s = trace_.segment;
      const glm::vec3 d = s.p1 - s.p0;
      if (trace_.hit.overlap) {
        lines.add(s.p0 + d * trace_.hit.tEnter, s.p0 + d * trace_.hit.tExit, kOverlapColor, 7.0f);
        label(view, fbPerWindow, s.p0 + d * trace_.hit.tEnter, fmt("t=%.3g", trace_.hit.tEnter), kOverlapColor);
        label(view, fbPerWindow, s.p0 + d * trace_.hit.tExit, fmt("t=%.3g", trace_.hit.tExit), kOverlapColor);
      }
      break;
    }
    case ExplorerKind::SegmentSegment: {
      // The step's candidate points; at the last step they are the closest points.
      const std::vector<SegSegStep>& steps = trace_.segSeg.steps;
      if (steps.empty()) break;
      const int at = std::clamp(step, 0, static_cast<int>(steps.size()) - 1);
      const SegSegStep& st = steps[static_cast<size_t>(at)];
      const Segment& a = trace_.segment;
      const Segment& b = trace_.segmentB;
      const glm::vec3 pa = a.p0 + st.s * (a.p1 - a.p0);
      lines.add(pa, pa, kGapColor, 9.0f);
      label(view, fbPerWindow, pa, fmt("s=%.3g", st.s), kGapColor);
      if (segSegStepSetsOnlyS(trace_.segSeg, at)) break;
      const glm::vec3 pb = b.p0 + st.t * (b.p1 - b.p0);
      lines.add(pa, pb, kGapColor, 2.0f, 8.0f);
      lines.add(pb, pb, kGapColor, 9.0f);
      label(view, fbPerWindow, pb, fmt("t=%.3g", st.t), kGapColor);
      if (step + 1 >= static_cast<int>(steps.size())) {
        label(view, fbPerWindow, (pa + pb) * 0.5f, fmt("distance %.3g", trace_.segSegResult.distance), kGapColor);
      }
      break;
    }
    default: break;
  }
}

std::optional<Explorer::AxisPlacement> Explorer::placeAxis(const SatAxisRow& r, const ViewMapping& view,
                                                           const OrbitCamera& camera) const {
  const SatTrace& t = trace_.sat;
  const glm::vec3 axis = r.axis;
  if (glm::length(axis) < 0.5f) return std::nullopt;
  const glm::vec3 mid = (t.centerA + t.centerB) * 0.5f;
  const glm::vec3 camUp =
      glm::normalize(glm::cross(glm::cross(camera.forward(), glm::vec3(0, 0, 1)) + glm::vec3(1e-6f), camera.forward()));
  // The axis line runs beside the pair (below it on screen), so the intervals on it do not
  // hide the shapes: a point with projection 0 on the axis, shifted off the shapes sideways.
  glm::vec3 perp = trace_.twoD ? glm::vec3(-axis.y, axis.x, 0.0f) : -camUp - axis * glm::dot(-camUp, axis);
  if (glm::length(perp) < 1e-3f) {
    perp = glm::cross(axis, std::abs(axis.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0));
  }
  perp = glm::normalize(perp);
  if (trace_.twoD && glm::dot(perp, glm::vec3(0, -1, 0)) < 0.0f) perp = -perp;
  const float reach = std::max(r.radiusA, r.radiusB) + 0.5f * glm::length(t.centerB - t.centerA);
  AxisPlacement p;
  p.base = mid - axis * glm::dot(mid, axis) + perp * (reach * 0.75f + 0.25f);
  p.perp = perp;
  p.pixel = worldPerPixel(view, p.base, perp, camera.distance);
  return p;
}

void Explorer::drawSatOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view, const OrbitCamera& camera,
                              const glm::vec2& fbPerWindow) const {
  const SatTrace& t = trace_.sat;
  const SceneShape& A = scene.shapes[static_cast<size_t>(trace_.shapeA)];
  const SceneShape& B = scene.shapes[static_cast<size_t>(trace_.shapeB)];
  auto drawAxis = [&](const SatAxisRow& r, bool current) {
    const glm::vec3 axis = r.axis;
    const std::optional<AxisPlacement> place = placeAxis(r, view, camera);
    if (!place) return;
    const glm::vec3 base = place->base, perp = place->perp;
    const float lo = std::min(r.minA, r.minB), hi = std::max(r.maxA, r.maxB);
    const float pad = (hi - lo) * 0.35f + 0.5f;
    if (!current) {
      lines.add(base + axis * (lo - pad), base + axis * (hi + pad),
                glm::vec4(kAxisLine.r, kAxisLine.g, kAxisLine.b, 0.5f), 2.0f, 10.0f);
      return;
    }
    lines.add(base + axis * (lo - pad * 3.0f), base + axis * (hi + pad * 3.0f), kAxisLine, 2.0f);
    label(view, fbPerWindow, base + axis * (hi + pad * 1.2f), std::string(satlab::label(r.id)), kAxisLine);
    const float px = place->pixel;
    const glm::vec3 offA = perp * (px * -5.0f), offB = perp * (px * 5.0f);
    const glm::vec4 colA(glm::vec3(A.color), 1.0f), colB(glm::vec3(B.color), 1.0f);
    // The two projected intervals, with end ticks.
    lines.add(base + offA + axis * r.minA, base + offA + axis * r.maxA, colA, 7.0f);
    lines.add(base + offB + axis * r.minB, base + offB + axis * r.maxB, colB, 7.0f);
    for (float v : {r.minA, r.maxA}) lines.add(base + axis * v + perp * (px * -14.0f), base + axis * v, colA, 2.0f);
    for (float v : {r.minB, r.maxB}) lines.add(base + axis * v + perp * (px * 14.0f), base + axis * v, colB, 2.0f);
    // Dashed lines from each shape's extreme points to their projections.
    const std::vector<glm::vec3> ptsA = supportPoints(A), ptsB = supportPoints(B);
    for (float v : {r.minA, r.maxA}) {
      const glm::vec3 p = pointAt(ptsA, axis, v);
      lines.add(p, base + offA + axis * v, glm::vec4(glm::vec3(colA), 0.7f), 1.5f, 9.0f);
    }
    for (float v : {r.minB, r.maxB}) {
      const glm::vec3 p = pointAt(ptsB, axis, v);
      lines.add(p, base + offB + axis * v, glm::vec4(glm::vec3(colB), 0.7f), 1.5f, 9.0f);
    }
    // The gap or the overlap between the intervals, measured.
    if (r.maxA < r.minB || r.maxB < r.minA) {
      const float g0 = r.maxA < r.minB ? r.maxA : r.maxB;
      const float g1 = r.maxA < r.minB ? r.minB : r.minA;
      lines.add(base + axis * g0 + perp * (px * 16.0f), base + axis * g1 + perp * (px * 16.0f), kGapColor, 3.0f);
      label(view, fbPerWindow, base + axis * ((g0 + g1) * 0.5f) + perp * (px * 16.0f), fmt("gap %.3g", r.gap),
            kGapColor);
    } else {
      const float o0 = std::max(r.minA, r.minB), o1 = std::min(r.maxA, r.maxB);
      lines.add(base + axis * o0 + perp * (px * 16.0f), base + axis * o1 + perp * (px * 16.0f), kOverlapColor, 3.0f,
                8.0f);
      label(view, fbPerWindow, base + axis * ((o0 + o1) * 0.5f) + perp * (px * 16.0f), fmt("overlap %.3g", -r.gap),
            kOverlapColor);
    }
  };

  if (hoveredRow >= 0 && hoveredRow < static_cast<int>(t.rows.size()) && hoveredRow != step) {
    drawAxis(t.rows[static_cast<size_t>(hoveredRow)], false);
  }
  if (step >= 0 && step < static_cast<int>(t.rows.size())) drawAxis(t.rows[static_cast<size_t>(step)], true);

  // Penetration: the minimum translation of B that separates the pair.
  const SatResult& res = trace_.satResult;
  if (res.overlap && res.penetration.valid()) {
    const glm::vec3 from = t.centerB, to = t.centerB + res.penetrationAxis * res.depth;
    lines.add(from, to, kOverlapColor, 3.0f);
    const glm::vec3 side = glm::normalize(glm::cross(res.penetrationAxis, camera.forward()) + glm::vec3(1e-6f));
    const float head = std::max(res.depth * 0.25f, 1e-3f);
    lines.add(to, to - res.penetrationAxis * head + side * head * 0.5f, kOverlapColor, 3.0f);
    lines.add(to, to - res.penetrationAxis * head - side * head * 0.5f, kOverlapColor, 3.0f);
    label(view, fbPerWindow, to,
          fmt("separate: %.3g", res.depth) + " along " + std::string(satlab::label(res.penetration)), kOverlapColor);
  }
}

void Explorer::drawSlabOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view,
                               const glm::vec2& fbPerWindow) const {
  (void)scene;
  const SlabTrace& t = trace_.slab;
  const Segment& s = trace_.segment;
  const glm::vec3 d = s.p1 - s.p0;
  const RecordFrame& f = trace_.frame;
  const glm::vec3 segMid = (s.p0 + s.p1) * 0.5f;
  const float size = std::max(glm::length(d) * 0.6f, 1.0f);
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(i)];
    const int k = std::clamp(r.index, 0, 2);
    const glm::vec3 n = f.axes[k];
    const bool current = i == step;
    glm::vec4 c = kSlabColor[k];
    c.a = current ? 0.95f : 0.35f;
    // The slab's two planes (lines in 2D), drawn around the point of each plane nearest the
    // segment's midpoint.
    const glm::vec3 u =
        glm::normalize(trace_.twoD ? glm::vec3(-n.y, n.x, 0.0f)
                                   : glm::cross(n, std::abs(n.z) < 0.9f ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0)));
    const glm::vec3 v = glm::cross(n, u);
    for (float coord : {r.lo, r.hi}) {
      const glm::vec3 onPlane = segMid + n * (coord - glm::dot(segMid - f.origin, n));
      if (trace_.twoD) {
        lines.add(onPlane - u * size * 1.5f, onPlane + u * size * 1.5f, c, current ? 2.5f : 1.5f);
      } else {
        const glm::vec3 q[4] = {onPlane + (u + v) * size, onPlane + (u - v) * size, onPlane + (-u - v) * size,
                                onPlane + (-u + v) * size};
        for (int e = 0; e < 4; ++e) lines.add(q[e], q[(e + 1) % 4], c, current ? 2.0f : 1.0f);
        if (current) {
          for (int h = 1; h < 6; ++h) {
            const float a = -1.0f + 2.0f * static_cast<float>(h) / 6.0f;
            lines.add(onPlane + (u * a - v) * size, onPlane + (u * a + v) * size, glm::vec4(glm::vec3(c), 0.25f), 1.0f);
          }
        }
      }
    }
    if (current) {
      label(view, fbPerWindow, segMid + n * (r.hi - glm::dot(segMid - f.origin, n)) + u * size,
            std::string("slab ") + std::string(satlab::label(r.id)), c);
    }
    // Where the segment's line crosses this slab's planes.
    if (!r.parallel && current) {
      for (float tv : {r.t1, r.t2}) {
        if (tv < -1.0f || tv > 2.0f) continue;
        const glm::vec3 p = s.p0 + d * tv;
        lines.add(p, p, c, 10.0f);
        label(view, fbPerWindow, p, fmt(tv == r.t1 ? "t1=%.3g" : "t2=%.3g", tv), c);
      }
    }
  }
  // The part of the segment inside every slab so far.
  if (step >= 0 && step < static_cast<int>(t.rows.size())) {
    const SlabAxisRow& r = t.rows[static_cast<size_t>(step)];
    if (!r.rejects && r.tmin <= r.tmax) {
      const bool final = step + 1 == static_cast<int>(t.rows.size());
      lines.add(s.p0 + d * r.tmin, s.p0 + d * r.tmax, final ? kOverlapColor : glm::vec4(1, 1, 1, 0.9f), 8.0f);
    }
  }
}

void Explorer::drawClosestOverlay(LineBatch& lines, const Scene& scene, const ViewMapping& view,
                                  const glm::vec2& fbPerWindow) const {
  const ClosestTrace& t = trace_.closest;
  const RecordFrame& f = trace_.frame;
  const SceneShape& sphereShape = scene.shapes[static_cast<size_t>(trace_.shapeA)];
  const glm::vec3 centre = std::get<Sphere>(sphereShape.geometry).center;
  // The point clamped axis by axis up to the current step (the later axes still at the
  // centre's coordinate), so stepping shows the clamping one axis at a time.
  glm::vec3 local(0.0f);
  for (int i = 0; i < static_cast<int>(t.rows.size()); ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    local[std::clamp(r.index, 0, 2)] = i <= step ? r.clamped : r.center;
  }
  const glm::vec3 p = f.origin + f.axes * local;
  lines.add(p, p, kGapColor, 11.0f);
  lines.add(p, centre, t.overlap ? kOverlapColor : kGapColor, 2.5f, 8.0f);
  const float dist = glm::length(centre - p);
  label(view, fbPerWindow, (p + centre) * 0.5f, fmt("|c - p| = %.3g", dist), t.overlap ? kOverlapColor : kGapColor);
  // The per-axis offsets from the clamped point towards the centre, in the axis colours.
  glm::vec3 walk = p;
  for (int i = 0; i < static_cast<int>(t.rows.size()) && i <= step; ++i) {
    const ClosestAxisRow& r = t.rows[static_cast<size_t>(i)];
    const int k = std::clamp(r.index, 0, 2);
    const glm::vec3 next = walk + f.axes[k] * (r.center - r.clamped);
    if (r.contribution > 0.0f) lines.add(walk, next, kSlabColor[k], 3.0f);
    walk = next;
  }
}

}  // namespace satlab
