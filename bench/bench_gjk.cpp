// satlab benchmark: GJK and EPA (gjk.hpp) as paired ratios (bench_common.hpp), on random
// hulls of 12 points and on boxes. Names are "<pair>/<inputs>/<B>_vs_<A>":
//   hull-hull/.../rich_vs_plain    the core's hullHull (GJK with the distance and the
//                                  closest points, EPA's depth when they overlap) against a
//                                  textbook boolean GJK written here: the simplex by cases
//                                  (segment, triangle, tetrahedron: which side of each edge
//                                  and face the origin is on), in float, its verdict only
//   hull-hull/.../rich_vs_bullet   the same against Bullet's btGjkEpaSolver2 (libbullet-dev,
//                                  the solver behind its convex shapes): Distance, then
//                                  Penetration where Distance finds them overlapping, on
//                                  btConvexHullShape with no margin
//   obb-obb/.../gjk_vs_sat         two boxes by GJK/EPA (their 8 corners each) against the
//                                  SAT of record (satObbObb, 15 axes)
//   hull-hull/.../traced_vs_rich   the explorer's traced run against the untraced one
// Inputs within 1e-3 of touching are left out of the hull sets: there each solver's own
// tolerance may decide (Bullet's margin-free GJK stops at 1e-4 of the shapes' size). The
// verdicts are checked equal on every input (SATLAB_BENCH_CHECK=1, a ctest). GJK's
// iteration counts on these inputs are printed before the timings.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include <BulletCollision/CollisionShapes/btConvexHullShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>

#include "bench_common.hpp"
#include "core/core_calls.hpp"
#include "satlab/collide.hpp"

namespace satlab::bench {
namespace {

constexpr int kHullPoints = 12;

ConvexHull randHull(float spread) {
  ConvexHull h;
  const glm::vec3 c = rng().vec3(-spread, spread);
  for (int i = 0; i < kHullPoints; ++i) h.points.push_back(c + rng().direction() * rng().uniform(0.6f, 1.0f));
  return h;
}

// ---- A textbook boolean GJK --------------------------------------------------------------

glm::vec3 plainSupport(const ConvexHull& a, const ConvexHull& b, const glm::vec3& d) {
  const auto far = [](const ConvexHull& h, const glm::vec3& dir) {
    glm::vec3 best = h.points[0];
    float bestDot = glm::dot(best, dir);
    for (const glm::vec3& p : h.points) {
      const float dot = glm::dot(p, dir);
      if (dot > bestDot) bestDot = dot, best = p;
    }
    return best;
  };
  return far(a, d) - far(b, -d);
}

bool sameDirection(const glm::vec3& a, const glm::vec3& b) { return glm::dot(a, b) > 0.0f; }

/// The simplex's case analysis: reduce it to the feature nearest the origin and aim d at the
/// origin from there; true when a tetrahedron holds the origin.
bool plainDoSimplex(glm::vec3* s, int& n, glm::vec3& d) {
  const glm::vec3 a = s[n - 1], ao = -a;
  if (n == 2) {
    const glm::vec3 ab = s[0] - a;
    if (sameDirection(ab, ao)) {
      d = glm::cross(glm::cross(ab, ao), ab);
      if (glm::dot(d, d) < 1e-20f) return true;  // the origin on the segment
    } else {
      s[0] = a, n = 1, d = ao;
    }
    return false;
  }
  if (n == 3) {
    const glm::vec3 b = s[1], c = s[0], ab = b - a, ac = c - a, abc = glm::cross(ab, ac);
    if (sameDirection(glm::cross(abc, ac), ao)) {
      if (sameDirection(ac, ao)) {
        s[0] = c, s[1] = a, n = 2, d = glm::cross(glm::cross(ac, ao), ac);
      } else {
        s[0] = b, s[1] = a, n = 2;
        return plainDoSimplex(s, n, d);
      }
    } else if (sameDirection(glm::cross(ab, abc), ao)) {
      s[0] = b, s[1] = a, n = 2;
      return plainDoSimplex(s, n, d);
    } else if (sameDirection(abc, ao)) {
      d = abc;
    } else {
      s[0] = b, s[1] = c, s[2] = a, d = -abc;
    }
    return false;
  }
  // A tetrahedron a (newest), b, c, d: the origin beyond one of the three faces at a.
  const glm::vec3 b = s[2], c = s[1], e = s[0];
  const glm::vec3 ab = b - a, ac = c - a, ae = e - a;
  const glm::vec3 abc = glm::cross(ab, ac), ace = glm::cross(ac, ae), aeb = glm::cross(ae, ab);
  if (sameDirection(abc, ao)) {
    s[0] = c, s[1] = b, s[2] = a, n = 3;
    return plainDoSimplex(s, n, d);
  }
  if (sameDirection(ace, ao)) {
    s[0] = e, s[1] = c, s[2] = a, n = 3;
    return plainDoSimplex(s, n, d);
  }
  if (sameDirection(aeb, ao)) {
    s[0] = b, s[1] = e, s[2] = a, n = 3;
    return plainDoSimplex(s, n, d);
  }
  return true;
}

SATLAB_BENCH_NOINLINE bool plainGjk(const ConvexHull& a, const ConvexHull& b) {
  glm::vec3 s[4];
  int n = 1;
  s[0] = plainSupport(a, b, glm::vec3(1, 0, 0));
  glm::vec3 d = -s[0];
  for (int it = 0; it < 64; ++it) {
    if (glm::dot(d, d) < 1e-20f) return true;
    const glm::vec3 w = plainSupport(a, b, d);
    if (glm::dot(w, d) < 0.0f) return false;  // w does not pass the origin: a separating plane
    s[n++] = w;
    if (plainDoSimplex(s, n, d)) return true;
  }
  return true;  // out of iterations: at touching
}

// ---- Bullet ---------------------------------------------------------------------------------

/// A hull with its Bullet shape built once (no margin: the hull is its points).
struct BulletHull {
  ConvexHull hull;
  std::shared_ptr<btConvexHullShape> shape;
};

BulletHull withBullet(ConvexHull h) {
  BulletHull out;
  out.shape = std::make_shared<btConvexHullShape>();
  for (const glm::vec3& p : h.points) out.shape->addPoint(btVector3(p.x, p.y, p.z), false);
  out.shape->recalcLocalAabb();
  out.shape->setMargin(0.0f);
  out.hull = std::move(h);
  return out;
}

struct BulletResult {
  bool overlap = false;
  float measure = 0.0f;  // the distance, or the depth
};

SATLAB_BENCH_NOINLINE BulletResult bulletContact(const BulletHull& a, const BulletHull& b) {
  btTransform id;
  id.setIdentity();
  btGjkEpaSolver2::sResults r;
  BulletResult out;
  if (btGjkEpaSolver2::Distance(a.shape.get(), id, b.shape.get(), id, btVector3(1, 0, 0), r)) {
    out.measure = static_cast<float>(r.distance);
    return out;
  }
  out.overlap = true;
  if (btGjkEpaSolver2::Penetration(a.shape.get(), id, b.shape.get(), id, btVector3(1, 0, 0), r)) {
    out.measure = static_cast<float>(-r.distance);
  }
  return out;
}

/// A hull pair not within 1e-3 of touching.
std::pair<BulletHull, BulletHull> clearHullPair() {
  for (;;) {
    ConvexHull a = randHull(1.4f), b = randHull(1.4f);
    const ConvexResult r = hullHull(a, b);
    if (std::max(r.distance, r.depth) > 1e-3f) return {withBullet(std::move(a)), withBullet(std::move(b))};
  }
}

void printIterations(const PairSet<BulletHull, BulletHull>& set, const char* name) {
  long iterations = 0, expansions = 0;
  int most = 0;
  for (std::size_t i = 0; i < set.a.size(); ++i) {
    const ConvexResult r = hullHull(set.a[i].hull, set.b[i].hull);
    iterations += r.iterations, expansions += r.expansions;
    most = std::max(most, r.iterations);
  }
  const double n = static_cast<double>(set.a.size());
  std::printf("hull-hull %s: GJK %.2f iterations a pair (at most %d), EPA %.2f expansions a pair\n", name,
              static_cast<double>(iterations) / n, most, static_cast<double>(expansions) / n);
}

}  // namespace
}  // namespace satlab::bench

int main(int argc, char** argv) {
  using namespace satlab;
  using namespace satlab::bench;
  benchmark::Initialize(&argc, argv);
  static const auto hulls = makeSets<BulletHull, BulletHull>(
      [] { return clearHullPair(); },
      [](const BulletHull& a, const BulletHull& b) { return hullHull(a.hull, b.hull).overlap; });
  static const auto hullOnly = [] {
    std::pair<PairSet<ConvexHull, ConvexHull>, PairSet<ConvexHull, ConvexHull>> out;
    for (std::size_t i = 0; i < hulls.first.a.size(); ++i) {
      out.first.a.push_back(hulls.first.a[i].hull), out.first.b.push_back(hulls.first.b[i].hull);
    }
    for (std::size_t i = 0; i < hulls.second.a.size(); ++i) {
      out.second.a.push_back(hulls.second.a[i].hull), out.second.b.push_back(hulls.second.b[i].hull);
    }
    return out;
  }();
  static const auto boxes = makeSets<Obb, Obb>([] { return std::make_pair(randObb(2.0f), randObb(2.0f)); },
                                               [](const Obb& a, const Obb& b) { return richObbObb(a, b).overlap; });
  printIterations(hulls.first, "separated");
  printIterations(hulls.second, "overlapping");
#define SATLAB_FN(f) [](const auto& a, const auto& b) { return f(a, b); }
  addPaired("hull-hull", hullOnly, "plain", SATLAB_FN(plainGjk), "rich", SATLAB_FN(richHullHull));
  addPaired("hull-hull", hulls, "bullet", SATLAB_FN(bulletContact), "rich",
            [](const BulletHull& a, const BulletHull& b) { return richHullHull(a.hull, b.hull); });
  addPaired("hull-hull", hullOnly, "rich", SATLAB_FN(richHullHull), "traced", SATLAB_FN(tracedHullHull));
  // Boxes touching within SAT's epsilon may be called overlapping by SAT alone.
  addPaired("obb-obb", boxes, "sat", SATLAB_FN(richObbObb), "gjk", SATLAB_FN(richObbObbGjk), true);
#undef SATLAB_FN
  return runMain();
}
