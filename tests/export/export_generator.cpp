// Build-time tool of tests/export: writes exportSceneAsGTest(scene) for one scene file.
//   satlab_export_generator SCENE.json OUT.cpp
// The generated file is then compiled against satlab_collide and run under ctest, which
// proves that exported tests compile and pass against the library.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "document/scene_load.hpp"
#include "evaluation/export_gtest.hpp"
#include "mesh_scene/mesh_import.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: satlab_export_generator SCENE.json OUT.cpp\n";
    return 2;
  }
  satlab::installMeshFileLoader();  // scenes/examples/meshes.json reads scenes/meshes/
  const satlab::SceneLoadResult r = satlab::loadScene(argv[1]);
  if (!r.ok()) {
    std::cerr << r.error->text() << "\n";
    return 1;
  }
  const std::string text = satlab::exportSceneAsGTest(r.scene);
  std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << argv[2] << ": cannot write\n";
    return 1;
  }
  return 0;
}
