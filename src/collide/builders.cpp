// Bounding-volume builders: AABB from points / from an OBB, the rotation-invariant cube,
// the covariance OBB of a triangle mesh, and Ritter's bounding sphere.
#include "satlab/collide/builders.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "obb_fit.hpp"
#include "satlab/collide/eigen_sym3.hpp"

namespace satlab {

// The "Using AABB" tutorial (CreateFromVertices): vMin = vMax = v[0], then per axis min/max over the rest;
// E = (vMax - vMin) / 2, P = vMin + E (Aabb::fromMinMax).
Aabb aabbFromPoints(const glm::vec3* points, std::size_t count) {
  if (count == 0 || points == nullptr) return Aabb{};
  glm::vec3 lo = points[0];
  glm::vec3 hi = points[0];
  for (std::size_t i = 1; i < count; ++i) {
    lo = glm::min(lo, points[i]);
    hi = glm::max(hi, points[i]);
  }
  return Aabb::fromMinMax(lo, hi);
}

Aabb aabbFromPoints(const std::vector<glm::vec3>& points) { return aabbFromPoints(points.data(), points.size()); }

std::array<glm::vec3, 8> obbCorners(const Obb& box) {
  std::array<glm::vec3, 8> corners;
  for (int k = 0; k < 8; ++k) {
    glm::vec3 p = box.center;
    for (int i = 0; i < 3; ++i) {
      const float s = (k >> i) & 1 ? box.half[i] : -box.half[i];
      p += s * box.axes[i];  // axes[i] is column i: local axis i in world space
    }
    corners[static_cast<std::size_t>(k)] = p;
  }
  return corners;
}

// The "Using AABB" tutorial: transform the OBB's 8 corners, then the min/max of those.
Aabb aabbFromObbCorners(const Obb& box) {
  const std::array<glm::vec3, 8> corners = obbCorners(box);
  return aabbFromPoints(corners.data(), corners.size());
}

// Ericson 4.2.6: the extent of the box along world axis i is the projection radius
// sum_j e_j |axis_j . e_i| = sum_j |R_ij| e_j; the centre does not move.
Aabb aabbFromObb(const Obb& box) {
  glm::vec3 half(0.0f);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) half[i] += std::fabs(box.axes[j][i]) * box.half[j];
  }
  return Aabb{box.center, half};
}

// The "Using AABB" tutorial's cube: every orientation of the object about the pivot stays within the ball
// of radius max |p - pivot|, and that ball fits in the cube of that half side.
Aabb boundingCube(const std::vector<glm::vec3>& points, const glm::vec3& pivot) {
  double maxSq = 0.0;
  for (const glm::vec3& p : points) {
    const glm::dvec3 d = glm::dvec3(p) - glm::dvec3(pivot);
    maxSq = std::max(maxSq, glm::dot(d, d));
  }
  // Round the half side up so float rounding never leaves a rotated point outside.
  const float half = std::nextafter(static_cast<float>(std::sqrt(maxSq)), std::numeric_limits<float>::infinity());
  return Aabb{pivot, glm::vec3(points.empty() ? 0.0f : half)};
}

Aabb boundingCube(const Obb& box) {
  // The corners are the farthest points from the centre, all at distance |half|.
  const float half = std::nextafter(glm::length(box.half), std::numeric_limits<float>::infinity());
  return Aabb{box.center, glm::vec3(half)};
}

namespace {

// Visit each triangle's three corners (skipping incomplete or out-of-range triangles).
template <class F>
void forEachTriangle(const std::vector<glm::vec3>& positions, const std::vector<std::uint32_t>& indices, F f) {
  const std::size_t n = positions.size();
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
    const std::uint32_t a = indices[i], b = indices[i + 1], c = indices[i + 2];
    if (a >= n || b >= n || c >= n) continue;
    f(positions[a], positions[b], positions[c]);
  }
}

std::vector<std::uint32_t> soupIndices(std::size_t count) {
  std::vector<std::uint32_t> idx(count - count % 3);
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<std::uint32_t>(i);
  return idx;
}

}  // namespace

// The 2010 bounding-box analysis paper, literally: the mean of all 3n triangle vertices, then the covariance of those
// 3n vertices about it (a vertex shared by k triangles counts k times).
TriangleCovariance triangleCovariance(const std::vector<glm::vec3>& positions,
                                      const std::vector<std::uint32_t>& indices) {
  TriangleCovariance out;
  glm::dvec3 sum(0.0);
  forEachTriangle(positions, indices, [&](const glm::vec3& p, const glm::vec3& q, const glm::vec3& r) {
    sum += glm::dvec3(p) + glm::dvec3(q) + glm::dvec3(r);
    ++out.triangleCount;
  });
  if (out.triangleCount == 0) return out;
  const double inv3n = 1.0 / (3.0 * static_cast<double>(out.triangleCount));
  out.mean = sum * inv3n;

  double c[3][3] = {};
  forEachTriangle(positions, indices, [&](const glm::vec3& p, const glm::vec3& q, const glm::vec3& r) {
    const glm::dvec3 pb = glm::dvec3(p) - out.mean;
    const glm::dvec3 qb = glm::dvec3(q) - out.mean;
    const glm::dvec3 rb = glm::dvec3(r) - out.mean;
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 3; ++k) c[j][k] += pb[j] * pb[k] + qb[j] * qb[k] + rb[j] * rb[k];
  });
  for (int j = 0; j < 3; ++j)
    for (int k = 0; k < 3; ++k) out.covariance[k][j] = c[j][k] * inv3n;
  return out;
}

Obb obbFromTriangles(const std::vector<glm::vec3>& positions, const std::vector<std::uint32_t>& indices) {
  const TriangleCovariance cov = triangleCovariance(positions, indices);
  if (cov.triangleCount == 0) return Obb{};

  // The 2010 bounding-box analysis paper: the three eigenvectors of C, normalised, are the box axes.
  const SymmetricEigen3 eig = eigenSymmetric3(cov.covariance);
  const glm::dmat3& axes = eig.vectors;  // right-handed orthonormal, decreasing variance

  // Extents: min and max projections of the vertices on those axes (relative to the mean,
  // in double, so large offsets do not cost precision); the centre is the point whose
  // projections are the midpoints of those ranges (obb_fit.hpp).
  return detail::obbOnAxes(axes, cov.mean, [&](auto project) {
    forEachTriangle(positions, indices, [&](const glm::vec3& p, const glm::vec3& q, const glm::vec3& r) {
      project(glm::dvec3(p));
      project(glm::dvec3(q));
      project(glm::dvec3(r));
    });
  });
}

Obb obbFromTriangleSoup(const std::vector<glm::vec3>& corners) {
  return obbFromTriangles(corners, soupIndices(corners.size()));
}

// Ritter 1990 (Ericson 4.3.2). Pass 1: of the points with min/max x, y, z, take the pair
// farthest apart as the initial diameter. Pass 2: for each point p outside the sphere
// (distance d > r), the new sphere is the smallest one holding the old sphere and p:
// radius (r + d) / 2, centre moved towards p by (d - r) / 2.
Sphere boundingSphereRitter(const std::vector<glm::vec3>& points) {
  if (points.empty()) return Sphere{};

  std::size_t minIdx[3] = {0, 0, 0}, maxIdx[3] = {0, 0, 0};
  for (std::size_t i = 1; i < points.size(); ++i) {
    for (int a = 0; a < 3; ++a) {
      if (points[i][a] < points[minIdx[a]][a]) minIdx[a] = i;
      if (points[i][a] > points[maxIdx[a]][a]) maxIdx[a] = i;
    }
  }
  double bestSq = -1.0;
  glm::dvec3 y(0.0), z(0.0);
  for (int a = 0; a < 3; ++a) {
    const glm::dvec3 lo(points[minIdx[a]]), hi(points[maxIdx[a]]);
    const double dSq = glm::dot(hi - lo, hi - lo);
    if (dSq > bestSq) {
      bestSq = dSq;
      y = lo;
      z = hi;
    }
  }
  glm::dvec3 center = 0.5 * (y + z);
  double radius = 0.5 * std::sqrt(bestSq);

  for (const glm::vec3& pf : points) {
    const glm::dvec3 p(pf);
    const double d = glm::length(p - center);
    if (d > radius) {  // d > radius >= 0, so d > 0 and the division is safe
      const double newRadius = 0.5 * (radius + d);
      center += ((newRadius - radius) / d) * (p - center);
      radius = newRadius;
    }
  }

  // Containment in float: measure with the float centre, then one ulp up.
  Sphere s;
  s.center = glm::vec3(center);
  float r = 0.0f;
  for (const glm::vec3& p : points) r = std::max(r, glm::length(p - s.center));
  s.radius = std::nextafter(r, std::numeric_limits<float>::infinity());
  return s;
}

}  // namespace satlab
