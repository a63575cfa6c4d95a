// The covariance OBB of a large indexed mesh from its vertices (batch_obb.hpp).
//
// With w_v the number of kept triangle corners at vertex v (so sum w_v = 3n):
//   m    = 1/(3n) sum_v w_v p_v,
//   C_jk = 1/(3n) sum_v w_v (p_v - m)_j (p_v - m)_k,
// which are the 2010 bounding-box analysis paper's sums over the 3n corners, grouped by vertex.
#include "satlab/collide/batch_obb.hpp"

#include <cstddef>

#include "obb_fit.hpp"
#include "satlab/collide/eigen_sym3.hpp"

namespace satlab {

Obb obbFromTrianglesBatch(const std::vector<glm::vec3>& positions, const std::vector<std::uint32_t>& indices) {
  const std::size_t vertexCount = positions.size();
  std::vector<std::uint32_t> corners(vertexCount, 0);
  std::size_t triangles = 0;
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
    const std::uint32_t a = indices[i], b = indices[i + 1], c = indices[i + 2];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount) continue;
    ++corners[a];
    ++corners[b];
    ++corners[c];
    ++triangles;
  }
  if (triangles == 0) return Obb{};
  const double inv3n = 1.0 / (3.0 * static_cast<double>(triangles));

  glm::dvec3 sum(0.0);
  for (std::size_t v = 0; v < vertexCount; ++v) sum += static_cast<double>(corners[v]) * glm::dvec3(positions[v]);
  const glm::dvec3 mean = sum * inv3n;

  // The six distinct entries of the symmetric sum.
  double xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
  for (std::size_t v = 0; v < vertexCount; ++v) {
    if (corners[v] == 0) continue;
    const double w = static_cast<double>(corners[v]);
    const glm::dvec3 d = glm::dvec3(positions[v]) - mean;
    const glm::dvec3 wd = w * d;
    xx += wd.x * d.x;
    xy += wd.x * d.y;
    xz += wd.x * d.z;
    yy += wd.y * d.y;
    yz += wd.y * d.z;
    zz += wd.z * d.z;
  }
  const glm::dmat3 covariance(xx * inv3n, xy * inv3n, xz * inv3n,   // column 0
                              xy * inv3n, yy * inv3n, yz * inv3n,   // column 1
                              xz * inv3n, yz * inv3n, zz * inv3n);  // column 2

  const SymmetricEigen3 eig = eigenSymmetric3(covariance);
  return detail::obbOnAxes(eig.vectors, mean, [&](auto project) {
    for (std::size_t v = 0; v < vertexCount; ++v)
      if (corners[v] != 0) project(glm::dvec3(positions[v]));
  });
}

}  // namespace satlab
