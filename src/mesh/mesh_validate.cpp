#include "mesh/mesh_validate.hpp"

#include <cmath>
#include <cstdio>

#include "mesh/mesh_limits.hpp"

namespace satlab {
namespace {

// Length of the valid UTF-8 sequence starting at text[i] (overlong forms, surrogates and
// code points above U+10FFFF are invalid), or 0.
std::size_t utf8Length(std::string_view text, std::size_t i) {
  const unsigned char b = static_cast<unsigned char>(text[i]);
  std::size_t n = 0;
  unsigned lo = 0x80, hi = 0xbf;
  if (b >= 0xc2 && b <= 0xdf) {
    n = 2;
  } else if (b >= 0xe0 && b <= 0xef) {
    n = 3;
    if (b == 0xe0) lo = 0xa0;
    if (b == 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    n = 4;
    if (b == 0xf0) lo = 0x90;
    if (b == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned c = static_cast<unsigned char>(text[i + k]);
    if (c < (k == 1 ? lo : 0x80u) || c > (k == 1 ? hi : 0xbfu)) return 0;
  }
  return n;
}

std::string field2(const char* name, std::size_t i, std::size_t k) {
  return std::string(name) + "[" + std::to_string(i) + "][" + std::to_string(k) + "]";
}

}  // namespace

std::string meshPrintable(std::string_view text, std::size_t maxBytes) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < maxBytes) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    char esc[8];
    if (b >= 0x20 && b < 0x7f) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    if (b >= 0x80) {
      if (const std::size_t n = utf8Length(text, i)) {
        const unsigned char b1 = static_cast<unsigned char>(text[i + 1]);
        if (n == 2 && b == 0xc2 && b1 <= 0x9f) {  // C1 controls (U+0080..U+009F)
          std::snprintf(esc, sizeof esc, "\\u%04x", b1);
          out += esc;
        } else {
          out.append(text.substr(i, n));
        }
        i += n;
        continue;
      }
    }
    std::snprintf(esc, sizeof esc, "\\x%02x", b);
    out += esc;
    ++i;
  }
  if (i < text.size()) out += "...";
  return out;
}

std::string MeshDiagnostic::text() const {
  std::string out;
  if (!source.empty()) out += meshPrintable(source) + ": ";
  if (!field.empty()) out += meshPrintable(field) + ": ";
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
  return std::nullopt;
}

std::optional<MeshDiagnostic> validateMesh(const std::vector<glm::vec3>& vertices,
                                           const std::vector<std::uint32_t>& indices) {
  static_assert(sizeof(glm::vec3) == 3 * sizeof(float), "glm::vec3 is three packed floats");
  return validateMesh(vertices.empty() ? nullptr : &vertices[0].x, vertices.size(), indices.data(), indices.size());
}

}  // namespace satlab
