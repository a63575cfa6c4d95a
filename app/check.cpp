// `satlab check SCENE [--json]`: the headless twin of the GUI. Loads the scene with the
// same loader, evaluates every pair with the same code (scene/pair_eval), prints the
// verdicts, and checks the scene's expectations. Needs no display.
#include "options.hpp"

#include "scene/pair_eval.hpp"
#include "scene/scene_load.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace satlab {

namespace {

constexpr int kExpectationFailed = 1;
constexpr int kInvalidScene = 2;

nlohmann::ordered_json vec(const glm::vec3& v) { return nlohmann::ordered_json::array({v.x, v.y, v.z}); }

nlohmann::ordered_json optFloat(const std::optional<float>& f) { return f ? nlohmann::ordered_json(*f) : nlohmann::ordered_json(nullptr); }

nlohmann::ordered_json toJson(const Scene& scene, const PairResult& r) {
  nlohmann::ordered_json j;
  j["a"] = scene.shapes[r.a].name;
  j["b"] = scene.shapes[r.b].name;
  j["test"] = r.test;
  j["overlap"] = r.overlap;
  j["separating_axis"] = r.separatingAxis
                             ? nlohmann::ordered_json{{"label", r.separatingAxis->label}, {"axis", vec(r.separatingAxis->axis)}}
                             : nlohmann::ordered_json(nullptr);
  if (r.penetration) {
    nlohmann::ordered_json p{{"axis", vec(r.penetration->axis)}, {"depth", r.penetration->depth}};
    if (!r.penetration->label.empty()) p["label"] = r.penetration->label;
    j["penetration"] = p;
  } else {
    j["penetration"] = nullptr;
  }
  if (r.segmentPair) {
    j["t_enter"] = optFloat(r.tEnter);
    j["t_exit"] = optFloat(r.tExit);
  }
  if (r.distance) j["distance"] = *r.distance;
  if (r.closestPoint) j["closest_point"] = vec(*r.closestPoint);
  if (r.closestOnA && r.closestOnB) j["closest_points"] = {vec(*r.closestOnA), vec(*r.closestOnB)};
  return j;
}

std::string fmt(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", static_cast<double>(v));
  return buf;
}

std::string detail(const PairResult& r) {
  std::string d;
  auto add = [&](const std::string& part) {
    if (!d.empty()) d += ", ";
    d += part;
  };
  if (r.separatingAxis) add("separating axis " + r.separatingAxis->label);
  if (r.penetration) {
    add("penetration " + (r.penetration->label.empty() ? std::string() : r.penetration->label + " ") + "depth " +
        fmt(r.penetration->depth));
  }
  if (r.tEnter && r.tExit) add("t in [" + fmt(*r.tEnter) + ", " + fmt(*r.tExit) + "]");
  if (r.distance && !r.overlap) add("distance " + fmt(*r.distance));
  if (r.segmentPair && !r.overlap && !r.tEnter && d.empty()) add("no part of the segment inside");
  return d;
}

void printTable(const std::string& path, const Scene& scene, const std::vector<PairResult>& pairs) {
  std::printf("%s%s%s\n", path.c_str(), scene.title.empty() ? "" : ": ", scene.title.c_str());
  std::printf("%zu shapes, %zu pairs (%s view)\n\n", scene.shapes.size(), pairs.size(),
              scene.view == ViewMode::TwoD ? "2D" : "3D");
  if (pairs.empty()) return;
  size_t wa = 1, wb = 1, wt = 4;
  for (const PairResult& r : pairs) {
    wa = std::max(wa, scene.shapes[r.a].name.size());
    wb = std::max(wb, scene.shapes[r.b].name.size());
    wt = std::max(wt, r.test.size());
  }
  std::printf("%-*s  %-*s  %-*s  %-9s  %s\n", static_cast<int>(wa), "a", static_cast<int>(wb), "b",
              static_cast<int>(wt), "test", "verdict", "detail");
  size_t overlapping = 0;
  for (const PairResult& r : pairs) {
    overlapping += r.overlap ? 1 : 0;
    std::printf("%-*s  %-*s  %-*s  %-9s  %s\n", static_cast<int>(wa), scene.shapes[r.a].name.c_str(),
                static_cast<int>(wb), scene.shapes[r.b].name.c_str(), static_cast<int>(wt), r.test.c_str(),
                r.overlap ? "OVERLAP" : "separated", detail(r).c_str());
  }
  std::printf("\n%zu overlapping, %zu separated\n", overlapping, pairs.size() - overlapping);
}

}  // namespace

int runCheck(const std::string& scenePath, bool json) {
  const SceneLoadResult loaded = loadScene(scenePath);
  if (!loaded.ok()) {
    std::fprintf(stderr, "satlab: %s\n", loaded.error->text().c_str());
    if (json) {
      // CI tools that read stdout get the same error as data.
      const SceneDiagnostic& e = *loaded.error;
      nlohmann::ordered_json out;
      out["error"] = {{"file", e.source}, {"path", e.path}, {"line", e.line}, {"column", e.column},
                      {"message", e.message}, {"text", e.text()}};
      std::printf("%s\n", out.dump(2).c_str());
    }
    return kInvalidScene;
  }
  for (const SceneDiagnostic& w : loaded.warnings) std::fprintf(stderr, "satlab: warning: %s\n", w.text().c_str());
  const Scene& scene = loaded.scene;
  const std::vector<PairResult> pairs = evaluateAllPairs(scene);
  const std::vector<ExpectationMismatch> mismatches = checkExpectations(scene);

  if (json) {
    nlohmann::ordered_json out;
    out["pairs"] = nlohmann::ordered_json::array();
    for (const PairResult& r : pairs) out["pairs"].push_back(toJson(scene, r));
    if (!scene.expect.empty()) {
      nlohmann::ordered_json ex = nlohmann::ordered_json::array();
      for (const ExpectationMismatch& m : mismatches) ex.push_back(m.message);
      out["expectation_failures"] = ex;
    }
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    printTable(scenePath, scene, pairs);
    if (!scene.expect.empty()) {
      std::printf("\nexpectations: %zu of %zu met\n", scene.expect.size() - mismatches.size(), scene.expect.size());
    }
  }
  for (const ExpectationMismatch& m : mismatches) {
    std::fprintf(stderr, "satlab: %s: expectation %zu failed: %s\n", scenePath.c_str(), m.index + 1,
                 m.message.c_str());
  }
  return mismatches.empty() ? 0 : kExpectationFailed;
}

}  // namespace satlab
