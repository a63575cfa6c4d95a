// The bounding-volume trees (bv_tree.hpp): every box holds its node's triangles, the
// children split their parent's triangles, the depth is bounded, degenerate meshes build
// finite trees, and the OBB tree fits a turned rod where the AABB tree cannot.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "satlab/collide.hpp"
#include "test_bv_tree_meshes.hpp"

namespace satlab {
namespace {

using testing::ShapeGen;

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// p lies in the box, up to `tol` times the box's place and size.
bool inBox(const Obb& box, const glm::vec3& p, double tol = 1e-12) {
  const glm::dvec3 d = glm::dvec3(p) - glm::dvec3(box.center);
  const double size = 1.0 + glm::length(glm::dvec3(box.center)) + glm::length(glm::dvec3(box.half));
  for (int k = 0; k < 3; ++k) {
    const double s = glm::dot(d, glm::dvec3(box.axes[k]));
    if (std::abs(s) > double(box.half[k]) + tol * size) return false;
  }
  return true;
}

int ceilLog2(std::size_t n) {
  int k = 0;
  while ((std::size_t(1) << k) < n) ++k;
  return k;
}

/// Checks every structural promise of bv_tree.hpp on `tree` built from `mesh`.
void expectWellFormed(const BvTree& tree, const TriangleMesh& mesh, std::size_t expectedTriangles, int leafMax = 1) {
  ASSERT_EQ(tree.triangles.size(), expectedTriangles);
  ASSERT_EQ(tree.triangleIds.size(), expectedTriangles);
  if (expectedTriangles == 0) {
    EXPECT_TRUE(tree.empty());
    return;
  }
  ASSERT_FALSE(tree.nodes.empty());
  EXPECT_EQ(tree.nodes.size(), 2 * tree.leafCount - 1);
  EXPECT_LE(tree.depth, kBvMeanSplitDepth + ceilLog2(expectedTriangles));
  EXPECT_EQ(tree.meanSplits + tree.medianSplits, tree.nodes.size() - tree.leafCount);
  // The ids are distinct mesh triangles, and each stored triangle is that mesh triangle scaled.
  std::vector<std::uint32_t> ids = tree.triangleIds;
  std::sort(ids.begin(), ids.end());
  EXPECT_TRUE(std::adjacent_find(ids.begin(), ids.end()) == ids.end());
  for (std::size_t k = 0; k < tree.triangles.size(); ++k) {
    const Triangle t = mesh.triangle(tree.triangleIds[k]);
    EXPECT_EQ(tree.triangles[k].a, tree.scale * t.a);
    EXPECT_EQ(tree.triangles[k].c, tree.scale * t.c);
  }
  EXPECT_EQ(tree.nodes[0].first, 0u);
  EXPECT_EQ(tree.nodes[0].count, expectedTriangles);
  EXPECT_EQ(tree.nodes[0].depth, 0);
  std::size_t leaves = 0;
  int deepest = 0;
  for (std::size_t n = 0; n < tree.nodes.size(); ++n) {
    const BvNode& node = tree.nodes[n];
    SCOPED_TRACE("node " + std::to_string(n));
    ASSERT_GT(node.count, 0u);
    EXPECT_TRUE(finite(node.box.center) && finite(node.box.half));
    EXPECT_GE(std::min({node.box.half.x, node.box.half.y, node.box.half.z}), 0.0f);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(glm::length(node.box.axes[k]), 1.0f, 1e-5f);
    EXPECT_NEAR(glm::determinant(node.box.axes), 1.0f, 1e-5f);
    if (tree.kind == BvKind::Aabb) {
      EXPECT_EQ(node.box.axes, glm::mat3(1.0f));
    }
    for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
      const Triangle& t = tree.triangles[k];
      EXPECT_TRUE(inBox(node.box, t.a) && inBox(node.box, t.b) && inBox(node.box, t.c)) << "triangle " << k;
    }
    deepest = std::max(deepest, int(node.depth));
    if (node.isLeaf()) {
      ++leaves;
      EXPECT_LE(node.count, std::uint32_t(leafMax));
      EXPECT_EQ(node.right, -1);
      continue;
    }
    ASSERT_GT(node.left, int(n));
    ASSERT_LT(node.right, int(tree.nodes.size()));
    const BvNode& l = tree.nodes[std::size_t(node.left)];
    const BvNode& r = tree.nodes[std::size_t(node.right)];
    EXPECT_EQ(l.depth, node.depth + 1);
    EXPECT_EQ(r.depth, node.depth + 1);
    EXPECT_EQ(l.first, node.first);
    EXPECT_EQ(r.first, node.first + l.count);
    EXPECT_EQ(l.count + r.count, node.count);
  }
  EXPECT_EQ(leaves, tree.leafCount);
  EXPECT_EQ(deepest, tree.depth);
}

TEST(BvTree, EmptyMeshGivesEmptyTree) {
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const BvTree tree = buildBvTree(TriangleMesh{}, kind);
    EXPECT_TRUE(tree.empty());
    EXPECT_EQ(tree.leafCount, 0u);
    EXPECT_EQ(tree.depth, 0);
  }
}

TEST(BvTree, OneTriangleIsOneLeaf) {
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}};
  m.indices = {0, 1, 2};
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const BvTree tree = buildBvTree(m, kind);
    ASSERT_EQ(tree.nodes.size(), 1u);
    EXPECT_TRUE(tree.nodes[0].isLeaf());
    expectWellFormed(tree, m, 1);
    // A flat triangle: its box is flat (to the padding) across the triangle's plane.
    EXPECT_LT(std::min({tree.nodes[0].box.half.x, tree.nodes[0].box.half.y, tree.nodes[0].box.half.z}), 1e-5f);
  }
}

TEST(BvTree, AOneTriangleLeafHasItsCovarianceBox) {
  // A single triangle's area-weighted covariance is its vertices' covariance divided by 4,
  // so the leaf's box (computed in closed form, bv_tree.cpp) is the covariance OBB of the
  // builders (the 2010 bounding-box analysis paper, eigenSymmetric3) up to the axes' signs.
  ShapeGen gen(5);
  int compared = 0;
  for (int i = 0; i < 500; ++i) {
    TriangleMesh m;
    m.vertices = {gen.point(2.0f), gen.point(2.0f), gen.point(2.0f)};
    m.indices = {0, 1, 2};
    const Obb leaf = buildBvTree(m, BvKind::Obb).nodes[0].box;
    const Obb ref = obbFromTriangles(m.vertices, m.indices);
    // Where the two in-plane spreads are nearly equal, any in-plane frame is right.
    if (ref.half.x - ref.half.y < 1e-2f) continue;
    ++compared;
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(std::abs(glm::dot(leaf.axes[k], ref.axes[k])), 1.0f, 1e-4f) << i;
    EXPECT_NEAR(glm::length(leaf.center - ref.center), 0.0f, 1e-4f) << i;
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(leaf.half[k], ref.half[k], 1e-4f) << i;
  }
  EXPECT_GT(compared, 400);
}

TEST(BvTree, RandomMeshesAreWellFormed) {
  const std::uint64_t seed = testing::propertySeed();
  ShapeGen gen(seed);
  SCOPED_TRACE("seed " + std::to_string(seed));
  for (int round = 0; round < 20; ++round) {
    const TriangleMesh soup = testing::triangleSoup(gen, 1 + round * 37, 3.0f, 1.0f);
    const TriangleMesh lumpy = testing::lumpySphere(8 + round, 5 + round / 2, 1.5f, 0.3f, unsigned(round));
    const glm::vec3 scale(gen.uniform(0.2f, 3.0f), gen.uniform(0.2f, 3.0f), gen.uniform(0.2f, 3.0f));
    for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
      expectWellFormed(buildBvTree(soup, kind), soup, soup.triangleCount());
      expectWellFormed(buildBvTree(lumpy, kind, scale), lumpy, lumpy.triangleCount());
      BvBuildOptions four;
      four.maxLeafTriangles = 4;
      expectWellFormed(buildBvTree(soup, kind, glm::vec3(1.0f), four), soup, soup.triangleCount(), 4);
    }
  }
}

TEST(BvTree, FarFromTheOriginBoxesStillHoldTheirTriangles) {
  ShapeGen gen(7);
  TriangleMesh m = testing::triangleSoup(gen, 300, 0.01f, 0.01f);
  for (glm::vec3& v : m.vertices) v += glm::vec3(1e4f, -2e4f, 5e3f);
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) expectWellFormed(buildBvTree(m, kind), m, 300);
}

TEST(BvTree, DuplicateTrianglesSplitAtTheMedian) {
  // Every centroid is the same point, so the mean leaves one side empty at every node: the
  // median halves the nodes, and the tree is as deep as a balanced one.
  TriangleMesh m;
  m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  for (int i = 0; i < 1000; ++i) m.indices.insert(m.indices.end(), {0, 1, 2});
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const BvTree tree = buildBvTree(m, kind);
    expectWellFormed(tree, m, 1000);
    EXPECT_EQ(tree.depth, ceilLog2(1000));
    EXPECT_EQ(tree.meanSplits, 0u);
    EXPECT_EQ(tree.leafCount, 1000u);
  }
}

TEST(BvTree, DegenerateTrianglesGiveFiniteFlatBoxes) {
  // Points, segments and zero-area triangles along one line: no area anywhere, so the OBB's
  // covariance counts vertices; the boxes are flat across the line, never NaN.
  TriangleMesh m;
  for (int i = 0; i < 50; ++i) {
    const float x = float(i) * 0.37f;
    m.vertices.insert(m.vertices.end(), {{x, 2 * x, -x}, {x + 0.1f, 2 * x + 0.2f, -x - 0.1f}, {x, 2 * x, -x}});
    const std::uint32_t k = std::uint32_t(3 * i);
    m.indices.insert(m.indices.end(), {k, k + 1, k + 2});
  }
  m.vertices.push_back({5, 5, 5});
  const std::uint32_t p = std::uint32_t(m.vertices.size() - 1);
  m.indices.insert(m.indices.end(), {p, p, p});  // a triangle that is one point
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const BvTree tree = buildBvTree(m, kind);
    expectWellFormed(tree, m, 51);
  }
  // The OBB tree's root lies along the line: two of its half extents vanish (but for the
  // point, which is off the line, the root is a box around a segment and a point).
  TriangleMesh line = m;
  line.indices.resize(line.indices.size() - 3);
  const BvTree obb = buildBvTree(line, BvKind::Obb);
  const glm::vec3 h = obb.nodes[0].box.half;
  EXPECT_GT(std::max({h.x, h.y, h.z}), 10.0f);
  EXPECT_LT(h.x + h.y + h.z - std::max({h.x, h.y, h.z}), 1e-3f);
}

TEST(BvTree, NonFiniteAndOutOfRangeTrianglesAreLeftOut) {
  TriangleMesh m;
  m.vertices = {{0, 0, 0},
                {1, 0, 0},
                {0, 1, 0},
                {std::numeric_limits<float>::quiet_NaN(), 0, 0},
                {std::numeric_limits<float>::infinity(), 1, 1}};
  m.indices = {0, 1, 2, 0, 1, 3, 4, 1, 2, 0, 1, 99, 2, 1, 0};
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const BvTree tree = buildBvTree(m, kind);
    expectWellFormed(tree, m, 2);
    std::vector<std::uint32_t> ids = tree.triangleIds;
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(ids, (std::vector<std::uint32_t>{0, 4}));
  }
  // A scale that overflows a vertex to infinity leaves its triangle out too.
  TriangleMesh big;
  big.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {3e38f, 0, 0}};
  big.indices = {0, 1, 2, 0, 1, 3};
  EXPECT_EQ(buildBvTree(big, BvKind::Obb, glm::vec3(10.0f)).triangles.size(), 1u);
}

TEST(BvTree, MeanSplitsThatPeelOneTriangleAreBoundedInDepth) {
  // Tiny triangles along x, each 2m times closer to 0 than the one before, m being the
  // number left: the mean of the m left lies between the first and the rest, so each mean
  // split takes one triangle off, and mean splits alone would make a tree 39 deep. From
  // depth kBvMeanSplitDepth the median takes over and halves what is left.
  TriangleMesh m;
  const int n = 40;
  float x = 1e37f;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t k = std::uint32_t(m.vertices.size());
    m.vertices.insert(m.vertices.end(), {{x, 0, 0}, {x, 1e-30f, 0}, {x, 0, 1e-30f}});
    m.indices.insert(m.indices.end(), {k, k + 1, k + 2});
    x /= float(2 * (n - i));
  }
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    const BvTree tree = buildBvTree(m, kind);
    expectWellFormed(tree, m, std::size_t(n));
    EXPECT_EQ(tree.meanSplits, std::size_t(kBvMeanSplitDepth));  // the mean did peel, down to the limit
    EXPECT_EQ(tree.depth, kBvMeanSplitDepth + ceilLog2(std::size_t(n - kBvMeanSplitDepth)));
  }
}

TEST(BvTree, TheObbTreeFitsATurnedRodTheAabbTreeCannot) {
  // A rod 20 long and 0.2 thick along the diagonal of the mesh frame.
  TriangleMesh m = testing::rod(8, 64, 20.0f, 0.1f);
  const glm::mat3 turn = glm::mat3_cast(glm::angleAxis(0.7f, glm::normalize(glm::vec3(1, 2, 3))));
  for (glm::vec3& v : m.vertices) v = turn * v;
  const BvTree aabb = buildBvTree(m, BvKind::Aabb);
  const BvTree obb = buildBvTree(m, BvKind::Obb);
  const auto volume = [](const Obb& b) { return 8.0f * b.half.x * b.half.y * b.half.z; };
  EXPECT_LT(volume(obb.nodes[0].box), 0.2f * volume(aabb.nodes[0].box));
  // The OBB's first axis is the rod's.
  EXPECT_GT(std::abs(glm::dot(obb.nodes[0].box.axes[0], turn[0])), 0.9999f);
}

TEST(BvTree, MemoryIsProportionalToTriangles) {
  const TriangleMesh m = testing::lumpySphere(64, 32, 1.0f, 0.2f, 3);
  const BvTree tree = buildBvTree(m, BvKind::Obb);
  const std::size_t n = m.triangleCount();
  EXPECT_LE(tree.nodes.size(), 2 * n - 1);
  EXPECT_LE(tree.memoryBytes(), n * (2 * sizeof(BvNode) + sizeof(Triangle) + sizeof(std::uint32_t)) + 4096);
}

TEST(BvTree, WorldBoxIsTheNodeBoxPlaced) {
  ShapeGen gen(11);
  const TriangleMesh m = testing::triangleSoup(gen, 40, 2.0f, 0.5f);
  const BvTree tree = buildBvTree(m, BvKind::Obb);
  const MeshPose pose = testing::randomPose(gen, 5.0f);
  for (const BvNode& node : tree.nodes) {
    const Obb w = worldBox(node, pose);
    for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
      const Triangle t = worldTriangle(tree.triangles[k], pose);
      // Placing rounds the box and the triangle each in float (a few 1e-7 of the pose's place).
      EXPECT_TRUE(inBox(w, t.a, 1e-6) && inBox(w, t.b, 1e-6) && inBox(w, t.c, 1e-6));
    }
  }
}

}  // namespace
}  // namespace satlab
