// Loading mesh files: each format, what a file may not do, and what it may.
#include "mesh/mesh_load.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "mesh_test_util.hpp"

namespace satlab {
namespace {

using test::kCubeObj;
using test::meshTempDir;
using test::writeFile;

TEST(MeshLoad, ObjCubeIsTwelveTrianglesOnEightVertices) {
  const std::string dir = meshTempDir();
  const MeshLoadResult r = loadMeshFile(writeFile(dir, "cube.obj", kCubeObj));
  ASSERT_TRUE(r.ok()) << r.error->text();
  ASSERT_EQ(r.file.meshes.size(), 1u);
  const TriangleMesh merged = mergeMeshes(r.file);
  EXPECT_EQ(merged.vertices.size(), 8u);
  EXPECT_EQ(merged.triangleCount(), 12u);
  for (const glm::vec3& v : merged.vertices) {
    for (int k = 0; k < 3; ++k) EXPECT_TRUE(v[k] == 0.0f || v[k] == 1.0f);
  }
  std::printf("name: %s\n", r.file.meshes[0].name.c_str());
}

}  // namespace
}  // namespace satlab
