// satlab benchmark: mesh–mesh collision queries, satlab's tree walk against FCL's, on the
// same meshes and poses.
//
// FCL (the Flexible Collision Library, libfcl-dev) is the standard library for OBB-tree
// queries: fcl::BVHModel<fcl::OBBRSSd> (an OBB with a swept sphere; its collision test is
// the OBB's) and fcl::BVHModel<fcl::OBBd>, and fcl::collide with a CollisionRequest of one
// contact, which stops at the first colliding triangle pair, as meshMesh does by default.
//
// Meshes: two tori of 20,000 triangles each, and two lumpy spheres of 80,000 triangles each
// (generated here). Poses: for each of 16 random turns and directions, the distance of first
// contact along the direction is found by bisection (to 1e-6 of it), and the pair is placed
// at 0.999 of it ("touching": a shallow overlap), 1.001 of it ("near_miss": apart by a
// thousandth) and 0.7 of it ("deep"). Each comparison times the 16 poses of one kind, paired
// (bench_common.hpp: runPaired, the median over rounds of time(B) / time(A)): A is FCL, B
// satlab, so `ratio` < 1 means satlab is faster. satlab's sides: meshMesh (the teaching
// walk, mesh_query.hpp) with the OBB trees (satlab_obb) and the AABB trees (satlab_aabb),
// and meshMeshOverlaps (the fast path, mesh_query_fast.hpp) with the OBB trees
// (satlab_fast_obb).
//
// SATLAB_BENCH_CHECK=1: no timing; every pose's verdicts are compared (meshMesh and
// meshMeshOverlaps with both kinds of tree, and FCL's two models, must all agree) and the
// program exits 1 if one does not (ctest bench_mesh_fcl_verdicts).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/math/bv/OBB.h>
#include <fcl/math/bv/OBBRSS.h>
#include <fcl/narrowphase/collision.h>

#include "bench_common.hpp"
#include "satlab/collide/bv_tree.hpp"
#include "satlab/collide/mesh_query.hpp"
#include "satlab/collide/mesh_query_fast.hpp"

namespace satlab::bench {
namespace {

constexpr float kPi = 3.14159265358979f;

template <class Point>
TriangleMesh gridMesh(int nu, int nv, bool wrapV, const Point& point) {
  TriangleMesh m;
  const int cv = wrapV ? nv : nv + 1;
  for (int j = 0; j < cv; ++j)
    for (int i = 0; i < nu; ++i) m.vertices.push_back(point(float(i) / float(nu), float(j) / float(nv)));
  const auto id = [&](int i, int j) { return std::uint32_t((j % cv) * nu + (i % nu)); };
  for (int j = 0; j < nv; ++j) {
    for (int i = 0; i < nu; ++i) {
      const std::uint32_t a = id(i, j), b = id(i + 1, j), c = id(i + 1, j + 1), d = id(i, j + 1);
      m.indices.insert(m.indices.end(), {a, b, c, a, c, d});
    }
  }
  return m;
}

TriangleMesh torus(int nu, int nv, float R, float r) {
  return gridMesh(nu, nv, true, [&](float u, float v) {
    const float a = 2.0f * kPi * u, b = 2.0f * kPi * v;
    return glm::vec3((R + r * std::cos(b)) * std::cos(a), (R + r * std::cos(b)) * std::sin(a), r * std::sin(b));
  });
}

TriangleMesh lumpySphere(int nu, int nv, float radius, float f1, float f2) {
  return gridMesh(nu, nv, false, [&](float u, float v) {
    const float phi = 2.0f * kPi * u, theta = kPi * v;
    const glm::vec3 d(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
    return radius * (1.0f + 0.15f * std::sin(f1 * phi) * std::sin(f2 * theta)) * d;
  });
}

template <class BV>
std::shared_ptr<fcl::BVHModel<BV>> fclModel(const TriangleMesh& m) {
  std::vector<fcl::Vector3d> points;
  for (const glm::vec3& v : m.vertices) points.emplace_back(v.x, v.y, v.z);
  std::vector<fcl::Triangle> tris;
  for (std::size_t i = 0; i < m.triangleCount(); ++i) {
    tris.emplace_back(m.indices[3 * i], m.indices[3 * i + 1], m.indices[3 * i + 2]);
  }
  auto model = std::make_shared<fcl::BVHModel<BV>>();
  model->beginModel(static_cast<int>(tris.size()), static_cast<int>(points.size()));
  model->addSubModel(points, tris);
  model->endModel();
  return model;
}

fcl::Transform3d fclTransform(const MeshPose& p) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  fcl::Matrix3d r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = p.axes[j][i];  // glm: column j, row i
  t.linear() = r;
  t.translation() = fcl::Vector3d(p.center.x, p.center.y, p.center.z);
  return t;
}

/// Two meshes, both libraries' models of them, and the poses of B (A stays at the origin).
struct Case {
  std::string name;
  TriangleMesh meshA, meshB;
  BvTree obbA, obbB, aabbA, aabbB;
  std::shared_ptr<fcl::BVHModel<fcl::OBBRSSd>> rssA, rssB;
  std::shared_ptr<fcl::BVHModel<fcl::OBBd>> fobbA, fobbB;
  MeshPose poseA;
  fcl::Transform3d tfA;
  // Per kind of pose ("touching", "near_miss", "deep"): B's poses and FCL's transforms.
  std::vector<std::string> kinds;
  std::vector<std::vector<MeshPose>> posesB;
  std::vector<std::vector<fcl::Transform3d>> tfsB;
};

template <class BV>
SATLAB_BENCH_NOINLINE bool fclCollide(const fcl::BVHModel<BV>& a, const fcl::Transform3d& ta,
                                      const fcl::BVHModel<BV>& b, const fcl::Transform3d& tb) {
  const fcl::CollisionRequestd request(1);
  fcl::CollisionResultd result;
  fcl::collide(&a, ta, &b, tb, request, result);
  return result.isCollision();
}

SATLAB_BENCH_NOINLINE bool satlabFast(const BvTree& a, const MeshPose& pa, const BvTree& b, const MeshPose& pb) {
  return meshMeshOverlaps(a, pa, b, pb);
}

SATLAB_BENCH_NOINLINE bool satlabCollide(const BvTree& a, const MeshPose& pa, const BvTree& b, const MeshPose& pb) {
  return meshMesh(a, pa, b, pb).overlap;
}

/// The distance along `dir` at which B, turned by `turn`, first touches A coming from far.
float contactDistance(const Case& c, const glm::mat3& turn, const glm::vec3& dir, float far) {
  MeshPose p;
  p.axes = turn;
  const auto overlapsAt = [&](float d) {
    p.center = dir * d;
    return satlabCollide(c.obbA, c.poseA, c.obbB, p);
  };
  float hi = far, lo = far;
  while (lo > 0.0f && !overlapsAt(lo)) {
    hi = lo;
    lo -= 0.02f * far;
  }
  if (lo <= 0.0f) return 0.0f;
  for (int it = 0; it < 40 && hi - lo > 1e-6f * hi; ++it) {
    const float mid = 0.5f * (lo + hi);
    (overlapsAt(mid) ? lo : hi) = mid;
  }
  return 0.5f * (lo + hi);
}

Case makeCase(const std::string& name, TriangleMesh a, TriangleMesh b, float far) {
  Case c;
  c.name = name;
  c.meshA = std::move(a);
  c.meshB = std::move(b);
  c.obbA = buildBvTree(c.meshA, BvKind::Obb);
  c.obbB = buildBvTree(c.meshB, BvKind::Obb);
  c.aabbA = buildBvTree(c.meshA, BvKind::Aabb);
  c.aabbB = buildBvTree(c.meshB, BvKind::Aabb);
  c.rssA = fclModel<fcl::OBBRSSd>(c.meshA);
  c.rssB = fclModel<fcl::OBBRSSd>(c.meshB);
  c.fobbA = fclModel<fcl::OBBd>(c.meshA);
  c.fobbB = fclModel<fcl::OBBd>(c.meshB);
  c.tfA = fclTransform(c.poseA);
  c.kinds = {"touching", "near_miss", "deep"};
  const float factors[3] = {0.999f, 1.001f, 0.7f};
  c.posesB.resize(3);
  c.tfsB.resize(3);
  Random rnd(7u);
  for (int k = 0; k < 16; ++k) {
    const glm::mat3 turn = rnd.rotation();
    const glm::vec3 dir = rnd.direction();
    const float d = contactDistance(c, turn, dir, far);
    for (int f = 0; f < 3; ++f) {
      MeshPose p;
      p.axes = turn;
      p.center = dir * (d * factors[f]);
      c.posesB[std::size_t(f)].push_back(p);
      c.tfsB[std::size_t(f)].push_back(fclTransform(p));
    }
  }
  return c;
}

std::vector<Case>& cases() {
  static std::vector<Case> all = [] {
    std::vector<Case> v;
    v.push_back(makeCase("torus20k", torus(200, 50, 1.0f, 0.3f), torus(200, 50, 1.0f, 0.3f), 3.0f));
    v.push_back(
        makeCase("lumpy80k", lumpySphere(200, 200, 1.0f, 5.0f, 3.0f), lumpySphere(200, 200, 0.8f, 4.0f, 6.0f), 3.0f));
    return v;
  }();
  return all;
}

/// The verdicts of every pose by all four trees; a disagreement is registered (checkMode).
void checkVerdicts(const Case& c) {
  for (std::size_t k = 0; k < c.kinds.size(); ++k) {
    std::size_t differ = 0, overlapping = 0;
    std::size_t nodesObb = 0, nodesAabb = 0, trianglesObb = 0, trianglesAabb = 0;
    for (std::size_t i = 0; i < c.posesB[k].size(); ++i) {
      const bool fclRss = fclCollide(*c.rssA, c.tfA, *c.rssB, c.tfsB[k][i]);
      const bool fclObb = fclCollide(*c.fobbA, c.tfA, *c.fobbB, c.tfsB[k][i]);
      const bool obb = satlabCollide(c.obbA, c.poseA, c.obbB, c.posesB[k][i]);
      const bool aabb = satlabCollide(c.aabbA, c.poseA, c.aabbB, c.posesB[k][i]);
      const bool fast = satlabFast(c.obbA, c.poseA, c.obbB, c.posesB[k][i]);
      const bool fastAabb = satlabFast(c.aabbA, c.poseA, c.aabbB, c.posesB[k][i]);
      differ += !(fclRss == fclObb && fclRss == obb && fclRss == aabb && fclRss == fast && fclRss == fastAabb);
      overlapping += fclRss;
      const MeshQueryResult ro = meshMesh(c.obbA, c.poseA, c.obbB, c.posesB[k][i]);
      const MeshQueryResult ra = meshMesh(c.aabbA, c.poseA, c.aabbB, c.posesB[k][i]);
      nodesObb += ro.nodeTests;
      nodesAabb += ra.nodeTests;
      trianglesObb += ro.triangleTests;
      trianglesAabb += ra.triangleTests;
    }
    const double n = static_cast<double>(c.posesB[k].size());
    std::printf(
        "%s/%s: %zu of %zu poses overlap (FCL); per query, OBB trees %.0f node pairs and %.0f triangle pairs, "
        "AABB trees %.0f and %.0f\n",
        c.name.c_str(), c.kinds[k].c_str(), overlapping, c.posesB[k].size(), double(nodesObb) / n,
        double(trianglesObb) / n, double(nodesAabb) / n, double(trianglesAabb) / n);
    if (differ > 0) {
      disagreements().push_back(Disagreement{c.name + "/" + c.kinds[k] + ": " + std::to_string(differ) + " of " +
                                                 std::to_string(c.posesB[k].size()) + " poses",
                                             false});
    }
  }
}

/// Paired timing of FCL (A) and satlab (B) over one kind of pose (runPaired's convention,
/// with the pose index as the input).
template <class FA, class FB>
void addMeshPaired(const std::string& name, std::size_t poses, FA fa, FB fb) {
  auto set = std::make_shared<PairSet<std::size_t, std::size_t>>();
  for (std::size_t i = 0; i < poses; ++i) {
    set->a.push_back(i);
    set->b.push_back(i);
  }
  benchmark::RegisterBenchmark(name.c_str(), [set, fa, fb](benchmark::State& st) { runPaired(st, *set, fa, fb); })
      ->UseManualTime()
      ->MinTime(0.3);
}

/// The dense sphere of the timing mesh (scenes/meshes/ ships one): a latitude-longitude grid
/// of 1000 x 500 quads, 1,000,000 triangles. Built on first use, so the verdict check does
/// not pay for it.
const TriangleMesh& sphere1M() {
  static const TriangleMesh m = lumpySphere(1000, 500, 1.0f, 5.0f, 3.0f);
  return m;
}

/// Build time of one tree of the 1M-triangle sphere (no pairing: nothing to compare with
/// but FCL's own build of the same triangles, timed beside it).
void registerBuilds() {
  for (BvKind kind : {BvKind::Aabb, BvKind::Obb}) {
    benchmark::RegisterBenchmark(
        (std::string("bv_tree_build/sphere1M/") + (kind == BvKind::Aabb ? "aabb" : "obb")).c_str(),
        [kind](benchmark::State& st) {
          const TriangleMesh& m = sphere1M();
          std::size_t nodes = 0;
          for (auto _ : st) {
            const BvTree t = buildBvTree(m, kind);
            nodes = t.nodes.size();
            benchmark::DoNotOptimize(nodes);
          }
          st.counters["nodes"] = static_cast<double>(nodes);
        })
        ->Unit(benchmark::kMillisecond)
        ->Iterations(3);
  }
  benchmark::RegisterBenchmark("bv_tree_build/sphere1M/fcl_obbrss",
                               [](benchmark::State& st) {
                                 const TriangleMesh& m = sphere1M();
                                 for (auto _ : st) {
                                   auto model = fclModel<fcl::OBBRSSd>(m);
                                   benchmark::DoNotOptimize(model.get());
                                 }
                               })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(3);
}

void registerAll() {
  registerBuilds();
  for (const Case& c : cases()) {
    checkVerdicts(c);
    std::printf("%s: %zu + %zu triangles; OBB trees %zu + %zu nodes, depth %d and %d\n", c.name.c_str(),
                c.meshA.triangleCount(), c.meshB.triangleCount(), c.obbA.nodes.size(), c.obbB.nodes.size(),
                c.obbA.depth, c.obbB.depth);
    for (std::size_t k = 0; k < c.kinds.size(); ++k) {
      const Case* cp = &c;
      const std::string prefix = "mesh-mesh/" + c.name + "/" + c.kinds[k] + "/";
      const auto fcl = [cp, k](std::size_t i, std::size_t) {
        return fclCollide(*cp->rssA, cp->tfA, *cp->rssB, cp->tfsB[k][i]);
      };
      const auto fclObb = [cp, k](std::size_t i, std::size_t) {
        return fclCollide(*cp->fobbA, cp->tfA, *cp->fobbB, cp->tfsB[k][i]);
      };
      const auto obb = [cp, k](std::size_t i, std::size_t) {
        return satlabCollide(cp->obbA, cp->poseA, cp->obbB, cp->posesB[k][i]);
      };
      const auto aabb = [cp, k](std::size_t i, std::size_t) {
        return satlabCollide(cp->aabbA, cp->poseA, cp->aabbB, cp->posesB[k][i]);
      };
      const auto fast = [cp, k](std::size_t i, std::size_t) {
        return satlabFast(cp->obbA, cp->poseA, cp->obbB, cp->posesB[k][i]);
      };
      const std::size_t n = c.posesB[k].size();
      addMeshPaired(prefix + "satlab_fast_obb_vs_fcl_obbrss", n, fcl, fast);
      addMeshPaired(prefix + "satlab_fast_obb_vs_fcl_obb", n, fclObb, fast);
      addMeshPaired(prefix + "satlab_obb_vs_fcl_obbrss", n, fcl, obb);
      addMeshPaired(prefix + "satlab_obb_vs_fcl_obb", n, fclObb, obb);
      addMeshPaired(prefix + "satlab_aabb_vs_fcl_obbrss", n, fcl, aabb);
    }
  }
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  satlab::bench::registerAll();
  return satlab::bench::runMain();
}
