// The child's result bytes, decoded as untrusted input.
#include "mesh/mesh_wire.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "mesh_test_util.hpp"

namespace satlab {
namespace {

WireMeshes tetra() {
  WireMeshes w;
  FileMesh m;
  m.name = "Tetra";
  m.mesh.vertices = test::kTetraVertices;
  m.mesh.indices = test::kTetraIndices;
  m.transform[3] = glm::vec4(1, 2, 3, 1);
  w.file.meshes.push_back(m);
  return w;
}

std::string reason(const MeshLoadResult& r) { return r.error ? r.error->text() : "(loaded)"; }

TEST(MeshWire, RoundTrip) {
  WireMeshes w = tetra();
  w.droppedLines = 2;
  const MeshLoadResult r = decodeMeshWire(encodeMeshWire(w));
  ASSERT_TRUE(r.ok()) << reason(r);
  ASSERT_EQ(r.file.meshes.size(), 1u);
  EXPECT_EQ(r.file.meshes[0].name, "Tetra");
  EXPECT_EQ(r.file.meshes[0].mesh.vertices, test::kTetraVertices);
  EXPECT_EQ(r.file.meshes[0].mesh.indices, test::kTetraIndices);
  EXPECT_EQ(r.file.meshes[0].transform[3], glm::vec4(1, 2, 3, 1));
  ASSERT_EQ(r.file.notes.size(), 1u);
  EXPECT_EQ(r.file.notes[0], "dropped 0 points and 2 lines (satlab reads triangles only)");
}

TEST(MeshWire, ErrorMessageCarriesThrough) {
  const MeshLoadResult r = decodeMeshWire(encodeMeshWireError("assimp cannot read it: bad\x1b"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "assimp cannot read it: bad\\x1b");
}

TEST(MeshWire, AnErrorWithoutTextStillGivesAReason) {
  // Found by fuzz_mesh: the child's error record with a message of length 0.
  const MeshLoadResult r = decodeMeshWire(encodeMeshWireError(""));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "the importer failed and gave no reason");
}

TEST(MeshWire, EveryTruncationIsMalformedNotACrash) {
  const std::string bytes = encodeMeshWire(tetra());
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const MeshLoadResult r = decodeMeshWire(bytes.substr(0, n));
    ASSERT_FALSE(r.ok()) << n;
    EXPECT_NE(r.error->message.find("malformed"), std::string::npos) << n << ": " << reason(r);
  }
  EXPECT_FALSE(decodeMeshWire(bytes + "x").ok());
}

// Offsets in the encoding of tetra(): 4 magic, 4 version, 4 kind, 4 count, 8 + 8 dropped,
// 4 name length, 5 name, 64 transform, 4 vertex count, 4 triangle count, then the data.
constexpr std::size_t kVertexCountAt = 4 + 4 + 4 + 4 + 16 + 4 + 5 + 64;
constexpr std::size_t kVerticesAt = kVertexCountAt + 8;
constexpr std::size_t kIndicesAt = kVerticesAt + 4 * 12;

template <class T>
std::string patched(std::size_t at, T value) {
  std::string bytes = encodeMeshWire(tetra());
  std::memcpy(&bytes[at], &value, sizeof(T));
  return bytes;
}

TEST(MeshWire, HugeCountsAreCheckedBeforeAllocating) {
  EXPECT_NE(reason(decodeMeshWire(patched(12, std::uint32_t{0xffffffff}))).find("meshes; the limit is 4096"),
            std::string::npos);
  EXPECT_NE(reason(decodeMeshWire(patched(kVertexCountAt, std::uint32_t{0xffffffff}))).find("the limit"),
            std::string::npos);
  EXPECT_NE(reason(decodeMeshWire(patched(kVertexCountAt, std::uint32_t{1000000}))).find("truncated vertices"),
            std::string::npos);
  EXPECT_NE(reason(decodeMeshWire(patched(kVertexCountAt + 4, std::uint32_t{3000000}))).find("truncated"),
            std::string::npos);
}

TEST(MeshWire, IndexOutOfRange) {
  EXPECT_EQ(reason(decodeMeshWire(patched(kIndicesAt + 4 * 4, std::uint32_t{4}))),
            "meshes[0] \"Tetra\": triangles[1][1]: index 4 is out of range (the mesh has 4 vertices)");
}

TEST(MeshWire, NonFiniteVertexAndTransform) {
  EXPECT_EQ(reason(decodeMeshWire(patched(kVerticesAt + 5 * 4, std::numeric_limits<float>::quiet_NaN()))),
            "meshes[0] \"Tetra\": vertices[1][2]: nan is not a finite number");
  EXPECT_NE(reason(decodeMeshWire(patched(kVertexCountAt - 4, std::numeric_limits<float>::infinity())))
                .find("its node transform is not finite"),
            std::string::npos);
}

TEST(MeshWire, TransformThatOverflowsInFloatButNotInDouble) {
  // Column 0 scaled by 1e38 cancels against column 1: in double the vertex (1, 1, 0) lands at
  // x = 0, in float the products overflow. The decoder judges the double result, and
  // meshInFileFrame computes it in double too.
  WireMeshes w = tetra();
  w.file.meshes[0].mesh.vertices = {{1, 1, 0}, {0, 0, 0}, {0, 0, 0}};
  w.file.meshes[0].mesh.indices = {0, 1, 2};
  w.file.meshes[0].transform = glm::mat4(1.0f);
  w.file.meshes[0].transform[0][0] = 1e38f;
  w.file.meshes[0].transform[1][0] = -1e38f;
  const MeshLoadResult r = decodeMeshWire(encodeMeshWire(w));
  ASSERT_TRUE(r.ok()) << reason(r);
  const TriangleMesh placed = meshInFileFrame(r.file.meshes[0]);
  EXPECT_EQ(placed.vertices[0], glm::vec3(0, 1, 0));
}

TEST(MeshWire, NamesAreMadePrintable) {
  WireMeshes w = tetra();
  w.file.meshes[0].name = std::string("a\x1b[2Jb\xff\xc2\x85z", 10);
  const MeshLoadResult r = decodeMeshWire(encodeMeshWire(w));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.file.meshes[0].name, "a?[2Jb??z");
}

}  // namespace
}  // namespace satlab
