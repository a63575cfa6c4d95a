// STL, binary and ASCII. A binary STL is an 80-byte header, a little-endian u32 triangle
// count n and n records of 50 bytes (normal, three corners, two attribute bytes), so its
// size is exactly 84 + 50 n; that size decides, as in assimp, since many binary files
// start their header with "solid" too. Otherwise a file starting with "solid" (and holding
// no NUL byte) is ASCII: "solid name", then facets of "vertex x y z" lines between
// "facet ..." and "endfacet", "endsolid"; each solid is a mesh of its name. Normals and
// attribute bytes are not used.
#include <cstring>
#include <string>
#include <vector>

#include "mesh/mesh_limits.hpp"
#include "mesh/plain_parse.hpp"

namespace satlab::plain {
namespace {

constexpr std::size_t kHeaderBytes = 84;
constexpr std::size_t kRecordBytes = 50;

std::uint32_t u32le(const unsigned char* p) {
  return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[3]} << 24);
}

float f32le(const unsigned char* p) {
  const std::uint32_t bits = u32le(p);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

bool startsWithSolid(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size() && (isBlank(bytes[i]) || bytes[i] == '\n')) ++i;
  return bytes.compare(i, 5, "solid") == 0 && (i + 5 == bytes.size() || isBlank(bytes[i + 5]) || bytes[i + 5] == '\n');
}

std::string readBinary(std::string_view bytes, std::uint32_t n) {
  if (n > kMaxMeshTriangles) {
    return encodeMeshWireError("the file declares " + std::to_string(n) + " triangles; the limit is " +
                               std::to_string(kMaxMeshTriangles));
  }
  MeshBuilder builder;
  builder.beginMesh("");
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  for (std::uint32_t t = 0; t < n; ++t) {
    const unsigned char* r = data + kHeaderBytes + std::size_t{t} * kRecordBytes + 12;  // past the normal
    glm::vec3 c[3];
    for (int k = 0; k < 3; ++k) c[k] = glm::vec3(f32le(r + 12 * k), f32le(r + 12 * k + 4), f32le(r + 12 * k + 8));
    if (!builder.addTriangle(c[0], c[1], c[2])) return encodeMeshWireError(builder.error());
  }
  return builder.finish();
}

std::string readAscii(std::string_view text) {
  MeshBuilder builder;
  Lines lines(text);
  std::vector<glm::vec3> corners;
  bool inSolid = false, inFacet = false;
  std::size_t facetLine = 0;
  std::string_view line;
  auto fail = [&](const std::string& message) { return encodeMeshWireError(lineError(lines.number(), message)); };
  while (lines.next(line)) {
    std::string_view rest = line, word;
    if (!nextWord(rest, word)) continue;
    if (word == "solid") {
      if (inFacet) return fail("'solid' inside a facet");
      builder.beginMesh(trimmed(rest));
      inSolid = true;
    } else if (word == "endsolid") {
      if (inFacet) return fail("'endsolid' inside a facet");
      inSolid = false;
    } else if (word == "facet") {
      if (!inSolid) return fail("'facet' outside a solid");
      if (inFacet) return fail("'facet' inside a facet (no 'endfacet' before it)");
      inFacet = true;
      facetLine = lines.number();
      corners.clear();
    } else if (word == "outer" || word == "endloop") {
      if (!inFacet) return fail(quoted(word) + " outside a facet");
    } else if (word == "vertex") {
      if (!inFacet) return fail("'vertex' outside a facet");
      float c[3];
      std::string_view w;
      for (float& v : c) {
        if (!nextWord(rest, w)) return fail("a vertex needs three numbers (vertex x y z)");
        if (!parseFloat(w, v)) return fail(quoted(w) + " is not a number");
      }
      if (nextWord(rest, w)) return fail("a vertex has more than three numbers (vertex x y z)");
      corners.emplace_back(c[0], c[1], c[2]);
    } else if (word == "endfacet") {
      if (!inFacet) return fail("'endfacet' outside a facet");
      if (corners.size() < 3) {
        return fail("the facet of line " + std::to_string(facetLine) + " has " + std::to_string(corners.size()) +
                    " vertices (a triangle has 3)");
      }
      if (!builder.addPolygon(corners.data(), corners.size())) return fail(builder.error());
      inFacet = false;
    } else {
      return fail(quoted(word) +
                  " is not an ASCII STL keyword (solid, facet, outer loop, vertex, endloop, endfacet, "
                  "endsolid)");
    }
  }
  if (!lines.error().empty()) return encodeMeshWireError(lines.error());
  if (inFacet) {
    return encodeMeshWireError("the file ends inside the facet of line " + std::to_string(facetLine) +
                               " (no 'endfacet')");
  }
  return builder.finish();
}

}  // namespace

std::string importStl(std::string_view bytes) {
  if (bytes.size() >= kHeaderBytes) {
    const std::uint32_t n = u32le(reinterpret_cast<const unsigned char*>(bytes.data()) + 80);
    if (kHeaderBytes + std::uint64_t{n} * kRecordBytes == bytes.size()) return readBinary(bytes, n);
  }
  const bool hasNul = std::memchr(bytes.data(), '\0', bytes.size()) != nullptr;
  if (startsWithSolid(bytes) && !hasNul) return readAscii(bytes);
  if (bytes.size() < kHeaderBytes) {
    return encodeMeshWireError("not an STL file: " + std::to_string(bytes.size()) +
                               " bytes are too few for a binary STL (84 at least) and an ASCII STL starts with "
                               "\"solid\"");
  }
  const std::uint32_t n = u32le(reinterpret_cast<const unsigned char*>(bytes.data()) + 80);
  return encodeMeshWireError(std::string(startsWithSolid(bytes) ? "a binary STL (binary data after \"solid\")"
                                                                : "a binary STL (it does not start with \"solid\")") +
                             " whose header declares " + std::to_string(n) + " triangles must have 84 + 50 x " +
                             std::to_string(n) + " = " +
                             std::to_string(kHeaderBytes + std::uint64_t{n} * kRecordBytes) + " bytes; the file has " +
                             std::to_string(bytes.size()) + " (cut short, or not an STL file)");
}

}  // namespace satlab::plain
