#include "scene/lesson.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

namespace satlab {

namespace {

std::optional<float> finiteNumber(const nlohmann::json& j) {
  if (!j.is_number()) return std::nullopt;
  const double v = j.get<double>();
  if (!std::isfinite(v) || std::abs(v) > 3.0e38) return std::nullopt;
  return static_cast<float>(v);
}

}  // namespace

std::optional<LessonState> lessonOf(const Scene& scene, const std::string& sourceName,
                                    std::vector<std::string>& warnings) {
  const ExtraField* field = nullptr;
  for (const ExtraField& e : scene.extras) {
    if (e.key == "lesson") field = &e;
  }
  if (!field) return std::nullopt;
  const nlohmann::json j = nlohmann::json::parse(field->json, nullptr, false);
  auto warn = [&](const std::string& path, const std::string& why) {
    warnings.push_back(sourceName + ": lesson." + path + ": " + why);
  };
  if (!j.is_object()) {
    warnings.push_back(sourceName + ": lesson: must be an object");
    return std::nullopt;
  }
  LessonState out;
  if (j.contains("focus")) {
    const nlohmann::json& f = j["focus"];
    if (f.is_array() && f.size() == 2 && f[0].is_string() && f[1].is_string()) {
      const std::string a = f[0].get<std::string>(), b = f[1].get<std::string>();
      if (!findShape(scene, a) || !findShape(scene, b)) {
        warn("focus", "names a shape the scene does not have");
      } else if (a == b) {
        warn("focus", "needs two different shapes");
      } else {
        out.focus = {a, b};
      }
    } else {
      warn("focus", "must be an array of two shape names");
    }
  }
  if (j.contains("step")) {
    if (j["step"].is_number_integer() && j["step"].get<long long>() >= 0 && j["step"].get<long long>() < 1000) {
      out.step = static_cast<int>(j["step"].get<long long>());
    } else {
      warn("step", "must be an integer from 0 to 999");
    }
  }
  if (j.contains("mode")) {
    if (j["mode"] == "full") {
      out.fullMode = true;
    } else if (j["mode"] == "early") {
      out.fullMode = false;
    } else {
      warn("mode", "must be \"early\" or \"full\"");
    }
  }
  if (j.contains("epsilon")) {
    const auto e = finiteNumber(j["epsilon"]);
    if (e && *e >= 0.0f && *e <= 1.0f) {
      out.epsilon = *e;
    } else {
      warn("epsilon", "must be a number from 0 to 1");
    }
  }
  if (j.contains("explorer")) {
    if (j["explorer"] == "slab") {
      out.preferSlab = true;
    } else if (j["explorer"] == "sat") {
      out.preferSlab = false;
    } else {
      warn("explorer", "must be \"sat\" or \"slab\"");
    }
  }
  if (j.contains("camera")) {
    const nlohmann::json& c = j["camera"];
    if (!c.is_object()) {
      warn("camera", "must be an object");
    } else {
      auto number = [&](const char* key, std::optional<float>& dst) {
        if (!c.contains(key)) return;
        dst = finiteNumber(c[key]);
        if (!dst) warn(std::string("camera.") + key, "must be a finite number");
      };
      number("yaw_deg", out.yawDeg);
      number("pitch_deg", out.pitchDeg);
      number("distance", out.distance);
      if (out.pitchDeg) out.pitchDeg = std::fmax(-89.0f, std::fmin(89.0f, *out.pitchDeg));
      if (out.distance && *out.distance <= 0.0f) {
        warn("camera.distance", "must be > 0");
        out.distance.reset();
      }
      if (c.contains("target")) {
        const nlohmann::json& t = c["target"];
        if (t.is_array() && t.size() == 3 && finiteNumber(t[0]) && finiteNumber(t[1]) && finiteNumber(t[2])) {
          out.target = glm::vec3(*finiteNumber(t[0]), *finiteNumber(t[1]), *finiteNumber(t[2]));
        } else {
          warn("camera.target", "must be [x, y, z]");
        }
      }
    }
  }
  return out;
}

}  // namespace satlab
