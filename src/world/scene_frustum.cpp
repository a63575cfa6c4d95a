#include "world/scene_frustum.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

std::string got(const nlohmann::json& j) {
  std::string text = j.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return " (got " + text + ")";
}

std::string numberText(float v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%g", static_cast<double>(v));
  return buf;
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

std::optional<std::string> frustumSpecProblem(const FrustumSpec& s) {
  if (!finite(s.eye)) return std::string("frustum.eye: must be three finite numbers");
  if (!finite(s.target)) return std::string("frustum.target: must be three finite numbers");
  if (!finite(s.up)) return std::string("frustum.up: must be three finite numbers");
  const glm::vec3 view = s.target - s.eye;
  if (!(glm::length(view) > 0.0f) || !std::isfinite(glm::length(view)))
    return std::string("frustum.target: must differ from frustum.eye");
  if (!(glm::length(s.up) > 0.0f)) return std::string("frustum.up: must not be zero");
  // The sine of the angle between up and the view direction.
  if (!(glm::length(glm::cross(glm::normalize(view), glm::normalize(s.up))) > 1e-3f))
    return std::string("frustum.up: must not be parallel to target - eye");
  if (!(s.fovDeg >= kMinFrustumFovDeg && s.fovDeg <= kMaxFrustumFovDeg))
    return "frustum.fov_deg: must be a number from 1 to 179 (got " + numberText(s.fovDeg) + ")";
  if (!(s.aspect >= kMinFrustumAspect && s.aspect <= kMaxFrustumAspect))
    return "frustum.aspect: must be a number from 0.05 to 20 (got " + numberText(s.aspect) + ")";
  if (!(s.nearDist > 0.0f) || !std::isfinite(s.nearDist))
    return "frustum.near: must be a number > 0 (got " + numberText(s.nearDist) + ")";
  if (!(s.farDist > s.nearDist) || !std::isfinite(s.farDist))
    return "frustum.far: must be a number > near (got " + numberText(s.farDist) + ")";
  if (s.farDist > kMaxSceneCoordinate) return "frustum.far: must be at most 1e9 (got " + numberText(s.farDist) + ")";
  return std::nullopt;
}

std::optional<FrustumSpec> frustumSpecOf(const Scene& scene, const std::string& sourceName, std::string& error) {
  error.clear();
  const ExtraField* field = nullptr;
  for (const ExtraField& e : scene.extras) {
    if (e.key == "frustum") field = &e;
  }
  if (!field) return std::nullopt;
  const nlohmann::json j = nlohmann::json::parse(field->json, nullptr, false);
  auto fail = [&](const std::string& what) {
    error = sourceName + ": " + what;
    return std::nullopt;
  };
  if (!j.is_object()) return fail("frustum: must be an object" + got(j));
  FrustumSpec s;
  auto vec3 = [&](const char* key, glm::vec3& dst, bool required) -> std::optional<std::string> {
    if (!j.contains(key)) {
      if (required) return std::string("frustum.") + key + ": is required";
      return std::nullopt;
    }
    const nlohmann::json& v = j[key];
    if (!v.is_array() || v.size() != 3)
      return std::string("frustum.") + key + ": must be an array of 3 numbers" + got(v);
    for (std::size_t i = 0; i < 3; ++i) {
      const std::string path = std::string("frustum.") + key + "[" + std::to_string(i) + "]";
      if (!v[i].is_number()) return path + ": must be a number" + got(v[i]);
      const double x = v[i].get<double>();
      if (!std::isfinite(x) || std::abs(x) > static_cast<double>(kMaxSceneCoordinate))
        return path + ": must be a finite number of at most 1e9 in size" + got(v[i]);
      dst[static_cast<glm::length_t>(i)] = static_cast<float>(x);
    }
    return std::nullopt;
  };
  auto number = [&](const char* key, float& dst) -> std::optional<std::string> {
    if (!j.contains(key)) return std::nullopt;
    const nlohmann::json& v = j[key];
    if (!v.is_number()) return std::string("frustum.") + key + ": must be a number" + got(v);
    const double x = v.get<double>();
    if (!std::isfinite(x) || std::abs(x) > 3.0e38) return std::string("frustum.") + key + ": must be finite" + got(v);
    dst = static_cast<float>(x);
    return std::nullopt;
  };
  for (const auto& item : j.items()) {
    static const char* kKnown[] = {"eye", "target", "up", "fov_deg", "aspect", "near", "far"};
    const std::string& key = item.key();
    if (std::none_of(std::begin(kKnown), std::end(kKnown), [&](const char* k) { return key == k; }))
      return fail("frustum." + key + ": unknown member (expected eye, target, up, fov_deg, aspect, near or far)");
  }
  for (auto problem :
       {vec3("eye", s.eye, true), vec3("target", s.target, true), vec3("up", s.up, false), number("fov_deg", s.fovDeg),
        number("aspect", s.aspect), number("near", s.nearDist), number("far", s.farDist)}) {
    if (problem) return fail(*problem);
  }
  if (std::optional<std::string> p = frustumSpecProblem(s)) return fail(*p);
  return s;
}

Frustum frustumOf(const FrustumSpec& s) {
  return frustumFromCamera(s.eye, s.target, s.up, s.fovDeg, s.aspect, s.nearDist, s.farDist);
}

FrustumOrbit orbitOf(const FrustumSpec& s) {
  const glm::vec3 d = s.eye - s.target;
  FrustumOrbit o;
  o.distance = glm::length(d);
  o.yawDeg = glm::degrees(std::atan2(d.y, d.x));
  o.pitchDeg = o.distance > 0.0f ? glm::degrees(std::asin(std::clamp(d.z / o.distance, -1.0f, 1.0f))) : 0.0f;
  return o;
}

FrustumSpec withOrbit(const FrustumSpec& spec, const FrustumOrbit& orbit) {
  FrustumSpec s = spec;
  const float yaw = glm::radians(orbit.yawDeg);
  const float pitch = glm::radians(std::clamp(orbit.pitchDeg, -89.0f, 89.0f));
  const float dist = std::max(orbit.distance, 1e-3f);
  s.eye =
      s.target + dist * glm::vec3(std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch));
  return s;
}

}  // namespace satlab
