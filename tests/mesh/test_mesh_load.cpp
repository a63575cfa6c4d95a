// Loading mesh files: each format, what a file may not do, and what it may.
#include "mesh/mesh_load.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "mesh_test_util.hpp"

namespace satlab {
namespace {

using namespace test;

// Loads and expects success, with the merged mesh.
TriangleMesh loadOk(const std::string& path, MeshFile* file = nullptr) {
  const MeshLoadResult r = loadMeshFile(path);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  if (file) *file = r.file;
  return mergeMeshes(r.file);
}

// Loads and expects an error whose text starts with the file and contains `reason`.
std::string loadError(const std::string& path, const std::string& reason) {
  const MeshLoadResult r = loadMeshFile(path);
  EXPECT_FALSE(r.ok()) << path << " loaded";
  if (r.ok()) return "";
  const std::string text = r.error->text();
  EXPECT_EQ(text.rfind(path + ": ", 0), 0u) << text;
  EXPECT_NE(text.find(reason), std::string::npos) << text;
  return text;
}

bool sameTetra(const TriangleMesh& m, const glm::vec3& offset = glm::vec3(0.0f)) {
  if (m.vertices.size() != 4 || m.triangleCount() != 4) return false;
  for (const glm::vec3& expected : kTetraVertices) {
    bool found = false;
    for (const glm::vec3& v : m.vertices) found = found || glm::length(v - (expected + offset)) < 1e-6f;
    if (!found) return false;
  }
  return true;
}

TEST(MeshLoad, ObjCubeIsTwelveTrianglesOnEightVertices) {
  MeshFile file;
  const TriangleMesh m = loadOk(writeFile(meshTempDir(), "cube.obj", kCubeObj), &file);
  ASSERT_EQ(file.meshes.size(), 1u);
  EXPECT_EQ(file.meshes[0].name, "Cube");
  EXPECT_EQ(m.vertices.size(), 8u);
  EXPECT_EQ(m.triangleCount(), 12u);
  for (const glm::vec3& v : m.vertices) {
    for (int k = 0; k < 3; ++k) EXPECT_TRUE(v[k] == 0.0f || v[k] == 1.0f);
  }
}

TEST(MeshLoad, BinaryStlJoinsTheCornersOfItsTriangles) {
  const TriangleMesh m = loadOk(writeFile(meshTempDir(), "tetra.stl", binaryStl(kTetraVertices, kTetraIndices)));
  EXPECT_TRUE(sameTetra(m)) << m.vertices.size() << " vertices";
}

TEST(MeshLoad, AsciiStl) {
  const TriangleMesh m = loadOk(writeFile(meshTempDir(), "tetra.stl", asciiStl(kTetraVertices, kTetraIndices)));
  EXPECT_TRUE(sameTetra(m)) << m.vertices.size() << " vertices";
}

TEST(MeshLoad, AsciiAndBinaryPly) {
  const std::string dir = meshTempDir();
  EXPECT_TRUE(sameTetra(loadOk(writeFile(dir, "a.ply", asciiPly(kTetraVertices, kTetraIndices)))));
  EXPECT_TRUE(sameTetra(loadOk(writeFile(dir, "b.ply", binaryPly(kTetraVertices, kTetraIndices)))));
}

TEST(MeshLoad, GltfWithADataUriAndItsNodeTranslation) {
  const std::string bin = gltfBuffer(kTetraVertices, kTetraIndices);
  const std::string uri = "data:application/octet-stream;base64," + base64(bin);
  MeshFile file;
  const TriangleMesh m =
      loadOk(writeFile(meshTempDir(), "t.gltf", gltfJson(kTetraVertices, kTetraIndices, uri, {5, 0, 0})), &file);
  ASSERT_EQ(file.meshes.size(), 1u);
  EXPECT_TRUE(sameTetra(file.meshes[0].mesh));  // in its own frame
  EXPECT_TRUE(sameTetra(m, {5, 0, 0}));         // merged: in the file's frame
  EXPECT_FLOAT_EQ(file.meshes[0].transform[3][0], 5.0f);
}

TEST(MeshLoad, GltfWithAnExternalBuffer) {
  const std::string dir = meshTempDir();
  writeFile(dir, "t.bin", gltfBuffer(kTetraVertices, kTetraIndices));
  EXPECT_TRUE(sameTetra(loadOk(writeFile(dir, "t.gltf", gltfJson(kTetraVertices, kTetraIndices, "t.bin", {0, 0, 0})))));
}

TEST(MeshLoad, Glb) {
  const std::string json = gltfJson(kTetraVertices, kTetraIndices, "", {0, 2, 0});
  const TriangleMesh m =
      loadOk(writeFile(meshTempDir(), "t.glb", glb(json, gltfBuffer(kTetraVertices, kTetraIndices))));
  EXPECT_TRUE(sameTetra(m, {0, 2, 0}));
}

TEST(MeshLoad, PolygonsAreTriangulatedPointsAndLinesDroppedWithANote) {
  MeshFile file;
  const TriangleMesh m = loadOk(writeFile(meshTempDir(), "mixed.obj",
                                          "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 5 5 5\nv 6 6 6\n"
                                          "f 1 2 3 4\np 5\nl 5 6\n"),
                                &file);
  EXPECT_EQ(m.triangleCount(), 2u);
  EXPECT_EQ(m.vertices.size(), 4u);  // the points' and lines' vertices are not kept
  ASSERT_EQ(file.notes.size(), 1u);
  EXPECT_NE(file.notes[0].find("dropped 1 points and 1 lines"), std::string::npos) << file.notes[0];
}

TEST(MeshLoad, OnlyPointsAndLinesIsAnError) {
  loadError(writeFile(meshTempDir(), "cloud.obj", "v 0 0 0\nv 1 0 0\np 1\nl 1 2\n"), "no triangles");
}

TEST(MeshLoad, DegenerateMeshesLoad) {
  const std::string dir = meshTempDir();
  // One point: a triangle on one vertex three times.
  EXPECT_EQ(loadOk(writeFile(dir, "point.ply", asciiPly({{1, 2, 3}}, {0, 0, 0}))).triangleCount(), 1u);
  // Collinear, coplanar, duplicate vertices, a triangle without area.
  EXPECT_EQ(loadOk(writeFile(dir, "line.ply", asciiPly({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, {0, 1, 2}))).triangleCount(),
            1u);
  EXPECT_EQ(loadOk(writeFile(dir, "flat.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4\n")).triangleCount(), 2u);
  EXPECT_EQ(
      loadOk(writeFile(dir, "dup.ply", asciiPly({{0, 0, 0}, {0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {0, 2, 3, 1, 2, 3})))
          .triangleCount(),
      2u);
}

TEST(MeshLoad, MissingFileFolderEmptyFileAndUnknownFormat) {
  const std::string dir = meshTempDir();
  loadError(dir + "/nothing.obj", "cannot open: No such file or directory");
  ::mkdir((dir + "/folder.obj").c_str(), 0700);
  loadError(dir + "/folder.obj", "is a folder");
  loadError(writeFile(dir, "empty.stl", ""), "the file is empty");
  loadError(writeFile(dir, "cube.fbx", kCubeObj), "unknown mesh format '.fbx'");
  loadError(writeFile(dir, "cube", kCubeObj), "no file extension");
}

TEST(MeshLoad, FileOverTheSizeLimitIsRejectedBeforeReading) {
  const std::string path = meshTempDir() + "/huge.stl";
  { std::ofstream(path) << "solid x\n"; }
  ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(kMaxMeshFileBytes) + 1), 0);  // sparse: no disk used
  loadError(path, "file too large (512.0 MiB; the limit is 512.0 MiB)");
  ::unlink(path.c_str());
}

TEST(MeshLoad, PlyClaimingABillionFacesFailsFast) {
  const std::string text =
      "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
      "element face 1000000000\nproperty list uchar int vertex_indices\nend_header\n";
  const auto t0 = std::chrono::steady_clock::now();
  loadError(writeFile(meshTempDir(), "liar.ply", text), "declares 1000000000 faces; the limit is 4000000 triangles");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.0);
}

TEST(MeshLoad, PlyClaimingABillionFacesAfterALongHeader) {
  std::string text = "ply\nformat binary_little_endian 1.0\n";
  for (int i = 0; i < 200; ++i) text += "comment a comment line of some length to push the counts further down\n";
  text +=
      "element vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
      "element face 1000000000\nproperty list uchar int vertex_indices\nend_header\n";
  ASSERT_GT(text.size(), 8000u);
  const auto t0 = std::chrono::steady_clock::now();
  loadError(writeFile(meshTempDir(), "liar.ply", text), "declares 1000000000 faces");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 1.0);
}

TEST(MeshLoad, BinaryStlClaimingTooManyTriangles) {
  std::string stl(80, ' ');
  appendRaw(stl, std::uint32_t{2000000000});
  const std::string path = meshTempDir() + "/liar.stl";
  writeFile(path.substr(0, path.rfind('/')), "liar.stl", stl);
  // The count only means something when the size matches it; a short file is truncated.
  loadError(path, "assimp cannot read it");
}

TEST(MeshLoad, TruncatedFilesAreErrors) {
  const std::string dir = meshTempDir();
  const std::string stl = binaryStl(kTetraVertices, kTetraIndices);
  loadError(writeFile(dir, "cut.stl", stl.substr(0, stl.size() - 30)), "assimp cannot read it");
  const std::string ply = binaryPly(kTetraVertices, kTetraIndices);
  loadError(writeFile(dir, "cut.ply", ply.substr(0, ply.size() - 7)), "assimp cannot read it");
  const std::string json = gltfJson(kTetraVertices, kTetraIndices, "", {0, 0, 0});
  const std::string g = glb(json, gltfBuffer(kTetraVertices, kTetraIndices));
  loadError(
      writeFile(dir, "cut.glb", g.substr(0, g.size() / 2)),
      "the header says the file has " + std::to_string(g.size()) + " bytes; it has " + std::to_string(g.size() / 2));
}

TEST(MeshLoad, IndexOutOfRangeIsAnError) {
  const std::string dir = meshTempDir();
  loadError(writeFile(dir, "bad.ply", asciiPly(kTetraVertices, {0, 1, 9})), "");
  loadError(writeFile(dir, "bad.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n"), "");
}

TEST(MeshLoad, NanInfAndHugeCoordinatesAreRejected) {
  const std::string dir = meshTempDir();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  loadError(writeFile(dir, "nan.ply", binaryPly({{0, 0, 0}, {1, nan, 0}, {0, 1, 0}}, {0, 1, 2})),
            "vertices[1][1]: nan is not a finite number");
  loadError(writeFile(dir, "inf.stl", binaryStl({{0, 0, 0}, {1, 0, 0}, {0, 0, -inf}}, {0, 1, 2})),
            "-inf is not a finite number");
  loadError(writeFile(dir, "big.ply", binaryPly({{0, 0, 0}, {2e9f, 0, 0}, {0, 1, 0}}, {0, 1, 2})),
            "2e+09 is outside the range satlab's tests are exact for (|v| <= 1e9)");
}

TEST(MeshLoad, NodeTransformThatPushesVerticesOutOfRange) {
  const std::string bin = gltfBuffer(kTetraVertices, kTetraIndices);
  const std::string uri = "data:application/octet-stream;base64," + base64(bin);
  loadError(writeFile(meshTempDir(), "far.gltf", gltfJson(kTetraVertices, kTetraIndices, uri, {3e9f, 0, 0})),
            "after its node transform, 3e+09 is outside the range");
}

TEST(MeshLoad, ImportThatTakesTooLongIsStopped) {
  // A few hundred thousand faces, and a limit of 10 ms.
  std::string obj;
  for (int i = 0; i < 100000; ++i) obj += "v " + std::to_string(i) + " 0 0\nv 0 1 0\nv 0 0 1\n";
  for (int i = 0; i < 100000; ++i) {
    obj += "f " + std::to_string(3 * i + 1) + " " + std::to_string(3 * i + 2) + " " + std::to_string(3 * i + 3) + "\n";
  }
  const std::string path = writeFile(meshTempDir(), "slow.obj", obj);
  MeshLoadOptions quick;
  quick.timeoutSeconds = 0.01;
  const MeshLoadResult r = loadMeshFile(path, quick);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->text().find("took longer than 0.01 s"), std::string::npos) << r.error->text();
  EXPECT_TRUE(loadMeshFile(path).ok());  // with the default limit it loads
}

TEST(MeshLoad, ControlCharactersInANameDoNotReachTheName) {
  MeshFile file;
  loadOk(writeFile(meshTempDir(), "named.obj", std::string("o Ro\x1b[31mck\x01\n") + (kCubeObj + 7)), &file);
  ASSERT_EQ(file.meshes.size(), 1u);
  EXPECT_EQ(file.meshes[0].name.find('\x1b'), std::string::npos) << file.meshes[0].name;
  EXPECT_EQ(file.meshes[0].name.find('\x01'), std::string::npos) << file.meshes[0].name;
}

}  // namespace
}  // namespace satlab
