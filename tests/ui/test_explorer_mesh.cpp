// The mesh explorer on real scenes: its walks are the core's (the OBB tree's is the pair's own
// trace), each step's triangle tests and counts add up to the query's, a rejection's axis is
// the node test's own separating axis, a tree level lists that depth's boxes, and the AABB
// tree visits more nodes than the OBB tree on a slanted rod through a ring (the OBBTree paper's point).
#include "ui/explorer_mesh.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

Scene loadLesson(const std::string& name) {
  SceneLoadResult r = loadScene(std::string(SATLAB_SOURCE_DIR) + "/scenes/lessons/" + name);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

Scene parse(const std::string& json) {
  SceneLoadResult r = parseScene(json, "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

const char* kRods = "12_a_tree_of_boxes.json";

PairTrace traceOf(const Scene& scene, SatMode mode = SatMode::EarlyExit) {
  ExplorerOptions options;
  options.mode = mode;
  return tracePair(scene, 0, 1, options);
}

MeshWalk walkOf(const Scene& scene, const PairTrace& trace, BvKind kind, MeshQueryMode mode = MeshQueryMode::FirstHit) {
  return runMeshWalk(scene, trace, kind, mode, kDefaultSatEpsilon);
}

// Moves mesh `name` by `by`.
void moveMesh(Scene& scene, const char* name, const glm::vec3& by) {
  SceneShape* s = findShape(scene, name);
  ASSERT_NE(s, nullptr);
  std::get<MeshShape>(s->geometry).pose.center += by;
}

TEST(MeshExplorer, TheObbWalkIsThePairsOwnTrace) {
  const Scene scene = loadLesson(kRods);
  const PairTrace trace = traceOf(scene);
  ASSERT_EQ(trace.kind, ExplorerKind::MeshTree);
  ASSERT_EQ(trace.test, TestId::MeshMesh);
  const MeshWalk w = walkOf(scene, trace, BvKind::Obb);
  ASSERT_TRUE(w.valid());
  EXPECT_EQ(w.trace.nodes.size(), trace.tree.nodes.size());
  EXPECT_EQ(w.trace.triangles.size(), trace.tree.triangles.size());
  EXPECT_EQ(w.result.nodeTests, trace.meshResult.nodeTests);
  EXPECT_EQ(w.result.overlap, trace.overlap);
  EXPECT_EQ(w.meshA, trace.shapeA);
  EXPECT_EQ(w.meshB, trace.shapeB);
}

TEST(MeshExplorer, ACapsulesWalkIsThePairsOwnTrace) {
  // The capsule is the walk's other shape; the mesh's tree is walked with capsule-OBB on the
  // nodes and capsule-triangle at the leaves.
  Scene scene = loadLesson(kRods);
  SceneShape cap;
  cap.name = "capsule";
  cap.geometry = Capsule{{-3, 0, 0}, {3, 0, 0}, 0.3f};
  scene.shapes.insert(scene.shapes.begin(), cap);
  const PairTrace trace = traceOf(scene);
  ASSERT_EQ(trace.kind, ExplorerKind::MeshTree);
  ASSERT_EQ(trace.test, TestId::MeshCapsule);
  const MeshWalk w = walkOf(scene, trace, BvKind::Obb);
  ASSERT_TRUE(w.valid());
  EXPECT_EQ(w.trace.nodes.size(), trace.tree.nodes.size());
  EXPECT_EQ(w.result.overlap, trace.overlap);
  EXPECT_EQ(w.trace.nodeTest, TestId::CapsuleObb);
  EXPECT_EQ(w.trace.leafTest, TestId::CapsuleTriangle);
}

TEST(MeshExplorer, TheObbTreeRejectsTheSlantedRodSoonerThanTheAabbTree) {
  const Scene scene = loadLesson(kRods);
  const PairTrace trace = traceOf(scene);
  const MeshWalk aabb = walkOf(scene, trace, BvKind::Aabb);
  const MeshWalk obb = walkOf(scene, trace, BvKind::Obb);
  ASSERT_TRUE(aabb.valid() && obb.valid());
  EXPECT_FALSE(aabb.result.overlap);
  EXPECT_FALSE(obb.result.overlap);
  // Same verdict, far fewer boxes opened: the lesson's claim, measured.
  EXPECT_LT(obb.result.nodeTests * 4, aabb.result.nodeTests)
      << "OBB " << obb.result.nodeTests << ", AABB " << aabb.result.nodeTests;
  EXPECT_LE(obb.result.triangleTests, aabb.result.triangleTests);
  EXPECT_GT(aabb.result.triangleTests, 0u);
}

TEST(MeshExplorer, EachStepsTriangleTestsAndTheCountsAddUpToTheQuery) {
  Scene scene = loadLesson(kRods);
  moveMesh(scene, "rod", glm::vec3(0.2828f, -0.2828f, 0.0f));  // into the ring's side: they collide
  const PairTrace trace = traceOf(scene, SatMode::Full);
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const MeshWalk w = walkOf(scene, trace, kind, MeshQueryMode::AllHits);
    ASSERT_TRUE(w.valid());
    ASSERT_EQ(w.leafTriangles.size(), w.trace.nodes.size());
    int next = 0;
    for (size_t i = 0; i < w.trace.nodes.size(); ++i) {
      const auto [b, e] = w.leafTriangles[i];
      EXPECT_EQ(b, next) << i;
      if (w.trace.nodes[i].step != TreeStep::Leaves) {
        EXPECT_EQ(b, e) << i;
      }
      next = e;
    }
    EXPECT_EQ(next, static_cast<int>(w.trace.triangles.size()));
    const MeshWalkCounts c = meshWalkCountsUpTo(w, static_cast<int>(w.trace.nodes.size()) - 1);
    EXPECT_EQ(static_cast<size_t>(c.nodeTests), w.result.nodeTests);
    EXPECT_EQ(static_cast<size_t>(c.rejected), w.result.nodesRejected);
    EXPECT_EQ(static_cast<size_t>(c.triangleTests), w.result.triangleTests);
    EXPECT_EQ(static_cast<size_t>(c.hits), w.result.hits.size());
    EXPECT_TRUE(w.result.overlap);
    EXPECT_GT(w.result.hits.size(), 1u) << "all hits: more than the first";
  }
  // First hit: the walk stops at the first colliding pair, so its last step is a leaf with one hit.
  const MeshWalk first = walkOf(scene, trace, BvKind::Obb, MeshQueryMode::FirstHit);
  ASSERT_FALSE(first.trace.nodes.empty());
  const int last = static_cast<int>(first.trace.nodes.size()) - 1;
  EXPECT_EQ(first.trace.nodes.back().step, TreeStep::Leaves);
  EXPECT_EQ(meshWalkCountsUpTo(first, last).hits, 1);
  EXPECT_NE(meshWalkRowWords(first, last).find("1 hit"), std::string::npos) << meshWalkRowWords(first, last);
}

TEST(MeshExplorer, ARejectionsAxisIsTheNodeTestsSeparatingAxis) {
  const Scene scene = loadLesson(kRods);
  const PairTrace trace = traceOf(scene);
  const MeshWalk w = walkOf(scene, trace, BvKind::Aabb);
  int rejected = 0;
  for (int i = 0; i < static_cast<int>(w.trace.nodes.size()); ++i) {
    const TreeNodeRow& r = w.trace.nodes[static_cast<size_t>(i)];
    const std::optional<SatAxisRow> axis = meshWalkRejectionAxis(scene, trace, w, i);
    if (r.step != TreeStep::Rejected) {
      EXPECT_FALSE(axis) << i;
      continue;
    }
    ++rejected;
    ASSERT_TRUE(axis) << i;
    EXPECT_EQ(axis->id, r.axis) << i;
    EXPECT_TRUE(axis->separating) << i;
    EXPECT_NEAR(axis->gap, r.gap, 1e-5f) << i;
    EXPECT_EQ(meshWalkRowWords(w, i).rfind("rejected by " + std::string(label(r.axis)), 0), 0u)
        << meshWalkRowWords(w, i);
  }
  EXPECT_GT(rejected, 0);
}

TEST(MeshExplorer, ALevelIsEveryBoxOfThatDepth) {
  const Scene scene = loadLesson(kRods);
  const PairTrace trace = traceOf(scene);
  const MeshWalk w = walkOf(scene, trace, BvKind::Obb);
  const BvTree& tree = *w.treeA;
  ASSERT_GT(tree.depth, 2);
  size_t total = 0;
  for (int d = 0; d <= tree.depth; ++d) {
    const std::vector<Obb> boxes = meshLevelBoxes(tree, w.poseA, d);
    EXPECT_FALSE(boxes.empty()) << d;
    total += boxes.size();
  }
  EXPECT_EQ(total, tree.nodes.size());
  const std::vector<Obb> root = meshLevelBoxes(tree, w.poseA, 0);
  ASSERT_EQ(root.size(), 1u);
  const Obb expected = worldBox(tree.nodes[0], w.poseA);
  EXPECT_EQ(root[0].center, expected.center);
  EXPECT_EQ(root[0].half, expected.half);
  EXPECT_TRUE(meshLevelBoxes(tree, w.poseA, tree.depth + 1).empty());
}

TEST(MeshExplorer, AMeshAgainstABoxWalksTheMeshTreeOnly) {
  const Scene scene = parse(R"({"version": 1, "shapes": [
    {"name": "box", "type": "aabb", "center": [0.2, 0.2, 0], "half_extents": [0.3, 0.3, 0.3]},
    {"name": "quad", "type": "mesh", "vertices": [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [2, 0, 0], [2, 1, 0]],
     "triangles": [[0, 1, 2], [0, 2, 3], [1, 4, 5], [1, 5, 2]]}]})");
  const PairTrace trace = traceOf(scene);
  ASSERT_EQ(trace.test, TestId::MeshAabb);
  const MeshWalk w = walkOf(scene, trace, BvKind::Obb);
  ASSERT_TRUE(w.valid());
  EXPECT_EQ(w.meshA, 1);  // the rows' nodeA are the mesh's
  EXPECT_EQ(w.treeB, nullptr);
  EXPECT_EQ(w.meshB, -1);
  EXPECT_TRUE(w.result.overlap);
  for (const TreeNodeRow& r : w.trace.nodes) EXPECT_EQ(r.nodeB, -1);
  // The explorer's words for it, through the interface the app calls.
  MeshExplorer view;
  ExplorerState state;
  state.step = 0;
  const ExplorerInput in{scene, trace, state};
  EXPECT_EQ(view.stepText(in).rfind("OBB tree: node 0 (depth 0): box overlaps", 0), 0u) << view.stepText(in);
  const std::string status = view.statusDetail(in, ViewMapping{}, OrbitCamera{});
  EXPECT_NE(status.find("walking the OBB tree"), std::string::npos) << status;
  EXPECT_NE(status.find("AABB tree: "), std::string::npos) << status;
  EXPECT_NE(status.find("OBB tree: "), std::string::npos) << status;
}

TEST(MeshExplorer, TheShownWalkFollowsTheToggleAndTheShapes) {
  Scene scene = loadLesson(kRods);
  PairTrace trace = traceOf(scene);
  MeshExplorer view;
  ExplorerState state;
  const MeshWalk aabb = walkOf(scene, trace, BvKind::Aabb);
  {
    const ExplorerInput in{scene, trace, state};
    EXPECT_EQ(view.walk(in, BvKind::Obb).result.nodeTests, trace.meshResult.nodeTests);
    view.setShownKind(BvKind::Aabb);
    EXPECT_EQ(view.walk(in, BvKind::Aabb).result.nodeTests, aabb.result.nodeTests);
    EXPECT_EQ(view.stepCount(trace), static_cast<int>(aabb.trace.nodes.size()));
    EXPECT_NE(view.stepText(in).find("AABB tree"), std::string::npos) << view.stepText(in);
  }
  // Moving a mesh runs the walk again (the cache is keyed on the shapes).
  moveMesh(scene, "rod", glm::vec3(0.2828f, -0.2828f, 0.0f));
  trace = traceOf(scene);
  const ExplorerInput in{scene, trace, state};
  EXPECT_TRUE(view.walk(in, BvKind::Aabb).result.overlap);
  EXPECT_TRUE(view.walk(in, BvKind::Obb).result.overlap);
}

}  // namespace
}  // namespace satlab::test
