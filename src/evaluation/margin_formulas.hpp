// The deciding margin of a pair by the textbook formula of its test, written once for any
// number type: float (the core's own precision), double, and Rational (exact, rational.hpp).
// pair_margin.cpp instantiates it for the three; nothing else includes it.
//
// Each formula returns the margin as the verdict sees it: > 0 the shapes are apart by that
// much, <= 0 they overlap that deep (touching overlaps, as every test of the core is
// closed). Its sign is computed in the number type itself (exactly for Rational); its size
// is given as a double.
//
//   separating axes   every axis the test tries (its AxisIds, in the test's roles): the
//                     signed gap of the two projections, max(minB - maxA, minA - maxB) / |L|,
//                     the projections taken over the shapes' corners; the margin is the
//                     largest (the widest gap while apart, the least depth while overlapping)
//   slabs             the segment in the box's frame: the t at which it enters the last
//                     slab and leaves the first, tEnter - tExit, times its length; a segment
//                     parallel to a slab outside it is |p| - h away on that axis
//   Arvo              the excess of the centre past each slab, squared and summed: sqrt(sum)
//                     - r apart, r - sqrt(sum) in; a centre inside the box is r + its depth
//                     below the nearest face in
//   two spheres       |cB - cA| - (rA + rB)
//   segment, sphere   the distance from the centre to the segment's nearest point, less r
//
// The axes and the box frames are the float inputs as given (an OBB's axes are taken as they
// are, not made orthonormal again), so the exact value is the formula's own on those inputs.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

#include "evaluation/pair_eval.hpp"
#include "evaluation/rational.hpp"
#include "satlab/collide.hpp"

namespace satlab::margin {

inline double toDouble(float v) { return double(v); }
inline double toDouble(double v) { return v; }
inline double toDouble(const Rational& v) { return v.toDouble(); }

template <class T>
int signOf(const T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    return v > T(0) ? 1 : (v < T(0) ? -1 : 0);
  } else {
    return v.sign();
  }
}

template <class T>
T absOf(const T& v) {
  return signOf(v) < 0 ? -v : v;
}

/// A float input in T: exact for each of the three.
template <class T>
T num(float v) {
  return T(double(v));
}

template <class T>
struct V3 {
  T x{0.0}, y{0.0}, z{0.0};
};
template <class T>
V3<T> vec(const glm::vec3& v) {
  return {num<T>(v.x), num<T>(v.y), num<T>(v.z)};
}
template <class T>
V3<T> vec(const glm::vec2& v) {
  return {num<T>(v.x), num<T>(v.y), T(0.0)};
}
template <class T>
V3<T> operator+(const V3<T>& a, const V3<T>& b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class T>
V3<T> operator-(const V3<T>& a, const V3<T>& b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class T>
V3<T> operator*(const T& s, const V3<T>& a) {
  return {s * a.x, s * a.y, s * a.z};
}
template <class T>
T dot(const V3<T>& a, const V3<T>& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class T>
V3<T> cross(const V3<T>& a, const V3<T>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class T>
bool isZero(const V3<T>& a) {
  return signOf(a.x) == 0 && signOf(a.y) == 0 && signOf(a.z) == 0;
}
template <class T>
T get(const V3<T>& a, int i) {
  return i == 0 ? a.x : (i == 1 ? a.y : a.z);
}

/// A margin as a formula gives it, in the test's roles (A = the core's first shape).
struct Margin {
  bool overlap = false;
  double value = 0.0;  ///< > 0 apart, <= 0 overlapping (then -value deep)
  AxisId axis{};       ///< the axis that gives it, where it is one
  std::string_view along{};
};

/// n / sqrt(l2) as a double (l2 > 0), computed in T where T has a square root.
template <class T>
double overRoot(const T& n, const T& l2) {
  if constexpr (std::is_floating_point_v<T>) {
    return double(n / std::sqrt(l2));
  } else {
    return n.toDouble() / std::sqrt(l2.toDouble());
  }
}

/// sqrt(d2) - r as a double, its sign that of d2 - r * r (d2, r >= 0).
template <class T>
double rootMinus(const T& d2, const T& r) {
  if constexpr (std::is_floating_point_v<T>) {
    return double(std::sqrt(d2) - r);
  } else {
    const double root = std::sqrt(d2.toDouble()), rr = r.toDouble();
    if (root + rr <= 0.0) return 0.0;
    return (d2 - r * r).toDouble() / (root + rr);
  }
}

// ---- Separating axes --------------------------------------------------------------------

template <class T>
struct Corners {
  std::array<V3<T>, 8> v{};
  int n = 0;
};

template <class T>
Corners<T> corners(const V3<T>& c, const std::array<V3<T>, 3>& halfEdges, int dims) {
  Corners<T> out;
  const int count = 1 << dims;
  for (int m = 0; m < count; ++m) {
    V3<T> p = c;
    for (int k = 0; k < dims; ++k) p = (m & (1 << k)) ? p + halfEdges[k] : p - halfEdges[k];
    out.v[out.n++] = p;
  }
  return out;
}

template <class T>
struct CandidateAxis {
  AxisId id;
  V3<T> L;
};

/// The signed gap of the two corner sets' projections on L, unnormalised.
template <class T>
T projectedGap(const Corners<T>& a, const Corners<T>& b, const V3<T>& L) {
  T loA = dot(a.v[0], L), hiA = loA, loB = dot(b.v[0], L), hiB = loB;
  for (int i = 1; i < a.n; ++i) {
    const T p = dot(a.v[i], L);
    if (p < loA) loA = p;
    if (p > hiA) hiA = p;
  }
  for (int i = 1; i < b.n; ++i) {
    const T p = dot(b.v[i], L);
    if (p < loB) loB = p;
    if (p > hiB) hiB = p;
  }
  const T g1 = loB - hiA, g2 = loA - hiB;
  return g1 > g2 ? g1 : g2;
}

/// n1 / sqrt(l1) > n2 / sqrt(l2), exactly for Rational (the squares compared).
template <class T>
bool larger(const T& n1, const T& l1, const T& n2, const T& l2) {
  if constexpr (std::is_floating_point_v<T>) {
    return n1 / std::sqrt(l1) > n2 / std::sqrt(l2);
  } else {
    const int s1 = signOf(n1), s2 = signOf(n2);
    if (s1 != s2) return s1 > s2;
    if (s1 == 0) return false;
    const T left = n1 * n1 * l2, right = n2 * n2 * l1;
    return s1 > 0 ? left > right : left < right;
  }
}

/// The largest signed gap over the axes (those of length 0 are skipped); nullopt when every
/// axis has length 0.
template <class T>
std::optional<Margin> separatingAxes(const Corners<T>& a, const Corners<T>& b,
                                     const std::vector<CandidateAxis<T>>& axes) {
  std::optional<std::size_t> best;
  T bestN(0.0), bestL(1.0);
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const T l2 = dot(axes[i].L, axes[i].L);
    if (signOf(l2) <= 0) continue;
    const T n = projectedGap(a, b, axes[i].L);
    if (!best || larger(n, l2, bestN, bestL)) {
      best = i;
      bestN = n;
      bestL = l2;
    }
  }
  if (!best) return std::nullopt;
  Margin m;
  m.overlap = signOf(bestN) <= 0;
  m.value = overRoot(bestN, bestL);
  m.axis = axes[*best].id;
  return m;
}

// ---- Slabs ------------------------------------------------------------------------------

/// A box's frame: centre, axes (unit in the scene, taken as given) and half extents; `dims`
/// 2 for a rectangle of the plane.
template <class T>
struct BoxFrame {
  V3<T> c;
  std::array<V3<T>, 3> u;
  std::array<T, 3> h;
  int dims = 3;
};

template <class T>
std::array<V3<T>, 3> halfEdges(const BoxFrame<T>& b) {
  return {b.h[0] * b.u[0], b.h[1] * b.u[1], b.h[2] * b.u[2]};
}

template <class T>
Corners<T> corners(const BoxFrame<T>& b) {
  return corners(b.c, halfEdges(b), b.dims);
}

/// The segment p0 -> p1 through the box's slabs; `slabId(k)` names slab k.
template <class T, class SlabId>
Margin slabs(const BoxFrame<T>& box, const V3<T>& p0, const V3<T>& p1, const SlabId& slabId) {
  const V3<T> o = p0 - box.c, d = p1 - p0;
  T tEnter(0.0), tExit(1.0);
  int enterSlab = -1, exitSlab = -1;
  std::optional<T> outside;  // the largest |p| - h of a slab the segment runs parallel to, outside it
  int outsideSlab = -1;
  for (int k = 0; k < box.dims; ++k) {
    const T p = dot(o, box.u[k]), dk = dot(d, box.u[k]);
    if (signOf(dk) == 0) {
      const T past = absOf(p) - box.h[k];
      if (signOf(past) > 0 && (!outside || past > *outside)) {
        outside = past;
        outsideSlab = k;
      }
      continue;
    }
    T t1 = (-box.h[k] - p) / dk, t2 = (box.h[k] - p) / dk;
    if (t1 > t2) std::swap(t1, t2);
    if (t1 > tEnter) {
      tEnter = t1;
      enterSlab = k;
    }
    if (t2 < tExit) {
      tExit = t2;
      exitSlab = k;
    }
  }
  Margin m;
  if (outside) {
    m.overlap = false;
    m.value = toDouble(*outside);
    m.axis = slabId(outsideSlab);
    return m;
  }
  const T apart = tEnter - tExit;
  m.overlap = signOf(apart) <= 0;
  if constexpr (std::is_floating_point_v<T>) {
    m.value = double(apart * std::sqrt(dot(d, d)));
  } else {
    m.value = toDouble(apart) * std::sqrt(toDouble(dot(d, d)));
  }
  const int slab = enterSlab >= 0 ? enterSlab : exitSlab;
  if (slab >= 0) {
    m.axis = slabId(slab);
  } else {
    m.along = "segment";
  }
  return m;
}

// ---- Arvo: a sphere (or circle) against a box ---------------------------------------------

template <class T, class FaceId>
Margin arvo(const V3<T>& centre, const T& r, const BoxFrame<T>& box, const FaceId& faceId) {
  const V3<T> o = centre - box.c;
  T sum(0.0);
  std::array<T, 3> inside{};  // h - |p| per axis, for a centre inside the box
  for (int k = 0; k < box.dims; ++k) {
    const T p = dot(o, box.u[k]);
    const T excess = absOf(p) - box.h[k];
    if (signOf(excess) > 0) sum = sum + excess * excess;
    inside[std::size_t(k)] = -excess;
  }
  Margin m;
  if (signOf(sum) > 0) {
    m.overlap = !(sum > r * r);
    m.value = rootMinus(sum, r);
    m.along = kAlongNearestPoint;
    return m;
  }
  int nearest = 0;
  for (int k = 1; k < box.dims; ++k)
    if (inside[std::size_t(k)] < inside[std::size_t(nearest)]) nearest = k;
  m.overlap = true;
  m.value = -toDouble(r + inside[std::size_t(nearest)]);
  m.axis = faceId(nearest);
  m.along = kAlongNearestFace;
  return m;
}

template <class T>
Margin sphereSphere(const V3<T>& ca, const T& ra, const V3<T>& cb, const T& rb) {
  const V3<T> d = cb - ca;
  const T d2 = dot(d, d), r = ra + rb;
  Margin m;
  m.overlap = !(d2 > r * r);
  m.value = rootMinus(d2, r);
  m.along = kAlongCentres;
  return m;
}

template <class T>
Margin segmentSphere(const V3<T>& centre, const T& r, const V3<T>& p0, const V3<T>& p1) {
  const V3<T> d = p1 - p0;
  const T dd = dot(d, d);
  V3<T> q = p0;
  if (signOf(dd) > 0) {
    T t = dot(centre - p0, d) / dd;
    if (signOf(t) < 0) t = T(0.0);
    if (t > T(1.0)) t = T(1.0);
    q = p0 + t * d;
  }
  const V3<T> e = centre - q;
  const T d2 = dot(e, e);
  Margin m;
  m.overlap = !(d2 > r * r);
  m.value = rootMinus(d2, r);
  m.along = kAlongNearestPoint;
  return m;
}

}  // namespace satlab::margin
