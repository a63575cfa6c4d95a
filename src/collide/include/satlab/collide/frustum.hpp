// satlab collision core: view-frustum culling of boxes (the OBB article's "OBBs in frustum
// culling"): is a box inside the view volume of a camera, partly inside, or outside?
//
// Frames and units: world space, the scene's units. A Frustum is the convex solid between
// its near and far planes inside the four side planes; it is closed (a box touching it is
// not outside). Its six planes have unit normals pointing *into* the frustum: a point x is
// on the inner side of plane i when dot(n_i, x) + d_i >= 0.
//
// Two tests, each for an AABB and an OBB:
//   - The plane test (Ericson, Real-Time Collision Detection, 2005, 5.2.3 "Testing Box
//     Against Plane"; the n- and p-vertex form of Greene 1994 and Assarsson & Moller 2000;
//     the planes from the view-projection matrix as Gribb & Hartmann 2001 extract them). The
//     box is tested against each plane alone: wholly outside one plane means outside the
//     frustum. It is conservative: a box outside the frustum that is not wholly outside any
//     one plane (near an edge or a corner of the frustum, where two planes each cut it) passes
//     as Intersecting. Those are its false positives; it never culls a box that meets the
//     frustum.
//   - The exact separating-axis test (Ericson 5.2.1 and 4.4: two convex polyhedra are
//     disjoint iff their projections are disjoint on one of: the face normals of each, or
//     the cross products of an edge direction of each). The frustum's 5 face directions
//     (the far plane is parallel to the near one), the box's 3 axes, and the 6 frustum edge
//     directions (the near rectangle's two, Eh and Ev, and the four side edges E0..E3)
//     crossed with each box axis: 26 axes. It culls exactly the boxes that do not meet the
//     frustum.
//
// Contracts: boxes are closed; zero half extents are valid. A cross axis shorter than
// kDegenerateAxisLength (a box axis parallel to a frustum edge) is recorded as degenerate
// and never separates.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/results.hpp"
#include "satlab/collide/shapes.hpp"
#include "satlab/collide/trace.hpp"

namespace satlab {

/// A plane dot(normal, x) + offset = 0 with a unit normal.
struct Plane {
  glm::vec3 normal{0.0f, 0.0f, 1.0f};
  float offset = 0.0f;
  /// Signed distance of x from the plane, positive on the side the normal points to.
  float distance(const glm::vec3& x) const { return glm::dot(normal, x) + offset; }
};

/// The planes in the order Gribb & Hartmann extract them, which is the order the plane test
/// visits them.
enum class FrustumPlaneId { Left = 0, Right, Bottom, Top, Near, Far };
inline constexpr int kFrustumPlanes = 6;

/// The corners' order: near plane left-bottom, right-bottom, right-top, left-top (as the
/// camera sees them), then the far plane's in the same order. Corner k + 4 is the far end
/// of side edge Ek that starts at near corner k.
inline constexpr int kFrustumCorners = 8;

struct Frustum {
  std::array<Plane, kFrustumPlanes> planes{};  ///< indexed by FrustumPlaneId, normals inward
  std::array<glm::vec3, kFrustumCorners> corners{};

  const Plane& plane(FrustumPlaneId id) const { return planes[static_cast<std::size_t>(id)]; }
  /// The unit edge directions the SAT test crosses with the box axes: Eh (near left-bottom to
  /// right-bottom), Ev (near left-bottom to left-top), E0..E3 (near corner k to far corner k).
  std::array<glm::vec3, 6> edgeDirections() const;
};

/// The frustum of a perspective camera at `eye` looking at `target` with `up` roughly up,
/// a vertical field of view of `fovYDeg` degrees, width / height `aspect`, and near and far
/// distances along the view direction. Preconditions (the scene loader checks them):
/// 0 < fovYDeg < 180, aspect > 0, 0 < nearDist < farDist, target != eye, up not parallel to
/// target - eye. The corners are computed from the camera; each plane through three of them.
Frustum frustumFromCamera(const glm::vec3& eye, const glm::vec3& target, const glm::vec3& up, float fovYDeg,
                          float aspect, float nearDist, float farDist);

/// The frustum of an OpenGL view-projection matrix (clip space -w <= x, y, z <= w): the
/// planes are sums and differences of its rows, normalised (Gribb & Hartmann 2001, "Fast
/// Extraction of Viewing Frustum Planes from the World-View-Projection Matrix"), the corners
/// the inverse matrix's images of the NDC cube's corners. The matrix must be invertible.
Frustum frustumFromViewProj(const glm::mat4& viewProj);

enum class FrustumVerdict : std::uint8_t {
  Inside,        ///< on the inner side of every plane: wholly inside the frustum
  Intersecting,  ///< the plane test: crosses a plane and is outside none (it may still be outside the frustum)
  Outside,       ///< wholly outside one plane (plane test) or separated (SAT): culled
};
std::string_view frustumVerdictName(FrustumVerdict v);  ///< "inside", "intersecting", "outside"
std::string_view frustumPlaneName(int plane);           ///< "left", "right", "bottom", "top", "near", "far"

/// An axis of the SAT test. Face: frustum face direction `frustum` (0..4: left, right, bottom,
/// top, near). Box: box axis `box` (0..2; an AABB's are X, Y, Z). Cross: frustum edge
/// direction `frustum` (0 Eh, 1 Ev, 2..5 E0..E3) crossed with box axis `box`.
struct FrustumAxis {
  enum class Kind : std::uint8_t { None, Face, Box, Cross };
  Kind kind = Kind::None;
  std::int8_t frustum = -1;
  std::int8_t box = -1;
  bool valid() const { return kind != Kind::None; }
  bool operator==(const FrustumAxis& o) const { return kind == o.kind && frustum == o.frustum && box == o.box; }
  bool operator!=(const FrustumAxis& o) const { return !(*this == o); }
};
/// "left" ... "near", "B0" ... "B2", "EhxB0", "E2xB1"; "" for an axis not set.
std::string label(const FrustumAxis& axis);
inline constexpr int kFrustumSatAxes = 26;

struct FrustumSatResult {
  bool overlap = false;
  FrustumAxis separating{};  ///< the first separating axis when !overlap
  FrustumVerdict verdict() const { return overlap ? FrustumVerdict::Intersecting : FrustumVerdict::Outside; }
};

/// One plane of the plane test. For an AABB the p-vertex is the corner furthest along the
/// plane's (inward) normal and the n-vertex the one furthest against it; for an OBB the same
/// corners of the OBB. Distances are signed, positive inside.
struct FrustumPlaneRow {
  int plane = -1;                                   ///< FrustumPlaneId as an int
  Plane equation{};                                 ///< the plane
  float centerDistance = 0.0f;                      ///< s = n . c + d
  float radius = 0.0f;                              ///< r = the box's half-width along n (the "projected radius")
  glm::vec3 pVertex{0.0f};                          ///< the corner at s + r from the plane
  glm::vec3 nVertex{0.0f};                          ///< the corner at s - r from the plane
  float pDistance = 0.0f;                           ///< s + r: < 0 means the whole box is outside this plane
  float nDistance = 0.0f;                           ///< s - r: < 0 means the box crosses this plane (or is outside)
  FrustumVerdict verdict = FrustumVerdict::Inside;  ///< what this plane alone says
};

/// One axis of the SAT test; numbers along the unit axis, in world units.
struct FrustumSatRow {
  int index = -1;  ///< position in the test's order
  FrustumAxis id{};
  glm::vec3 rawAxis{0.0f};                     ///< L as built (a cross product is not normalised)
  glm::vec3 axis{0.0f};                        ///< L / |L|; zero when degenerate
  float length = 0.0f;                         ///< |L|
  bool degenerate = false;                     ///< |L| < kDegenerateAxisLength: not tested
  float frustumMin = 0.0f, frustumMax = 0.0f;  ///< the frustum's interval (its corners projected)
  float boxMin = 0.0f, boxMax = 0.0f;          ///< the box's interval (c . L -/+ its radius)
  float gap = 0.0f;                            ///< > 0: the intervals are apart by this much
  bool separating = false;                     ///< the test's own verdict for this axis
};

/// Records the frustum tests. The plane rows stop at the first plane the box is wholly
/// outside (the test returns there); the SAT rows at the first separating axis. A plane test
/// clears only the plane part, a SAT test only the SAT part, so one recorder can hold both.
struct FrustumTrace {
  static constexpr bool kEnabled = true;
  bool planesObb = false;  ///< the plane test was given an OBB (else an AABB)
  std::vector<FrustumPlaneRow> planes;
  FrustumVerdict verdict = FrustumVerdict::Inside;
  int cullingPlane = -1;  ///< the plane the box is wholly outside, -1 if none

  bool satObb = false;
  std::vector<FrustumSatRow> axes;
  bool overlap = false;
  int separatingRow = -1;  ///< first separating row, -1 if none

  void frustumPlanesBegin(bool obb);
  void frustumPlane(const FrustumPlaneRow& row);
  void frustumPlanesEnd(FrustumVerdict v);
  void frustumSatBegin(bool obb);
  void frustumSatAxis(FrustumAxis id, const glm::vec3& rawAxis, float fMin, float fMax, float bMin, float bMax,
                      bool degenerate, bool separating);
  void frustumSatEnd(bool overlapResult);
};

namespace detail {

/// The plane test for a box with centre c, unit axes `axes` (columns) and half extents e.
template <class Rec>
FrustumVerdict frustumBoxPlanes(const Frustum& f, const glm::vec3& c, const glm::mat3& axes, const glm::vec3& e,
                                bool obb, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.frustumPlanesBegin(obb);
  FrustumVerdict verdict = FrustumVerdict::Inside;
  for (int i = 0; i < kFrustumPlanes; ++i) {
    const Plane& p = f.planes[static_cast<std::size_t>(i)];
    // The box's half-width along the plane normal: sum of e_k |n . u_k| (Ericson 5.2.3);
    // for an AABB, u_k are X, Y, Z, and the sum is e . |n|.
    const glm::vec3 along(glm::dot(p.normal, axes[0]), glm::dot(p.normal, axes[1]), glm::dot(p.normal, axes[2]));
    const float r = e.x * std::abs(along.x) + e.y * std::abs(along.y) + e.z * std::abs(along.z);
    const float s = p.distance(c);
    // p-vertex at s + r, n-vertex at s - r from the plane (inward positive).
    const bool outside = s + r < 0.0f;
    const bool crosses = !outside && s - r < 0.0f;
    if constexpr (Rec::kEnabled) {
      FrustumPlaneRow row;
      row.plane = i;
      row.equation = p;
      row.centerDistance = s;
      row.radius = r;
      glm::vec3 toP(0.0f);
      for (int k = 0; k < 3; ++k) toP += axes[k] * (along[k] >= 0.0f ? e[k] : -e[k]);
      row.pVertex = c + toP;
      row.nVertex = c - toP;
      row.pDistance = s + r;
      row.nDistance = s - r;
      row.verdict = outside ? FrustumVerdict::Outside : crosses ? FrustumVerdict::Intersecting : FrustumVerdict::Inside;
      rec.frustumPlane(row);
    }
    if (outside) {
      verdict = FrustumVerdict::Outside;
      break;  // wholly outside one plane: culled
    }
    if (crosses) verdict = FrustumVerdict::Intersecting;
  }
  if constexpr (Rec::kEnabled) rec.frustumPlanesEnd(verdict);
  return verdict;
}

/// The SAT test for a box with centre c, unit axes `axes` (columns) and half extents e.
template <class Rec>
FrustumSatResult frustumBoxSat(const Frustum& f, const glm::vec3& c, const glm::mat3& axes, const glm::vec3& e,
                               bool obb, Rec& rec) {
  if constexpr (Rec::kEnabled) rec.frustumSatBegin(obb);
  FrustumSatResult result;
  // One axis L: both solids projected onto it; they are apart when one interval ends before
  // the other begins (closed solids: touching intervals overlap). Returns true to stop.
  auto test = [&](FrustumAxis id, const glm::vec3& L, bool degenerate) {
    float fMin = glm::dot(f.corners[0], L), fMax = fMin;
    for (std::size_t k = 1; k < f.corners.size(); ++k) {
      const float v = glm::dot(f.corners[k], L);
      fMin = std::fmin(fMin, v);
      fMax = std::fmax(fMax, v);
    }
    const float mid = glm::dot(c, L);
    const float r = e.x * std::abs(glm::dot(axes[0], L)) + e.y * std::abs(glm::dot(axes[1], L)) +
                    e.z * std::abs(glm::dot(axes[2], L));
    const bool separating = !degenerate && (mid + r < fMin || fMax < mid - r);
    if constexpr (Rec::kEnabled) rec.frustumSatAxis(id, L, fMin, fMax, mid - r, mid + r, degenerate, separating);
    if (separating) {
      result.overlap = false;
      result.separating = id;
    }
    return separating;
  };
  result.overlap = true;
  bool stop = false;
  // The frustum's face directions: left, right, bottom, top, near (far is -near).
  for (int i = 0; i < 5 && !stop; ++i) {
    stop = test(FrustumAxis{FrustumAxis::Kind::Face, static_cast<std::int8_t>(i), -1},
                f.planes[static_cast<std::size_t>(i)].normal, false);
  }
  // The box's axes.
  for (int j = 0; j < 3 && !stop; ++j) {
    stop = test(FrustumAxis{FrustumAxis::Kind::Box, -1, static_cast<std::int8_t>(j)}, axes[j], false);
  }
  // Each frustum edge direction crossed with each box axis (both unit, so |L| is the sine of
  // their angle).
  const std::array<glm::vec3, 6> edges = f.edgeDirections();
  for (int i = 0; i < 6 && !stop; ++i) {
    for (int j = 0; j < 3 && !stop; ++j) {
      const glm::vec3 L = glm::cross(edges[static_cast<std::size_t>(i)], axes[j]);
      stop = test(FrustumAxis{FrustumAxis::Kind::Cross, static_cast<std::int8_t>(i), static_cast<std::int8_t>(j)}, L,
                  glm::length(L) < kDegenerateAxisLength);
    }
  }
  if constexpr (Rec::kEnabled) rec.frustumSatEnd(result.overlap);
  return result;
}

}  // namespace detail

/// The plane test for an AABB (the n/p-vertex form): Inside, Intersecting or Outside.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
FrustumVerdict frustumAabbPlanes(const Frustum& f, const Aabb& b, Rec& rec) {
  return detail::frustumBoxPlanes(f, b.center, glm::mat3(1.0f), b.half, false, rec);
}
/// The plane test for an OBB: its projected radius on each plane normal.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
FrustumVerdict frustumObbPlanes(const Frustum& f, const Obb& b, Rec& rec) {
  return detail::frustumBoxPlanes(f, b.center, b.axes, b.half, true, rec);
}
/// The exact test for an AABB: 26 separating axes.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
FrustumSatResult frustumAabbSat(const Frustum& f, const Aabb& b, Rec& rec) {
  return detail::frustumBoxSat(f, b.center, glm::mat3(1.0f), b.half, false, rec);
}
/// The exact test for an OBB: 26 separating axes.
template <class Rec, std::enable_if_t<kIsRecorder<Rec>, int> = 0>
FrustumSatResult frustumObbSat(const Frustum& f, const Obb& b, Rec& rec) {
  return detail::frustumBoxSat(f, b.center, b.axes, b.half, true, rec);
}

/// The untraced tests (NoTrace), compiled once in the library (frustum.cpp).
FrustumVerdict frustumAabbPlanes(const Frustum& f, const Aabb& b);
FrustumVerdict frustumObbPlanes(const Frustum& f, const Obb& b);
FrustumSatResult frustumAabbSat(const Frustum& f, const Aabb& b);
FrustumSatResult frustumObbSat(const Frustum& f, const Obb& b);

}  // namespace satlab
