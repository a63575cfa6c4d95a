// Checking a mesh that came from outside (a mesh file, a scene's inline "vertices" and
// "triangles", a fuzzer): at least one triangle, every coordinate finite and within
// kMaxMeshCoordinate, every index in range, the counts within the limits. One set of rules
// and limits for the mesh library's loader and the scene's: a TriangleMesh that passes may
// be given to every function of the core (mesh.hpp's contract) and be a scene's shape.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "base/printable.hpp"
#include "satlab/collide/mesh.hpp"

namespace satlab {

/// Most vertices of one mesh: a file's meshes and placements together, or a scene's inline
/// mesh.
inline constexpr std::size_t kMaxMeshVertices = 8u * 1000u * 1000u;
/// Most triangles of one mesh, counted as kMaxMeshVertices is.
inline constexpr std::size_t kMaxMeshTriangles = 4u * 1000u * 1000u;
/// Largest |coordinate| of a vertex (for a file's mesh, before and after the node
/// transforms). Equal to the scene's kMaxSceneCoordinate (src/document/scene.hpp; the scene
/// loader checks the equality): the range the collision tests are exact for.
inline constexpr float kMaxMeshCoordinate = 1e9f;

/// An error about a mesh: which file, where in it, and why.
///   rock.obj: meshes[0] "Rock": vertices[17][1]: nan is not a finite number
///   scene.json: shapes[2].triangles[4][0]: index 9 is out of range (the mesh has 8 vertices)
struct MeshDiagnostic {
  std::string source;   ///< the file name as the caller gave it (may be empty)
  std::string field;    ///< e.g. "vertices[17][1]", "meshes[0] \"Rock\"", or empty
  std::string message;  ///< the reason

  /// "source: field: message", "source: message" or "field: message"; control characters
  /// and invalid UTF-8 of the source and field escaped (printable).
  std::string text() const;
};

/// Checks raw mesh arrays: vertices.size() <= kMaxMeshVertices, indices.size() a multiple
/// of 3 and at most 3 * kMaxMeshTriangles, every coordinate finite with |v| <=
/// kMaxMeshCoordinate, every index < vertices.size(). Returns the first problem, its field
/// named as in a scene's inline mesh: "vertices[i][k]" (k = 0, 1, 2 for x, y, z) or
/// "triangles[t][k]" (index k of triangle t), "vertices" or "triangles" for a count.
/// A mesh without vertices or without triangles fails last ("vertices" or "triangles": "a
/// mesh needs at least one vertex", "... one triangle"): it could collide with nothing.
/// Degenerate meshes pass: one point, collinear or coplanar vertices, duplicates, triangles
/// without area.
std::optional<MeshDiagnostic> validateMesh(const std::vector<glm::vec3>& vertices,
                                           const std::vector<std::uint32_t>& indices);
/// Same, for arrays from anywhere: `xyz` holds 3 * vertexCount floats, `indices` holds
/// indexCount indices.
std::optional<MeshDiagnostic> validateMesh(const float* xyz, std::size_t vertexCount, const std::uint32_t* indices,
                                           std::size_t indexCount);

/// True when |v| <= kMaxMeshCoordinate and v is finite (NaN fails).
bool meshCoordinateOk(double v);
/// The reason a coordinate fails meshCoordinateOk: "nan is not a finite number",
/// "1e+19 is outside the range satlab's tests are exact for (|v| <= 1e9)".
std::string meshCoordinateProblem(double v);

}  // namespace satlab
