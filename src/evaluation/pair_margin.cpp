#include "evaluation/pair_margin.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "document/scene_edit.hpp"
#include "evaluation/convex_measure.hpp"
#include "evaluation/margin_formulas.hpp"
#include "evaluation/pair_tests.hpp"

namespace satlab {

namespace {

using margin::BoxFrame;
using margin::CandidateAxis;
using margin::Corners;
using margin::Margin;
using margin::V3;
using margin::vec;

// ---- The shapes in T ----------------------------------------------------------------------

template <class T>
BoxFrame<T> frameOf(const Aabb& b) {
  return {vec<T>(b.center),
          {V3<T>{T(1.0), T(0.0), T(0.0)}, V3<T>{T(0.0), T(1.0), T(0.0)}, V3<T>{T(0.0), T(0.0), T(1.0)}},
          {margin::num<T>(b.half.x), margin::num<T>(b.half.y), margin::num<T>(b.half.z)},
          3};
}
template <class T>
BoxFrame<T> frameOf(const Obb& b) {
  return {vec<T>(b.center),
          {vec<T>(b.axes[0]), vec<T>(b.axes[1]), vec<T>(b.axes[2])},
          {margin::num<T>(b.half.x), margin::num<T>(b.half.y), margin::num<T>(b.half.z)},
          3};
}
template <class T>
BoxFrame<T> frameOf(const Rect2& r) {
  return {vec<T>(r.center),
          {V3<T>{T(1.0), T(0.0), T(0.0)}, V3<T>{T(0.0), T(1.0), T(0.0)}, V3<T>{}},
          {margin::num<T>(r.half.x), margin::num<T>(r.half.y), T(0.0)},
          2};
}
template <class T>
BoxFrame<T> frameOf(const OrientedRect2& r) {
  // The core reads the rectangle through axis0() and axis1() (the rotation normalised in
  // float): those floats are its inputs.
  return {vec<T>(r.center),
          {vec<T>(r.axis0()), vec<T>(r.axis1()), V3<T>{}},
          {margin::num<T>(r.half.x), margin::num<T>(r.half.y), T(0.0)},
          2};
}

template <class T>
Corners<T> cornersOf(const Triangle& t) {
  Corners<T> c;
  c.v[0] = vec<T>(t.a);
  c.v[1] = vec<T>(t.b);
  c.v[2] = vec<T>(t.c);
  c.n = 3;
  return c;
}
template <class T>
V3<T> triangleEdge(const Corners<T>& t, int i) {
  return t.v[(i + 1) % 3] - t.v[i];
}

template <class T>
std::pair<V3<T>, V3<T>> endsOf(const Segment& s) {
  return {vec<T>(s.p0), vec<T>(s.p1)};
}
template <class T>
std::pair<V3<T>, V3<T>> endsOf(const Segment2& s) {
  return {vec<T>(s.p0), vec<T>(s.p1)};
}
template <class T>
std::pair<V3<T>, T> ballOf(const Sphere& s) {
  return {vec<T>(s.center), margin::num<T>(s.radius)};
}
template <class T>
std::pair<V3<T>, T> ballOf(const Circle2& c) {
  return {vec<T>(c.center), margin::num<T>(c.radius)};
}

template <class B>
constexpr bool kIsAxisAligned = std::is_same_v<B, Aabb> || std::is_same_v<B, Rect2>;

// ---- The formula of each row --------------------------------------------------------------

/// Two boxes (or rectangles): the faces of A, of B unless both are axis-aligned, and in 3D
/// the nine edge crosses, named as the core's SAT names them.
template <class T, class BA, class BB>
std::optional<Margin> boxBox(const BA& a, const BB& b) {
  const BoxFrame<T> fa = frameOf<T>(a), fb = frameOf<T>(b);
  std::vector<CandidateAxis<T>> axes;
  for (int i = 0; i < fa.dims; ++i) axes.push_back({AxisId::faceA(i), fa.u[std::size_t(i)]});
  if (!(kIsAxisAligned<BA> && kIsAxisAligned<BB>)) {
    for (int j = 0; j < fb.dims; ++j) axes.push_back({AxisId::faceB(j), fb.u[std::size_t(j)]});
    if (fa.dims == 3) {
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
          axes.push_back({AxisId::edge(i, j), margin::cross(fa.u[std::size_t(i)], fb.u[std::size_t(j)])});
    }
  }
  return margin::separatingAxes(margin::corners(fa), margin::corners(fb), axes);
}

/// A box and a triangle: Akenine-Möller's 13 axes, named as satAabbTriangle and
/// satObbTriangle name them.
template <class T, class BA>
std::optional<Margin> boxTriangle(const BA& box, const Triangle& tri) {
  const BoxFrame<T> f = frameOf<T>(box);
  const Corners<T> t = cornersOf<T>(tri);
  const V3<T> n = margin::cross(triangleEdge(t, 0), triangleEdge(t, 1));
  if (margin::isZero(n)) return std::nullopt;  // no area: the core takes it as a segment
  constexpr bool aligned = std::is_same_v<BA, Aabb>;
  std::vector<CandidateAxis<T>> axes;
  for (int i = 0; i < 3; ++i) axes.push_back({aligned ? AxisId::world(i) : AxisId::faceA(i), f.u[std::size_t(i)]});
  axes.push_back({AxisId::triangleNormal(), n});
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      axes.push_back({aligned ? AxisId::worldCrossEdge(i, j) : AxisId::faceACrossEdge(i, j),
                      margin::cross(f.u[std::size_t(i)], triangleEdge(t, j))});
  return margin::separatingAxes(margin::corners(f), t, axes);
}

/// Two triangles: both normals, the nine edge crosses, and where the planes are parallel
/// the six edge normals in them (satTriangleTriangle's axes).
template <class T>
std::optional<Margin> triangleTriangle(const Triangle& a, const Triangle& b) {
  const Corners<T> ta = cornersOf<T>(a), tb = cornersOf<T>(b);
  const V3<T> nA = margin::cross(triangleEdge(ta, 0), triangleEdge(ta, 1));
  const V3<T> nB = margin::cross(triangleEdge(tb, 0), triangleEdge(tb, 1));
  if (margin::isZero(nA) || margin::isZero(nB)) return std::nullopt;
  std::vector<CandidateAxis<T>> axes{{AxisId::normalA(), nA}, {AxisId::normalB(), nB}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      axes.push_back({AxisId::edgeACrossEdgeB(i, j), margin::cross(triangleEdge(ta, i), triangleEdge(tb, j))});
  if (margin::isZero(margin::cross(nA, nB))) {
    for (int i = 0; i < 3; ++i) axes.push_back({AxisId::edgeNormalA(i), margin::cross(nA, triangleEdge(ta, i))});
    for (int j = 0; j < 3; ++j) axes.push_back({AxisId::edgeNormalB(j), margin::cross(nB, triangleEdge(tb, j))});
  }
  return margin::separatingAxes(ta, tb, axes);
}

/// The rows that have a formula here.
template <class R>
constexpr bool kHasFormula = R::family == TestFamily::BoxSat || R::family == TestFamily::TriangleSat ||
                             R::family == TestFamily::Slab ||
                             (R::family == TestFamily::Closest && !std::is_same_v<typename R::B, Triangle>) ||
                             R::family == TestFamily::SphereSphere || R::family == TestFamily::SegmentSphere;

/// `grow`: the two shapes' collision margins together (a recording's, docs/recording-format.md):
/// the pairs with a sphere take it into the radius (a shape grown by m is within r + m of the
/// sphere's centre when the shape itself is within r + m); the others have no formula then.
template <class T, class R>
std::optional<Margin> rowMargin(const typename R::A& a, const typename R::B& b, const T& grow) {
  using A = typename R::A;
  using B = typename R::B;
  constexpr TestId id = R::id;
  constexpr bool withSphere = R::family == TestFamily::Closest || R::family == TestFamily::SphereSphere ||
                              R::family == TestFamily::SegmentSphere;
  if (!withSphere && margin::signOf(grow) != 0) return std::nullopt;
  if constexpr (id == TestId::AabbAabb || id == TestId::AabbObb || id == TestId::ObbObb || id == TestId::RectRect ||
                id == TestId::RectOrientedRect || id == TestId::OrientedRectOrientedRect) {
    return boxBox<T>(a, b);
  } else if constexpr (id == TestId::AabbTriangle || id == TestId::ObbTriangle) {
    return boxTriangle<T>(a, b);
  } else if constexpr (id == TestId::TriangleTriangle) {
    return triangleTriangle<T>(a, b);
  } else if constexpr (R::family == TestFamily::Slab) {
    // The box is the row's A, the segment its B; the slabs are the box's axes.
    const auto [p0, p1] = endsOf<T>(b);
    return margin::slabs(frameOf<T>(a), p0, p1,
                         [](int k) { return kIsAxisAligned<A> ? AxisId::world(k) : AxisId::faceA(k); });
  } else if constexpr (R::family == TestFamily::Closest && !std::is_same_v<B, Triangle>) {
    const auto [c, r] = ballOf<T>(a);
    return margin::arvo(c, r + grow, frameOf<T>(b),
                        [](int k) { return kIsAxisAligned<B> ? AxisId::world(k) : AxisId::faceB(k); });
  } else if constexpr (id == TestId::SphereSphere) {
    const auto [ca, ra] = ballOf<T>(a);
    const auto [cb, rb] = ballOf<T>(b);
    return margin::sphereSphere(ca, ra + grow, cb, rb);
  } else if constexpr (id == TestId::SegmentSphere) {
    const auto [c, r] = ballOf<T>(a);
    const auto [p0, p1] = endsOf<T>(b);
    return margin::segmentSphere(c, r + grow, p0, p1);
  } else {
    return std::nullopt;
  }
}

template <class T>
std::optional<Margin> planMargin(const PairPlan& plan, const ShapeGeometry& x, const ShapeGeometry& y, const T& grow) {
  return withPairTest(plan.rule.test, [&](auto row) -> std::optional<Margin> {
    using R = decltype(row);
    if constexpr (!kIsPairTest<R>) {
      return std::nullopt;
    } else if constexpr (!kHasFormula<R>) {
      return std::nullopt;
    } else {
      return rowMargin<T, R>(R::a(x), R::b(y), grow);
    }
  });
}

template <class T>
std::optional<PairMargin> marginIn(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB) {
  const PairPlan plan = planPair(scene, a, b);
  const T grow = margin::num<T>(marginA) + margin::num<T>(marginB);
  const ShapeGeometry& x = scene.shapes[plan.first].geometry;
  const ShapeGeometry& y = scene.shapes[plan.second].geometry;
  const std::optional<Margin> m =
      plan.planar ? planMargin<T>(plan, inXyPlane(x), inXyPlane(y), grow) : planMargin<T>(plan, x, y, grow);
  if (!m || !std::isfinite(m->value)) return std::nullopt;
  PairMargin out;
  out.overlap = m->overlap;
  out.value = m->value;
  out.axis = plan.swapped ? withRolesSwapped(m->axis) : m->axis;
  out.along = m->along;
  return out;
}

std::string shortNumber(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

}  // namespace

std::string PairMargin::label() const {
  if (axis.valid()) return std::string(satlab::label(axis));
  return std::string(along.empty() ? std::string_view("axis") : along);
}

std::optional<PairMargin> formulaMargin(const Scene& scene, std::size_t a, std::size_t b, Arithmetic arithmetic,
                                        float marginA, float marginB) {
  switch (arithmetic) {
    case Arithmetic::Float: return marginIn<float>(scene, a, b, marginA, marginB);
    case Arithmetic::Double: return marginIn<double>(scene, a, b, marginA, marginB);
    case Arithmetic::Exact: return marginIn<Rational>(scene, a, b, marginA, marginB);
  }
  return std::nullopt;
}

bool hasMarginFormula(const Scene& scene, std::size_t a, std::size_t b) {
  return withPairTest(planPair(scene, a, b).rule.test, [](auto row) {
    using R = decltype(row);
    if constexpr (!kIsPairTest<R>) {
      return false;
    } else {
      return kHasFormula<R>;
    }
  });
}

std::optional<PairMargin> decidingMargin(const Scene& scene, std::size_t a, std::size_t b) {
  if (!pairTested(scene, a, b)) return std::nullopt;
  if (std::optional<PairMargin> m = formulaMargin(scene, a, b, Arithmetic::Double)) return m;
  const std::optional<ConvexResult> c = measureConvexPair(scene.shapes[a], scene.shapes[b], scene.view);
  if (!c) return std::nullopt;
  PairMargin m;
  m.overlap = c->overlap;
  m.value = c->overlap ? -double(c->depth) : double(c->distance);
  m.along = c->overlap ? kAlongEpaNormal : std::string_view("GJK");
  if (!std::isfinite(m.value)) return std::nullopt;
  return m;
}

std::string marginInWords(const PairMargin& m) {
  const std::string what = m.overlap ? "overlapping " + shortNumber(-m.value) : "apart by " + shortNumber(m.value);
  return what + (m.axis.valid() ? " on " + m.label() : " (" + m.label() + ")");
}

bool PrecisionLens::disagree() const {
  const bool v = floatOverlap;
  if (inDouble && inDouble->overlap != v) return true;
  if (exact && exact->overlap != v) return true;
  return originOverlap != v;
}

std::optional<std::string> exactExpectationFailure(const PrecisionLens& lens, const std::string& pair) {
  if (!lens.exact) {
    return pair + ": \"exact\" cannot be checked: " + std::string(lens.code) + " has no exact formula" +
           (lens.withMargins ? " with collision margins" : "");
  }
  if (!lens.floatDecided()) return std::nullopt;
  char buf[200];
  std::snprintf(buf, sizeof buf,
                ": float decided the verdict: float %s, exact %s (exact margin %.6g, %.6g of the float spacing %.6g "
                "there)",
                lens.floatOverlap ? "overlap" : "separated", lens.exact->overlap ? "overlap" : "separated",
                lens.exact->value, lens.marginUlps ? *lens.marginUlps : 0.0, lens.spacing);
  return pair + buf;
}

double floatSpacing(float v) {
  const float m = std::abs(v);
  if (!std::isfinite(m)) return 0.0;
  const float next = std::nextafter(m, std::numeric_limits<float>::infinity());
  return double(next) - double(m);
}

namespace {

/// The verdict the lens sets the formulas beside: the core's test, or with collision margins
/// GJK and EPA's signed distance of the grown shapes (a recording's raw verdict), where both
/// shapes are convex.
bool coreVerdict(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB) {
  if (marginA == 0.0f && marginB == 0.0f) return pairOverlaps(scene, a, b);
  const std::optional<ConvexResult> c = measureConvexPair(scene.shapes[a], scene.shapes[b], scene.view);
  if (!c) return pairOverlaps(scene, a, b);
  return (c->overlap ? -double(c->depth) : double(c->distance)) - double(marginA) - double(marginB) < 0.0;
}

}  // namespace

PrecisionLens precisionLens(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB) {
  PrecisionLens lens;
  const PairPlan plan = planPair(scene, a, b);
  lens.test = plan.rule.test;
  lens.code = plan.rule.code;
  lens.withMargins = marginA != 0.0f || marginB != 0.0f;
  lens.floatOverlap = coreVerdict(scene, a, b, marginA, marginB);
  lens.inFloat = formulaMargin(scene, a, b, Arithmetic::Float, marginA, marginB);
  lens.inDouble = formulaMargin(scene, a, b, Arithmetic::Double, marginA, marginB);
  lens.exact = formulaMargin(scene, a, b, Arithmetic::Exact, marginA, marginB);

  // Where the pair is: the box around both, its middle and its largest coordinate.
  glm::vec3 lo(0.0f), hi(0.0f), lo2(0.0f), hi2(0.0f);
  shapeBounds(scene.shapes[a], lo, hi);
  shapeBounds(scene.shapes[b], lo2, hi2);
  lo = glm::min(lo, lo2);
  hi = glm::max(hi, hi2);
  float largest = 0.0f;
  for (int k = 0; k < 3; ++k) largest = std::max({largest, std::abs(lo[k]), std::abs(hi[k])});
  lens.spacing = floatSpacing(largest);
  if (lens.spacing > 0.0) {
    const std::optional<PairMargin>& best = lens.exact ? lens.exact : lens.inDouble;
    if (best) lens.marginUlps = best->value / lens.spacing;
  }

  // The same two shapes, in the same order, moved so that their middle is the origin.
  const glm::vec3 middle = lo * 0.5f + hi * 0.5f;
  lens.shift = -middle;
  Scene moved;
  moved.view = scene.view;
  const std::size_t first = std::min(a, b), second = std::max(a, b);
  moved.shapes.push_back(scene.shapes[first]);
  moved.shapes.push_back(scene.shapes[second]);
  for (SceneShape& s : moved.shapes) translateShape(s, lens.shift);
  const std::size_t ma = a < b ? 0 : 1, mb = 1 - ma;
  lens.originOverlap = coreVerdict(moved, ma, mb, marginA, marginB);
  lens.atOrigin = formulaMargin(moved, ma, mb, Arithmetic::Float, marginA, marginB);
  return lens;
}

}  // namespace satlab
