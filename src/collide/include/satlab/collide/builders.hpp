// satlab collision core: bounding-volume builders.
//
// Frames and units: whatever frame the input points are in (world space for a scene
// object's transformed vertices, the "Using AABB" tutorial), in the scene's units; results are in that
// same frame. Empty input gives a documented empty result, never NaN. Internally the
// builders accumulate in double, so results are correct to float rounding of the output.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

// ---- AABBs ---------------------------------------------------------------------------

/// Tightest AABB of the points (the "Using AABB" tutorial, CreateFromVertices): min and max per axis, then
/// E = (max - min) / 2, P = min + E. No points: Aabb{} (centre 0, half 0).
Aabb aabbFromPoints(const glm::vec3* points, std::size_t count);
Aabb aabbFromPoints(const std::vector<glm::vec3>& points);

/// The 8 corners of the box, center + sum_i (+-half_i) axis_i; corner k takes +half_i
/// when bit i of k is set.
std::array<glm::vec3, 8> obbCorners(const Obb& box);

/// AABB of an OBB built from its 8 transformed corners (the "Using AABB" tutorial: "only 8 points of this
/// OBB"). Equal to aabbFromObb up to rounding.
Aabb aabbFromObbCorners(const Obb& box);

/// AABB of an OBB by the |R| e form: world half extent along axis i is
/// sum_j |R_ij| e_j with R = box.axes (Ericson, Real-Time Collision Detection, 4.2.6,
/// "AABB recomputed from rotated AABB"). Same box as aabbFromObbCorners, no loop over corners.
Aabb aabbFromObb(const Obb& box);

/// The rotation-invariant bounding cube (the "Using AABB" tutorial: "a cube large enough that the object in
/// any orientation stays inside it"): centred on `pivot`, the point the object rotates
/// about, with half side = max distance from the pivot to any point (rounded up by one
/// float ulp, so float rounding never puts a turned point outside). Never needs
/// recomputing as the object turns about the pivot, and is loose (it can be more than twice
/// the object's size). No points: Aabb{pivot, 0}.
Aabb boundingCube(const std::vector<glm::vec3>& points, const glm::vec3& pivot);
/// Same, for an OBB turning about its own centre: half side = |box.half| (its corners are
/// the farthest points), rounded up by one ulp.
Aabb boundingCube(const Obb& box);

// ---- OBB from the covariance of a triangle mesh (the 2010 bounding-box analysis paper) ----------------------------

/// Mean and covariance of the 3n vertices of n triangles, each vertex counted once per
/// triangle that uses it (the 2010 bounding-box analysis paper):
///   m = 1/(3n) sum_i (p_i + q_i + r_i),
///   C_jk = 1/(3n) sum_i (pb_j pb_k + qb_j qb_k + rb_j rb_k),  pb = p - m (etc.).
struct TriangleCovariance {
  glm::dvec3 mean{0.0};
  glm::dmat3 covariance{0.0};  // symmetric; glm's [col][row] equals [row][col]
  std::size_t triangleCount = 0;
};

/// Indexed mesh: triangles are indices[3i], indices[3i+1], indices[3i+2]. A trailing
/// incomplete triangle and any triangle with an index >= positions.size() are skipped.
TriangleCovariance triangleCovariance(const std::vector<glm::vec3>& positions,
                                      const std::vector<std::uint32_t>& indices);

/// OBB of an indexed triangle mesh (the 2010 bounding-box analysis paper): the axes are the covariance matrix's
/// eigenvectors (eigenSymmetric3, cyclic Jacobi), normalised and made a right-handed
/// orthonormal frame, sorted by decreasing variance (axis 0 = largest spread); the extents
/// come from the min and max projections of the triangles' vertices on those axes, and
/// the centre is the point whose projections are the midpoints of those ranges:
///   center = m + sum_i axis_i (min_i + max_i) / 2,  half_i = (max_i - min_i) / 2.
/// Degenerate meshes are fine: collinear or coplanar vertices give zero extents on the
/// missing axes; repeated eigenvalues (a cube, a regular polygon) give some orthonormal
/// frame of the eigenspace, so the box still contains the mesh but need not be the tightest.
/// No triangles: Obb{} (centre 0, identity axes, half 0).
Obb obbFromTriangles(const std::vector<glm::vec3>& positions, const std::vector<std::uint32_t>& indices);

/// Triangle soup: corners[3i], corners[3i+1], corners[3i+2] is triangle i.
Obb obbFromTriangleSoup(const std::vector<glm::vec3>& corners);

// ---- Bounding sphere -------------------------------------------------------------------

/// Bounding sphere by Ritter's method (J. Ritter, "An Efficient Bounding Sphere", Graphics
/// Gems, 1990; Ericson 4.3.2): start from the sphere whose diameter is the most separated
/// pair among the 6 points extreme in x, y and z, then one pass that grows the sphere just
/// enough to take in each point outside it. Not the minimal sphere (it can be noticeably
/// larger), but it contains every point: the final radius is the largest float
/// distance from the float centre to any point, rounded up by one ulp.
/// No points: Sphere{} (centre 0, radius 0).
Sphere boundingSphereRitter(const std::vector<glm::vec3>& points);

}  // namespace satlab
