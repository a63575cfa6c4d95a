// Convex hulls for the hull-volume tests (test_hull_volumes*.cpp), built by hand: a naive
// O(n^4) hull that is easy to check by eye, and meshes made face by face.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "satlab/collide/hull_volumes.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab::hulltest {

/// The convex hull of the points, the slow and obvious way: every plane through three of
/// the points that has all the points on one side carries a face; the face's polygon is the
/// 2D convex hull of the points on that plane, fanned into triangles counter-clockwise seen
/// from outside. Points with no face of their own (inside, or inside a face or an edge) are
/// left out. All points coplanar: the polygon once (its normal either way). All collinear:
/// the two end points. Repeated points count once.
inline ConvexPolyhedron naiveHull(std::vector<glm::dvec3> pts) {
  std::sort(pts.begin(), pts.end(),
            [](const glm::dvec3& a, const glm::dvec3& b) { return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z); });
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  ConvexPolyhedron hull;
  const std::size_t n = pts.size();
  double scale = 0.0;
  for (const glm::dvec3& p : pts) scale = std::max(scale, glm::length(p - pts[0]));
  if (n <= 1 || scale == 0.0) {
    hull.vertices = pts;
    return hull;
  }
  const double tol = 1e-9 * scale;

  std::set<std::vector<std::size_t>> seen;  // a face by the sorted set of its points
  std::vector<std::pair<glm::dvec3, std::vector<std::size_t>>> faces;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k) {
        glm::dvec3 nrm = glm::cross(pts[j] - pts[i], pts[k] - pts[i]);
        const double len = glm::length(nrm);
        if (len < 1e-9 * scale * scale) continue;  // collinear
        nrm /= len;
        bool below = true, above = true;
        std::vector<std::size_t> on;
        for (std::size_t m = 0; m < n; ++m) {
          const double d = glm::dot(pts[m] - pts[i], nrm);
          below = below && d <= tol;
          above = above && d >= -tol;
          if (std::fabs(d) <= tol) on.push_back(m);
        }
        if (!below && !above) continue;
        if (!seen.insert(on).second) continue;
        faces.push_back({below ? nrm : -nrm, on});
      }

  if (faces.empty()) {  // collinear: the two ends
    std::size_t a = 0, b = 0;
    for (std::size_t m = 0; m < n; ++m)
      if (glm::length(pts[m] - pts[0]) > glm::length(pts[a] - pts[0])) a = m;
    for (std::size_t m = 0; m < n; ++m)
      if (glm::length(pts[m] - pts[a]) > glm::length(pts[b] - pts[a])) b = m;
    hull.vertices = {pts[a], pts[b]};
    return hull;
  }

  std::map<std::size_t, std::uint32_t> index;  // point -> hull vertex
  const auto vertexOf = [&](std::size_t m) {
    const auto it = index.find(m);
    if (it != index.end()) return it->second;
    const auto v = static_cast<std::uint32_t>(hull.vertices.size());
    hull.vertices.push_back(pts[m]);
    index[m] = v;
    return v;
  };
  for (const auto& [nrm, on] : faces) {
    // The polygon: 2D hull (monotone chain) in a frame (u, w) with u x w = nrm.
    const glm::dvec3 u =
        glm::normalize(glm::cross(nrm, std::fabs(nrm.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0)));
    const glm::dvec3 w = glm::cross(nrm, u);
    std::vector<std::size_t> order = on;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const double ax = glm::dot(pts[a], u), bx = glm::dot(pts[b], u);
      return ax < bx || (ax == bx && glm::dot(pts[a], w) < glm::dot(pts[b], w));
    });
    const auto turn = [&](std::size_t o, std::size_t a, std::size_t b) {
      const glm::dvec3 oa = pts[a] - pts[o], ob = pts[b] - pts[o];
      return glm::dot(glm::cross(oa, ob), nrm);
    };
    std::vector<std::size_t> ring;
    for (int pass = 0; pass < 2; ++pass) {
      const std::size_t start = ring.size();
      for (std::size_t m : order) {
        while (ring.size() >= start + 2 && turn(ring[ring.size() - 2], ring.back(), m) <= tol * scale) ring.pop_back();
        ring.push_back(m);
      }
      ring.pop_back();
      std::reverse(order.begin(), order.end());
    }
    for (std::size_t m = 1; m + 1 < ring.size(); ++m)
      hull.triangles.push_back({vertexOf(ring[0]), vertexOf(ring[m]), vertexOf(ring[m + 1])});
  }
  return hull;
}

inline ConvexPolyhedron naiveHull(const std::vector<glm::vec3>& pts) {
  return naiveHull(std::vector<glm::dvec3>(pts.begin(), pts.end()));
}

/// The 8 corners of a box of half extents `half`, turned by `rot`, centred at `center`.
inline std::vector<glm::dvec3> boxCorners(const glm::dvec3& half, const glm::dmat3& rot, const glm::dvec3& center) {
  std::vector<glm::dvec3> c;
  for (int k = 0; k < 8; ++k) {
    const glm::dvec3 s((k & 1) ? 1 : -1, (k & 2) ? 1 : -1, (k & 4) ? 1 : -1);
    c.push_back(center + rot * (s * half));
  }
  return c;
}

inline glm::dmat3 randomRotation(std::mt19937_64& gen) {
  std::normal_distribution<double> nd(0.0, 1.0);
  glm::dquat q(nd(gen), nd(gen), nd(gen), nd(gen));
  if (glm::length(q) < 1e-3) q = glm::dquat(1, 0, 0, 0);
  return glm::mat3_cast(glm::normalize(q));
}

inline double obbVolume(const Obb& b) {
  return 8.0 * static_cast<double>(b.half.x) * static_cast<double>(b.half.y) * static_cast<double>(b.half.z);
}

/// Largest amount by which a point lies outside the box (0 when inside), in double.
inline double obbExcess(const Obb& b, const glm::dvec3& p) {
  double worst = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double s = std::fabs(glm::dot(p - glm::dvec3(b.center), glm::dvec3(b.axes[i])));
    worst = std::max(worst, s - static_cast<double>(b.half[i]));
  }
  return worst;
}

inline bool finiteObb(const Obb& b) {
  bool ok = std::isfinite(b.center.x) && std::isfinite(b.center.y) && std::isfinite(b.center.z);
  for (int i = 0; i < 3; ++i) {
    ok = ok && std::isfinite(b.half[i]) && b.half[i] >= 0.0f;
    for (int j = 0; j < 3; ++j) ok = ok && std::isfinite(b.axes[i][j]);
  }
  return ok;
}

/// Right-handed and orthonormal to `tol`.
inline bool orthonormal(const glm::mat3& m, float tol) {
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(glm::length(m[i]) - 1.0f) > tol) return false;
    for (int j = i + 1; j < 3; ++j)
      if (std::fabs(glm::dot(m[i], m[j])) > tol) return false;
  }
  return std::fabs(glm::determinant(m) - 1.0f) <= tol;
}

}  // namespace satlab::hulltest
