// Meshes for the bounding-volume tree tests: a lumpy sphere, a torus, a long thin rod, a
// soup of random triangles, and degenerate ones. Every generator is deterministic for its
// arguments.
#pragma once

#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>

#include "random_shapes.hpp"
#include "satlab/collide/mesh.hpp"

namespace satlab::testing {

inline constexpr float kPi = 3.14159265358979f;

/// A grid of (u, v) in [0, 1]^2 made into triangles by `point(u, v)`: `nu` x `nv` quads, two
/// triangles each. `wrapU`/`wrapV`: the last column (row) joins the first.
template <class Point>
TriangleMesh gridMesh(int nu, int nv, bool wrapU, bool wrapV, const Point& point) {
  TriangleMesh m;
  const int cu = wrapU ? nu : nu + 1, cv = wrapV ? nv : nv + 1;
  for (int j = 0; j < cv; ++j)
    for (int i = 0; i < cu; ++i) m.vertices.push_back(point(float(i) / float(nu), float(j) / float(nv)));
  const auto id = [&](int i, int j) { return std::uint32_t((j % cv) * cu + (i % cu)); };
  for (int j = 0; j < nv; ++j) {
    for (int i = 0; i < nu; ++i) {
      const std::uint32_t a = id(i, j), b = id(i + 1, j), c = id(i + 1, j + 1), d = id(i, j + 1);
      m.indices.insert(m.indices.end(), {a, b, c, a, c, d});
    }
  }
  return m;
}

/// A sphere of radius about `radius` with bumps of relative height `lump` (latitude-longitude
/// grid, 2 nu nv triangles; the poles' triangles have no area).
inline TriangleMesh lumpySphere(int nu, int nv, float radius, float lump, unsigned seed) {
  ShapeGen gen(seed);
  const float f1 = gen.uniform(2.0f, 5.0f), f2 = gen.uniform(2.0f, 5.0f), ph = gen.uniform(0.0f, 6.0f);
  return gridMesh(nu, nv, true, false, [&](float u, float v) {
    const float phi = 2.0f * kPi * u, theta = kPi * v;
    const glm::vec3 d(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
    const float r = radius * (1.0f + lump * std::sin(f1 * phi + ph) * std::sin(f2 * theta));
    return r * d;
  });
}

/// A torus about the z axis: ring radius R, tube radius r.
inline TriangleMesh torus(int nu, int nv, float R, float r) {
  return gridMesh(nu, nv, true, true, [&](float u, float v) {
    const float a = 2.0f * kPi * u, b = 2.0f * kPi * v;
    return glm::vec3((R + r * std::cos(b)) * std::cos(a), (R + r * std::cos(b)) * std::sin(a), r * std::sin(b));
  });
}

/// A long thin rod along the mesh's x axis: a tube of `radius`, `length` long, open ends.
inline TriangleMesh rod(int nAround, int nAlong, float length, float radius) {
  return gridMesh(nAround, nAlong, true, false, [&](float u, float v) {
    const float a = 2.0f * kPi * u;
    return glm::vec3((v - 0.5f) * length, radius * std::cos(a), radius * std::sin(a));
  });
}

/// `count` random triangles of size up to `size`, their first vertices within +-extent.
inline TriangleMesh triangleSoup(ShapeGen& gen, int count, float extent, float size) {
  TriangleMesh m;
  for (int i = 0; i < count; ++i) {
    const glm::vec3 a = gen.point(extent);
    m.vertices.push_back(a);
    m.vertices.push_back(a + gen.point(size));
    m.vertices.push_back(a + gen.point(size));
    const std::uint32_t k = std::uint32_t(3 * i);
    m.indices.insert(m.indices.end(), {k, k + 1, k + 2});
  }
  return m;
}

/// A random rigid pose (scale 1) with its centre within +-spread.
inline MeshPose randomPose(ShapeGen& gen, float spread) {
  MeshPose p;
  p.center = gen.point(spread);
  p.axes = gen.rotation();
  return p;
}

}  // namespace satlab::testing
