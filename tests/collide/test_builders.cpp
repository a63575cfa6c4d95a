// Bounding-volume builders (builders.cpp) and the Jacobi eigen-solver (eigen_sym3.cpp).
// Random cases use SATLAB_PROPERTY_SEED when set (printed), else a fixed seed.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <glm/gtc/quaternion.hpp>

#include "satlab/collide/builders.hpp"
#include "satlab/collide/eigen_sym3.hpp"

namespace satlab {
namespace {

std::uint64_t builderSeed() {
  static const std::uint64_t seed = [] {
    std::uint64_t s = 20261129u;
    if (const char* env = std::getenv("SATLAB_PROPERTY_SEED")) s = std::strtoull(env, nullptr, 10);
    std::cout << "[ builders ] SATLAB_PROPERTY_SEED=" << s << std::endl;
    return s;
  }();
  return seed;
}

struct Rng {
  explicit Rng(std::uint64_t salt) : gen(builderSeed() ^ salt) {}
  float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(gen); }
  glm::vec3 point(float r) { return {uniform(-r, r), uniform(-r, r), uniform(-r, r)}; }
  // A uniformly random rotation (normalised Gaussian quaternion).
  glm::mat3 rotation() {
    std::normal_distribution<float> n(0.0f, 1.0f);
    glm::quat q(n(gen), n(gen), n(gen), n(gen));
    if (glm::length(q) < 1e-3f) q = glm::quat(1, 0, 0, 0);
    return glm::mat3_cast(glm::normalize(q));
  }
  std::mt19937_64 gen;
};

bool isRightHandedOrthonormal(const glm::mat3& m, float tol) {
  for (int i = 0; i < 3; ++i) {
    if (std::fabs(glm::length(m[i]) - 1.0f) > tol) return false;
    for (int j = i + 1; j < 3; ++j)
      if (std::fabs(glm::dot(m[i], m[j])) > tol) return false;
  }
  return std::fabs(glm::determinant(m) - 1.0f) <= tol;
}

bool obbContains(const Obb& b, const glm::vec3& p, float tol) {
  const glm::vec3 d = p - b.center;
  for (int i = 0; i < 3; ++i)
    if (std::fabs(glm::dot(d, b.axes[i])) > b.half[i] + tol) return false;
  return true;
}

bool aabbContains(const Aabb& b, const glm::vec3& p, float tol) {
  const glm::vec3 d = glm::abs(p - b.center);
  return d.x <= b.half.x + tol && d.y <= b.half.y + tol && d.z <= b.half.z + tol;
}

bool noNaN(const Obb& b) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (std::isnan(b.axes[i][j])) return false;
  return !std::isnan(b.center.x + b.center.y + b.center.z + b.half.x + b.half.y + b.half.z);
}

// A box mesh: each face split into 4 triangles around its centre, so every corner is used
// by the same number of triangles and the vertex multiset keeps the box's symmetry (mean
// at the centre, covariance diagonal in the box frame).
std::vector<glm::vec3> boxSoup(const glm::vec3& half, const glm::mat3& rot, const glm::vec3& center) {
  std::vector<glm::vec3> soup;
  for (int axis = 0; axis < 3; ++axis) {
    for (float side : {-1.0f, 1.0f}) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      glm::vec3 fc(0.0f);
      fc[axis] = side * half[axis];
      glm::vec3 ring[4];
      const float su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
      for (int k = 0; k < 4; ++k) {
        ring[k] = fc;
        ring[k][u] = su[k] * half[u];
        ring[k][v] = sv[k] * half[v];
      }
      for (int k = 0; k < 4; ++k) {
        for (const glm::vec3& p : {fc, ring[k], ring[(k + 1) % 4]}) soup.push_back(center + rot * p);
      }
    }
  }
  return soup;
}

// ---- AABBs --------------------------------------------------------------------------------

TEST(BuildAabb, FromPointsIsMinMaxAsInTheUsingAabbTutorial) {
  const std::vector<glm::vec3> pts = {{1, 2, 3}, {-1, 5, 0}, {4, -2, 1}};
  const Aabb b = aabbFromPoints(pts);
  EXPECT_EQ(b.min(), glm::vec3(-1, -2, 0));
  EXPECT_EQ(b.max(), glm::vec3(4, 5, 3));
  EXPECT_EQ(b.half, glm::vec3(2.5f, 3.5f, 1.5f));    // E = (max - min) / 2
  EXPECT_EQ(b.center, glm::vec3(1.5f, 1.5f, 1.5f));  // P = min + E
}

TEST(BuildAabb, NoPointsGivesTheZeroBoxAndOnePointAFlatOne) {
  const Aabb empty = aabbFromPoints(std::vector<glm::vec3>{});
  EXPECT_EQ(empty.center, glm::vec3(0.0f));
  EXPECT_EQ(empty.half, glm::vec3(0.0f));
  const Aabb one = aabbFromPoints(std::vector<glm::vec3>{{1, 2, 3}});
  EXPECT_EQ(one.center, glm::vec3(1, 2, 3));
  EXPECT_EQ(one.half, glm::vec3(0.0f));
}

TEST(BuildAabb, RandomCloudsAreContainedAndTight) {
  Rng rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<glm::vec3> pts;
    const glm::vec3 offset = rng.point(100.0f);
    for (int i = 0; i < 50; ++i) pts.push_back(offset + rng.point(3.0f));
    const Aabb b = aabbFromPoints(pts);
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::vec3& p : pts) {
      ASSERT_TRUE(aabbContains(b, p, 1e-4f));
      lo = glm::min(lo, p);
      hi = glm::max(hi, p);
    }
    // Tight: each face touches a point.
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(b.min()[i], lo[i], 1e-4f);
      EXPECT_NEAR(b.max()[i], hi[i], 1e-4f);
    }
  }
}

TEST(BuildAabb, CornersAndAbsRFormsAgreeOnRandomObbs) {
  Rng rng(2);
  for (int trial = 0; trial < 1000; ++trial) {
    Obb o;
    o.center = rng.point(20.0f);
    o.axes = rng.rotation();
    o.half = glm::abs(rng.point(5.0f));
    if (trial % 10 == 0) o.half.y = 0.0f;  // flat boxes too
    const Aabb a = aabbFromObbCorners(o);
    const Aabb b = aabbFromObb(o);
    for (int i = 0; i < 3; ++i) {
      ASSERT_NEAR(a.center[i], b.center[i], 1e-4f) << "trial " << trial;
      ASSERT_NEAR(a.half[i], b.half[i], 1e-4f) << "trial " << trial;
    }
  }
}

TEST(BuildAabb, FromObbHoldsTheObjectButIsLooserThanItsOwnAabb) {
  // The "Using AABB" tutorial figure 2: optimal AABB (red) inside the AABB built from the OBB (cyan).
  Rng rng(3);
  for (int trial = 0; trial < 100; ++trial) {
    Obb o;
    o.center = rng.point(5.0f);
    o.axes = rng.rotation();
    o.half = glm::vec3(2.0f, 1.0f, 0.5f);
    std::vector<glm::vec3> object;  // points inside the OBB
    for (int i = 0; i < 40; ++i) {
      const glm::vec3 l(rng.uniform(-2, 2), rng.uniform(-1, 1), rng.uniform(-0.5f, 0.5f));
      object.push_back(o.center + o.axes * l);
    }
    const Aabb tight = aabbFromPoints(object);
    const Aabb fromObb = aabbFromObb(o);
    for (const glm::vec3& p : object) ASSERT_TRUE(aabbContains(fromObb, p, 1e-4f));
    for (int i = 0; i < 3; ++i) {
      EXPECT_LE(fromObb.min()[i], tight.min()[i] + 1e-4f);
      EXPECT_GE(fromObb.max()[i], tight.max()[i] - 1e-4f);
    }
  }
}

TEST(BuildAabb, ObbCornersAreTheEightSignCombinations) {
  Obb o;
  o.center = {1, 0, 0};
  o.half = {1, 2, 3};
  const auto c = obbCorners(o);
  EXPECT_EQ(c[0], glm::vec3(0, -2, -3));
  EXPECT_EQ(c[7], glm::vec3(2, 2, 3));
  EXPECT_EQ(c[1], glm::vec3(2, -2, -3));  // bit 0 -> +half.x
}

// ---- the bounding cube ------------------------------------------------------------------------

TEST(BuildCube, HoldsTheObjectInAThousandRandomOrientations) {
  Rng rng(4);
  std::vector<glm::vec3> object;
  for (int i = 0; i < 60; ++i) object.push_back(glm::vec3(1.5f, 0.2f, -0.3f) + rng.point(1.0f) * glm::vec3(3, 1, 0.5f));
  const glm::vec3 pivot(0.5f, 0.0f, 0.0f);
  const Aabb cube = boundingCube(object, pivot);
  EXPECT_EQ(cube.half.x, cube.half.y);
  EXPECT_EQ(cube.half.y, cube.half.z);
  EXPECT_EQ(cube.center, pivot);
  for (int trial = 0; trial < 1000; ++trial) {
    const glm::mat3 r = rng.rotation();
    for (const glm::vec3& p : object) {
      ASSERT_TRUE(aabbContains(cube, pivot + r * (p - pivot), 0.0f)) << "orientation " << trial;
    }
  }
}

TEST(BuildCube, CanBeMoreThanTwiceTheObjectsSize) {
  // The "Using AABB" tutorial: such boxes are sometimes over twice the object's size. A long thin rod about
  // its centre: the cube's side is the rod's length, its AABB's volume nearly zero.
  const std::vector<glm::vec3> rod = {{-2, 0, 0}, {2, 0, 0}, {-2, 0.1f, 0}, {2, 0.1f, 0}};
  const Aabb cube = boundingCube(rod, glm::vec3(0, 0.05f, 0));
  const Aabb tight = aabbFromPoints(rod);
  EXPECT_GT(cube.half.y, 2.0f * tight.half.y);
  EXPECT_GE(cube.half.x, tight.half.x);
}

TEST(BuildCube, ObbCubeHoldsEveryOrientationOfTheBox) {
  Rng rng(5);
  Obb o;
  o.center = {3, -1, 2};
  o.half = {2, 1, 0.25f};
  const Aabb cube = boundingCube(o);
  for (int trial = 0; trial < 1000; ++trial) {
    o.axes = rng.rotation();
    for (const glm::vec3& c : obbCorners(o)) ASSERT_TRUE(aabbContains(cube, c, 1e-5f));
  }
}

TEST(BuildCube, NoPointsGivesAZeroCubeAtThePivot) {
  const Aabb c = boundingCube(std::vector<glm::vec3>{}, glm::vec3(1, 2, 3));
  EXPECT_EQ(c.center, glm::vec3(1, 2, 3));
  EXPECT_EQ(c.half, glm::vec3(0.0f));
}

// ---- the eigen-solver ------------------------------------------------------------------------

void expectEigenDecomposition(const glm::dmat3& a, const SymmetricEigen3& e, double tol) {
  EXPECT_TRUE(e.converged);
  EXPECT_GE(e.values[0], e.values[1]);
  EXPECT_GE(e.values[1], e.values[2]);
  EXPECT_TRUE(isRightHandedOrthonormal(glm::mat3(e.vectors), 1e-6f));
  for (int i = 0; i < 3; ++i) {
    const glm::dvec3 r = a * e.vectors[i] - e.values[i] * e.vectors[i];
    EXPECT_LT(glm::length(r), tol) << "eigenpair " << i;
  }
}

TEST(Eigen3, RandomSymmetricMatricesDecompose) {
  Rng rng(6);
  for (int trial = 0; trial < 500; ++trial) {
    glm::dmat3 a(0.0);
    for (int r = 0; r < 3; ++r)
      for (int c = r; c < 3; ++c) a[c][r] = a[r][c] = rng.uniform(-10, 10);
    const SymmetricEigen3 e = eigenSymmetric3(a);
    expectEigenDecomposition(a, e, 1e-9);
    EXPECT_LE(e.sweeps, 10);
  }
}

TEST(Eigen3, DiagonalAndZeroMatricesNeedNoRotation) {
  const SymmetricEigen3 d = eigenSymmetric3(glm::dmat3(glm::dvec3(1, 0, 0), glm::dvec3(0, 3, 0), glm::dvec3(0, 0, 2)));
  EXPECT_EQ(d.values, glm::dvec3(3, 2, 1));
  EXPECT_EQ(d.sweeps, 0);
  const SymmetricEigen3 z = eigenSymmetric3(glm::dmat3(0.0));
  EXPECT_EQ(z.values, glm::dvec3(0.0));
  EXPECT_TRUE(isRightHandedOrthonormal(glm::mat3(z.vectors), 0.0f));
}

TEST(Eigen3, RepeatedEigenvaluesStillGiveAnOrthonormalFrame) {
  Rng rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const glm::dmat3 r(rng.rotation());
    const glm::dmat3 diag(glm::dvec3(2, 0, 0), glm::dvec3(0, 2, 0), glm::dvec3(0, 0, trial % 2 ? 5 : 2));
    const glm::dmat3 a = r * diag * glm::transpose(r);
    expectEigenDecomposition(a, eigenSymmetric3(a), 1e-6);
  }
}

TEST(Eigen3, NonFiniteInputGivesTheIdentityAndNoNaN) {
  glm::dmat3 a(1.0);
  a[0][1] = a[1][0] = std::numeric_limits<double>::infinity();
  const SymmetricEigen3 e = eigenSymmetric3(a);
  EXPECT_FALSE(e.converged);
  EXPECT_EQ(e.vectors, glm::dmat3(1.0));
}

// ---- the covariance OBB (the 2010 bounding-box analysis paper)
// ----------------------------------------------------------------

TEST(BuildObb, CovarianceFollowsTheBoundingBoxPaperWithSharedVerticesCountedPerTriangle) {
  // Two triangles sharing the edge (0,0,0)-(2,0,0): 6 vertex slots.
  const std::vector<glm::vec3> pos = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {2, 2, 0}};
  const std::vector<std::uint32_t> idx = {0, 1, 2, 1, 3, 2};
  const TriangleCovariance c = triangleCovariance(pos, idx);
  ASSERT_EQ(c.triangleCount, 2u);
  // m = (0+2+0 + 2+2+0, 0+0+2 + 0+2+2, 0) / 6 = (1, 1, 0)
  EXPECT_NEAR(c.mean.x, 1.0, 1e-12);
  EXPECT_NEAR(c.mean.y, 1.0, 1e-12);
  // centred: (-1,-1) (1,-1) (-1,1) (1,-1) (1,1) (-1,1): Cxx = 6/6, Cxy = (1-1-1-1+1-1)/6 = -1/3
  EXPECT_NEAR(c.covariance[0][0], 1.0, 1e-12);
  EXPECT_NEAR(c.covariance[1][1], 1.0, 1e-12);
  EXPECT_NEAR(c.covariance[0][1], -1.0 / 3.0, 1e-12);
  EXPECT_NEAR(c.covariance[1][0], -1.0 / 3.0, 1e-12);
  EXPECT_NEAR(c.covariance[2][2], 0.0, 1e-12);
}

TEST(BuildObb, RotatedBoxMeshGivesBackItsAxesExtentsAndCentre) {
  Rng rng(8);
  const glm::vec3 half(3.0f, 2.0f, 1.0f);  // distinct: axis order = decreasing spread
  for (int trial = 0; trial < 100; ++trial) {
    const glm::mat3 rot = rng.rotation();
    const glm::vec3 center = rng.point(10.0f);
    const Obb o = obbFromTriangleSoup(boxSoup(half, rot, center));
    ASSERT_TRUE(noNaN(o));
    EXPECT_TRUE(isRightHandedOrthonormal(o.axes, 1e-5f));
    for (int i = 0; i < 3; ++i) {
      // Sorted by variance, so axis i is the box's axis i, up to sign.
      EXPECT_NEAR(std::fabs(glm::dot(o.axes[i], rot[i])), 1.0f, 1e-5f) << "trial " << trial;
      EXPECT_NEAR(o.half[i], half[i], 1e-4f) << "trial " << trial;
      EXPECT_NEAR(o.center[i], center[i], 1e-4f) << "trial " << trial;
    }
  }
}

TEST(BuildObb, IndexedMeshEqualsItsSoup) {
  Rng rng(9);
  std::vector<glm::vec3> pos;
  for (int i = 0; i < 30; ++i) pos.push_back(rng.point(4.0f));
  std::vector<std::uint32_t> idx;
  std::vector<glm::vec3> soup;
  for (int t = 0; t < 40; ++t) {
    for (int k = 0; k < 3; ++k) {
      const auto i = static_cast<std::uint32_t>(rng.uniform(0.0f, 29.99f));
      idx.push_back(i);
      soup.push_back(pos[i]);
    }
  }
  const Obb a = obbFromTriangles(pos, idx);
  const Obb b = obbFromTriangleSoup(soup);
  EXPECT_EQ(a.center, b.center);
  EXPECT_EQ(a.half, b.half);
}

TEST(BuildObb, CubeMeshWithRepeatedEigenvaluesStillGivesAnOrthonormalFrame) {
  Rng rng(10);
  for (int trial = 0; trial < 100; ++trial) {
    const std::vector<glm::vec3> soup = boxSoup(glm::vec3(1.0f), rng.rotation(), rng.point(3.0f));
    const Obb o = obbFromTriangleSoup(soup);
    ASSERT_TRUE(noNaN(o));
    EXPECT_TRUE(isRightHandedOrthonormal(o.axes, 1e-5f));
    for (const glm::vec3& p : soup) ASSERT_TRUE(obbContains(o, p, 1e-4f));
  }
}

TEST(BuildObb, RandomRotatedMeshesAreContainedInAnOrthonormalBox) {
  Rng rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<glm::vec3> soup;
    const glm::mat3 r = rng.rotation();
    const glm::vec3 stretch(rng.uniform(0.1f, 5), rng.uniform(0.1f, 5), rng.uniform(0.1f, 5));
    const glm::vec3 offset = rng.point(50.0f);
    for (int i = 0; i < 60; ++i) soup.push_back(offset + r * (rng.point(1.0f) * stretch));
    const Obb o = obbFromTriangleSoup(soup);
    ASSERT_TRUE(noNaN(o));
    ASSERT_TRUE(isRightHandedOrthonormal(o.axes, 1e-5f));
    for (const glm::vec3& p : soup) ASSERT_TRUE(obbContains(o, p, 1e-3f)) << "trial " << trial;
    // Each face of the box touches some vertex (extents are from min/max projections).
    for (int i = 0; i < 3; ++i) {
      float lo = 1e30f, hi = -1e30f;
      for (const glm::vec3& p : soup) {
        const float s = glm::dot(p - o.center, o.axes[i]);
        lo = std::min(lo, s);
        hi = std::max(hi, s);
      }
      EXPECT_NEAR(lo, -o.half[i], 1e-3f);
      EXPECT_NEAR(hi, o.half[i], 1e-3f);
    }
  }
}

TEST(BuildObb, CoplanarMeshIsFlat) {
  // A rotated, irregular planar polygon fan: zero extent along the plane normal.
  Rng rng(12);
  const glm::mat3 r = rng.rotation();
  std::vector<glm::vec3> soup;
  for (int t = 0; t < 10; ++t) {
    soup.push_back(r * glm::vec3(0, 0, 0));
    soup.push_back(r * glm::vec3(rng.uniform(-3, 3), rng.uniform(-1, 1), 0));
    soup.push_back(r * glm::vec3(rng.uniform(-3, 3), rng.uniform(-1, 1), 0));
  }
  const Obb o = obbFromTriangleSoup(soup);
  ASSERT_TRUE(noNaN(o));
  EXPECT_TRUE(isRightHandedOrthonormal(o.axes, 1e-5f));
  EXPECT_NEAR(o.half[2], 0.0f, 1e-5f);  // least variance: the normal
  EXPECT_NEAR(std::fabs(glm::dot(o.axes[2], r[2])), 1.0f, 1e-4f);
  for (const glm::vec3& p : soup) ASSERT_TRUE(obbContains(o, p, 1e-4f));
}

TEST(BuildObb, CollinearAndSinglePointMeshesGiveNoNaN) {
  const glm::vec3 dir = glm::normalize(glm::vec3(1, 2, 3));
  std::vector<glm::vec3> line;
  for (int i = 0; i < 9; ++i) line.push_back(dir * static_cast<float>(i % 5) - glm::vec3(1, 0, 0));
  const Obb o = obbFromTriangleSoup(line);
  ASSERT_TRUE(noNaN(o));
  EXPECT_TRUE(isRightHandedOrthonormal(o.axes, 1e-5f));
  EXPECT_NEAR(std::fabs(glm::dot(o.axes[0], dir)), 1.0f, 1e-5f);
  EXPECT_NEAR(o.half[0], 2.0f, 1e-5f);
  EXPECT_NEAR(o.half[1], 0.0f, 1e-5f);
  EXPECT_NEAR(o.half[2], 0.0f, 1e-5f);
  for (const glm::vec3& p : line) ASSERT_TRUE(obbContains(o, p, 1e-5f));

  const Obb point = obbFromTriangleSoup({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}});
  ASSERT_TRUE(noNaN(point));
  EXPECT_EQ(point.center, glm::vec3(1, 2, 3));
  EXPECT_EQ(point.half, glm::vec3(0.0f));
}

TEST(BuildObb, NoTrianglesGivesTheEmptyBox) {
  const Obb a = obbFromTriangleSoup({});
  EXPECT_EQ(a.center, glm::vec3(0.0f));
  EXPECT_EQ(a.half, glm::vec3(0.0f));
  EXPECT_EQ(a.axes, glm::mat3(1.0f));
  const Obb b = obbFromTriangles({{1, 1, 1}}, {0, 0, 7});  // out-of-range index: skipped
  EXPECT_EQ(b.half, glm::vec3(0.0f));
  const Obb c = obbFromTriangleSoup({{1, 1, 1}, {2, 2, 2}});  // incomplete triangle
  EXPECT_EQ(c.half, glm::vec3(0.0f));
}

// ---- Ritter's sphere ---------------------------------------------------------------------------

TEST(BuildSphere, RitterContainsEveryPointOfRandomClouds) {
  Rng rng(13);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<glm::vec3> pts;
    const int n = 1 + trial % 97;
    const glm::vec3 offset = rng.point(100.0f);
    const glm::vec3 stretch(rng.uniform(0.01f, 5), rng.uniform(0.01f, 5), rng.uniform(0.01f, 5));
    for (int i = 0; i < n; ++i) pts.push_back(offset + rng.point(1.0f) * stretch);
    const Sphere s = boundingSphereRitter(pts);
    ASSERT_FALSE(std::isnan(s.radius));
    float maxPair = 0.0f;
    for (const glm::vec3& p : pts) {
      ASSERT_LE(glm::length(p - s.center), s.radius) << "trial " << trial;  // exact, in float
      maxPair = std::max(maxPair, glm::length(p - pts[0]));
    }
    EXPECT_GE(s.radius, 0.5f * maxPair * (1 - 1e-5f));  // a diameter cannot be shorter
    // Not minimal, but no worse than the AABB's circumscribed sphere by much.
    EXPECT_LE(s.radius, 1.2f * glm::length(aabbFromPoints(pts).half) + 1e-5f);
  }
}

TEST(BuildSphere, DegenerateInputs) {
  const Sphere empty = boundingSphereRitter({});
  EXPECT_EQ(empty.radius, 0.0f);
  EXPECT_EQ(empty.center, glm::vec3(0.0f));
  const Sphere one = boundingSphereRitter({{1, 2, 3}});
  EXPECT_EQ(one.center, glm::vec3(1, 2, 3));
  EXPECT_LT(one.radius, 1e-30f);
  const Sphere two = boundingSphereRitter({{-1, 0, 0}, {1, 0, 0}});
  EXPECT_NEAR(two.radius, 1.0f, 1e-6f);
  EXPECT_NEAR(two.center.x, 0.0f, 1e-6f);
}

}  // namespace
}  // namespace satlab
