// satlab collision core: the covariance OBB of a large indexed mesh, for speed.
//
// obbFromTriangles (builders.hpp) is the teaching builder: it walks the 3n corners of the n
// triangles three times (the mean, the covariance, the extents), each corner fetched through
// its index, as the 2010 bounding-box analysis paper writes the sums. In a closed mesh every
// vertex is a corner of about six triangles, so most of those fetches read a vertex again.
// This is the same box from the vertices themselves: a vertex used by k triangles is counted
// k times in the mean and the covariance, which is exactly the paper's sum over corners.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The box obbFromTriangles gives, for large meshes: one pass over the indices counts how
/// many triangle corners each vertex is (skipping, as obbFromTriangles does, a trailing
/// incomplete triangle and any triangle with an index out of range); the weighted mean, the
/// weighted covariance and the extents are then passes over the vertices alone. The sums are
/// the same terms added in another order, so the covariance agrees to double rounding; the
/// axes agree wherever the covariance's eigenvalues are distinct (where two are equal, as for
/// a sphere, any frame of that eigenspace is the paper's box, and the two may pick different
/// ones). Vertices no kept triangle uses do not count. No triangles: Obb{}.
Obb obbFromTrianglesBatch(const std::vector<glm::vec3>& positions, const std::vector<std::uint32_t>& indices);

}  // namespace satlab
