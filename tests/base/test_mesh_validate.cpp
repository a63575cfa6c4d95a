// validateMesh: raw arrays from anywhere (a mesh file, a scene's inline mesh), each problem
// named by field.
#include "base/mesh_validate.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace satlab {
namespace {

std::string problem(const std::vector<glm::vec3>& v, const std::vector<std::uint32_t>& i) {
  const std::optional<MeshDiagnostic> d = validateMesh(v, i);
  return d ? d->text() : "";
}

TEST(ValidateMesh, GoodAndDegenerateMeshesPass) {
  EXPECT_EQ(problem({{1, 2, 3}}, {0, 0, 0}), "");                        // one point
  EXPECT_EQ(problem({{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}, {0, 1, 2}), "");  // collinear
  EXPECT_EQ(problem({{0, 0, 0}, {0, 0, 0}, {1, 0, 0}}, {0, 1, 2}), "");  // duplicate vertices
  EXPECT_EQ(problem({{1e9f, -1e9f, 0}}, {0, 0, 0}), "");                 // at the range's edge
}

// A mesh that cannot collide with anything is an error, as the scene file's loader has always
// said, wherever it comes from.
TEST(ValidateMesh, AMeshNeedsAVertexAndATriangle) {
  EXPECT_EQ(problem({}, {}), "vertices: a mesh needs at least one vertex");
  EXPECT_EQ(problem({{1e9f, -1e9f, 0}}, {}), "triangles: a mesh needs at least one triangle");
  EXPECT_EQ(problem({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, {}), "triangles: a mesh needs at least one triangle");
}

TEST(ValidateMesh, EachProblemNamesItsField) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(problem({{0, 0, 0}, {0, nan, 0}}, {}), "vertices[1][1]: nan is not a finite number");
  EXPECT_EQ(problem({{0, 0, -std::numeric_limits<float>::infinity()}}, {}),
            "vertices[0][2]: -inf is not a finite number");
  EXPECT_EQ(problem({{1.5e9f, 0, 0}}, {}),
            "vertices[0][0]: 1.5e+09 is outside the range satlab's tests are exact for (|v| <= 1e9)");
  EXPECT_EQ(problem({{0, 0, 0}}, {0, 0}), "triangles: 2 indices is not a whole number of triangles (3 per triangle)");
  EXPECT_EQ(problem({{0, 0, 0}, {1, 0, 0}}, {0, 1, 0, 1, 0, 2}),
            "triangles[1][2]: index 2 is out of range (the mesh has 2 vertices)");
}

TEST(ValidateMesh, CountsOverTheLimits) {
  const std::optional<MeshDiagnostic> v = validateMesh(nullptr, kMaxMeshVertices + 1, nullptr, 0);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->field, "vertices");
  const std::optional<MeshDiagnostic> t = validateMesh(nullptr, 0, nullptr, 3 * (kMaxMeshTriangles + 1));
  ASSERT_TRUE(t);
  EXPECT_EQ(t->field, "triangles");
}

}  // namespace
}  // namespace satlab
