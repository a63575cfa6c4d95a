// Triangle and mesh shapes in scenes: the file format (load, save, every error of the new
// fields), the pair table's tests for them (verdicts against the core's own tests), copies
// and undo steps that share a mesh's triangles.
#include <gtest/gtest.h>

#include <string>

#include "../document/scene_test_util.hpp"
#include "document/clipboard_json.hpp"
#include "document/history.hpp"
#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "evaluation/pair_eval.hpp"
#include "evaluation/pair_trace.hpp"
#include "satlab/collide.hpp"

namespace satlab {
namespace {

using test::parse;

std::string errorOf(const std::string& json) {
  const SceneLoadResult r = parseScene(json, "bad.json");
  return r.error ? r.error->text() : std::string("(loaded)");
}

std::string shapesScene(const std::string& shapes) { return R"({"version": 1, "shapes": [)" + shapes + "]}"; }

constexpr const char* kTetra =
    R"("vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], "triangles": [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]])";

TEST(TriangleScene, LoadsAndSavesItsThreePoints) {
  const Scene s =
      parse(shapesScene(R"({"name": "t", "type": "triangle", "points": [[0, 0, 0], [2, 0, 0], [0, 1.5, 0.25]]})"));
  ASSERT_EQ(s.shapes.size(), 1u);
  ASSERT_EQ(s.shapes[0].kind(), ShapeKind::Triangle);
  const Triangle& t = std::get<Triangle>(s.shapes[0].geometry);
  EXPECT_EQ(t.b, glm::vec3(2, 0, 0));
  EXPECT_EQ(t.c, glm::vec3(0, 1.5f, 0.25f));
  const std::string text = sceneToJson(s);
  EXPECT_NE(text.find(R"("points": [[0.0, 0.0, 0.0], [2.0, 0.0, 0.0], [0.0, 1.5, 0.25]])"), std::string::npos) << text;
  const Scene again = parse(text);
  EXPECT_EQ(sceneToJson(again), text);
}

TEST(TriangleScene, ErrorsNameTheFieldAndTheReason) {
  EXPECT_EQ(
      errorOf(shapesScene(R"({"name": "t", "type": "triangle"})")),
      "bad.json: shapes[0]: missing field \"points\" (a triangle needs points [[x, y, z], [x, y, z], [x, y, z]])");
  EXPECT_EQ(errorOf(shapesScene(R"({"name": "t", "type": "triangle", "points": [[0, 0, 0], [1, 0, 0]]})")),
            "bad.json: shapes[0].points: expected three points [[x, y, z], [x, y, z], [x, y, z]] (got array of 2 "
            "elements)");
  EXPECT_EQ(
      errorOf(shapesScene(R"({"name": "t", "type": "triangle", "points": [[0, 0, 0], [1, 0, 0], [0, 2e9, 0]]})")),
      "bad.json: shapes[0].points[2][1]: 2000000000.0 is outside the range satlab's tests are exact for (|v| <= 1e9)");
  EXPECT_EQ(errorOf(shapesScene(R"({"name": "t", "type": "triangle", "points": [[0, 0, 0], [1, 0], [0, 1, 0]]})")),
            "bad.json: shapes[0].points[1]: expected [x, y, z] (got array of 2 elements); [x, y] is allowed only in "
            "a 2d scene");
}

TEST(MeshScene, InlineMeshRoundTripsWithItsPose) {
  const std::string json = shapesScene(std::string(R"({"name": "m", "type": "mesh", )") + kTetra +
                                       R"(, "center": [1, 2, 3], "scale": 2, "euler_deg": [0, 0, 90]})");
  const Scene s = parse(json);
  ASSERT_EQ(s.shapes[0].kind(), ShapeKind::Mesh);
  const MeshShape& m = std::get<MeshShape>(s.shapes[0].geometry);
  EXPECT_EQ(m.vertexCount(), 4u);
  EXPECT_EQ(m.triangleCount(), 4u);
  EXPECT_TRUE(m.file.empty());
  EXPECT_EQ(m.pose.center, glm::vec3(1, 2, 3));
  EXPECT_EQ(m.pose.scale, glm::vec3(2.0f));
  EXPECT_NEAR(m.pose.axes[0].y, 1.0f, 1e-6f);  // +X turned to +Y
  EXPECT_EQ(s.shapes[0].rotation.form, RotationForm::EulerDeg);
  // World: center + axes * (scale * p): vertex 1 (1, 0, 0) is at (1, 4, 3).
  const Triangle t = m.worldTriangle(1);  // [0, 1, 3]
  EXPECT_NEAR(t.b.x, 1.0f, 1e-5f);
  EXPECT_NEAR(t.b.y, 4.0f, 1e-5f);
  EXPECT_NEAR(t.b.z, 3.0f, 1e-5f);

  const std::string text = sceneToJson(s);
  EXPECT_NE(text.find(R"("scale": 2.0)"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("euler_deg": [0.0, 0.0, 90.0])"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("triangles": [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]])"), std::string::npos) << text;
  const Scene again = parse(text);
  EXPECT_EQ(sceneToJson(again), text);
  const MeshShape& m2 = std::get<MeshShape>(again.shapes[0].geometry);
  EXPECT_EQ(m2.data->mesh.vertices, m.data->mesh.vertices);
  EXPECT_EQ(m2.data->mesh.indices, m.data->mesh.indices);
}

TEST(MeshScene, ScaleAsThreeNumbersStaysThree) {
  const Scene s =
      parse(shapesScene(std::string(R"({"name": "m", "type": "mesh", )") + kTetra + R"(, "scale": [1, 2, 0.5]})"));
  EXPECT_EQ(std::get<MeshShape>(s.shapes[0].geometry).pose.scale, glm::vec3(1, 2, 0.5f));
  EXPECT_NE(sceneToJson(s).find(R"("scale": [1.0, 2.0, 0.5])"), std::string::npos);
}

TEST(MeshScene, EveryErrorOfTheInlineFieldsNamesItsPath) {
  const auto mesh = [](const std::string& fields) {
    return errorOf(shapesScene(R"({"name": "m", "type": "mesh", )" + fields + "}"));
  };
  EXPECT_EQ(mesh(R"("center": [0, 0, 0])"),
            "bad.json: shapes[0]: a mesh needs \"file\" (a mesh file relative to the scene's folder) or \"vertices\" "
            "and \"triangles\"");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0]])"),
            "bad.json: shapes[0]: an inline mesh needs \"triangles\" with its \"vertices\"");
  EXPECT_EQ(mesh(R"("file": "a.obj", "vertices": [[0, 0, 0]], "triangles": [[0, 0, 0]])"),
            "bad.json: shapes[0]: give either \"file\" or \"vertices\" and \"triangles\", not both");
  EXPECT_EQ(mesh(R"("vertices": [], "triangles": [[0, 0, 0]])"),
            "bad.json: shapes[0].vertices: a mesh needs at least one vertex");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0]], "triangles": [])"),
            "bad.json: shapes[0].triangles: a mesh needs at least one triangle");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 3]])"),
            "bad.json: shapes[0].triangles[0][2]: index 3 is out of range (the mesh has 3 vertices, indices 0 to 2)");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, -1, 2]])"),
            "bad.json: shapes[0].triangles[0][1]: index -1 is out of range (the mesh has 3 vertices, indices 0 to 2)");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1]])"),
            "bad.json: shapes[0].triangles[0]: expected three vertex indices [i, j, k] (got array of 2 elements)");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 1.5]])"),
            "bad.json: shapes[0].triangles[0][2]: expected a vertex index, an integer (got number 1.5)");
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0], [1, 0, 1e10], [0, 1, 0]], "triangles": [[0, 1, 2]])"),
            "bad.json: shapes[0].vertices[1][2]: 10000000000.0 is outside the range satlab's tests are exact for (|v| "
            "<= 1e9)");
  // 1e39 is beyond a float: not a finite coordinate.
  EXPECT_NE(mesh(R"("vertices": [[0, 0, 0], [1e39, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 2]])")
                .find("bad.json: shapes[0].vertices[1][0]: "),
            std::string::npos);
  EXPECT_EQ(mesh(R"("vertices": [[0, 0, 0], [1, 0], [0, 1, 0]], "triangles": [[0, 1, 2]])"),
            "bad.json: shapes[0].vertices[1]: expected [x, y, z] (got array of 2 elements); [x, y] is allowed only in "
            "a 2d scene");
  const std::string tetra = kTetra;
  EXPECT_EQ(mesh(tetra + R"(, "scale": 0)"), "bad.json: shapes[0].scale: a scale must be > 0 and at most 1e9 (got 0)");
  EXPECT_EQ(mesh(tetra + R"(, "scale": [1, -2, 1])"),
            "bad.json: shapes[0].scale[1]: a scale must be > 0 and at most 1e9 (got -2)");
  EXPECT_EQ(mesh(tetra + R"(, "scale": [1, 2])"),
            "bad.json: shapes[0].scale: expected a number or [x, y, z], each > 0 (got array of 2 elements)");
  EXPECT_EQ(mesh(tetra + R"(, "scale": 2e8, "center": [9e8, 0, 0])"),
            "bad.json: shapes[0]: the placed mesh reaches beyond the range satlab's tests are exact for (|v| <= 1e9): "
            "its scale or centre is too large");
  EXPECT_EQ(
      mesh(tetra + R"(, "axes": [[1, 0, 0], [0, 1, 0]])"),
      "bad.json: shapes[0].axes: expected three axes [[x, y, z], [x, y, z], [x, y, z]] (got array of 2 elements)");
  EXPECT_EQ(mesh(R"("file": "")"), "bad.json: shapes[0].file: must name a mesh file");
}

/// A loader for the tests: "tetra.mesh" is a tetrahedron, any other name fails as the
/// mesh library would, naming its reason.
class TestMeshLoader : public ::testing::Test {
 protected:
  void SetUp() override {
    previous_ = meshFileLoader();
    setMeshFileLoader([this](const std::string& path) {
      ++calls;
      lastPath = path;
      MeshFileLoad out;
      if (path.size() >= 10 && path.compare(path.size() - 10, 10, "tetra.mesh") == 0) {
        TriangleMesh m;
        m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        m.indices = {0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3};
        out.data = makeMeshData(std::move(m));
      } else if (path.find("bad_index") != std::string::npos) {
        TriangleMesh m;  // a loader that lets a bad index through is caught by the scene
        m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        m.indices = {0, 1, 7};
        out.data = makeMeshData(std::move(m));
      } else if (path.find("no_triangles") != std::string::npos) {
        TriangleMesh m;  // points only: nothing it could collide with
        m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
        out.data = makeMeshData(std::move(m));
      } else {
        out.error = "not a mesh file (assimp: no suitable reader)";
      }
      return out;
    });
  }
  void TearDown() override { setMeshFileLoader(previous_); }
  MeshFileLoader previous_;
  int calls = 0;
  std::string lastPath;
};

TEST_F(TestMeshLoader, AFileMeshLoadsRelativeToTheSceneAndSavesItsReference) {
  const std::string json = R"({"version": 1, "shapes": [
      {"name": "a", "type": "mesh", "file": "meshes/tetra.mesh", "center": [0, 0, 1]},
      {"name": "b", "type": "mesh", "file": "meshes/tetra.mesh"}]})";
  const SceneLoadResult r = parseScene(json, "scenes/x/s.json");
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(lastPath, "scenes/x/meshes/tetra.mesh");
  EXPECT_EQ(calls, 1) << "one file, read once for both shapes";
  const MeshShape& a = std::get<MeshShape>(r.scene.shapes[0].geometry);
  const MeshShape& b = std::get<MeshShape>(r.scene.shapes[1].geometry);
  EXPECT_EQ(a.data, b.data);
  EXPECT_EQ(a.file, "meshes/tetra.mesh");
  const std::string text = sceneToJson(r.scene);
  EXPECT_NE(text.find(R"("file": "meshes/tetra.mesh")"), std::string::npos) << text;
  EXPECT_EQ(text.find("vertices"), std::string::npos) << "a file mesh is saved as its reference";
  // Copied shapes carry their triangles inline, so that the paste is one file.
  const std::string copied = shapesToJson(r.scene, {0});
  EXPECT_NE(copied.find(R"("vertices")"), std::string::npos) << copied;
  EXPECT_EQ(copied.find(R"("file")"), std::string::npos) << copied;
  const PasteResult pasted = parsePastedShapes(copied, Scene{});
  ASSERT_TRUE(pasted.ok()) << pasted.error->text();
  EXPECT_EQ(std::get<MeshShape>(pasted.shapes[0].geometry).triangleCount(), 4u);
}

TEST_F(TestMeshLoader, LoaderErrorsNameTheSceneTheFieldAndTheReason) {
  EXPECT_EQ(errorOf(shapesScene(R"({"name": "m", "type": "mesh", "file": "rock.txt"})")),
            "bad.json: shapes[0].file: rock.txt: not a mesh file (assimp: no suitable reader)");
  EXPECT_EQ(errorOf(shapesScene(R"({"name": "m", "type": "mesh", "file": "bad_index.mesh"})")),
            "bad.json: shapes[0].file: bad_index.mesh: not a valid mesh: index 7 is out of range (the mesh has 3 "
            "vertices)");
  // The mesh library's rules (validateMesh): a mesh without triangles is an error here too.
  EXPECT_EQ(errorOf(shapesScene(R"({"name": "m", "type": "mesh", "file": "no_triangles.mesh"})")),
            "bad.json: shapes[0].file: no_triangles.mesh: not a valid mesh: a mesh needs at least one triangle");
}

TEST(MeshScene, WithoutALoaderAFileMeshIsAnError) {
  const MeshFileLoader previous = meshFileLoader();
  setMeshFileLoader(nullptr);
  EXPECT_EQ(errorOf(shapesScene(R"({"name": "m", "type": "mesh", "file": "rock.obj"})")),
            "bad.json: shapes[0].file: rock.obj: this program cannot read mesh files");
  setMeshFileLoader(previous);
}

TEST(MeshScene, CopiesAndUndoStepsShareTheTriangles) {
  Scene s = parse(shapesScene(std::string(R"({"name": "m", "type": "mesh", )") + kTetra + "}"));
  const Scene copy = s;
  EXPECT_EQ(std::get<MeshShape>(copy.shapes[0].geometry).data, std::get<MeshShape>(s.shapes[0].geometry).data);
  EXPECT_TRUE(sameShape(copy.shapes[0], s.shapes[0]));
  translateShape(s.shapes[0], glm::vec3(1, 0, 0));
  EXPECT_FALSE(sameShape(copy.shapes[0], s.shapes[0]));
  EXPECT_EQ(std::get<MeshShape>(s.shapes[0].geometry).pose.center, glm::vec3(1, 0, 0));
}

TEST(MeshScene, ClampKeepsAScaleAboveZero) {
  Scene s = parse(shapesScene(std::string(R"({"name": "m", "type": "mesh", )") + kTetra + "}"));
  std::get<MeshShape>(s.shapes[0].geometry).pose.scale = glm::vec3(-1.0f, 0.0f, 2.0f);
  EXPECT_TRUE(clampToSceneRange(s.shapes[0]));
  const glm::vec3 sc = std::get<MeshShape>(s.shapes[0].geometry).pose.scale;
  EXPECT_GT(sc.x, 0.0f);
  EXPECT_GT(sc.y, 0.0f);
  EXPECT_EQ(sc.z, 2.0f);
}

// ---- Pairs --------------------------------------------------------------------------------

const char* kTriangleAgainstEach = R"({"version": 1, "shapes": [
    {"name": "tri", "type": "triangle", "points": [[0, 0, 0], [2, 0, 0], [0, 2, 0]]},
    {"name": "box", "type": "aabb", "center": [0.5, 0.5, 0.4], "half_extents": [0.5, 0.5, 0.5]},
    {"name": "far_box", "type": "aabb", "center": [3, 3, 0], "half_extents": [0.5, 0.5, 0.5]},
    {"name": "obb", "type": "obb", "center": [1.5, 1.5, 0], "half_extents": [0.1, 0.1, 1], "euler_deg": [0, 0, 45]},
    {"name": "ball", "type": "sphere", "center": [0.5, 0.5, 0.8], "radius": 1},
    {"name": "high_ball", "type": "sphere", "center": [0.5, 0.5, 2], "radius": 1},
    {"name": "probe", "type": "segment", "p0": [0.5, 0.5, -1], "p1": [0.5, 0.5, 1]},
    {"name": "tri2", "type": "triangle", "points": [[0.5, 0.5, -1], [0.5, 0.5, 1], [3, 3, 0]]}
  ]})";

TEST(TrianglePairs, VerdictsAreTheCoresTestsInTheTablesRoles) {
  const Scene s = parse(kTriangleAgainstEach);
  const Triangle& tri = std::get<Triangle>(s.shapes[0].geometry);
  const auto at = [&](std::size_t i) -> const ShapeGeometry& { return s.shapes[i].geometry; };

  PairResult r = evaluatePair(s, 0, 1);
  EXPECT_EQ(r.test, TestId::AabbTriangle);
  EXPECT_EQ(r.code, "sat_aabb_triangle");
  EXPECT_TRUE(r.swapped);
  EXPECT_EQ(r.overlap, satAabbTriangle(std::get<Aabb>(at(1)), tri).overlap);
  EXPECT_TRUE(r.overlap);

  r = evaluatePair(s, 0, 2);
  const SatResult far = satAabbTriangle(std::get<Aabb>(at(2)), tri);
  ASSERT_FALSE(far.overlap);
  EXPECT_FALSE(r.overlap);
  ASSERT_TRUE(r.separatingAxis);
  // Read from tri to the box: the core's axis (box to triangle) turned round, its label too.
  EXPECT_EQ(label(inTestRoles(r, r.separatingAxis->id)), label(far.separating));
  EXPECT_EQ(r.separatingAxis->axis, -far.separatingAxis);
  EXPECT_FLOAT_EQ(r.separatingAxis->gap, far.gap);

  r = evaluatePair(s, 0, 3);
  EXPECT_EQ(r.test, TestId::ObbTriangle);
  EXPECT_EQ(r.overlap, satObbTriangle(std::get<Obb>(at(3)), tri).overlap);

  r = evaluatePair(s, 0, 4);
  EXPECT_EQ(r.test, TestId::SphereTriangle);
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.penetration);
  EXPECT_NEAR(r.penetration->depth, 0.2f, 1e-6f);  // r - distance: 1 - 0.8
  r = evaluatePair(s, 0, 5);
  EXPECT_FALSE(r.overlap);
  ASSERT_TRUE(r.distance);
  EXPECT_NEAR(*r.distance, 1.0f, 1e-6f);

  r = evaluatePair(s, 0, 6);
  EXPECT_EQ(r.test, TestId::SegmentTriangle);
  EXPECT_TRUE(r.overlap);
  ASSERT_TRUE(r.tEnter);
  EXPECT_FLOAT_EQ(*r.tEnter, 0.5f);

  r = evaluatePair(s, 0, 7);
  EXPECT_EQ(r.test, TestId::TriangleTriangle);
  EXPECT_EQ(r.overlap, satTriangleTriangle(tri, std::get<Triangle>(at(7))).overlap);
  EXPECT_TRUE(r.overlap);

  // The verdict alone agrees everywhere, and the trace is the same test.
  for (std::size_t j = 1; j < s.shapes.size(); ++j) {
    EXPECT_EQ(pairOverlaps(s, 0, j), evaluatePair(s, 0, j).overlap) << s.shapes[j].name;
    const PairTrace t = tracePair(s, 0, static_cast<int>(j), ExplorerOptions{});
    EXPECT_EQ(t.test, evaluatePair(s, 0, j).test) << s.shapes[j].name;
    EXPECT_EQ(t.overlap, evaluatePair(s, 0, j).overlap) << s.shapes[j].name;
  }
  // The SAT explorer gets all 13 axes of AABB-triangle in full mode.
  ExplorerOptions full;
  full.mode = SatMode::Full;
  const PairTrace t = tracePair(s, 0, 1, full);
  EXPECT_EQ(t.kind, ExplorerKind::Sat);
  EXPECT_EQ(t.sat.rows.size(), 13u);
}

TEST(TrianglePairs, InA2dSceneATriangleTakesThe3dTest) {
  const Scene s = parse(R"({"version": 1, "view": "2d", "shapes": [
      {"name": "tri", "type": "triangle", "points": [[0, 0], [2, 0], [0, 2]]},
      {"name": "box", "type": "aabb", "center": [0.5, 0.5], "half_extents": [0.5, 0.5]}]})");
  const PairPlan plan = planPair(s, 0, 1);
  EXPECT_FALSE(plan.planar);
  EXPECT_EQ(plan.rule.test, TestId::AabbTriangle);
  EXPECT_TRUE(evaluatePair(s, 0, 1).overlap);
  EXPECT_TRUE(pairOverlaps(s, 0, 1));
}

TEST(MeshPairs, VerdictsEqualTestingEveryTriangle) {
  // A tetrahedron against shapes near and far; the tree's verdict must be the triangles'.
  const Scene s = parse(std::string(R"({"version": 1, "shapes": [{"name": "m", "type": "mesh", )") + kTetra +
                        R"(, "center": [0, 0, 0], "scale": 2},
      {"name": "in", "type": "sphere", "center": [0.3, 0.3, 0.3], "radius": 0.1},
      {"name": "touch", "type": "sphere", "center": [1, 1, 1], "radius": 0.2},
      {"name": "far", "type": "sphere", "center": [3, 3, 3], "radius": 0.5},
      {"name": "box", "type": "aabb", "center": [2.2, 0, 0], "half_extents": [0.25, 0.25, 0.25]},
      {"name": "obb", "type": "obb", "center": [-0.5, -0.5, 0], "half_extents": [0.2, 0.2, 0.2], "euler_deg": [10, 20, 30]},
      {"name": "seg", "type": "segment", "p0": [0.5, 0.5, -1], "p1": [0.5, 0.5, 3]},
      {"name": "tri", "type": "triangle", "points": [[0.5, 0.5, -1], [0.5, 0.5, 0.5], [3, 3, 0]]},
      {"name": "m2", "type": "mesh", )" +
                        kTetra + R"(, "center": [1.9, 0, 0]},
      {"name": "m3", "type": "mesh", )" +
                        kTetra + R"(, "center": [5, 5, 5]}
    ]})");
  const MeshShape& mesh = std::get<MeshShape>(s.shapes[0].geometry);
  const auto bruteForce = [&](const ShapeGeometry& g) {
    for (std::size_t i = 0; i < mesh.triangleCount(); ++i) {
      const Triangle t = mesh.worldTriangle(i);
      if (const auto* x = std::get_if<Sphere>(&g); x && overlaps(*x, t)) return true;
      if (const auto* x = std::get_if<Aabb>(&g); x && overlaps(*x, t)) return true;
      if (const auto* x = std::get_if<Obb>(&g); x && overlaps(*x, t)) return true;
      if (const auto* x = std::get_if<Segment>(&g); x && overlaps(*x, t)) return true;
      if (const auto* x = std::get_if<Triangle>(&g); x && overlaps(t, *x)) return true;
      if (const auto* x = std::get_if<MeshShape>(&g)) {
        for (std::size_t j = 0; j < x->triangleCount(); ++j) {
          if (overlaps(t, x->worldTriangle(j))) return true;
        }
      }
    }
    return false;
  };
  // A mesh is its surface: a ball inside the tetrahedron touches no triangle.
  const std::vector<bool> expected = {false, false, false, true, false, true, true, true, false};
  for (std::size_t j = 1; j < s.shapes.size(); ++j) {
    const PairResult r = evaluatePair(s, 0, j);
    EXPECT_TRUE(r.tested);
    EXPECT_EQ(r.overlap, bruteForce(s.shapes[j].geometry)) << s.shapes[j].name;
    EXPECT_EQ(r.overlap, static_cast<bool>(expected[j - 1])) << s.shapes[j].name;
    EXPECT_EQ(pairOverlaps(s, 0, j), r.overlap) << s.shapes[j].name;
    EXPECT_EQ(pairOverlaps(s, j, 0), r.overlap) << s.shapes[j].name;
    ASSERT_TRUE(r.mesh) << s.shapes[j].name;
    EXPECT_GT(r.mesh->nodeTests, 0u);
    const PairTrace t = tracePair(s, static_cast<int>(j), 0, ExplorerOptions{});
    EXPECT_EQ(t.kind, ExplorerKind::MeshTree);
    EXPECT_EQ(t.overlap, r.overlap) << s.shapes[j].name;
    EXPECT_FALSE(t.tree.nodes.empty());
  }
  EXPECT_EQ(evaluatePair(s, 0, 8).code, "tree_mesh_mesh");
  // A mesh's first colliding triangle is a triangle that does collide.
  const PairResult seg = evaluatePair(s, 0, 6);
  ASSERT_TRUE(seg.overlap);
  EXPECT_TRUE(overlaps(std::get<Segment>(s.shapes[6].geometry), mesh.worldTriangle(seg.mesh->triangleA)));
}

TEST(MeshPairs, ExpectationsCoverTrianglesAndMeshes) {
  Scene s = parse(kTriangleAgainstEach);
  s.expect.push_back(Expectation{"tri", "box", true, std::nullopt, std::nullopt});
  s.expect.push_back(Expectation{"tri", "far_box", false, std::nullopt, std::nullopt});
  EXPECT_TRUE(checkExpectations(s).empty());
  s.expect.push_back(Expectation{"tri", "high_ball", true, std::nullopt, std::nullopt});
  const auto miss = checkExpectations(s);
  ASSERT_EQ(miss.size(), 1u);
  EXPECT_EQ(miss[0].message, "tri / high_ball: expected overlap, got separated");
}

TEST(MeshPairs, AMeshWhoseFileWasNotReadIsNotTested) {
  SceneLoadOptions checkOnly;
  checkOnly.readMeshFiles = false;
  const SceneLoadResult r = parseScene(R"({"version": 1, "shapes": [
      {"name": "m", "type": "mesh", "file": "rock.obj"},
      {"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": 1}],
      "expect": [{"a": "m", "b": "b", "overlap": true}]})",
                                       "s.json", checkOnly);
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_FALSE(pairTested(r.scene, 0, 1));
  EXPECT_FALSE(evaluatePair(r.scene, 0, 1).tested);
  EXPECT_FALSE(pairOverlaps(r.scene, 0, 1));
  const auto miss = checkExpectations(r.scene);
  ASSERT_EQ(miss.size(), 1u);
  EXPECT_EQ(miss[0].message, std::string("m / b: ") + kNotTestedText);
}

}  // namespace
}  // namespace satlab
