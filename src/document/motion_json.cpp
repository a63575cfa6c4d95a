#include "document/motion_json.hpp"

#include <cmath>

#include "document/json_path.hpp"
#include "document/json_writer.hpp"

namespace satlab {

namespace {

glm::vec3 readAngular(const OrderedJson& v, const std::string& path, bool twoD, NumberNotes& notes) {
  if (v.is_number()) return glm::vec3(0.0f, 0.0f, readFloat(v, path, &notes));
  const glm::vec3 w = readVec3(v, path, false, &notes);
  if (twoD && (w.x != 0.0f || w.y != 0.0f)) {
    failAt(path, "a 2D scene turns about +Z only: give a number (radians per second) or [0, 0, z]");
  }
  return w;
}

double readTime(const OrderedJson& v, const std::string& path) {
  if (!v.is_number()) failAt(path, "expected a time in seconds, a number (got " + describeJson(v) + ")");
  const double t = v.get<double>();
  if (!std::isfinite(t)) failAt(path, "must be a finite number");
  return t;
}

OrderedJson vecJson(const glm::vec3& v, bool twoD) {
  OrderedJson a = OrderedJson::array({floatToJson(v.x), floatToJson(v.y)});
  if (!twoD || v.z != 0.0f || std::signbit(v.z)) a.push_back(floatToJson(v.z));
  return a;
}

}  // namespace

Motion readMotion(const OrderedJson& v, const std::string& path, ShapeKind kind, ViewMode view, NumberNotes& notes,
                  const std::function<void(const std::string& path, std::string message)>& warn) {
  requireObject(v, path);
  const bool twoD = view == ViewMode::TwoD;
  Motion m;
  if (const OrderedJson* x = findMember(v, "velocity")) m.velocity = readVec3(*x, path + ".velocity", twoD, &notes);
  if (const OrderedJson* x = findMember(v, "angular_velocity")) {
    m.angularVelocity = readAngular(*x, path + ".angular_velocity", twoD, notes);
  }
  if (const OrderedJson* x = findMember(v, "loop")) m.loop = readBool(*x, path + ".loop");
  if (const OrderedJson* x = findMember(v, "path")) {
    const std::string p = path + ".path";
    requireArray(*x, p);
    if (x->empty()) failAt(p, "a path needs at least one key {\"t\": 0, \"offset\": [x, y, z]}");
    if (x->size() > kMaxPathKeys) {
      failAt(p, "has " + std::to_string(x->size()) + " keys; the limit is " + std::to_string(kMaxPathKeys));
    }
    m.path.reserve(x->size());
    for (std::size_t i = 0; i < x->size(); ++i) {
      const OrderedJson& key = (*x)[i];
      const std::string kp = jsonPathIndex(p, i);
      requireObject(key, kp);
      const char* what = "a path key is {\"t\": seconds, \"offset\": [x, y, z]}";
      PathKey k;
      k.t = readTime(requireMember(key, kp, "t", what), kp + ".t");
      k.position = readPoint(requireMember(key, kp, "offset", what), kp + ".offset", twoD, notes);
      for (const auto& item : key.items()) {
        if (item.key() != "t" && item.key() != "offset") warn(jsonPathKey(kp, item.key()), "unknown field, ignored");
      }
      m.path.push_back(k);
    }
  }
  for (const auto& item : v.items()) {
    const std::string& key = item.key();
    if (key != "velocity" && key != "angular_velocity" && key != "path" && key != "loop") {
      warn(jsonPathKey(path, key), "unknown field, ignored");
    }
  }
  std::string field;
  if (auto problem = motionProblem(m, static_cast<int>(kind), &field)) failAt(path + "." + field, *problem);
  return m;
}

OrderedJson motionJson(const Motion& m, ViewMode view) {
  const bool twoD = view == ViewMode::TwoD;
  OrderedJson out = OrderedJson::object();
  if (m.velocity != glm::vec3(0.0f)) out["velocity"] = vecJson(m.velocity, twoD);
  if (m.angularVelocity != glm::vec3(0.0f)) {
    const glm::vec3 w = m.angularVelocity;
    out["angular_velocity"] = twoD && w.x == 0.0f && w.y == 0.0f ? floatToJson(w.z) : vecJson(w, false);
  }
  if (!m.path.empty()) {
    OrderedJson keys = OrderedJson::array();
    for (const PathKey& k : m.path) {
      OrderedJson key = OrderedJson::object();
      key["t"] = k.t;
      key["offset"] = vecJson(k.position, twoD);
      keys.push_back(std::move(key));
    }
    out["path"] = std::move(keys);
  }
  if (!m.loop) out["loop"] = false;
  return out;
}

}  // namespace satlab
