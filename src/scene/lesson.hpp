// A lesson scene's opening state: the scene file's optional top-level "lesson" object
// (docs/scene-format.md), which the loader keeps as an extra field.
//
//   "lesson": {"focus": ["A", "B"], "step": 0, "mode": "early" | "full", "epsilon": 1e-6,
//              "explorer": "sat" | "slab",
//              "camera": {"yaw_deg": -40, "pitch_deg": 25, "distance": 8, "target": [x, y, z]}}
//
// Every member is optional. The lesson's text is the scene's "title" and "notes".
#pragma once

#include "scene/scene.hpp"

#include <optional>
#include <string>
#include <vector>

namespace satlab {

struct LessonState {
  std::vector<std::string> focus;  // the two shapes whose test the explorer opens on
  std::optional<int> step;         // the explorer's current row
  std::optional<bool> fullMode;    // true: every axis; false: early exit
  std::optional<float> epsilon;    // the SAT epsilon
  std::optional<bool> preferSlab;  // AABB-segment: slab (true) or 6-axis SAT (false)
  std::optional<float> yawDeg, pitchDeg, distance;
  std::optional<glm::vec3> target;
};

/// The scene's lesson, if it has one. Members that are present but malformed are skipped
/// with a message in `warnings` (naming the scene and the JSON path); the rest still apply.
std::optional<LessonState> lessonOf(const Scene& scene, const std::string& sourceName,
                                    std::vector<std::string>& warnings);

}  // namespace satlab
