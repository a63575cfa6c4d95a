#include "document/motion_edit.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <variant>
#include <vector>

#include "document/history.hpp"
#include "document/motion.hpp"
#include "document/rotation.hpp"

namespace satlab {

namespace {

glm::vec3 unturn(const glm::mat3& back, const glm::vec3& centreT, const glm::vec3& centre0, const glm::vec3& p) {
  return centre0 + back * (p - centreT);
}

/// True when `a` and `b` differ in their geometry alone (or not at all).
bool sameGeometry(const SceneShape& a, const SceneShape& b) {
  SceneShape probe = b;
  probe.geometry = a.geometry;
  return sameShape(probe, b);
}

}  // namespace

SceneShape unposeShape(const SceneShape& posed, double t) {
  if (!posed.motion || t <= 0.0) return posed;
  const Motion& m = *posed.motion;
  SceneShape out = posed;
  const glm::vec3 ct = shapeCentre(posed);
  const glm::dvec3 c0d = glm::dvec3(ct) - motionOffset(m, t);
  const double lim = static_cast<double>(kMaxSceneCoordinate);
  const glm::vec3 c0(static_cast<float>(std::clamp(c0d.x, -lim, lim)), static_cast<float>(std::clamp(c0d.y, -lim, lim)),
                     static_cast<float>(std::clamp(c0d.z, -lim, lim)));
  const bool turns = m.angularVelocity != glm::vec3(0.0f);
  const glm::mat3 back = turns ? glm::transpose(motionRotation(m, t)) : glm::mat3(1.0f);
  std::visit(
      [&](auto& g) {
        using G = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<G, Aabb> || std::is_same_v<G, Sphere>) {
          g.center = c0;
        } else if constexpr (std::is_same_v<G, Obb>) {
          g.center = c0;
          if (turns) g.axes = orthonormalize(back * g.axes);
        } else if constexpr (std::is_same_v<G, Segment> || std::is_same_v<G, Capsule>) {
          g.p0 = unturn(back, ct, c0, g.p0);
          g.p1 = unturn(back, ct, c0, g.p1);
        } else if constexpr (std::is_same_v<G, Triangle>) {
          g.a = unturn(back, ct, c0, g.a);
          g.b = unturn(back, ct, c0, g.b);
          g.c = unturn(back, ct, c0, g.c);
        } else {
          MeshPose& pose = meshBody(g).pose;
          pose.center = c0;
          if (turns) pose.axes = orthonormalize(back * pose.axes);
        }
      },
      out.geometry);
  return out;
}

void reconcileEdits(const Scene& shown, double t, Scene& base) {
  // The shape of `base` that `s` came from (same name), or null.
  std::unordered_map<std::string_view, std::size_t> byName;
  const bool sameOrder = [&] {
    if (shown.shapes.size() != base.shapes.size()) return false;
    for (std::size_t i = 0; i < shown.shapes.size(); ++i) {
      if (shown.shapes[i].name != base.shapes[i].name) return false;
    }
    return true;
  }();
  if (!sameOrder) {
    byName.reserve(base.shapes.size());
    for (std::size_t i = 0; i < base.shapes.size(); ++i) byName.emplace(base.shapes[i].name, i);
  }
  std::vector<SceneShape> out;
  out.reserve(shown.shapes.size());
  SceneShape posed;
  for (std::size_t i = 0; i < shown.shapes.size(); ++i) {
    const SceneShape& s = shown.shapes[i];
    const SceneShape* from = nullptr;
    if (sameOrder) {
      from = &base.shapes[i];
    } else if (auto it = byName.find(s.name); it != byName.end()) {
      from = &base.shapes[it->second];
    }
    if (from == nullptr) {  // new at t (a duplicate, say): its t = 0 form by its motion
      out.push_back(unposeShape(s, t));
      continue;
    }
    posed = *from;
    poseShapeAt(*from, t, posed);
    if (sameShape(posed, s)) {
      out.push_back(*from);  // untouched: exactly as it was
    } else if (sameGeometry(posed, s)) {
      SceneShape kept = s;  // renamed, recoloured, its motion changed: the t = 0 geometry stays
      kept.geometry = from->geometry;
      kept.rotation = from->rotation;
      out.push_back(std::move(kept));
    } else {
      out.push_back(unposeShape(s, t));
    }
  }
  base.shapes = std::move(out);
  base.title = shown.title;
  base.notes = shown.notes;
  base.titleLanguages = shown.titleLanguages;
  base.notesLanguages = shown.notesLanguages;
  base.view = shown.view;
  base.expect = shown.expect;
  base.extras = shown.extras;
}

}  // namespace satlab
