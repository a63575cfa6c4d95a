// libFuzzer target for satlab's own mesh reader (plain_import.hpp), the browser build's
// importer, which runs in satlab's process: it must never crash, hang or allocate out of
// proportion, whatever the bytes.
//
// The first byte picks the format (0 OBJ, 1 STL, 2 PLY); the rest is the file. The result
// must be well-formed wire bytes (mesh_wire.hpp) that decode either to an error with a
// reason or to meshes within the limits, each with triangles, no unused vertex, no two
// vertices at the same position (identical vertices joined), and everything the decoder's
// checks require.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "base/mesh_validate.hpp"
#include "mesh/mesh_limits.hpp"
#include "mesh/mesh_wire.hpp"
#include "mesh/plain_import.hpp"

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_plain_import: %s\n", what.c_str());
  std::abort();
}

std::uint32_t bits(float v) {
  if (v == 0.0f) v = 0.0f;  // -0 and +0 are one position
  std::uint32_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

void checkMesh(const satlab::FileMesh& m) {
  if (m.mesh.indices.empty()) fail("a mesh without triangles");
  if (satlab::validateMesh(m.mesh.vertices, m.mesh.indices)) fail("a decoded mesh does not validate");
  std::vector<bool> used(m.mesh.vertices.size(), false);
  for (std::uint32_t i : m.mesh.indices) used[i] = true;
  for (bool u : used) {
    if (!u) fail("an unused vertex");
  }
  std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> seen;
  for (const glm::vec3& v : m.mesh.vertices) {
    if (!seen.insert({bits(v.x), bits(v.y), bits(v.z)}).second) fail("two vertices of a mesh at one position");
  }
  for (char c : m.name) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) fail("a control character in a name");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  static const satlab::PlainMeshFormat kFormats[] = {satlab::PlainMeshFormat::Obj, satlab::PlainMeshFormat::Stl,
                                                     satlab::PlainMeshFormat::Ply};
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string wire = satlab::importMeshFromBytes(bytes, kFormats[data[0] % 3]);
  if (wire.size() > satlab::maxMeshWireBytes()) fail("more bytes than the limits allow");
  const satlab::MeshLoadResult r = satlab::decodeMeshWire(wire);
  if (!r.ok()) {
    if (r.error->message.empty()) fail("an error without a reason");
    if (r.error->message.find("result is malformed") != std::string::npos) fail("malformed wire bytes");
    return 0;
  }
  if (r.file.vertexCount() > satlab::kMaxMeshVertices || r.file.triangleCount() > satlab::kMaxMeshTriangles ||
      r.file.meshes.size() > satlab::kMaxMeshParts) {
    fail("over the limits");
  }
  for (const satlab::FileMesh& m : r.file.meshes) checkMesh(m);
  return 0;
}
