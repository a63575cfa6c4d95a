#include "model/mesh_walk.hpp"

#include "evaluation/pair_tests.hpp"
#include "i18n/i18n.hpp"

#include <algorithm>
#include <cstdio>
#include <variant>

namespace satlab {

namespace {

int rowHits(const MeshWalk& w, int row) {
  const auto [b, e] = w.leafTriangles[static_cast<size_t>(row)];
  int hits = 0;
  for (int t = b; t < e; ++t) hits += w.trace.triangles[static_cast<size_t>(t)].overlap ? 1 : 0;
  return hits;
}

const MeshShape* meshAt(const Scene& scene, int index) {
  if (index < 0 || index >= static_cast<int>(scene.shapes.size())) return nullptr;
  return std::get_if<MeshShape>(&scene.shapes[static_cast<size_t>(index)].geometry);
}

const ShapeGeometry* geometryAt(const Scene& scene, int index) {
  if (index < 0 || index >= static_cast<int>(scene.shapes.size())) return nullptr;
  return &scene.shapes[static_cast<size_t>(index)].geometry;
}

std::shared_ptr<const BvTree> treeOf(const MeshShape& m, BvKind kind) {
  return m.data ? m.data->tree(kind, m.pose.scale) : nullptr;
}

}  // namespace

int meshWalkRowHits(const MeshWalk& w, int row) {
  if (row < 0 || row >= static_cast<int>(w.leafTriangles.size())) return 0;
  return rowHits(w, row);
}

MeshWalk runMeshWalk(const Scene& scene, const PairTrace& trace, BvKind kind, MeshQueryMode mode, float epsilon) {
  MeshWalk w;
  w.kind = kind;
  const ShapeGeometry* x = geometryAt(scene, trace.shapeA);
  const MeshShape* mesh = meshAt(scene, trace.shapeB);  // the mesh is the test's B (evaluation/pair_tests.hpp)
  if (x == nullptr || mesh == nullptr) return w;
  const std::shared_ptr<const BvTree> tree = treeOf(*mesh, kind);
  if (!tree) return w;
  MeshQueryOptions opt;
  opt.mode = mode;
  opt.epsilon = epsilon;
  TreeTrace& rec = w.trace;
  bool ran = true;
  if (trace.test == TestId::MeshMesh) {
    const MeshShape* other = std::get_if<MeshShape>(x);
    const std::shared_ptr<const BvTree> treeA = other ? treeOf(*other, kind) : nullptr;
    if (!treeA) return w;
    w.result = meshMesh(*treeA, other->pose, *tree, mesh->pose, rec, opt);
    w.treeA = treeA;
    w.meshA = trace.shapeA;
    w.poseA = other->pose;
    w.treeB = tree;
    w.meshB = trace.shapeB;
    w.poseB = mesh->pose;
  } else {
    w.treeA = tree;
    w.meshA = trace.shapeB;
    w.poseA = mesh->pose;
    if (trace.test == TestId::MeshAabb && std::holds_alternative<Aabb>(*x)) {
      w.result = meshAabb(*tree, mesh->pose, std::get<Aabb>(*x), rec, opt);
    } else if (trace.test == TestId::MeshObb && std::holds_alternative<Obb>(*x)) {
      w.result = meshObb(*tree, mesh->pose, std::get<Obb>(*x), rec, opt);
    } else if (trace.test == TestId::MeshSphere && std::holds_alternative<Sphere>(*x)) {
      w.result = meshSphere(*tree, mesh->pose, std::get<Sphere>(*x), rec, opt);
    } else if (trace.test == TestId::MeshSegment && std::holds_alternative<Segment>(*x)) {
      w.result = meshSegment(*tree, mesh->pose, std::get<Segment>(*x), rec, opt);
    } else if (trace.test == TestId::MeshTriangle && std::holds_alternative<Triangle>(*x)) {
      w.result = meshTriangle(*tree, mesh->pose, std::get<Triangle>(*x), rec, opt);
    } else if (trace.test == TestId::MeshCapsule && std::holds_alternative<Capsule>(*x)) {
      w.result = meshCapsule(*tree, mesh->pose, std::get<Capsule>(*x), rec, opt);
    } else if (trace.test == TestId::MeshHull && std::holds_alternative<HullShape>(*x)) {
      w.result = meshHull(*tree, mesh->pose, std::get<HullShape>(*x).worldHull(), rec, opt);
    } else {
      ran = false;
    }
  }
  if (!ran) return MeshWalk{};
  w.test = trace.test;
  // The triangle rows of each Leaves row: the core records them right after it, and a node
  // (pair) is visited once.
  const std::vector<TreeTriangleRow>& tris = rec.triangles;
  w.leafTriangles.assign(rec.nodes.size(), {0, 0});
  int next = 0;
  for (size_t i = 0; i < rec.nodes.size(); ++i) {
    const TreeNodeRow& r = rec.nodes[i];
    w.leafTriangles[i] = {next, next};
    if (r.step != TreeStep::Leaves) continue;
    while (next < static_cast<int>(tris.size()) && tris[static_cast<size_t>(next)].nodeA == r.nodeA &&
           tris[static_cast<size_t>(next)].nodeB == r.nodeB) {
      ++next;
    }
    w.leafTriangles[i].second = next;
  }
  return w;
}

std::vector<Obb> meshLevelBoxes(const BvTree& tree, const MeshPose& pose, int depth) {
  std::vector<Obb> out;
  for (const BvNode& n : tree.nodes) {
    if (n.depth == depth) out.push_back(worldBox(n, pose));
  }
  return out;
}

MeshWalkCounts meshWalkCountsUpTo(const MeshWalk& w, int step) {
  MeshWalkCounts c;
  const int n = std::min(step + 1, static_cast<int>(w.trace.nodes.size()));
  for (int i = 0; i < n; ++i) {
    ++c.nodeTests;
    if (w.trace.nodes[static_cast<size_t>(i)].step == TreeStep::Rejected) ++c.rejected;
    const auto [b, e] = w.leafTriangles[static_cast<size_t>(i)];
    for (int t = b; t < e; ++t) {
      ++c.triangleTests;
      if (w.trace.triangles[static_cast<size_t>(t)].overlap) ++c.hits;
    }
  }
  return c;
}

std::string meshWalkRowWords(const MeshWalk& w, int row, bool translated) {
  if (row < 0 || row >= static_cast<int>(w.trace.nodes.size())) return {};
  const TreeNodeRow& r = w.trace.nodes[static_cast<size_t>(row)];
  // The window's language, or English for the status line (`translated` false).
  const auto say = [translated](const char* english) { return translated ? tr(english) : english; };
  char buf[256];
  switch (r.step) {
    case TreeStep::Rejected:
      if (r.axis.valid()) {
        std::snprintf(buf, sizeof buf, translated ? tr("rejected by %s (gap %.3g)") : "rejected by %s (gap %.3g)",
                      std::string(label(r.axis)).c_str(), static_cast<double>(r.gap));
      } else if (w.test == TestId::MeshSphere) {
        std::snprintf(buf, sizeof buf,
                      translated ? tr("rejected: the box is %.3g beyond the radius")
                                 : "rejected: the box is %.3g beyond the radius",
                      static_cast<double>(r.gap));
      } else {
        std::snprintf(buf, sizeof buf, "%s", say(N_("rejected")));
      }
      return buf;
    case TreeStep::DescendA:
      return w.treeB ? say(N_("boxes overlap: open A's node")) : say(N_("box overlaps: open its children"));
    case TreeStep::DescendB: return say(N_("boxes overlap: open B's node"));
    case TreeStep::Leaves: {
      const auto [b, e] = w.leafTriangles[static_cast<size_t>(row)];
      const int hits = rowHits(w, row);
      if (!translated) {
        std::snprintf(buf, sizeof buf, "leaves: %d triangle test%s, %d hit%s", e - b, e - b == 1 ? "" : "s", hits,
                      hits == 1 ? "" : "s");
        return buf;
      }
      // Two counts, each with its own plural form.
      char tests[96], hit[96];
      std::snprintf(tests, sizeof tests, trn("%d triangle test", "%d triangle tests", e - b), e - b);
      std::snprintf(hit, sizeof hit, trn("%d hit", "%d hits", hits), hits);
      std::snprintf(buf, sizeof buf, tr("leaves: %s, %s"), tests, hit);
      return buf;
    }
  }
  return {};
}

std::optional<SatAxisRow> meshWalkRejectionAxis(const Scene& scene, const PairTrace& trace, const MeshWalk& w,
                                                int row) {
  if (!w.valid() || row < 0 || row >= static_cast<int>(w.trace.nodes.size())) return std::nullopt;
  const TreeNodeRow& r = w.trace.nodes[static_cast<size_t>(row)];
  if (r.step != TreeStep::Rejected || !r.axis.valid() || r.nodeA < 0) return std::nullopt;
  const Obb boxA = worldBox(w.treeA->nodes[static_cast<size_t>(r.nodeA)], w.poseA);
  const ShapeGeometry* x = geometryAt(scene, trace.shapeA);
  if (x == nullptr) return std::nullopt;
  const SatOptions opt{SatMode::Full, kDefaultSatEpsilon};
  const std::optional<Obb> boxB =
      w.treeB && r.nodeB >= 0 ? std::optional<Obb>(worldBox(w.treeB->nodes[static_cast<size_t>(r.nodeB)], w.poseB))
                              : std::nullopt;
  SatTrace t;
  const bool ran = withPairTest(w.test, [&](auto rowTest) {
    using R = decltype(rowTest);
    if constexpr (!kIsPairTest<R>) {
      return false;
    } else if constexpr (R::family != TestFamily::MeshTree || std::is_same_v<typename R::A, ConvexHull>) {
      return false;  // a hull's node test is GJK, which names no axis
    } else {
      if (!std::holds_alternative<typename R::A>(*x)) return false;  // the scene changed under the trace
      return R::nodeSat(std::get<typename R::A>(*x), boxA, boxB ? &*boxB : nullptr, t, opt);
    }
  });
  if (!ran) return std::nullopt;
  for (const SatAxisRow& a : t.rows) {
    if (a.id == r.axis) return a;
  }
  return std::nullopt;
}

}  // namespace satlab
