// The scene tests read scenes' "file" meshes with the mesh library's loader, as the app and
// `satlab check` do (app/mesh_import.cpp): every mesh of the file as one, in its frame.
#include <gtest/gtest.h>

#include "document/scene_load.hpp"
#include "mesh/mesh_load.hpp"

namespace {

class MeshLoaderEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    satlab::setMeshFileLoader([](const std::string& path) {
      satlab::MeshFileLoad out;
      const satlab::MeshLoadResult r = satlab::loadMeshFile(path);
      if (!r.ok()) {
        satlab::MeshDiagnostic d = *r.error;
        d.source.clear();
        out.error = d.text();
        return out;
      }
      out.data = satlab::makeMeshData(satlab::mergeMeshes(r.file));
      return out;
    });
  }
};

const ::testing::Environment* const kMeshLoader = ::testing::AddGlobalTestEnvironment(new MeshLoaderEnvironment);

}  // namespace
