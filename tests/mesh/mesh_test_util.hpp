// Writing small mesh files for the mesh tests.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace satlab::test {

/// A fresh empty temporary folder.
inline std::string meshTempDir() {
  char tmpl[] = "/tmp/satlab-mesh-XXXXXX";
  const char* d = ::mkdtemp(tmpl);
  return d != nullptr ? std::string(d) : std::string("/tmp");
}

/// Writes `bytes` to dir/name and returns the path.
inline std::string writeFile(const std::string& dir, const std::string& name, const std::string& bytes) {
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

template <class T>
void appendRaw(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}

/// A unit cube [0,1]^3 as OBJ text (8 vertices, 6 quads, counter-clockwise from outside).
inline const char* kCubeObj =
    "o Cube\n"
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

/// A tetrahedron's four corners and four faces.
inline const std::vector<glm::vec3> kTetraVertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
inline const std::vector<std::uint32_t> kTetraIndices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};

/// Binary STL of the triangles (normals 0).
inline std::string binaryStl(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& idx) {
  std::string out(80, ' ');
  appendRaw(out, static_cast<std::uint32_t>(idx.size() / 3));
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    for (int k = 0; k < 3; ++k) appendRaw(out, 0.0f);
    for (int c = 0; c < 3; ++c) {
      for (int k = 0; k < 3; ++k) appendRaw(out, v[idx[t + static_cast<std::size_t>(c)]][k]);
    }
    appendRaw(out, std::uint16_t{0});
  }
  return out;
}

/// ASCII STL of the triangles.
inline std::string asciiStl(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& idx) {
  std::string out = "solid test\n";
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    out += " facet normal 0 0 0\n  outer loop\n";
    for (int c = 0; c < 3; ++c) {
      const glm::vec3& p = v[idx[t + static_cast<std::size_t>(c)]];
      out += "   vertex " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + "\n";
    }
    out += "  endloop\n endfacet\n";
  }
  return out + "endsolid test\n";
}

/// ASCII PLY of the triangles.
inline std::string asciiPly(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& idx) {
  std::string out = "ply\nformat ascii 1.0\nelement vertex " + std::to_string(v.size()) +
                    "\nproperty float x\nproperty float y\nproperty float z\nelement face " +
                    std::to_string(idx.size() / 3) + "\nproperty list uchar int vertex_indices\nend_header\n";
  for (const glm::vec3& p : v)
    out += std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) + "\n";
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    out += "3 " + std::to_string(idx[t]) + " " + std::to_string(idx[t + 1]) + " " + std::to_string(idx[t + 2]) + "\n";
  }
  return out;
}

/// Binary little-endian PLY of the triangles.
inline std::string binaryPly(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& idx) {
  std::string out = "ply\nformat binary_little_endian 1.0\nelement vertex " + std::to_string(v.size()) +
                    "\nproperty float x\nproperty float y\nproperty float z\nelement face " +
                    std::to_string(idx.size() / 3) + "\nproperty list uchar int vertex_indices\nend_header\n";
  for (const glm::vec3& p : v) {
    for (int k = 0; k < 3; ++k) appendRaw(out, p[k]);
  }
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    appendRaw(out, std::uint8_t{3});
    for (int k = 0; k < 3; ++k) appendRaw(out, static_cast<std::int32_t>(idx[t + static_cast<std::size_t>(k)]));
  }
  return out;
}

inline std::string base64(const std::string& bytes) {
  static const char* kTable = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += kTable[(n >> 18) & 63];
    out += kTable[(n >> 12) & 63];
    out += kTable[(n >> 6) & 63];
    out += kTable[n & 63];
  }
  if (i + 1 == bytes.size()) {
    const unsigned n = static_cast<unsigned char>(bytes[i]) << 16;
    out += kTable[(n >> 18) & 63];
    out += kTable[(n >> 12) & 63];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    const unsigned n = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8);
    out += kTable[(n >> 18) & 63];
    out += kTable[(n >> 12) & 63];
    out += kTable[(n >> 6) & 63];
    out += '=';
  }
  return out;
}

/// The binary buffer of a glTF mesh: float positions, then uint32 indices.
inline std::string gltfBuffer(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& idx) {
  std::string bin;
  for (const glm::vec3& p : v) {
    for (int k = 0; k < 3; ++k) appendRaw(bin, p[k]);
  }
  for (std::uint32_t i : idx) appendRaw(bin, i);
  return bin;
}

/// glTF 2.0 JSON of one mesh placed by one node with `translation`; the buffer is `uri`
/// (a data URI, a file name, or empty for a .glb's own chunk).
inline std::string gltfJson(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& idx,
                            const std::string& uri, const glm::vec3& translation) {
  glm::vec3 lo = v[0], hi = v[0];
  for (const glm::vec3& p : v) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  const std::size_t posBytes = v.size() * 12, idxBytes = idx.size() * 4;
  auto num = [](float f) { return std::to_string(f); };
  std::string j = "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],";
  j += "\"nodes\":[{\"name\":\"Placed\",\"mesh\":0,\"translation\":[" + num(translation.x) + "," + num(translation.y) +
       "," + num(translation.z) + "]}],";
  j += "\"meshes\":[{\"name\":\"Tetra\",\"primitives\":[{\"attributes\":{\"POSITION\":0},\"indices\":1}]}],";
  j += "\"buffers\":[{" + (uri.empty() ? std::string() : "\"uri\":\"" + uri + "\",") +
       "\"byteLength\":" + std::to_string(posBytes + idxBytes) + "}],";
  j += "\"bufferViews\":[{\"buffer\":0,\"byteOffset\":0,\"byteLength\":" + std::to_string(posBytes) +
       "},{\"buffer\":0,\"byteOffset\":" + std::to_string(posBytes) + ",\"byteLength\":" + std::to_string(idxBytes) +
       "}],";
  j += "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":" + std::to_string(v.size()) +
       ",\"type\":\"VEC3\",\"min\":[" + num(lo.x) + "," + num(lo.y) + "," + num(lo.z) + "],\"max\":[" + num(hi.x) +
       "," + num(hi.y) + "," + num(hi.z) +
       "]},{\"bufferView\":1,\"componentType\":5125,\"count\":" + std::to_string(idx.size()) +
       ",\"type\":\"SCALAR\"}]}";
  return j;
}

/// A .glb container of the glTF JSON and its binary buffer.
inline std::string glb(std::string json, std::string bin) {
  while (json.size() % 4 != 0) json += ' ';
  while (bin.size() % 4 != 0) bin += '\0';
  std::string out = "glTF";
  appendRaw(out, std::uint32_t{2});
  appendRaw(out, static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin.size()));
  appendRaw(out, static_cast<std::uint32_t>(json.size()));
  out += "JSON";
  out += json;
  appendRaw(out, static_cast<std::uint32_t>(bin.size()));
  out.append("BIN\0", 4);
  out += bin;
  return out;
}

}  // namespace satlab::test
