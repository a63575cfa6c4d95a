// Scripted edits of tests/app/data/one_box_3d.json's cube and file reads, shared by the
// app tests that change a document and look at what was saved.
#pragma once

#include "app_harness.hpp"

#include "document/scene_load.hpp"

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

namespace satlab::test {

/// The bytes of a file ("" when it cannot be read).
inline std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// "X Y" of a screen point, moved by (dx, dy) pixels: script coordinates.
inline std::string at(const ScreenPoint& p, int dx = 0, int dy = 0) {
  return std::to_string(p.x + dx) + " " + std::to_string(p.y + dy);
}

/// Select the cube and drag its Z arrow up.
inline std::string dragCubeUp(const ScreenPoint& cube) {
  return "click " + at(cube) + "\nwait 1\nmouse " + at(cube, 0, -50) + "\nwait 1\npress left\ndrag " +
         at(cube, 0, -150) + " 8\nrelease left\nwait 1\n";
}

/// Runs `satlab --script input.txt ARGS` in `dir` with `script` as input.txt.
inline RunResult runIn(const std::string& dir, const std::string& script, const std::string& args,
                       const std::string& env = "") {
  std::ofstream(dir + "/input.txt") << script;
  return runSatlab("--script input.txt " + args, env, dir);
}

/// The cube's centre in a saved scene; NaN when the file or the cube is missing.
inline glm::vec3 cubeCenter(const std::string& file) {
  const SceneLoadResult r = loadScene(file);
  if (!r.ok()) return glm::vec3(NAN);
  const SceneShape* s = findShape(r.scene, "cube");
  return s ? std::get<Aabb>(s->geometry).center : glm::vec3(NAN);
}

/// The cube's centre z in a saved scene; NaN when the file or the cube is missing.
inline float cubeZ(const std::string& file) { return cubeCenter(file).z; }

}  // namespace satlab::test
