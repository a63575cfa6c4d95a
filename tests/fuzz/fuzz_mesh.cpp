// libFuzzer target for the mesh library's own in-process code (docs/hardening.md): the
// decoder of the importer child's result bytes (mesh_wire.hpp) and validateMesh on
// arbitrary arrays, then the convex hull of what passes. assimp itself is not fuzzed here:
// it runs in a child process in satlab, and a crash inside the system library would make
// this target fail at random.
//
// The first byte picks the mode: 0 the rest as the child's bytes; 1 the rest after a valid
// header (so mutations reach the meshes); 2 the rest as a vertex count, floats and indices.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "base/mesh_validate.hpp"
#include "mesh/convex_hull.hpp"
#include "mesh/mesh_limits.hpp"
#include "mesh/mesh_wire.hpp"

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_mesh: %s\n", what.c_str());
  std::abort();
}

void checkLoaded(const satlab::MeshLoadResult& r) {
  if (!r.ok()) {
    if (r.error->message.empty()) fail("an error without a reason");
    return;
  }
  if (r.file.vertexCount() > satlab::kMaxMeshVertices || r.file.triangleCount() > satlab::kMaxMeshTriangles) {
    fail("over the limits");
  }
  for (const satlab::FileMesh& m : r.file.meshes) {
    if (satlab::validateMesh(m.mesh.vertices, m.mesh.indices)) fail("a decoded mesh does not validate");
    for (char c : m.name) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) fail("a control character in a name");
    }
    const satlab::TriangleMesh placed = satlab::meshInFileFrame(m);
    for (const glm::vec3& v : placed.vertices) {
      for (int k = 0; k < 3; ++k) {
        // The decoder checked the double result; float rounding may pass 1e9 by an ulp.
        if (!std::isfinite(v[k]) || std::fabs(v[k]) > 1.0001e9f) fail("a placed vertex out of range");
      }
    }
  }
  const satlab::TriangleMesh merged = satlab::mergeMeshes(r.file);
  // A file of no meshes is the loader's error ("the file holds no triangles"), not the decoder's.
  if (!r.file.meshes.empty() && satlab::validateMesh(merged.vertices, merged.indices)) {
    fail("the merged mesh does not validate");
  }
}

void checkArrays(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return;
  const std::size_t vertexCount = data[0] % 65;
  const std::size_t floatBytes = vertexCount * 12;
  if (size < 1 + floatBytes) return;
  std::vector<glm::vec3> vertices(vertexCount);
  if (vertexCount > 0) std::memcpy(&vertices[0].x, data + 1, floatBytes);
  std::vector<std::uint32_t> indices((size - 1 - floatBytes) / 4);
  if (!indices.empty()) std::memcpy(indices.data(), data + 1 + floatBytes, indices.size() * 4);
  const std::optional<satlab::MeshDiagnostic> bad = satlab::validateMesh(vertices, indices);
  if (bad) {
    if (bad->field.empty() || bad->message.empty()) fail("a problem without its field or reason");
    return;
  }
  const satlab::ConvexHullResult hull = satlab::convexHull(vertices);
  if (!std::isfinite(hull.volume) || hull.volume < 0.0) fail("hull volume not finite and >= 0");
  for (const auto& t : hull.hull.triangles) {
    for (std::uint32_t i : t) {
      if (i >= hull.hull.vertices.size()) fail("a hull triangle's index out of range");
    }
  }
  if (!vertices.empty() && hull.hull.vertices.empty()) fail("no hull of a non-empty set");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  switch (data[0] % 3) {
    case 0: checkLoaded(satlab::decodeMeshWire(rest)); break;
    case 1: {
      std::string bytes("SLMW\1\0\0\0\0\0\0\0", 12);
      bytes.append(rest.data(), rest.size());
      checkLoaded(satlab::decodeMeshWire(bytes));
      break;
    }
    default: checkArrays(data + 1, size - 1); break;
  }
  return 0;
}
