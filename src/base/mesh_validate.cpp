#include "base/mesh_validate.hpp"

#include <cmath>
#include <cstdio>

namespace satlab {
namespace {

std::string field2(const char* name, std::size_t i, std::size_t k) {
  return std::string(name) + "[" + std::to_string(i) + "][" + std::to_string(k) + "]";
}

}  // namespace

std::string MeshDiagnostic::text() const {
  std::string out;
  if (!source.empty()) out += printable(source, 4096) + ": ";
  if (!field.empty()) out += printable(field, 4096) + ": ";
  return out + message;
}

bool meshCoordinateOk(double v) { return std::isfinite(v) && std::fabs(v) <= static_cast<double>(kMaxMeshCoordinate); }

std::string meshCoordinateProblem(double v) {
  if (std::isnan(v)) return "nan is not a finite number";
  if (std::isinf(v)) return std::string(v > 0 ? "inf" : "-inf") + " is not a finite number";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return std::string(buf) + " is outside the range satlab's tests are exact for (|v| <= 1e9)";
}

std::optional<MeshDiagnostic> validateMesh(const float* xyz, std::size_t vertexCount, const std::uint32_t* indices,
                                           std::size_t indexCount) {
  if (vertexCount > kMaxMeshVertices) {
    return MeshDiagnostic{"", "vertices",
                          std::to_string(vertexCount) + " vertices; the limit is " + std::to_string(kMaxMeshVertices)};
  }
  if (indexCount % 3 != 0) {
    return MeshDiagnostic{"", "triangles",
                          std::to_string(indexCount) + " indices is not a whole number of triangles (3 per triangle)"};
  }
  if (indexCount / 3 > kMaxMeshTriangles) {
    return MeshDiagnostic{
        "", "triangles",
        std::to_string(indexCount / 3) + " triangles; the limit is " + std::to_string(kMaxMeshTriangles)};
  }
  for (std::size_t i = 0; i < vertexCount; ++i) {
    for (std::size_t k = 0; k < 3; ++k) {
      const double v = static_cast<double>(xyz[3 * i + k]);
      if (!meshCoordinateOk(v)) return MeshDiagnostic{"", field2("vertices", i, k), meshCoordinateProblem(v)};
    }
  }
  for (std::size_t i = 0; i < indexCount; ++i) {
    if (indices[i] >= vertexCount) {
      return MeshDiagnostic{"", field2("triangles", i / 3, i % 3),
                            "index " + std::to_string(indices[i]) + " is out of range (the mesh has " +
                                std::to_string(vertexCount) + " vertices)"};
    }
  }
  if (vertexCount == 0) return MeshDiagnostic{"", "vertices", "a mesh needs at least one vertex"};
  if (indexCount == 0) return MeshDiagnostic{"", "triangles", "a mesh needs at least one triangle"};
  return std::nullopt;
}

std::optional<MeshDiagnostic> validateMesh(const std::vector<glm::vec3>& vertices,
                                           const std::vector<std::uint32_t>& indices) {
  static_assert(sizeof(glm::vec3) == 3 * sizeof(float), "glm::vec3 is three packed floats");
  return validateMesh(vertices.empty() ? nullptr : &vertices[0].x, vertices.size(), indices.data(), indices.size());
}

}  // namespace satlab
