#include "mesh/mesh_wire.hpp"

#include <cmath>
#include <cstring>

namespace satlab {
namespace {

constexpr char kMagic[4] = {'S', 'L', 'M', 'W'};
constexpr char kEnd[4] = {'E', 'N', 'D', '!'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kKindMeshes = 0;
constexpr std::uint32_t kKindError = 1;
constexpr std::size_t kMaxErrorBytes = 4096;
// Per mesh, besides its vertices and triangles: name length, name, transform, two counts.
constexpr std::size_t kMeshHeaderBytes = 4 + kMaxMeshNameBytes + 16 * 4 + 4 + 4;

template <class T>
void put(std::string& out, T value) {
  char b[sizeof(T)];
  std::memcpy(b, &value, sizeof(T));
  out.append(b, sizeof(T));
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  std::size_t left() const { return bytes_.size() - pos_; }
  template <class T>
  bool get(T& value) {
    if (left() < sizeof(T)) return false;
    std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return true;
  }
  bool take(std::size_t n, std::string_view& out) {
    if (left() < n) return false;
    out = bytes_.substr(pos_, n);
    pos_ += n;
    return true;
  }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

// Valid UTF-8 kept, anything else (bytes that are not UTF-8, C0, DEL and C1 controls) as '?'.
std::string cleanName(std::string_view raw) {
  const std::string escaped = printable(raw, kMaxMeshNameBytes);
  // printable writes \xNN and \u00NN; a name is for display, so a plain '?' reads better
  // than escapes, and it keeps the name free of backslashes that were not in the file.
  std::string out;
  std::size_t i = 0;
  while (i < escaped.size()) {
    if (escaped[i] == '\\' && i + 3 < escaped.size() && escaped[i + 1] == 'x') {
      out += '?';
      i += 4;
    } else if (escaped[i] == '\\' && i + 5 < escaped.size() && escaped[i + 1] == 'u') {
      out += '?';
      i += 6;
    } else {
      out += escaped[i++];
    }
  }
  return out;
}

MeshLoadResult failure(std::string field, std::string message) {
  MeshLoadResult r;
  r.error = MeshDiagnostic{"", std::move(field), std::move(message)};
  return r;
}

MeshLoadResult malformed(const std::string& what) {
  return failure("", "the mesh importer's result is malformed (" + what + ")");
}

std::string meshField(std::size_t i, const std::string& name) {
  return "meshes[" + std::to_string(i) + "] \"" + name + "\"";
}

}  // namespace

std::size_t MeshFile::vertexCount() const {
  std::size_t n = 0;
  for (const FileMesh& m : meshes) n += m.mesh.vertices.size();
  return n;
}

std::size_t MeshFile::triangleCount() const {
  std::size_t n = 0;
  for (const FileMesh& m : meshes) n += m.mesh.triangleCount();
  return n;
}

std::size_t maxMeshWireBytes() {
  return 64 + kMaxErrorBytes + kMaxMeshParts * kMeshHeaderBytes + kMaxMeshVertices * 12 + kMaxMeshTriangles * 12;
}

std::string encodeMeshWire(const WireMeshes& meshes) {
  std::string out;
  out.append(kMagic, 4);
  put(out, kVersion);
  put(out, kKindMeshes);
  put(out, static_cast<std::uint32_t>(meshes.file.meshes.size()));
  put(out, meshes.droppedPoints);
  put(out, meshes.droppedLines);
  for (const FileMesh& m : meshes.file.meshes) {
    const std::string name = m.name.substr(0, kMaxMeshNameBytes);
    put(out, static_cast<std::uint32_t>(name.size()));
    out += name;
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) put(out, m.transform[c][r]);
    }
    put(out, static_cast<std::uint32_t>(m.mesh.vertices.size()));
    put(out, static_cast<std::uint32_t>(m.mesh.indices.size() / 3));
    for (const glm::vec3& v : m.mesh.vertices) {
      put(out, v.x);
      put(out, v.y);
      put(out, v.z);
    }
    for (std::size_t i = 0; i + 2 < m.mesh.indices.size(); i += 3) {
      for (std::size_t k = 0; k < 3; ++k) put(out, m.mesh.indices[i + k]);
    }
  }
  out.append(kEnd, 4);
  return out;
}

std::string encodeMeshWireError(std::string_view message) {
  std::string out;
  out.append(kMagic, 4);
  put(out, kVersion);
  put(out, kKindError);
  const std::string_view m = message.substr(0, kMaxErrorBytes);
  put(out, static_cast<std::uint32_t>(m.size()));
  out.append(m.data(), m.size());
  out.append(kEnd, 4);
  return out;
}

MeshLoadResult decodeMeshWire(std::string_view bytes) {
  Reader in(bytes);
  std::string_view magic;
  std::uint32_t version = 0, kind = 0;
  if (!in.take(4, magic) || std::memcmp(magic.data(), kMagic, 4) != 0) return malformed("no header");
  if (!in.get(version) || version != kVersion) return malformed("unknown version");
  if (!in.get(kind) || (kind != kKindMeshes && kind != kKindError)) return malformed("unknown kind");
  std::string_view end;
  if (kind == kKindError) {
    std::uint32_t length = 0;
    std::string_view message;
    if (!in.get(length) || length > kMaxErrorBytes || !in.take(length, message)) return malformed("bad error text");
    if (!in.take(4, end) || std::memcmp(end.data(), kEnd, 4) != 0 || in.left() != 0) return malformed("bad end");
    // An importer that failed without saying why still gets a reason on screen.
    if (message.empty()) return failure("", "the importer failed and gave no reason");
    return failure("", printable(message, kMaxErrorBytes));
  }
  std::uint32_t count = 0;
  std::uint64_t points = 0, lines = 0;
  if (!in.get(count) || !in.get(points) || !in.get(lines)) return malformed("truncated header");
  if (count > kMaxMeshParts) {
    return failure("", std::to_string(count) + " meshes; the limit is " + std::to_string(kMaxMeshParts));
  }
  MeshLoadResult result;
  std::size_t totalVertices = 0, totalTriangles = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t nameLength = 0;
    std::string_view rawName;
    if (!in.get(nameLength) || nameLength > kMaxMeshNameBytes || !in.take(nameLength, rawName)) {
      return malformed("bad name of mesh " + std::to_string(i));
    }
    FileMesh mesh;
    mesh.name = cleanName(rawName);
    const std::string field = meshField(i, mesh.name);
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) {
        if (!in.get(mesh.transform[c][r])) return malformed("truncated transform");
        if (!std::isfinite(mesh.transform[c][r])) {
          return failure(field,
                         "its node transform is not finite (" + meshCoordinateProblem(mesh.transform[c][r]) + ")");
        }
      }
    }
    std::uint32_t vertexCount = 0, triangleCount = 0;
    if (!in.get(vertexCount) || !in.get(triangleCount)) return malformed("truncated counts");
    totalVertices += vertexCount;
    totalTriangles += triangleCount;
    if (totalVertices > kMaxMeshVertices) {
      return failure("", "more than " + std::to_string(kMaxMeshVertices) + " vertices (the limit)");
    }
    if (totalTriangles > kMaxMeshTriangles) {
      return failure("", "more than " + std::to_string(kMaxMeshTriangles) + " triangles (the limit)");
    }
    // Both counts are below the limits, so these products cannot overflow.
    const std::size_t need = std::size_t{vertexCount} * 12 + std::size_t{triangleCount} * 12;
    if (in.left() < need) return malformed("truncated vertices or triangles");
    mesh.mesh.vertices.resize(vertexCount);
    for (glm::vec3& v : mesh.mesh.vertices) {
      in.get(v.x);
      in.get(v.y);
      in.get(v.z);
    }
    mesh.mesh.indices.resize(std::size_t{triangleCount} * 3);
    for (std::uint32_t& index : mesh.mesh.indices) in.get(index);
    if (std::optional<MeshDiagnostic> bad = validateMesh(mesh.mesh.vertices, mesh.mesh.indices)) {
      return failure(field + ": " + bad->field, bad->message);
    }
    // The file frame must be in range too: every vertex moved by the node transform.
    const glm::dmat4 t(mesh.transform);
    for (std::size_t v = 0; v < mesh.mesh.vertices.size(); ++v) {
      const glm::dvec4 p = t * glm::dvec4(glm::dvec3(mesh.mesh.vertices[v]), 1.0);
      for (int k = 0; k < 3; ++k) {
        if (!meshCoordinateOk(p[k])) {
          return failure(field + ": vertices[" + std::to_string(v) + "][" + std::to_string(k) + "]",
                         "after its node transform, " + meshCoordinateProblem(p[k]));
        }
      }
    }
    result.file.meshes.push_back(std::move(mesh));
  }
  if (!in.take(4, end) || std::memcmp(end.data(), kEnd, 4) != 0) return malformed("bad end");
  if (in.left() != 0) return malformed("bytes after the end");
  if (points > 0 || lines > 0) {
    result.file.notes.push_back("dropped " + std::to_string(points) + " points and " + std::to_string(lines) +
                                " lines (satlab reads triangles only)");
  }
  return result;
}

}  // namespace satlab
