#include "document/placement.hpp"

#include "document/scene_edit.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace satlab {

namespace {

struct Box {
  glm::vec3 lo, hi;
};

bool touches(const Box& a, const Box& b) {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y && a.lo.z <= b.hi.z &&
         b.lo.z <= a.hi.z;
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Whether every corner of `b` is in front of the camera and inside the screen's part.
bool inSight(const Box& b, const PlacementView& view) {
  for (int c = 0; c < 8; ++c) {
    const glm::vec4 p =
        view.viewProj * glm::vec4(c & 1 ? b.hi.x : b.lo.x, c & 2 ? b.hi.y : b.lo.y, c & 4 ? b.hi.z : b.lo.z, 1.0f);
    if (!(p.w > 0.0f)) return false;
    const glm::vec2 ndc(p.x / p.w, p.y / p.w);
    if (!(ndc.x >= view.ndcLo.x && ndc.x <= view.ndcHi.x && ndc.y >= view.ndcLo.y && ndc.y <= view.ndcHi.y)) {
      return false;
    }
  }
  return true;
}

}  // namespace

glm::vec3 placeNewShape(const Scene& scene, ShapeKind kind, const PlacementView& view) {
  const bool flat = scene.view == ViewMode::TwoD;
  glm::vec3 centre = finite(view.centre) ? view.centre : glm::vec3(0.0f);
  if (flat) centre.z = 0.0f;
  glm::vec3 right = flat ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(view.right.x, view.right.y, 0.0f);
  glm::vec3 ahead = flat ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(view.ahead.x, view.ahead.y, 0.0f);
  if (!finite(right) || glm::length(right) < 1e-6f) right = glm::vec3(1.0f, 0.0f, 0.0f);
  right = glm::normalize(right);
  ahead = ahead - right * glm::dot(ahead, right);
  if (!finite(ahead) || glm::length(ahead) < 1e-6f) ahead = glm::vec3(-right.y, right.x, 0.0f);
  ahead = glm::normalize(ahead);

  // The new shape's bounds about its centre, at its default size.
  glm::vec3 lo, hi;
  const SceneShape probe = makeShape(scene, kind, glm::vec3(0.0f));
  shapeBounds(probe, lo, hi);
  const glm::vec3 extent = hi - lo;
  const float size = std::max({extent.x, extent.y, flat ? 0.0f : extent.z, 1e-3f});
  // At least `gap` between it and any other shape: the others' bounds grown by it, and the
  // grid's step leaves twice that between two new shapes side by side.
  const float gap = 0.25f * size;
  const float step = size + 2.0f * gap;

  std::vector<Box> others;
  others.reserve(scene.shapes.size());
  for (const SceneShape& s : scene.shapes) {
    Box b;
    shapeBounds(s, b.lo, b.hi);
    if (finite(b.lo) && finite(b.hi)) others.push_back(Box{b.lo - glm::vec3(gap), b.hi + glm::vec3(gap)});
  }
  const auto clear = [&](const Box& b) {
    return std::none_of(others.begin(), others.end(), [&](const Box& o) { return touches(b, o); });
  };

  // The grid's places ring by ring (a square ring at a time), each ring's nearest first.
  std::optional<glm::vec3> firstClear;
  for (int ring = 0; ring <= kMaxPlacementRings; ++ring) {
    std::vector<std::pair<float, glm::vec3>> places;
    for (int i = -ring; i <= ring; ++i) {
      for (int j = -ring; j <= ring; ++j) {
        if (std::max(std::abs(i), std::abs(j)) != ring) continue;
        const glm::vec3 at = centre + right * (static_cast<float>(i) * step) + ahead * (static_cast<float>(j) * step);
        places.emplace_back(static_cast<float>(i * i + j * j), at);
      }
    }
    std::stable_sort(places.begin(), places.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [distance, at] : places) {
      const Box b{at + lo, at + hi};
      if (!clear(b)) continue;
      if (inSight(b, view)) return at;
      if (!firstClear) firstClear = at;
    }
  }
  return firstClear.value_or(centre);
}

}  // namespace satlab
