// The mesh queries (mesh_query.hpp) against brute force: every triangle pair, or every
// triangle against the shape, with the same leaf test. On random meshes and poses, with
// both kinds of tree (and one of each for mesh-mesh), the verdicts and the sets of
// colliding triangles must be the same; the traces must match the untraced results; and
// the OBB tree must visit fewer nodes than the AABB tree on two turned rods.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "satlab/collide.hpp"
#include "test_bv_tree_meshes.hpp"

namespace satlab {
namespace {

using testing::ShapeGen;

constexpr BvKind kKinds[] = {BvKind::Aabb, BvKind::Obb};

bool hitLess(const MeshHit& x, const MeshHit& y) {
  return x.triangleA != y.triangleA ? x.triangleA < y.triangleA : x.triangleB < y.triangleB;
}
std::vector<MeshHit> sorted(std::vector<MeshHit> v) {
  std::sort(v.begin(), v.end(), hitLess);
  return v;
}

/// Every pair of triangles of the two trees, placed, through satTriangleTriangle.
std::vector<MeshHit> bruteMeshMesh(const BvTree& a, const MeshPose& pa, const BvTree& b, const MeshPose& pb) {
  std::vector<MeshHit> hits;
  for (std::size_t i = 0; i < a.triangles.size(); ++i) {
    const Triangle ta = worldTriangle(a.triangles[i], pa);
    for (std::size_t j = 0; j < b.triangles.size(); ++j) {
      if (satTriangleTriangle(ta, worldTriangle(b.triangles[j], pb)).overlap) {
        hits.push_back({a.triangleIds[i], b.triangleIds[j]});
      }
    }
  }
  return sorted(hits);
}

/// Every triangle of the tree, placed, through `leaf`.
std::vector<MeshHit> bruteShape(const BvTree& t, const MeshPose& p, const std::function<bool(const Triangle&)>& leaf) {
  std::vector<MeshHit> hits;
  for (std::size_t i = 0; i < t.triangles.size(); ++i) {
    if (leaf(worldTriangle(t.triangles[i], p))) hits.push_back({t.triangleIds[i], 0});
  }
  return sorted(hits);
}

MeshQueryOptions allHits() {
  MeshQueryOptions o;
  o.mode = MeshQueryMode::AllHits;
  return o;
}

/// The first-hit and all-hits results against the brute-force hits, and the counts.
void expectAgrees(const MeshQueryResult& first, const MeshQueryResult& all, const std::vector<MeshHit>& brute,
                  std::size_t pairsPossible) {
  EXPECT_EQ(first.overlap, !brute.empty());
  EXPECT_EQ(all.overlap, !brute.empty());
  EXPECT_TRUE(first.hits.empty());
  EXPECT_EQ(sorted(all.hits), brute);
  if (first.overlap) {
    EXPECT_TRUE(std::binary_search(brute.begin(), brute.end(), first.first, hitLess));
    EXPECT_EQ(first.first, all.first);  // the same walk, stopped at its first hit
  }
  for (const MeshQueryResult* r : {&first, &all}) {
    EXPECT_GE(r->nodeTests, 1u);
    EXPECT_LE(r->nodesRejected, r->nodeTests);
    EXPECT_LE(r->triangleTests, pairsPossible);
  }
  EXPECT_LE(first.triangleTests, all.triangleTests);
  EXPECT_LE(first.nodeTests, all.nodeTests);
  EXPECT_GE(all.triangleTests, brute.size());
}

/// The traced walk returns the untraced result, and its rows add up to the counts.
void expectTraceMatches(const TreeTrace& trace, const MeshQueryResult& traced, const MeshQueryResult& untraced) {
  EXPECT_EQ(traced.overlap, untraced.overlap);
  EXPECT_EQ(traced.first, untraced.first);
  EXPECT_EQ(traced.hits, untraced.hits);
  EXPECT_EQ(traced.nodeTests, untraced.nodeTests);
  EXPECT_EQ(traced.nodesRejected, untraced.nodesRejected);
  EXPECT_EQ(traced.triangleTests, untraced.triangleTests);
  EXPECT_EQ(trace.overlap, traced.overlap);
  EXPECT_EQ(trace.nodes.size(), traced.nodeTests);
  EXPECT_EQ(std::size_t(std::count_if(trace.nodes.begin(), trace.nodes.end(),
                                      [](const TreeNodeRow& r) { return r.step == TreeStep::Rejected; })),
            traced.nodesRejected);
  EXPECT_EQ(trace.triangles.size(), traced.triangleTests);
  EXPECT_EQ(std::size_t(std::count_if(trace.triangles.begin(), trace.triangles.end(),
                                      [](const TreeTriangleRow& r) { return r.overlap; })),
            trace.hits.size());
  if (traced.overlap) {
    ASSERT_FALSE(trace.hits.empty());
    EXPECT_EQ(trace.hits.front(), traced.first);
  }
  // The first row is the roots'.
  if (!trace.nodes.empty()) {
    EXPECT_EQ(trace.nodes.front().nodeA, 0);
    EXPECT_EQ(trace.nodes.front().depthA, 0);
  }
}

TEST(MeshQuery, MeshMeshAgreesWithEveryTrianglePair) {
  const std::uint64_t seed = testing::propertySeed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  ShapeGen gen(seed);
  int overlapping = 0, apart = 0;
  for (int round = 0; round < 60; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const TriangleMesh ma = round % 3 == 0 ? testing::triangleSoup(gen, 150, 1.2f, 0.8f)
                                           : testing::lumpySphere(12, 7, 1.0f, 0.3f, unsigned(round));
    const TriangleMesh mb = round % 2 == 0 ? testing::torus(14, 6, 1.0f, 0.35f)
                                           : testing::lumpySphere(10, 8, 0.9f, 0.4f, unsigned(round + 100));
    const glm::vec3 scaleB = round % 4 == 1 ? glm::vec3(1.5f, 0.5f, 1.0f) : glm::vec3(1.0f);
    MeshPose pa = testing::randomPose(gen, 0.5f);
    MeshPose pb = testing::randomPose(gen, 0.5f);
    pb.center = pa.center + gen.unitVector() * gen.uniform(0.8f, 3.0f);
    pb.scale = scaleB;
    for (BvKind ka : kKinds) {
      for (BvKind kb : kKinds) {
        const BvTree a = buildBvTree(ma, ka);
        const BvTree b = buildBvTree(mb, kb, scaleB);
        const std::vector<MeshHit> brute = bruteMeshMesh(a, pa, b, pb);
        const MeshQueryResult first = meshMesh(a, pa, b, pb);
        const MeshQueryResult all = meshMesh(a, pa, b, pb, allHits());
        expectAgrees(first, all, brute, a.triangles.size() * b.triangles.size());
        EXPECT_EQ(meshMeshOverlaps(a, pa, b, pb), !brute.empty()) << "the fast path";
        TreeTrace trace;
        expectTraceMatches(trace, meshMesh(a, pa, b, pb, trace), first);
        TreeTrace traceAll;
        expectTraceMatches(traceAll, meshMesh(a, pa, b, pb, traceAll, allHits()), all);
        // A rejected node pair names the separating axis of satObbObb and its gap.
        for (const TreeNodeRow& r : traceAll.nodes) {
          ASSERT_GE(r.nodeB, 0);
          if (r.step != TreeStep::Rejected) continue;
          EXPECT_TRUE(r.axis.valid());
          EXPECT_GT(r.gap, 0.0f);
        }
        (brute.empty() ? apart : overlapping) += 1;
      }
    }
  }
  // Both verdicts were exercised.
  EXPECT_GT(overlapping, 40);
  EXPECT_GT(apart, 40);
}

template <class R>
bool verdictOf(const R& r) {
  return r.overlap;
}

/// Runs one primitive query in every form and checks it against brute force.
template <class Shape, class Query, class Leaf>
void checkShape(const BvTree& tree, const MeshPose& pose, const Shape& shape, const Query& query, const Leaf& leaf,
                int& overlapping, int& apart) {
  const std::vector<MeshHit> brute =
      bruteShape(tree, pose, [&](const Triangle& t) { return verdictOf(leaf(shape, t)); });
  const MeshQueryResult first = query(tree, pose, shape, MeshQueryOptions{});
  const MeshQueryResult all = query(tree, pose, shape, allHits());
  expectAgrees(first, all, brute, tree.triangles.size());
  (brute.empty() ? apart : overlapping) += 1;
}

TEST(MeshQuery, MeshShapesAgreeWithEveryTriangle) {
  const std::uint64_t seed = testing::propertySeed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  ShapeGen gen(seed + 1);
  int overlapping = 0, apart = 0;
  for (int round = 0; round < 150; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const TriangleMesh m = round % 2 ? testing::lumpySphere(14, 9, 1.0f, 0.3f, unsigned(round))
                                     : testing::triangleSoup(gen, 120, 1.0f, 0.6f);
    const MeshPose pose = testing::randomPose(gen, 1.0f);
    const float spread = 2.2f;
    const Aabb aabb{pose.center + gen.point(spread), gen.halfExtents() * 0.6f};
    const Obb obb{pose.center + gen.point(spread), gen.rotation(), gen.halfExtents() * 0.6f};
    const Sphere sphere{pose.center + gen.point(spread), gen.uniform(0.05f, 0.8f)};
    const glm::vec3 p0 = pose.center + gen.point(spread);
    const Segment segment{p0, p0 + gen.unitVector() * gen.uniform(0.1f, 2.5f)};
    const glm::vec3 t0 = pose.center + gen.point(spread);
    const Triangle triangle{t0, t0 + gen.point(0.8f), t0 + gen.point(0.8f)};
    const glm::vec3 c0 = pose.center + gen.point(spread);
    const Capsule capsule{c0, c0 + gen.unitVector() * gen.uniform(0.0f, 1.5f), gen.uniform(0.0f, 0.5f)};
    for (BvKind kind : kKinds) {
      const BvTree tree = buildBvTree(m, kind);
      checkShape(
          tree, pose, aabb, [](auto&&... x) { return meshAabb(x...); },
          [](const Aabb& s, const Triangle& t) { return satAabbTriangle(s, t); }, overlapping, apart);
      checkShape(
          tree, pose, obb, [](auto&&... x) { return meshObb(x...); },
          [](const Obb& s, const Triangle& t) { return satObbTriangle(s, t); }, overlapping, apart);
      checkShape(
          tree, pose, sphere, [](auto&&... x) { return meshSphere(x...); },
          [](const Sphere& s, const Triangle& t) { return closestSphereTriangle(s, t); }, overlapping, apart);
      checkShape(
          tree, pose, segment, [](auto&&... x) { return meshSegment(x...); },
          [](const Segment& s, const Triangle& t) { return segmentTriangle(s, t); }, overlapping, apart);
      checkShape(
          tree, pose, triangle, [](auto&&... x) { return meshTriangle(x...); },
          [](const Triangle& s, const Triangle& t) { return satTriangleTriangle(t, s); }, overlapping, apart);
      checkShape(
          tree, pose, capsule, [](auto&&... x) { return meshCapsule(x...); },
          [](const Capsule& s, const Triangle& t) { return capsuleTriangle(s, t); }, overlapping, apart);

      // The traces of each.
      TreeTrace tr;
      expectTraceMatches(tr, meshAabb(tree, pose, aabb, tr), meshAabb(tree, pose, aabb));
      EXPECT_EQ(tr.test, TestId::MeshAabb);
      EXPECT_EQ(tr.nodeTest, TestId::AabbObb);
      expectTraceMatches(tr, meshObb(tree, pose, obb, tr, allHits()), meshObb(tree, pose, obb, allHits()));
      EXPECT_EQ(tr.leafTest, TestId::ObbTriangle);
      expectTraceMatches(tr, meshSphere(tree, pose, sphere, tr), meshSphere(tree, pose, sphere));
      for (const TreeNodeRow& r : tr.nodes) {
        if (r.step == TreeStep::Rejected) {
          EXPECT_GT(r.gap, 0.0f);
        }
      }
      expectTraceMatches(tr, meshSegment(tree, pose, segment, tr), meshSegment(tree, pose, segment));
      for (const TreeNodeRow& r : tr.nodes) {
        if (r.step == TreeStep::Rejected) {
          EXPECT_EQ(r.axis.kind, AxisId::Kind::FaceB) << "the rejecting slab";
        }
      }
      expectTraceMatches(tr, meshTriangle(tree, pose, triangle, tr), meshTriangle(tree, pose, triangle));
      EXPECT_EQ(tr.kindA, kind);
    }
  }
  EXPECT_GT(overlapping, 200);
  EXPECT_GT(apart, 200);
}

TEST(MeshQuery, EmptyTreesOverlapNothing) {
  const BvTree empty = buildBvTree(TriangleMesh{}, BvKind::Obb);
  const BvTree one = buildBvTree(testing::torus(6, 4, 1.0f, 0.3f), BvKind::Obb);
  const MeshPose at;
  for (const MeshQueryResult& r :
       {meshMesh(empty, at, one, at), meshMesh(one, at, empty, at), meshSphere(empty, at, Sphere{{}, 100.0f}),
        meshAabb(empty, at, Aabb{{}, glm::vec3(100.0f)})}) {
    EXPECT_FALSE(r.overlap);
    EXPECT_EQ(r.nodeTests, 0u);
    EXPECT_EQ(r.triangleTests, 0u);
  }
  TreeTrace tr;
  meshMesh(empty, at, one, at, tr);
  EXPECT_TRUE(tr.nodes.empty());
  EXPECT_EQ(tr.test, TestId::MeshMesh);
}

TEST(MeshQuery, DuplicateTrianglesAreEachAHit) {
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  for (int i = 0; i < 64; ++i) m.indices.insert(m.indices.end(), {0, 1, 2});
  for (BvKind kind : kKinds) {
    const BvTree tree = buildBvTree(m, kind);
    const MeshQueryResult r = meshSphere(tree, MeshPose{}, Sphere{{0.2f, 0.2f, 0.5f}, 0.5f}, allHits());
    EXPECT_TRUE(r.overlap);
    EXPECT_EQ(r.hits.size(), 64u);
    EXPECT_EQ(r.nodesRejected, 0u);
    // Touching: the sphere's surface meets the triangle's plane at one point.
    EXPECT_TRUE(meshSphere(tree, MeshPose{}, Sphere{{0.2f, 0.2f, 0.5f}, 0.5f}).overlap);
    EXPECT_FALSE(meshSphere(tree, MeshPose{}, Sphere{{0.2f, 0.2f, 0.5f}, 0.49f}).overlap);
  }
}

TEST(MeshQuery, TheObbTreeVisitsFewerNodesOnTwoTurnedRods) {
  // Two rods 20 long and 0.2 thick, side by side along a direction between the world's axes,
  // 0.1 apart: every AABB of one overlaps the other's along most of its length, while the
  // OBBs of the rods are as thin as the rods.
  const TriangleMesh m = testing::rod(8, 128, 20.0f, 0.1f);
  const glm::mat3 turn = glm::mat3_cast(glm::angleAxis(0.9f, glm::normalize(glm::vec3(1, 1, 1))));
  // The rods are turned in their own frame (as a mesh file exported at an angle would be), so
  // the AABB tree's boxes are axis-aligned with the world's too.
  TriangleMesh turned = m;
  for (glm::vec3& v : turned.vertices) v = turn * v;
  MeshPose qa, qb;
  qb.center = turn[1] * 0.3f;  // 0.3 between the axes, 0.1 between the surfaces
  const BvTree aabbA = buildBvTree(turned, BvKind::Aabb), aabbB = buildBvTree(turned, BvKind::Aabb);
  const BvTree obbA = buildBvTree(turned, BvKind::Obb), obbB = buildBvTree(turned, BvKind::Obb);
  const MeshQueryResult withAabb = meshMesh(aabbA, qa, aabbB, qb);
  const MeshQueryResult withObb = meshMesh(obbA, qa, obbB, qb);
  EXPECT_FALSE(withAabb.overlap);
  EXPECT_FALSE(withObb.overlap);
  EXPECT_LT(withObb.nodeTests * 10, withAabb.nodeTests)
      << "OBB tree: " << withObb.nodeTests << " node pairs, AABB tree: " << withAabb.nodeTests;
  EXPECT_EQ(withObb.triangleTests, 0u);
  EXPECT_GT(withAabb.triangleTests, 0u);
  // Moved 0.15 closer, they meet, and both trees say so.
  qb.center = turn[1] * 0.15f;
  EXPECT_TRUE(meshMesh(aabbA, qa, aabbB, qb).overlap);
  EXPECT_TRUE(meshMesh(obbA, qa, obbB, qb).overlap);
}

}  // namespace
}  // namespace satlab
