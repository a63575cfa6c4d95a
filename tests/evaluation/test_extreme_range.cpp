// The loader's range contract, checked against the collision core: every pair type, in
// both views, at the extremes the loader accepts (sizes and coordinates of 1e9, sizes of
// 1e-9, both in one pair, tiny shapes far from the origin). No field of a PairResult may
// be NaN or infinite, and where the true answer is clear beyond the tests' resolution
// (1e-6 * (1 + the largest coordinate)) the verdict must be right.
#include "document/scene_load.hpp"
#include "evaluation/pair_eval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include <gtest/gtest.h>

namespace satlab {
namespace {

const char* const kTypes[] = {"aabb", "obb", "sphere", "segment"};

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string vec(const glm::dvec3& v, bool flat) {
  return "[" + num(v.x) + ", " + num(v.y) + (flat ? "" : ", " + num(v.z)) + "]";
}

// A shape of `type`, size `s`, whose centre (a segment's midpoint) is `c`. Every such
// shape contains its centre and lies within 1.8 s of it.
std::string shapeJson(const std::string& name, const std::string& type, const glm::dvec3& c, double s, bool flat) {
  std::string out = R"({"name": ")" + name + R"(", "type": ")" + type + R"(", )";
  const glm::dvec3 half = flat ? glm::dvec3(s, s, 0.0) : glm::dvec3(s);
  if (type == "aabb") {
    out += R"("center": )" + vec(c, flat) + R"(, "half_extents": )" + vec(half, flat);
  } else if (type == "obb") {
    out += R"("center": )" + vec(c, flat) + R"(, "half_extents": )" + vec(half, flat) +
           (flat ? R"(, "angle_deg": 30)" : R"(, "euler_deg": [30, 40, 50])");
  } else if (type == "sphere") {
    out += R"("center": )" + vec(c, flat) + R"(, "radius": )" + num(s);
  } else {
    glm::dvec3 d = s * (flat ? glm::dvec3(0.8, 0.6, 0.0) : glm::dvec3(0.8, 0.48, 0.36));
    // End points are coordinates too: shortened to stay within 1e9 (a point at the limit).
    const double room = kMaxSceneCoordinate - std::max({std::abs(c.x), std::abs(c.y), std::abs(c.z)});
    d *= std::min(1.0, std::max(room, 0.0) / std::max({d.x, d.y, d.z}));
    out += R"("p0": )" + vec(c - d, flat) + R"(, "p1": )" + vec(c + d, flat);
  }
  return out + "}";
}

struct Case {
  const char* what;
  double sizeA, sizeB;
  glm::dvec3 base;  // the midpoint of the two centres
  double apart;     // distance between the centres; 0 = the same centre (a clear overlap)
};

// `apart` leaves a gap of at least apart - 1.8 (sizeA + sizeB), far above the resolution.
const Case kCases[] = {
    {"1e9 sizes, same centre", 1e9, 1e9, {0, 0, 0}, 0},
    {"1e9 sizes at 1e9", 1e9, 1e9, {1e9, -1e9, 1e9}, 0},
    {"2e8 sizes 1.6e9 apart", 2e8, 2e8, {0, 0, 0}, 1.6e9},
    {"1e-9 sizes, same centre", 1e-9, 1e-9, {0, 0, 0}, 0},
    {"1e-9 sizes 1e-5 apart", 1e-9, 1e-9, {0, 0, 0}, 1e-5},
    {"1e-9 sizes at 1e9", 1e-9, 1e-9, {1e9 - 1e4, 1e9 - 1e4, -1e9 + 1e4}, 0},
    {"1e-9 sizes at 1e9, 1e4 apart", 1e-9, 1e-9, {1e9 - 1e4, 1e9 - 1e4, -1e9 + 1e4}, 1e4},
    {"1e9 and 1e-9, same centre", 1e9, 1e-9, {0, 0, 0}, 0},
    {"1e-9 and 1e9, same centre", 1e-9, 1e9, {0, 0, 0}, 0},
    {"1e9 and 1e-9 at 5e8", 1e9, 1e-9, {5e8, 5e8, 5e8}, 0},
    {"2e8 and 1e-9, 1.6e9 apart", 2e8, 1e-9, {0, 0, 0}, 1.6e9},
    {"1e-9 and 2e8, 1.6e9 apart", 1e-9, 2e8, {0, 0, 0}, 1.6e9},
    {"1e-9 at 1e9, 1e4 beyond a 1e9 box or sphere", 1e-9, 1e9, {0, 0, 0}, -1.0},  // see below
};

bool finite(float v) { return std::isfinite(v); }
bool finite(const glm::vec3& v) { return finite(v.x) && finite(v.y) && finite(v.z); }

// Every number of the result is finite; unit axes are unit (or zero where none applies).
void expectFinite(const PairResult& r, const std::string& where) {
  if (r.separatingAxis) {
    EXPECT_TRUE(finite(r.separatingAxis->axis)) << where;
  }
  if (r.penetration) {
    EXPECT_TRUE(finite(r.penetration->axis)) << where;
    EXPECT_TRUE(finite(r.penetration->depth) && r.penetration->depth >= 0.0f)
        << where << " depth " << r.penetration->depth;
  }
  if (r.tEnter) {
    EXPECT_TRUE(finite(*r.tEnter) && *r.tEnter >= 0.0f && *r.tEnter <= 1.0f) << where << " tEnter " << *r.tEnter;
  }
  if (r.tExit) {
    EXPECT_TRUE(finite(*r.tExit) && *r.tExit >= 0.0f && *r.tExit <= 1.0f) << where << " tExit " << *r.tExit;
  }
  if (r.tEnter && r.tExit) {
    EXPECT_LE(*r.tEnter, *r.tExit) << where;
  }
  if (r.distance) {
    EXPECT_TRUE(finite(*r.distance) && *r.distance >= 0.0f) << where << " distance " << *r.distance;
  }
  if (r.closestPoint) {
    EXPECT_TRUE(finite(*r.closestPoint)) << where;
  }
  if (r.closestOnA) {
    EXPECT_TRUE(finite(*r.closestOnA)) << where;
  }
  if (r.closestOnB) {
    EXPECT_TRUE(finite(*r.closestOnB)) << where;
  }
}

class ExtremeRange : public ::testing::TestWithParam<bool> {};  // the parameter: a 2D scene

TEST_P(ExtremeRange, EveryPairTypeGivesFiniteNumbersAndClearVerdicts) {
  const bool flat = GetParam();
  const glm::dvec3 dir = flat ? glm::dvec3(0.8, 0.6, 0.0) : glm::dvec3(2.0, 3.0, 6.0) / 7.0;
  int checked = 0;
  for (const Case& c : kCases) {
    for (const char* ta : kTypes) {
      for (const char* tb : kTypes) {
        glm::dvec3 base = c.base;
        if (flat) base.z = 0.0;
        glm::dvec3 ca = base - dir * (c.apart / 2.0), cb = base + dir * (c.apart / 2.0);
        bool clearlySeparated = c.apart > 0.0;
        // Sharing a centre is a clear overlap when the larger shape is solid (the smaller one
        // lies deep inside it). A segment is not: where it passes through a shape smaller than
        // the resolution at its own scale (1e-9 against 1e-6 * (1 + 1e9)), the overlap is
        // below what the tests resolve, and either verdict is within the contract.
        const char* larger = c.sizeA >= c.sizeB ? ta : tb;
        const bool clearlyOverlapping =
            c.apart == 0.0 && !(std::string(larger) == "segment" &&
                                std::min(c.sizeA, c.sizeB) < 1e-6 * (1.0 + std::max(c.sizeA, c.sizeB)));
        if (c.apart < 0.0) {
          // A tiny shape at x = 1e9, 1e4 beyond the face of a huge box or sphere: ten times
          // the resolution there (1e-6 * (1 + 1e9), about 1e3).
          if (std::string(tb) != "sphere" && std::string(tb) != "aabb") continue;
          ca = glm::dvec3(kMaxSceneCoordinate, 0.0, 0.0);
          cb = glm::dvec3(kMaxSceneCoordinate - c.sizeB - 1e4, 0.0, 0.0);
          clearlySeparated = true;
        }
        const std::string text = std::string(R"({"version": 1, "view": ")") + (flat ? "2d" : "3d") +
                                 R"(", "shapes": [)" + shapeJson("A", ta, ca, c.sizeA, flat) + ", " +
                                 shapeJson("B", tb, cb, c.sizeB, flat) + "]}";
        const SceneLoadResult loaded = parseScene(text, "extreme.json");
        ASSERT_TRUE(loaded.ok()) << loaded.error->text() << "\n" << text;
        const std::string where = std::string(c.what) + ": " + ta + " / " + tb + (flat ? " (2d)" : " (3d)");
        const PairResult r = evaluatePair(loaded.scene, 0, 1);
        expectFinite(r, where + " [" + std::string(r.code) + "]");
        if (clearlySeparated) {
          EXPECT_FALSE(r.overlap) << where << " [" << r.code << "]";
          if (r.distance) {
            EXPECT_GT(*r.distance, 0.0f) << where << " [" << r.code << "]";
          }
        } else if (clearlyOverlapping) {
          EXPECT_TRUE(r.overlap) << where << " [" << r.code << "]";
        }
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 12 * 16 + 2 * 4);
}

// The longest segments the range allows (corner to corner, 3.5e9 long) against each
// other and against the largest boxes and spheres: crossing, parallel 1e5 apart (a
// hundred times the resolution there), and a ball far from all three lines.
TEST(ExtremeRangeCorners, LongestSegmentsGiveFiniteNumbersAndClearVerdicts) {
  const std::string shapes[] = {
      R"({"name": "d1", "type": "segment", "p0": [-1e9, -1e9, -1e9], "p1": [1e9, 1e9, 1e9]})",
      R"({"name": "d2", "type": "segment", "p0": [-1e9, 1e9, -1e9], "p1": [1e9, -1e9, 1e9]})",
      R"({"name": "d3", "type": "segment", "p0": [-1e9, -999900000, -1e9], "p1": [999900000, 1e9, 1e9]})",
      R"({"name": "box", "type": "aabb", "center": [0, 0, 0], "half_extents": [1e9, 1e9, 1e9]})",
      R"({"name": "obb", "type": "obb", "center": [0, 0, 0], "half_extents": [1e9, 1e9, 1e9], "euler_deg": [30, 40, 50]})",
      R"({"name": "ball", "type": "sphere", "center": [0, 0, 0], "radius": 1e9})",
      // 1.63e9 from each line, 1.73e9 from the origin: it meets only the box, at its corner.
      R"({"name": "far", "type": "sphere", "center": [1e9, 1e9, -1e9], "radius": 1e8})"};
  // The clear verdicts; a pair not listed overlaps.
  const std::pair<const char*, const char*> separated[] = {{"d1", "d3"},  {"d2", "d3"},  {"d1", "far"},
                                                           {"d2", "far"}, {"d3", "far"}, {"ball", "far"}};
  std::string text = R"({"version": 1, "shapes": [)";
  for (std::size_t i = 0; i < std::size(shapes); ++i) text += (i ? ", " : "") + shapes[i];
  text += "]}";
  const SceneLoadResult loaded = parseScene(text, "corners.json");
  ASSERT_TRUE(loaded.ok()) << loaded.error->text();
  const Scene& scene = loaded.scene;
  for (std::size_t a = 0; a < scene.shapes.size(); ++a) {
    for (std::size_t b = a + 1; b < scene.shapes.size(); ++b) {
      const PairResult r = evaluatePair(scene, a, b);
      const std::string& na = scene.shapes[a].name;
      const std::string& nb = scene.shapes[b].name;
      expectFinite(r, na + " / " + nb + " [" + std::string(r.code) + "]");
      if (na == "obb" && nb == "far") continue;  // the rotated box's corner: not clear either way
      bool apart = false;
      for (const auto& [x, y] : separated) apart = apart || (na == x && nb == y);
      EXPECT_EQ(r.overlap, !apart) << na << " / " << nb << " [" << r.code << "]";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Views, ExtremeRange, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "2d" : "3d"; });

}  // namespace
}  // namespace satlab
