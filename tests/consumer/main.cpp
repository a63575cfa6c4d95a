// A program outside satlab that uses only its collision core: two pairs of boxes, each
// once overlapping and once apart, through overlaps() and satObbObb(). Exit code 0 when
// every answer is right, 1 (with the wrong ones listed) otherwise.
#include <satlab/collide.hpp>

#include <cmath>
#include <cstdio>

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("wrong: %s\n", what);
    ++failures;
  }
}

bool near(float a, float b) { return std::fabs(a - b) < 1e-4f; }

/// A unit-half-extent cube at (x, 0, 0), turned 45 degrees about Z: it reaches sqrt(2)
/// along X.
satlab::Obb turnedCube(float x) {
  const float c = std::sqrt(0.5f);
  satlab::Obb b;
  b.center = glm::vec3(x, 0.0f, 0.0f);
  b.axes = glm::mat3(glm::vec3(c, c, 0.0f), glm::vec3(-c, c, 0.0f), glm::vec3(0.0f, 0.0f, 1.0f));
  b.half = glm::vec3(1.0f);
  return b;
}

}  // namespace

int main() {
  // Two AABBs of half extent 1: centres 1.5 apart overlap, 3 apart leave a gap of 1.
  const satlab::Aabb a{glm::vec3(0.0f), glm::vec3(1.0f)};
  check(satlab::overlaps(a, satlab::Aabb{glm::vec3(1.5f, 0.0f, 0.0f), glm::vec3(1.0f)}), "AABBs 1.5 apart overlap");
  check(!satlab::overlaps(a, satlab::Aabb{glm::vec3(3.0f, 0.0f, 0.0f), glm::vec3(1.0f)}),
        "AABBs 3 apart are separated");

  // The axis-aligned cube against the turned one: together they reach 1 + sqrt(2) along X.
  satlab::Obb cube;
  cube.half = glm::vec3(1.0f);
  const float reach = 1.0f + std::sqrt(2.0f);

  const satlab::Obb close = turnedCube(2.3f);
  check(satlab::overlaps(cube, close), "OBBs 2.3 apart overlap");
  const satlab::SatResult in = satlab::satObbObb(cube, close);
  check(in.overlap, "satObbObb: OBBs 2.3 apart overlap");
  // Least penetration on A0 (world X): 1 + sqrt(2) - 2.3, pushing B along +X.
  check(near(in.depth, reach - 2.3f), "satObbObb: depth 1 + sqrt(2) - 2.3");
  check(near(in.penetrationAxis.x, 1.0f) && near(in.penetrationAxis.y, 0.0f) && near(in.penetrationAxis.z, 0.0f),
        "satObbObb: penetration axis +X");

  const satlab::Obb far = turnedCube(2.6f);
  check(!satlab::overlaps(cube, far), "OBBs 2.6 apart are separated");
  const satlab::SatResult out = satlab::satObbObb(cube, far);
  check(!out.overlap, "satObbObb: OBBs 2.6 apart are separated");
  check(near(out.separatingAxis.x, 1.0f) && near(out.separatingAxis.y, 0.0f) && near(out.separatingAxis.z, 0.0f),
        "satObbObb: separating axis +X (A0)");
  check(out.depth == 0.0f, "satObbObb: no depth when separated");

  if (failures == 0) std::printf("satlab consumer: all answers right\n");
  return failures == 0 ? 0 : 1;
}
