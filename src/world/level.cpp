#include "world/level.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "base/progress.hpp"
#include "document/rotation.hpp"
#include "document/scene_load.hpp"

namespace satlab {

namespace {

constexpr std::size_t kFixedShapes = 5;  // the floor and four walls
constexpr float kWallHalfHeight = 2.0f;
constexpr float kWallHalfThickness = 0.5f;
constexpr double kPi = 3.14159265358979323846;

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// 2014): a 64-bit state stepped by a constant and mixed; the same numbers everywhere.
class LevelRandom {
 public:
  explicit LevelRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1), 53 bits.
  double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
  float range(double lo, double hi) { return static_cast<float>(lo + (hi - lo) * unit()); }
  bool chance(double p) { return unit() < p; }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(unit() * static_cast<double>(n)); }

 private:
  std::uint64_t state_;
};

/// Coordinates to the hundredth, so that a level file is short and reads well.
float hundredth(double v) { return static_cast<float>(std::round(v * 100.0) / 100.0); }
glm::vec3 hundredths(const glm::vec3& v) { return {hundredth(v.x), hundredth(v.y), hundredth(v.z)}; }

std::string numbered(const char* stem, std::size_t i, int digits) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%s_%0*zu", stem, digits, i);
  return buf;
}

SceneShape coloured(std::string name, ShapeGeometry geometry, const glm::vec4& color) {
  SceneShape s;
  s.name = std::move(name);
  s.geometry = std::move(geometry);
  s.color = color;
  return s;
}

/// A grey of the given lightness with a slight tint, varied per shape so neighbours differ.
glm::vec4 staticColor(LevelRandom& rnd, const glm::vec3& tint) {
  const float l = rnd.range(0.42, 0.62);
  return glm::vec4(hundredths(glm::clamp(tint * l, glm::vec3(0.0f), glm::vec3(1.0f))), 1.0f);
}

void addStatics(const LevelOptions& o, float half, LevelRandom& rnd, Scene& scene) {
  const float reach = half - 3.5f;  // statics keep off the walls, so movers pass along them
  for (std::size_t i = 0; i < o.statics; ++i) {
    if (i % 1024 == 0) progressAt(scene.shapes.size());
    const std::string name = numbered("static", i, 5);
    const glm::vec2 at(rnd.range(-reach, reach), rnd.range(-reach, reach));
    if (rnd.chance(o.sphereShare)) {
      const float r = hundredth(rnd.range(0.4, 1.8));
      scene.shapes.push_back(
          coloured(name, Sphere{hundredths(glm::vec3(at, r)), r}, staticColor(rnd, glm::vec3(0.9f, 1.1f, 0.95f))));
      continue;
    }
    const glm::vec3 h = hundredths(glm::vec3(rnd.range(0.4, 3.0), rnd.range(0.4, 3.0), rnd.range(0.3, 2.5)));
    if (!rnd.chance(o.rotatedShare)) {
      scene.shapes.push_back(
          coloured(name, Aabb{hundredths(glm::vec3(at, h.z)), h}, staticColor(rnd, glm::vec3(1.05f, 1.0f, 0.92f))));
      continue;
    }
    // Turned about Z (a box an artist rotated on the floor); one in four also tilted like a ramp.
    glm::vec3 euler(0.0f, 0.0f, std::round(rnd.range(-180.0, 180.0)));
    if (rnd.chance(0.25)) euler.x = std::round(rnd.range(-25.0, 25.0));
    Obb box{hundredths(glm::vec3(at, h.z)), eulerDegToMatrix(euler), h};
    SceneShape s = coloured(name, box, staticColor(rnd, glm::vec3(0.9f, 0.97f, 1.12f)));
    s.rotation.form = RotationForm::EulerDeg;
    s.rotation.eulerDeg = euler;
    scene.shapes.push_back(std::move(s));
  }
}

/// A closed path of offsets starting and ending at 0: a rectangle, a shuttle or a circle,
/// travelled at `speed`, at most `extent` from its start along X and Y.
std::vector<PathKey> loopPath(LevelRandom& rnd, float extent, double speed) {
  std::vector<glm::vec2> points{glm::vec2(0.0f)};
  const int kind = static_cast<int>(rnd.below(3));
  const float sx = rnd.chance(0.5) ? 1.0f : -1.0f, sy = rnd.chance(0.5) ? 1.0f : -1.0f;
  if (kind == 0) {  // a rectangle
    const float w = sx * rnd.range(0.3, 1.0) * extent, h = sy * rnd.range(0.3, 1.0) * extent;
    points.insert(points.end(), {{w, 0.0f}, {w, h}, {0.0f, h}});
  } else if (kind == 1) {  // a shuttle along a random direction
    const double a = rnd.range(0.0, 2.0 * kPi);
    const float len = rnd.range(0.4, 1.0) * extent;
    points.push_back(len * glm::vec2(static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))));
  } else {  // a circle through the start, twelve keys
    const float r = rnd.range(0.2, 0.5) * extent;
    const double start = rnd.range(0.0, 2.0 * kPi);
    const glm::vec2 c = -r * glm::vec2(static_cast<float>(std::cos(start)), static_cast<float>(std::sin(start)));
    for (int k = 1; k < 12; ++k) {
      const double a = start + sx * 2.0 * kPi * k / 12.0;
      points.push_back(c + r * glm::vec2(static_cast<float>(std::cos(a)), static_cast<float>(std::sin(a))));
    }
  }
  points.push_back(glm::vec2(0.0f));
  std::vector<PathKey> keys;
  double t = 0.0;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const glm::vec2 p(hundredth(points[k].x), hundredth(points[k].y));
    if (k > 0) {
      const double leg = glm::length(glm::dvec2(p) - glm::dvec2(keys.back().position));
      t = std::round((t + std::max(leg / speed, 0.05)) * 100.0) / 100.0;
    }
    keys.push_back(PathKey{t, glm::vec3(p, 0.0f)});
  }
  return keys;
}

void addMovers(const LevelOptions& o, float half, LevelRandom& rnd, Scene& scene) {
  const float inside = half - 1.5f;  // a mover's centre and path stay this far from the centre line of the walls
  for (std::size_t i = 0; i < o.movers; ++i) {
    if (i % 1024 == 0) progressAt(scene.shapes.size());
    const std::string name = numbered("mover", i, 4);
    const glm::vec4 color = paletteColor(i);
    Motion m;
    const float extent = std::min(inside, rnd.range(4.0, 30.0));
    m.path = loopPath(rnd, extent, rnd.range(1.0, 6.0));
    // Place the start so that every key stays inside the walls.
    glm::vec2 lo(0.0f), hi(0.0f);
    for (const PathKey& k : m.path) {
      lo = glm::min(lo, glm::vec2(k.position));
      hi = glm::max(hi, glm::vec2(k.position));
    }
    const glm::vec2 start(rnd.range(-inside - lo.x, inside - hi.x), rnd.range(-inside - lo.y, inside - hi.y));
    const bool flying = rnd.chance(0.2);
    const double lift = flying ? rnd.range(2.0, 6.0) : 0.0;
    const int kind = static_cast<int>(rnd.below(5));  // 2 in 5 spheres, 2 in 5 OBBs, 1 in 5 AABBs
    if (kind < 2) {
      const float r = hundredth(rnd.range(0.4, 1.2));
      scene.shapes.push_back(coloured(name, Sphere{hundredths(glm::vec3(start, r + lift)), r}, color));
    } else if (kind < 4) {
      const glm::vec3 h = hundredths(glm::vec3(rnd.range(0.3, 1.5), rnd.range(0.3, 1.5), rnd.range(0.3, 1.2)));
      const bool upright = rnd.chance(0.7);
      const float w = hundredth(rnd.range(0.3, 2.5) * (rnd.chance(0.5) ? 1.0 : -1.0));
      if (upright) {
        m.angularVelocity = {0.0f, 0.0f, w};
      } else {  // tumbling about a random axis, high enough not to dip into the floor
        const glm::vec3 axis = glm::normalize(glm::vec3(rnd.range(-1, 1), rnd.range(-1, 1), rnd.range(0.1, 1)));
        m.angularVelocity = hundredths(axis * w);
      }
      const float z = upright ? h.z : glm::length(h);
      scene.shapes.push_back(coloured(name, Obb{hundredths(glm::vec3(start, z + lift)), glm::mat3(1.0f), h}, color));
    } else {
      const glm::vec3 h = hundredths(glm::vec3(rnd.range(0.3, 1.5), rnd.range(0.3, 1.5), rnd.range(0.3, 1.2)));
      scene.shapes.push_back(coloured(name, Aabb{hundredths(glm::vec3(start, h.z + lift)), h}, color));
    }
    scene.shapes.back().motion = std::move(m);
  }
}

}  // namespace

std::optional<std::string> levelOptionsProblem(const LevelOptions& o) {
  const std::size_t room = kMaxSceneShapes - kFixedShapes;
  if (o.statics > room || o.movers > room - o.statics) {
    // The sum as a number, or as the two counts where it would wrap.
    const std::string sum = o.movers <= std::numeric_limits<std::size_t>::max() - o.statics
                                ? std::to_string(o.statics + o.movers)
                                : std::to_string(o.statics) + " + " + std::to_string(o.movers);
    return "statics + movers is " + sum + "; a scene holds at most " + std::to_string(room) +
           " besides the floor and the walls";
  }
  if (!(o.rotatedShare >= 0.0f && o.rotatedShare <= 1.0f)) return std::string("the rotated share must be in [0, 1]");
  if (!(o.sphereShare >= 0.0f && o.sphereShare <= 1.0f)) return std::string("the sphere share must be in [0, 1]");
  if (!(o.halfSize == 0.0f || (o.halfSize >= 10.0f && o.halfSize <= kMaxLevelHalfSize))) {
    return std::string("the half size must be 0 (chosen from the counts) or in [10, 1e6]");
  }
  return std::nullopt;
}

float levelHalfSize(const LevelOptions& o) {
  if (o.halfSize > 0.0f) return std::clamp(o.halfSize, 10.0f, kMaxLevelHalfSize);
  const double n = static_cast<double>(o.statics);  // not the movers: more of them keep the statics in place
  return std::max(20.0f, hundredth(2.5 * std::sqrt(n)));
}

Scene generateLevel(const LevelOptions& given) {
  LevelOptions o = given;
  const std::size_t room = kMaxSceneShapes - kFixedShapes;
  o.statics = std::min(o.statics, room);
  o.movers = std::min(o.movers, room - o.statics);
  o.rotatedShare = std::isfinite(o.rotatedShare) ? std::clamp(o.rotatedShare, 0.0f, 1.0f) : 0.0f;
  o.sphereShare = std::isfinite(o.sphereShare) ? std::clamp(o.sphereShare, 0.0f, 1.0f) : 0.0f;
  if (!(o.halfSize >= 0.0f)) o.halfSize = 0.0f;
  const float half = levelHalfSize(o);

  Scene scene;
  char title[160];
  std::snprintf(title, sizeof title, "Level: seed %u, %zu statics, %zu movers", static_cast<unsigned>(o.seed),
                o.statics, o.movers);
  scene.title = title;
  char notes[480];
  std::snprintf(notes, sizeof notes,
                "A generated level (src/world/level.hpp): a floor %g units wide, four walls, %zu static colliders "
                "(%g%% of the boxes turned, so OBBs; %g%% spheres) and %zu movers on looping paths. Press P to play, "
                "O to step. The same level again: satlab level --seed %u --statics %zu --movers %zu",
                static_cast<double>(2.0f * half), o.statics, std::round(100.0 * o.rotatedShare),
                std::round(100.0 * o.sphereShare), o.movers, static_cast<unsigned>(o.seed), o.statics, o.movers);
  scene.notes = notes;
  scene.shapes.reserve(kFixedShapes + o.statics + o.movers);
  progressStage("Generating the level", "", kFixedShapes + o.statics + o.movers, ProgressUnit::Shapes);

  const glm::vec4 floorColor(0.3f, 0.32f, 0.35f, 1.0f), wallColor(0.5f, 0.53f, 0.58f, 1.0f);
  const float edge = half + kWallHalfThickness;
  // The floor's top face 0.02 below z = 0, and the side walls 0.02 short of the others: what
  // stands on the floor or meets a corner is near it, not touching, so the floor is not one
  // of thousands of touching pairs.
  scene.shapes.push_back(
      coloured("floor", Aabb{glm::vec3(0.0f, 0.0f, -0.52f), glm::vec3(edge, edge, 0.5f)}, floorColor));
  const float wz = kWallHalfHeight, t = kWallHalfThickness;
  scene.shapes.push_back(
      coloured("wall_n", Aabb{glm::vec3(0.0f, edge, wz), glm::vec3(half + 2.0f * t, t, wz)}, wallColor));
  scene.shapes.push_back(
      coloured("wall_e", Aabb{glm::vec3(edge, 0.0f, wz), glm::vec3(t, half - 0.02f, wz)}, wallColor));
  scene.shapes.push_back(
      coloured("wall_s", Aabb{glm::vec3(0.0f, -edge, wz), glm::vec3(half + 2.0f * t, t, wz)}, wallColor));
  scene.shapes.push_back(
      coloured("wall_w", Aabb{glm::vec3(-edge, 0.0f, wz), glm::vec3(t, half - 0.02f, wz)}, wallColor));

  // Statics and movers draw from streams of their own, so that changing the number of
  // movers leaves the statics where they were (and the other way round).
  LevelRandom statics(0x5a71ab00ull ^ (static_cast<std::uint64_t>(o.seed) << 32));
  LevelRandom movers(0x6d0fe500ull ^ (static_cast<std::uint64_t>(o.seed) << 32));
  addStatics(o, half, statics, scene);
  addMovers(o, half, movers, scene);
  return scene;
}

}  // namespace satlab
