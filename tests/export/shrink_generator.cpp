// Build-time tool of tests/export: what `satlab shrink` writes for one recording, the test
// to OUT.cpp (the scene beside it, OUT.json).
//   satlab_shrink_generator RECORDING.jsonl OUT.cpp
// The generated test is compiled against satlab_collide and run under ctest, which checks
// that it fails where the recording failed, and only there (run_shrunk_test.cmake).
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "check/shrink.hpp"
#include "mesh_scene/mesh_import.hpp"

namespace {
bool write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) std::cerr << path << ": cannot write\n";
  return static_cast<bool>(out);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: satlab_shrink_generator RECORDING.jsonl OUT.cpp\n";
    return 2;
  }
  satlab::installMeshFileLoader();
  const satlab::RecordingLoadResult r = satlab::loadRecording(argv[1]);
  if (!r.ok()) {
    std::cerr << r.error->text() << "\n";
    return 1;
  }
  std::string why;
  const auto found = satlab::findShrinkCase(r.recording, satlab::ShrinkOptions{}, why);
  if (!found) {
    std::cerr << argv[1] << ": " << why << "\n";
    return 1;
  }
  const satlab::ShrunkFiles files = satlab::shrinkCase(r.recording, *found, argv[1]);
  std::string scene = argv[2];
  scene = scene.substr(0, scene.size() - 4) + ".json";
  return write(argv[2], files.testText) && write(scene, files.sceneText) ? 0 : 1;
}
