// The exact test on a recorded pair with margins and tolerance (recording_exact.hpp).
#include "world/recording_exact.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "evaluation/convex_measure.hpp"
#include "evaluation/pair_eval.hpp"
#include "satlab/collide/gjk.hpp"
#include "world/broad_phase.hpp"
#include "world/recording.hpp"

namespace satlab {
namespace {

constexpr double kUnmeasured = std::numeric_limits<double>::quiet_NaN();

bool isMesh(const SceneShape& s) { return std::holds_alternative<MeshShape>(s.geometry); }

// A mesh (a surface) against a convex shape: the least signed distance over its triangles
// whose bounds come within `reach` of the shape's.
double meshConvexDistance(const MeshShape& mesh, const SceneShape& other, float margins, float reach) {
  ConvexHull hull;
  std::optional<ConvexShape> shape = convexOfShape(other, hull);
  if (!shape || !mesh.data) return kUnmeasured;
  shape->radius += margins;
  const Bounds near = conservativeBounds(other);
  const glm::vec3 pad(margins + reach);
  const glm::vec3 lo = near.lo - pad, hi = near.hi + pad;
  const TriangleMesh& m = mesh.data->mesh;
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t t = 0; t < m.triangleCount(); ++t) {
    Triangle tri = m.triangle(t);
    tri.a = mesh.pose.toWorld(tri.a);
    tri.b = mesh.pose.toWorld(tri.b);
    tri.c = mesh.pose.toWorld(tri.c);
    const glm::vec3 tlo = glm::min(tri.a, glm::min(tri.b, tri.c)), thi = glm::max(tri.a, glm::max(tri.b, tri.c));
    if (glm::any(glm::lessThan(thi, lo)) || glm::any(glm::greaterThan(tlo, hi))) continue;
    const ConvexResult r = convexContact(convexOf(tri), *shape);
    best = std::min(best, r.overlap ? -double(r.depth) : double(r.distance));
  }
  // No triangle within reach: farther than it.
  return std::isinf(best) ? double(reach) + 1.0 + double(margins) : best;
}

}  // namespace

double recordedSignedDistance(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB,
                              float reach) {
  const SceneShape& sa = scene.shapes[a];
  const SceneShape& sb = scene.shapes[b];
  const float margins = marginA + marginB;
  if (isMesh(sa) || isMesh(sb)) {
    if (scene.view == ViewMode::TwoD || (isMesh(sa) && isMesh(sb))) return kUnmeasured;
    return isMesh(sa) ? meshConvexDistance(std::get<MeshShape>(sa.geometry), sb, margins, reach)
                      : meshConvexDistance(std::get<MeshShape>(sb.geometry), sa, margins, reach);
  }
  const std::optional<ConvexResult> r = measureConvexPair(sa, sb, scene.view);
  if (!r) return kUnmeasured;
  return (r->overlap ? -double(r->depth) : double(r->distance)) - double(margins);
}

std::string signedDistanceText(double d) {
  if (std::isnan(d)) return "not measured";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s %.6g", d < 0 ? "depth" : "gap", std::abs(d));
  return buf;
}

bool recordedRawOverlap(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB) {
  if (marginA == 0.0f && marginB == 0.0f) return pairOverlaps(scene, a, b);
  const double d = recordedSignedDistance(scene, a, b, marginA, marginB, 0.0f);
  return std::isnan(d) ? pairOverlaps(scene, a, b) : d < 0.0;
}

bool settledOverlap(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB, float tolerance,
                    bool previous) {
  const bool raw = recordedRawOverlap(scene, a, b, marginA, marginB);
  if (raw == previous || !(tolerance > 0.0f)) return raw;
  // A change of verdict: kept only beyond the tolerance.
  const double d = recordedSignedDistance(scene, a, b, marginA, marginB, tolerance);
  if (std::isnan(d)) return raw;
  return std::abs(d) <= double(tolerance) ? previous : raw;
}

bool settledOverlap(const Recording& rec, const Scene& scene, std::size_t frame, std::size_t a, std::size_t b,
                    bool previous) {
  return settledOverlap(scene, a, b, rec.sceneMargin(frame, a), rec.sceneMargin(frame, b), rec.tolerance, previous);
}

}  // namespace satlab
