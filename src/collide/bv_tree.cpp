// Bounding-volume trees of a triangle mesh (bv_tree.hpp): the top-down build of the OBBTree
// paper (Gottschalk, Lin, Manocha 1996), with an AABB or an OBB at every node.
#include "satlab/collide/bv_tree.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "satlab/collide/eigen_sym3.hpp"

namespace satlab {

const char* bvKindName(BvKind kind) { return kind == BvKind::Aabb ? "AABB tree" : "OBB tree"; }

std::size_t BvTree::memoryBytes() const {
  return nodes.capacity() * sizeof(BvNode) + triangles.capacity() * sizeof(Triangle) +
         triangleIds.capacity() * sizeof(std::uint32_t);
}

Obb worldBox(const BvNode& node, const MeshPose& pose) {
  return Obb{pose.center + pose.axes * node.box.center, pose.axes * node.box.axes, node.box.half};
}

Triangle worldTriangle(const Triangle& t, const MeshPose& pose) {
  return Triangle{pose.center + pose.axes * t.a, pose.center + pose.axes * t.b, pose.center + pose.axes * t.c};
}

namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// The box's corners lie on the extreme vertices, computed in double; the float box is
/// rounded from it, and so are its axes, so a vertex on a face can land a rounding outside.
/// Every half extent grows by a few float roundings of the box's size and place, which keeps
/// each vertex inside (the node test may then call a box touching that is a rounding apart:
/// it only sends the walk on to the exact triangle tests).
glm::vec3 paddedHalf(const glm::dvec3& center, const glm::dvec3& half) {
  const double size = std::max({std::abs(center.x), std::abs(center.y), std::abs(center.z), half.x, half.y, half.z});
  const double pad = 8.0 * static_cast<double>(std::numeric_limits<float>::epsilon()) * size;
  return glm::vec3(half + glm::dvec3(pad));
}

/// The box of the triangles tri[order[i]], i in [begin, end), with its axes given: the
/// vertices' min and max projections on them, relative to `ref` (in double).
Obb boxOnAxes(const std::vector<Triangle>& tri, const std::vector<std::uint32_t>& order, std::size_t begin,
              std::size_t end, const glm::dmat3& axes, const glm::dvec3& ref) {
  glm::dvec3 lo(std::numeric_limits<double>::infinity());
  glm::dvec3 hi(-std::numeric_limits<double>::infinity());
  for (std::size_t i = begin; i < end; ++i) {
    const Triangle& t = tri[order[i]];
    for (const glm::vec3* p : {&t.a, &t.b, &t.c}) {
      const glm::dvec3 d = glm::dvec3(*p) - ref;
      for (int k = 0; k < 3; ++k) {
        const double s = glm::dot(d, axes[k]);
        lo[k] = std::min(lo[k], s);
        hi[k] = std::max(hi[k], s);
      }
    }
  }
  glm::dvec3 center = ref;
  for (int k = 0; k < 3; ++k) center += 0.5 * (lo[k] + hi[k]) * axes[k];
  Obb box;
  box.center = glm::vec3(center);
  box.axes = glm::mat3(axes);
  box.half = paddedHalf(center, 0.5 * (hi - lo));
  return box;
}

/// The AABB of the triangles tri[order[i]], i in [begin, end): the min and max of their
/// vertices, float values compared exactly; centre and half extents in double, relative to
/// `ref`, then padded as boxOnAxes' are.
Obb aabbOf(const std::vector<Triangle>& tri, const std::vector<std::uint32_t>& order, std::size_t begin,
           std::size_t end, const glm::dvec3& ref) {
  glm::vec3 lo = tri[order[begin]].a, hi = lo;
  for (std::size_t i = begin; i < end; ++i) {
    const Triangle& t = tri[order[i]];
    lo = glm::min(lo, glm::min(t.a, glm::min(t.b, t.c)));
    hi = glm::max(hi, glm::max(t.a, glm::max(t.b, t.c)));
  }
  const glm::dvec3 center = ref + 0.5 * ((glm::dvec3(lo) - ref) + (glm::dvec3(hi) - ref));
  Obb box;
  box.center = glm::vec3(center);
  box.half = paddedHalf(center, 0.5 * (glm::dvec3(hi) - glm::dvec3(lo)));
  return box;
}

/// The covariance's eigenvectors for a node of one triangle with area, in closed form (half
/// the nodes of a tree with one triangle per leaf): the triangle's normal n has no variance,
/// so it is the third eigenvector, and the other two are those of the 2 x 2 covariance in the
/// triangle's plane, C restricted to the plane's axes u, v: rotated from u by
/// theta = atan2(2 C_uv, C_uu - C_vv) / 2, the larger first. The same frame as
/// eigenSymmetric3's (right-handed, decreasing variance), without its iterations.
glm::dmat3 oneTriangleAxes(const Triangle& t, const glm::dmat3& c) {
  const glm::dvec3 a(t.a), b(t.b), cc(t.c);
  const glm::dvec3 n = glm::normalize(glm::cross(b - a, cc - a));
  const glm::dvec3 u = glm::normalize(b - a);
  const glm::dvec3 v = glm::cross(n, u);
  const double cuu = glm::dot(u, c * u), cuv = glm::dot(u, c * v), cvv = glm::dot(v, c * v);
  const double theta = 0.5 * std::atan2(2.0 * cuv, cuu - cvv);
  const glm::dvec3 e0 = std::cos(theta) * u + std::sin(theta) * v;
  return glm::dmat3(e0, glm::cross(n, e0), n);
}

/// The OBBTree paper's box axes: the eigenvectors of the covariance of the node's triangles,
/// each triangle weighted by its area. For triangle i with vertices p, q, r, area A_i and
/// centroid m_i, and the node's area A = sum A_i and mean m = sum A_i m_i / A (the paper's
/// formula),
///   C_jk = sum_i A_i / 12 (9 m_ij m_ik + p_j p_k + q_j q_k + r_j r_k) / A - m_j m_k,
/// the covariance of the surface as a continuous sheet. With no area at all (the node's
/// triangles are segments or points), each vertex counts once instead. Coordinates are taken
/// relative to `ref`, a vertex of the node, so that a small node far from the origin keeps
/// its precision. `area[t]` is triangle t's area, computed once for the whole build.
glm::dmat3 covarianceAxes(const std::vector<Triangle>& tri, const std::vector<double>& area,
                          const std::vector<std::uint32_t>& order, std::size_t begin, std::size_t end,
                          const glm::dvec3& ref) {
  double total = 0.0;
  glm::dvec3 areaMean(0.0);
  double second[3][3] = {};
  for (std::size_t i = begin; i < end; ++i) {
    const double a = area[order[i]];
    if (a == 0.0) continue;  // adds nothing
    const Triangle& t = tri[order[i]];
    const glm::dvec3 p = glm::dvec3(t.a) - ref, q = glm::dvec3(t.b) - ref, r = glm::dvec3(t.c) - ref;
    const glm::dvec3 m = (p + q + r) / 3.0;
    total += a;
    areaMean += a * m;
    for (int j = 0; j < 3; ++j) {
      for (int k = j; k < 3; ++k) {
        second[j][k] += a / 12.0 * (9.0 * m[j] * m[k] + p[j] * p[k] + q[j] * q[k] + r[j] * r[k]);
      }
    }
  }
  glm::dvec3 mean(0.0);
  double weight = total;
  if (total == 0.0) {
    // No area: every vertex once, C_jk = sum over vertices v_j v_k / 3n - m_j m_k.
    for (std::size_t i = begin; i < end; ++i) {
      const Triangle& t = tri[order[i]];
      for (const glm::vec3* v : {&t.a, &t.b, &t.c}) {
        const glm::dvec3 p = glm::dvec3(*v) - ref;
        mean += p;
        for (int j = 0; j < 3; ++j)
          for (int k = j; k < 3; ++k) second[j][k] += p[j] * p[k];
      }
    }
    weight = 3.0 * static_cast<double>(end - begin);
    areaMean = mean;
  }
  mean = areaMean / weight;
  glm::dmat3 c(0.0);
  for (int j = 0; j < 3; ++j)
    for (int k = j; k < 3; ++k) c[j][k] = c[k][j] = second[j][k] / weight - mean[j] * mean[k];
  if (end - begin == 1 && total > 0.0) return oneTriangleAxes(tri[order[begin]], c);
  const SymmetricEigen3 eig = eigenSymmetric3(c);
  return eig.vectors;  // right-handed orthonormal (the identity for input that is not finite)
}

/// The node's box: the AABB of its vertices, or the covariance OBB.
Obb fitBox(BvKind kind, const std::vector<Triangle>& tri, const std::vector<double>& area,
           const std::vector<std::uint32_t>& order, std::size_t begin, std::size_t end) {
  const glm::dvec3 ref(tri[order[begin]].a);
  if (kind == BvKind::Aabb) return aabbOf(tri, order, begin, end, ref);
  return boxOnAxes(tri, order, begin, end, covarianceAxes(tri, area, order, begin, end, ref), ref);
}

struct Work {
  std::int32_t node;
  std::size_t begin, end;
};

}  // namespace

BvTree buildBvTree(const TriangleMesh& mesh, BvKind kind, const glm::vec3& scale, const BvBuildOptions& options) {
  BvTree tree;
  tree.kind = kind;
  tree.scale = scale;

  // The triangles that can take part: indices in range, scaled vertices finite.
  std::vector<Triangle> tri;
  std::vector<std::uint32_t> ids;
  const std::size_t n = mesh.triangleCount();
  tri.reserve(n);
  ids.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t ia = mesh.indices[3 * i], ib = mesh.indices[3 * i + 1], ic = mesh.indices[3 * i + 2];
    if (ia >= mesh.vertices.size() || ib >= mesh.vertices.size() || ic >= mesh.vertices.size()) continue;
    const Triangle t{scale * mesh.vertices[ia], scale * mesh.vertices[ib], scale * mesh.vertices[ic]};
    if (!finite(t.a) || !finite(t.b) || !finite(t.c)) continue;
    tri.push_back(t);
    ids.push_back(static_cast<std::uint32_t>(i));
  }
  if (tri.empty()) return tree;

  std::vector<glm::vec3> centroid(tri.size());
  for (std::size_t i = 0; i < tri.size(); ++i) centroid[i] = (tri[i].a + tri[i].b + tri[i].c) / 3.0f;
  // Each triangle's area, once (the OBB's covariance weighs by it at every level).
  std::vector<double> area;
  if (kind == BvKind::Obb) {
    area.resize(tri.size());
    for (std::size_t i = 0; i < tri.size(); ++i) {
      const glm::dvec3 a(tri[i].a), b(tri[i].b), c(tri[i].c);
      area[i] = 0.5 * glm::length(glm::cross(b - a, c - a));
    }
  }
  // The partitions permute this list of triangle numbers; the triangles are put in its
  // order at the end.
  std::vector<std::uint32_t> order(tri.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);

  const std::size_t leafMax = static_cast<std::size_t>(std::max(1, options.maxLeafTriangles));
  tree.nodes.reserve(2 * tri.size() / leafMax + 1);
  tree.nodes.push_back(BvNode{});
  std::vector<Work> work{{0, 0, tri.size()}};
  std::size_t placed = 0;  // triangles in leaves so far
  while (!work.empty()) {
    const Work w = work.back();
    work.pop_back();
    BvNode node = tree.nodes[static_cast<std::size_t>(w.node)];  // its depth is set
    node.box = fitBox(kind, tri, area, order, w.begin, w.end);
    node.first = static_cast<std::uint32_t>(w.begin);
    node.count = static_cast<std::uint32_t>(w.end - w.begin);
    tree.depth = std::max(tree.depth, static_cast<int>(node.depth));
    if (w.end - w.begin <= leafMax) {
      ++tree.leafCount;
      tree.nodes[static_cast<std::size_t>(w.node)] = node;
      placed += w.end - w.begin;
      if (options.onPlaced != nullptr) options.onPlaced(options.context, placed);
      continue;
    }

    // The longest axis of the box, and each centroid's place along it.
    int longest = 0;
    for (int k = 1; k < 3; ++k) {
      if (node.box.half[k] > node.box.half[longest]) longest = k;
    }
    const glm::vec3 axis = node.box.axes[longest];
    const auto along = [&](std::uint32_t t) { return glm::dot(centroid[t], axis); };
    const auto first = order.begin() + static_cast<std::ptrdiff_t>(w.begin);
    const auto last = order.begin() + static_cast<std::ptrdiff_t>(w.end);

    // Split at the mean of the centroids (the paper), unless that leaves a side empty or
    // the node is deep; then at the median, which halves the node.
    auto mid = first;
    bool atMean = false;
    if (node.depth < kBvMeanSplitDepth) {
      double sum = 0.0;
      for (auto it = first; it != last; ++it) sum += static_cast<double>(along(*it));
      const double mean = sum / static_cast<double>(w.end - w.begin);
      mid = std::partition(first, last, [&](std::uint32_t t) { return static_cast<double>(along(t)) < mean; });
      atMean = mid != first && mid != last;
    }
    if (!atMean) {
      mid = first + (last - first) / 2;
      std::nth_element(first, mid, last, [&](std::uint32_t x, std::uint32_t y) { return along(x) < along(y); });
    }
    ++(atMean ? tree.meanSplits : tree.medianSplits);

    const std::size_t split = w.begin + static_cast<std::size_t>(mid - first);
    node.left = static_cast<std::int32_t>(tree.nodes.size());
    node.right = node.left + 1;
    BvNode child;
    child.depth = static_cast<std::uint16_t>(node.depth + 1);
    tree.nodes.push_back(child);
    tree.nodes.push_back(child);
    tree.nodes[static_cast<std::size_t>(w.node)] = node;
    // The first child is built first (the stack is last in, first out).
    work.push_back(Work{node.right, split, w.end});
    work.push_back(Work{node.left, w.begin, split});
  }

  tree.triangles.resize(tri.size());
  tree.triangleIds.resize(tri.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    tree.triangles[k] = tri[order[k]];
    tree.triangleIds[k] = ids[order[k]];
  }
  tree.nodes.shrink_to_fit();
  return tree;
}

}  // namespace satlab
