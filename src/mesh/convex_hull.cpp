#include "mesh/convex_hull.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

namespace satlab {
namespace {

// Qhull's messages (errors, precision warnings) go here, never to stdout or stderr.
struct QuietFile {
  std::FILE* file = nullptr;
  char* memory = nullptr;
  std::size_t size = 0;
  QuietFile() {
    file = std::fopen("/dev/null", "w");
    if (file == nullptr) file = open_memstream(&memory, &size);
  }
  ~QuietFile() {
    if (file != nullptr) std::fclose(file);
    std::free(memory);
  }
  QuietFile(const QuietFile&) = delete;
  QuietFile& operator=(const QuietFile&) = delete;
};

// One Qhull run; frees Qhull's memory however it ends.
class Qhull {
 public:
  Qhull(int dim, std::vector<coordT>& coords, const char* options) {
    qh_zero(&qh_, quiet_.file);
    const int n = static_cast<int>(coords.size() / static_cast<std::size_t>(dim));
    char command[64];
    std::snprintf(command, sizeof command, "qhull %s", options);
    exitCode_ =
        quiet_.file == nullptr ? -1 : qh_new_qhull(&qh_, dim, n, coords.data(), False, command, nullptr, quiet_.file);
  }
  ~Qhull() {
    qh_freeqhull(&qh_, !qh_ALL);
    int curlong = 0, totlong = 0;
    qh_memfreeshort(&qh_, &curlong, &totlong);
  }
  Qhull(const Qhull&) = delete;
  Qhull& operator=(const Qhull&) = delete;

  bool ok() const { return exitCode_ == 0; }
  qhT* qh() { return &qh_; }

 private:
  QuietFile quiet_;
  qhT qh_;
  int exitCode_ = -1;
};

ConvexHullResult singlePoint(const glm::dvec3& p) {
  ConvexHullResult r;
  r.dimension = HullDimension::Point;
  r.hull.vertices = {p};
  return r;
}

// The two points of a collinear set farthest apart along its direction.
ConvexHullResult segmentHull(const std::vector<glm::dvec3>& p, const glm::dvec3& dir) {
  std::size_t lo = 0, hi = 0;
  for (std::size_t i = 1; i < p.size(); ++i) {
    if (glm::dot(p[i], dir) < glm::dot(p[lo], dir)) lo = i;
    if (glm::dot(p[i], dir) > glm::dot(p[hi], dir)) hi = i;
  }
  if (p[lo] == p[hi]) return singlePoint(p[lo]);
  ConvexHullResult r;
  r.dimension = HullDimension::Segment;
  r.hull.vertices = {p[lo], p[hi]};
  return r;
}

// The convex polygon of a flat set (Qhull in 2-d on the points in their plane) as a fan,
// counter-clockwise about `normal`.
ConvexHullResult polygonHull(const std::vector<glm::dvec3>& p, const glm::dvec3& origin, const glm::dvec3& u,
                             const glm::dvec3& normal) {
  const glm::dvec3 v = glm::cross(normal, u);
  std::vector<coordT> coords;
  coords.reserve(2 * p.size());
  for (const glm::dvec3& q : p) {
    coords.push_back(glm::dot(q - origin, u));
    coords.push_back(glm::dot(q - origin, v));
  }
  std::vector<int> ids;
  {
    Qhull hull(2, coords, "");
    if (!hull.ok()) return segmentHull(p, u);
    qhT* qh = hull.qh();
    vertexT* vertex;
    FORALLvertices { ids.push_back(qh_pointid(qh, vertex->point)); }
  }
  ids.erase(std::remove_if(ids.begin(), ids.end(), [&](int id) { return id < 0 || id >= static_cast<int>(p.size()); }),
            ids.end());
  if (ids.size() < 3) return segmentHull(p, u);
  // A convex polygon's vertices in order of their angle about an interior point.
  double cx = 0.0, cy = 0.0;
  for (int id : ids) {
    cx += coords[2 * static_cast<std::size_t>(id)];
    cy += coords[2 * static_cast<std::size_t>(id) + 1];
  }
  cx /= static_cast<double>(ids.size());
  cy /= static_cast<double>(ids.size());
  const auto angle = [&](int id) {
    return std::atan2(coords[2 * static_cast<std::size_t>(id) + 1] - cy, coords[2 * static_cast<std::size_t>(id)] - cx);
  };
  std::sort(ids.begin(), ids.end(), [&](int a, int b) { return angle(a) < angle(b); });
  ConvexHullResult r;
  r.dimension = HullDimension::Polygon;
  for (int id : ids) r.hull.vertices.push_back(p[static_cast<std::size_t>(id)]);
  for (std::uint32_t i = 1; i + 1 < r.hull.vertices.size(); ++i) r.hull.triangles.push_back({0, i, i + 1});
  return r;
}

}  // namespace

ConvexHullResult convexHull(const std::vector<glm::vec3>& points) {
  if (points.empty()) return {};
  std::vector<glm::dvec3> p(points.begin(), points.end());

  // The extent, and the set's dimension: a line through the two points farthest apart along
  // the widest axis, then the point farthest from that line, then the farthest from the plane.
  glm::dvec3 lo = p[0], hi = p[0];
  for (const glm::dvec3& q : p) {
    lo = glm::min(lo, q);
    hi = glm::max(hi, q);
  }
  const double extent = glm::length(hi - lo);
  if (extent == 0.0) return singlePoint(p[0]);
  const double flat = kHullFlatness * extent;
  const glm::dvec3 size = hi - lo;
  const int widest = size.x >= size.y && size.x >= size.z ? 0 : (size.y >= size.z ? 1 : 2);
  std::size_t a = 0, b = 0;
  for (std::size_t i = 1; i < p.size(); ++i) {
    if (p[i][widest] < p[a][widest]) a = i;
    if (p[i][widest] > p[b][widest]) b = i;
  }
  const glm::dvec3 u = glm::normalize(p[b] - p[a]);
  std::size_t c = a;
  double farFromLine = 0.0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const glm::dvec3 d = p[i] - p[a];
    const double dist = glm::length(d - u * glm::dot(d, u));
    if (dist > farFromLine) {
      farFromLine = dist;
      c = i;
    }
  }
  if (farFromLine <= flat) return segmentHull(p, u);
  const glm::dvec3 normal = glm::normalize(glm::cross(u, p[c] - p[a]));
  double farFromPlane = 0.0;
  for (const glm::dvec3& q : p) farFromPlane = std::max(farFromPlane, std::fabs(glm::dot(q - p[a], normal)));
  if (farFromPlane <= flat) return polygonHull(p, p[a], u, normal);

  std::vector<coordT> coords;
  coords.reserve(3 * p.size());
  for (const glm::dvec3& q : p) {
    coords.push_back(q.x);
    coords.push_back(q.y);
    coords.push_back(q.z);
  }
  Qhull hull(3, coords, "Qt");
  if (!hull.ok()) return polygonHull(p, p[a], u, normal);
  qhT* qh = hull.qh();
  qh_getarea(qh, qh->facet_list);
  ConvexHullResult r;
  r.dimension = HullDimension::Solid;
  r.volume = qh->totvol;
  std::vector<std::uint32_t> remap(p.size(), 0xffffffffu);
  const auto index = [&](vertexT* vertex) {
    const int id = qh_pointid(qh, vertex->point);
    const auto k = static_cast<std::size_t>(id);
    if (remap[k] == 0xffffffffu) {
      remap[k] = static_cast<std::uint32_t>(r.hull.vertices.size());
      r.hull.vertices.push_back(p[k]);
    }
    return remap[k];
  };
  facetT* facet;
  FORALLfacets {
    if (qh_setsize(qh, facet->vertices) != 3) continue;  // Qt leaves only triangles
    std::array<std::uint32_t, 3> t{};
    int k = 0;
    vertexT *vertex, **vertexp;
    bool inRange = true;
    FOREACHvertex_(facet->vertices) {
      const int id = qh_pointid(qh, vertex->point);
      if (id < 0 || id >= static_cast<int>(p.size())) inRange = false;
      if (inRange) t[static_cast<std::size_t>(k)] = index(vertex);
      ++k;
    }
    if (!inRange) continue;
    const glm::dvec3& p0 = r.hull.vertices[t[0]];
    const glm::dvec3 n = glm::cross(r.hull.vertices[t[1]] - p0, r.hull.vertices[t[2]] - p0);
    const glm::dvec3 outward(facet->normal[0], facet->normal[1], facet->normal[2]);
    if (glm::dot(n, outward) < 0.0) std::swap(t[1], t[2]);
    r.hull.triangles.push_back(t);
  }
  return r;
}

}  // namespace satlab
