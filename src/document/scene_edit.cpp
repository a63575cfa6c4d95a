#include "document/scene_edit.hpp"

#include "satlab/collide/builders.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace satlab {

namespace {

std::string_view stripNumberSuffix(std::string_view name) {
  const size_t us = name.rfind('_');
  if (us == std::string_view::npos || us + 1 >= name.size() || us == 0) return name;
  for (size_t i = us + 1; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i]))) return name;
  }
  return name.substr(0, us);
}

// The first `bytes` bytes of `text`, shortened further so as not to end inside a UTF-8
// sequence.
std::string_view utf8Prefix(std::string_view text, size_t bytes) {
  if (text.size() <= bytes) return text;
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xc0) == 0x80) --bytes;
  return text.substr(0, bytes);
}

}  // namespace

ShapeNamer::ShapeNamer(const Scene& scene) {
  taken_.reserve(scene.shapes.size() * 2);
  for (const SceneShape& s : scene.shapes) taken_.insert(s.name);
}

std::string ShapeNamer::take(std::string_view base) {
  if (base.empty()) base = "shape";
  ++lookups_;
  if (taken_.insert(std::string(base)).second) return std::string(base);
  const std::string stem(stripNumberSuffix(base));
  size_t& n = next_.try_emplace(stem, 2).first->second;
  for (;; ++n) {
    const std::string suffix = "_" + std::to_string(n);
    std::string candidate = std::string(utf8Prefix(stem, kMaxShapeNameBytes - suffix.size())) + suffix;
    ++lookups_;
    if (taken_.insert(candidate).second) {
      ++n;
      return candidate;
    }
  }
}

namespace {

std::string_view baseNameFor(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::Aabb: return "box";
    case ShapeKind::Obb: return "obb";
    case ShapeKind::Sphere: return "sphere";
    case ShapeKind::Segment: return "segment";
    case ShapeKind::Triangle: return "triangle";
    case ShapeKind::Mesh: return "mesh";
    case ShapeKind::Capsule: return "capsule";
    case ShapeKind::Hull: return "hull";
  }
  return "shape";
}

}  // namespace

std::string uniqueShapeName(const Scene& scene, std::string_view base) { return ShapeNamer(scene).take(base); }

SceneShape makeShape(const Scene& scene, ShapeKind kind, const glm::vec3& at) {
  SceneShape s;
  s.name = uniqueShapeName(scene, baseNameFor(kind));
  s.color = paletteColor(scene.shapes.size());
  s.paletteColor = false;
  const bool flat = scene.view == ViewMode::TwoD;
  const glm::vec3 c = flat ? glm::vec3(at.x, at.y, 0.0f) : at;
  switch (kind) {
    case ShapeKind::Aabb: s.geometry = Aabb{c, glm::vec3(0.5f, 0.5f, flat ? 0.0f : 0.5f)}; break;
    case ShapeKind::Obb: s.geometry = Obb{c, glm::mat3(1.0f), glm::vec3(0.7f, 0.4f, flat ? 0.0f : 0.3f)}; break;
    case ShapeKind::Sphere: s.geometry = Sphere{c, 0.5f}; break;
    case ShapeKind::Segment:
      s.geometry = Segment{c - glm::vec3(0.75f, 0.25f, 0.0f), c + glm::vec3(0.75f, 0.25f, 0.0f)};
      break;
    case ShapeKind::Capsule:
      // Upright (+Z) like a character's, a cylinder of height 1 between caps of radius 0.35;
      // in the plane, along +Y.
      s.geometry = flat ? Capsule{c - glm::vec3(0.0f, 0.5f, 0.0f), c + glm::vec3(0.0f, 0.5f, 0.0f), 0.35f}
                        : Capsule{c - glm::vec3(0.0f, 0.0f, 0.5f), c + glm::vec3(0.0f, 0.0f, 0.5f), 0.35f};
      break;
    case ShapeKind::Triangle:
      s.geometry = Triangle{c + glm::vec3(-0.6f, -0.4f, 0.0f), c + glm::vec3(0.6f, -0.4f, 0.0f),
                            c + glm::vec3(0.0f, 0.6f, 0.0f)};
      break;
    case ShapeKind::Mesh: {
      // A unit tetrahedron: what "add a mesh" makes without a file (importing is the usual way).
      TriangleMesh m;
      m.vertices = {{-0.5f, -0.5f, -0.5f}, {0.5f, -0.5f, -0.5f}, {0.0f, 0.5f, -0.5f}, {0.0f, 0.0f, 0.5f}};
      m.indices = {0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3};
      MeshShape mesh;
      mesh.data = makeMeshData(std::move(m));
      mesh.pose.center = c;
      s.geometry = std::move(mesh);
      break;
    }
    case ShapeKind::Hull: {
      // A rock of nine points, one of them inside (a hull keeps its corners); in the plane a
      // pentagon with a point inside.
      const std::vector<glm::vec3> rock =
          flat ? std::vector<glm::vec3>{{0.6f, 0.0f, 0.0f},    {0.15f, 0.55f, 0.0f}, {-0.5f, 0.35f, 0.0f},
                                        {-0.45f, -0.4f, 0.0f}, {0.2f, -0.55f, 0.0f}, {0.0f, 0.05f, 0.0f}}
               : std::vector<glm::vec3>{{0.6f, 0.0f, -0.2f},    {0.1f, 0.55f, -0.3f},  {-0.5f, 0.3f, -0.25f},
                                        {-0.4f, -0.45f, -0.3f}, {0.2f, -0.5f, -0.35f}, {0.25f, 0.2f, 0.45f},
                                        {-0.2f, 0.1f, 0.5f},    {0.05f, -0.25f, 0.4f}, {0.0f, 0.0f, 0.0f}};
      HullShape hull;
      hull.points = std::make_shared<const std::vector<glm::vec3>>(rock);
      hull.body.data = makeHullData(rock);
      hull.body.pose.center = c;
      s.geometry = std::move(hull);
      break;
    }
  }
  return s;
}

SceneShape duplicateShape(const Scene& scene, const SceneShape& source, const glm::vec3& offset) {
  SceneShape copy = source;
  copy.name = uniqueShapeName(scene, source.name);
  copy.paletteColor = false;
  translateShape(copy, offset);
  return copy;
}

namespace {

/// A point's exact bits (with -0 as +0), for finding exact repeats in a hash set.
struct PointKey {
  std::uint32_t x, y, z;
  bool operator==(const PointKey& o) const { return x == o.x && y == o.y && z == o.z; }
};
struct PointKeyHash {
  std::size_t operator()(const PointKey& k) const {
    std::uint64_t h = 1469598103934665603ull;
    for (std::uint32_t v : {k.x, k.y, k.z}) h = (h ^ v) * 1099511628211ull;
    return static_cast<std::size_t>(h);
  }
};
PointKey keyOf(const glm::vec3& p) {
  PointKey k{};
  const float v[3] = {p.x == 0.0f ? 0.0f : p.x, p.y == 0.0f ? 0.0f : p.y, p.z == 0.0f ? 0.0f : p.z};
  std::memcpy(&k.x, &v[0], 4);
  std::memcpy(&k.y, &v[1], 4);
  std::memcpy(&k.z, &v[2], 4);
  return k;
}

}  // namespace

glm::vec3 pasteOffset(const Scene& existing, const std::vector<SceneShape>& pasted) {
  if (pasted.empty() || existing.shapes.empty()) return glm::vec3(0.0f);
  std::unordered_set<PointKey, PointKeyHash> taken;
  taken.reserve(existing.shapes.size());
  for (const SceneShape& s : existing.shapes) taken.insert(keyOf(shapeCenter(s)));
  glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
  for (const SceneShape& s : pasted) {
    glm::vec3 a, b;
    shapeBounds(s, a, b);
    lo = glm::min(lo, a);
    hi = glm::max(hi, b);
  }
  const glm::vec3 size = hi - lo;
  float side = std::max(size.x, std::max(size.y, size.z));
  if (!(side > 0.0f) || !std::isfinite(side)) side = 1.0f;
  const glm::vec3 step(0.5f * side, 0.5f * side, 0.0f);
  for (int k = 0; k <= kMaxPasteSteps; ++k) {
    const glm::vec3 offset = static_cast<float>(k) * step;
    bool lands = false;
    for (const SceneShape& s : pasted) {
      SceneShape moved = s;
      if (k > 0) translateShape(moved, offset);  // as the paste will move it, clamping included
      if (taken.count(keyOf(shapeCenter(moved))) != 0) {
        lands = true;
        break;
      }
    }
    if (!lands) return offset;
  }
  return glm::vec3(0.0f);
}

void translateShape(SceneShape& shape, const glm::vec3& delta) {
  std::visit(
      [&](auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Segment> || std::is_same_v<T, Capsule>) {
          g.p0 += delta;
          g.p1 += delta;
        } else if constexpr (std::is_same_v<T, Triangle>) {
          g.a += delta;
          g.b += delta;
          g.c += delta;
        } else if constexpr (kIsMeshLike<T>) {
          meshBody(g).pose.center += delta;
        } else {
          g.center += delta;
        }
      },
      shape.geometry);
  clampToSceneRange(shape);
}

float clampToSceneRange(float v) {
  if (std::isnan(v)) return 0.0f;
  if (std::abs(v) < kMinSceneLength) return v == 0.0f ? v : 0.0f;  // keeps -0, which loads as -0
  return std::clamp(v, -kMaxSceneCoordinate, kMaxSceneCoordinate);
}

bool clampToSceneRange(SceneShape& shape) {
  bool changed = false;
  const auto keep = [&](float& v, bool size) {
    float c = clampToSceneRange(v);
    if (size && c < 0.0f) c = 0.0f;
    if (std::memcmp(&c, &v, sizeof c) != 0) {
      v = c;
      changed = true;
    }
  };
  const auto keep3 = [&](glm::vec3& v, bool size) {
    for (glm::length_t i = 0; i < 3; ++i) keep(v[i], size);
  };
  std::visit(
      [&](auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Segment>) {
          keep3(g.p0, false);
          keep3(g.p1, false);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          keep3(g.p0, false);
          keep3(g.p1, false);
          keep(g.radius, true);
        } else if constexpr (std::is_same_v<T, Triangle>) {
          keep3(g.a, false);
          keep3(g.b, false);
          keep3(g.c, false);
        } else if constexpr (kIsMeshLike<T>) {
          MeshPose& pose = meshBody(g).pose;
          keep3(pose.center, false);
          for (glm::length_t i = 0; i < 3; ++i) {
            // A scale stays > 0: an edit towards 0 stops at the smallest length.
            const float c =
                std::isnan(pose.scale[i]) ? 1.0f : std::clamp(pose.scale[i], kMinSceneLength, kMaxSceneCoordinate);
            if (std::memcmp(&c, &pose.scale[i], sizeof c) != 0) {
              pose.scale[i] = c;
              changed = true;
            }
          }
        } else if constexpr (std::is_same_v<T, Sphere>) {
          keep3(g.center, false);
          keep(g.radius, true);
        } else {
          keep3(g.center, false);
          keep3(g.half, true);
        }
      },
      shape.geometry);
  return changed;
}

glm::vec3 shapeCenter(const SceneShape& shape) {
  return std::visit(
      [](const auto& g) -> glm::vec3 {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Segment> || std::is_same_v<T, Capsule>) {
          return (g.p0 + g.p1) * 0.5f;
        } else if constexpr (std::is_same_v<T, Triangle>) {
          return (g.a + g.b + g.c) / 3.0f;
        } else if constexpr (kIsMeshLike<T>) {
          return meshBody(g).pose.center;
        } else {
          return g.center;
        }
      },
      shape.geometry);
}

void shapeBounds(const SceneShape& shape, glm::vec3& lo, glm::vec3& hi) {
  std::visit(
      [&](const auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          lo = g.min();
          hi = g.max();
        } else if constexpr (std::is_same_v<T, Obb>) {
          const Aabb box = aabbFromObb(g);  // the |R|·e form (the "Using AABB" tutorial)
          lo = box.min();
          hi = box.max();
        } else if constexpr (std::is_same_v<T, Sphere>) {
          lo = g.center - glm::vec3(g.radius);
          hi = g.center + glm::vec3(g.radius);
        } else if constexpr (std::is_same_v<T, Triangle>) {
          lo = glm::min(g.a, glm::min(g.b, g.c));
          hi = glm::max(g.a, glm::max(g.b, g.c));
        } else if constexpr (kIsMeshLike<T>) {
          meshWorldBounds(meshBody(g), lo, hi);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          lo = glm::min(g.p0, g.p1) - glm::vec3(g.radius);
          hi = glm::max(g.p0, g.p1) + glm::vec3(g.radius);
        } else {
          lo = glm::min(g.p0, g.p1);
          hi = glm::max(g.p0, g.p1);
        }
      },
      shape.geometry);
}

bool isValidShapeName(std::string_view name) { return !shapeNameProblem(name).has_value(); }

std::size_t eraseShape(Scene& scene, std::size_t index) {
  if (index >= scene.shapes.size()) return 0;
  const std::string name = scene.shapes[index].name;
  scene.shapes.erase(scene.shapes.begin() + static_cast<std::ptrdiff_t>(index));
  const std::size_t before = scene.expect.size();
  scene.expect.erase(std::remove_if(scene.expect.begin(), scene.expect.end(),
                                    [&](const Expectation& e) { return e.a == name || e.b == name; }),
                     scene.expect.end());
  return before - scene.expect.size();
}

}  // namespace satlab
