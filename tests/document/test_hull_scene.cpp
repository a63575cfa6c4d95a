// Convex hulls in scene files: "type": "hull" with "points" in its frame or a mesh "file"
// whose vertices it wraps, placed as a mesh is; read, checked and written back as given;
// its surface built by the installed hull builder (here the mesh layer's Qhull, as the app
// installs it), and without one its points alone; moved, bounded and posed over time.
#include "document/motion.hpp"
#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "mesh/convex_hull.hpp"

#include <gtest/gtest.h>

#include <string>

#include "scene_test_util.hpp"

namespace satlab {
namespace {

using test::parse;

/// The mesh layer's hull as every hull's surface while a test runs (as installMeshFileLoader does).
class HullScene : public ::testing::Test {
 protected:
  void SetUp() override {
    setHullBuilder([](const std::vector<glm::vec3>& points) {
      const ConvexHullResult r = convexHull(points);
      TriangleMesh m;
      for (const glm::dvec3& v : r.hull.vertices) m.vertices.push_back(glm::vec3(v));
      for (const auto& t : r.hull.triangles) m.indices.insert(m.indices.end(), t.begin(), t.end());
      return m;
    });
  }
  void TearDown() override {
    setHullBuilder(nullptr);
    setMeshFileLoader(nullptr);
  }
};

std::string errorOf(const std::string& shape, const char* view = "3d") {
  const SceneLoadResult r =
      parseScene(std::string(R"({"version": 1, "view": ")") + view + R"(", "shapes": [)" + shape + "]}", "hulls.json");
  return r.error ? r.error->text() : std::string("no error");
}

const char* kCube = R"({"version": 1, "shapes": [{"name": "cube", "type": "hull", "points": [
    [-1,-1,-1], [1,-1,-1], [-1,1,-1], [1,1,-1], [-1,-1,1], [1,-1,1], [-1,1,1], [1,1,1], [0,0,0], [1,1,1]],
    "center": [5, 0, 0]}]})";

TEST_F(HullScene, LoadsPointsKeepsTheCornersAndSavesThePointsAsGiven) {
  const Scene s = parse(kCube);
  ASSERT_EQ(s.shapes.size(), 1u);
  ASSERT_EQ(s.shapes[0].kind(), ShapeKind::Hull);
  const HullShape& h = std::get<HullShape>(s.shapes[0].geometry);
  ASSERT_TRUE(h.points);
  EXPECT_EQ(h.points->size(), 10u);  // as given, the inner and the repeated point too
  EXPECT_EQ(h.cornerCount(), 8u);    // the hull's corners
  EXPECT_EQ(h.body.triangleCount(), 12u);
  EXPECT_EQ(h.edges().size(), 12u);  // a cube's edges, not its faces' diagonals
  const ConvexHull world = h.worldHull();
  ASSERT_EQ(world.points.size(), 8u);
  for (const glm::vec3& p : world.points) EXPECT_EQ(std::abs(p.x - 5.0f), 1.0f);
  EXPECT_EQ(shapeKindName(ShapeKind::Hull), "hull");
  const std::string saved = sceneToJson(s);
  EXPECT_NE(saved.find(R"("type": "hull")"), std::string::npos) << saved;
  EXPECT_NE(saved.find(R"([0.0, 0.0, 0.0])"), std::string::npos) << saved;  // the inner point, kept
  EXPECT_EQ(sceneToJson(parse(saved)), saved);
}

TEST_F(HullScene, WithoutABuilderTheHullIsItsPoints) {
  setHullBuilder(nullptr);
  const Scene s = parse(kCube);
  const HullShape& h = std::get<HullShape>(s.shapes[0].geometry);
  EXPECT_EQ(h.cornerCount(), 10u);
  EXPECT_EQ(h.body.triangleCount(), 0u);
  EXPECT_EQ(h.worldHull().points.size(), 10u);
}

TEST_F(HullScene, FlatCollinearAndSinglePointHulls) {
  const Scene s = parse(R"({"version": 1, "view": "2d", "shapes": [
      {"name": "pentagon", "type": "hull", "points": [[1, 0], [0.3, 1], [-0.8, 0.6], [-0.8, -0.6], [0.3, -1], [0, 0]]},
      {"name": "stick", "type": "hull", "points": [[0, 0], [1, 1], [2, 2]]},
      {"name": "dot", "type": "hull", "points": [[3, 3]]}]})");
  const HullShape& p = std::get<HullShape>(s.shapes[0].geometry);
  EXPECT_EQ(p.cornerCount(), 5u);
  EXPECT_EQ(p.edges().size(), 5u);  // the outline
  for (const glm::vec3& c : p.worldHull().points) EXPECT_EQ(c.z, 0.0f);
  const HullShape& st = std::get<HullShape>(s.shapes[1].geometry);
  EXPECT_EQ(st.cornerCount(), 2u);
  EXPECT_EQ(st.edges().size(), 1u);
  EXPECT_EQ(std::get<HullShape>(s.shapes[2].geometry).cornerCount(), 1u);
  EXPECT_NE(sceneToJson(s).find(R"([0.3, 1.0])"), std::string::npos) << sceneToJson(s);
}

TEST_F(HullScene, BadFieldsNameTheFileTheFieldAndTheReason) {
  EXPECT_EQ(errorOf(R"({"name": "h", "type": "hull", "points": []})"),
            "hulls.json: shapes[0].points: a hull needs at least one point");
  EXPECT_EQ(errorOf(R"({"name": "h", "type": "hull", "points": 3})"),
            "hulls.json: shapes[0].points: expected a list of points [[x, y, z], ...] (got number 3)");
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull"})").find("a hull needs \"points\""), std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull", "points": [[0,0,0]], "file": "a.obj"})")
                .find("give either \"points\" or \"file\", not both"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull", "points": [[0,0,"x"]]})").find("shapes[0].points[0][2]"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull", "points": [[0,0,1e10]]})").find("shapes[0].points[0][2]"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull", "points": [[1,0,0]], "center": [9e8,0,0], "scale": 1e9})")
                .find("the placed hull reaches beyond the range"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull", "points": [[0,0,0]], "file": "x.obj"})").find("not both"),
            std::string::npos);
  // A hull from a file that cannot be read: the file named at its field.
  EXPECT_EQ(errorOf(R"({"name": "h", "type": "hull", "file": "rock.obj"})")
                .rfind("hulls.json: shapes[0].file: rock.obj: ", 0),
            0u);
}

TEST_F(HullScene, TooManyPointsIsRefusedBeforeTheyAreRead) {
  std::string pts;
  for (std::size_t i = 0; i <= kMaxHullPoints; ++i) pts += (i ? ",[0,0," : "[0,0,") + std::to_string(i % 7) + "]";
  EXPECT_EQ(errorOf(R"({"name": "h", "type": "hull", "points": [)" + pts + "]}"),
            "hulls.json: shapes[0].points: too many points (100001; the limit is 100000)");
}

TEST_F(HullScene, AFileHullWrapsTheFilesVertices) {
  setMeshFileLoader([](const std::string& path) {
    MeshFileLoad out;
    if (path.find("tetra.obj") == std::string::npos) {
      out.error = "no such file";
      return out;
    }
    TriangleMesh m;
    m.vertices = {{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}, {0.2f, 0.2f, 0.2f}};
    m.indices = {0, 2, 1, 0, 1, 3, 1, 2, 3, 2, 0, 3};
    out.data = makeMeshData(std::move(m));
    return out;
  });
  const Scene s =
      parse(R"({"version": 1, "shapes": [{"name": "t", "type": "hull", "file": "tetra.obj", "scale": 2}]})");
  const HullShape& h = std::get<HullShape>(s.shapes[0].geometry);
  EXPECT_FALSE(h.points);
  EXPECT_EQ(h.body.file, "tetra.obj");
  EXPECT_EQ(h.cornerCount(), 4u);  // the inner vertex is no corner
  const std::string saved = sceneToJson(s);
  EXPECT_NE(saved.find(R"("file": "tetra.obj")"), std::string::npos) << saved;
  EXPECT_EQ(saved.find("points"), std::string::npos) << saved;
  EXPECT_NE(errorOf(R"({"name": "h", "type": "hull", "file": "gone.obj"})").find("gone.obj: no such file"),
            std::string::npos);
}

TEST_F(HullScene, MovesBoundsAndMotionFollowThePose) {
  Scene s = parse(kCube);
  SceneShape& shape = s.shapes[0];
  EXPECT_EQ(shapeCenter(shape), glm::vec3(5, 0, 0));
  translateShape(shape, glm::vec3(0, 2, 0));
  EXPECT_EQ(shapeCenter(shape), glm::vec3(5, 2, 0));
  glm::vec3 lo, hi;
  shapeBounds(shape, lo, hi);
  EXPECT_EQ(lo, glm::vec3(4, 1, -1));
  EXPECT_EQ(hi, glm::vec3(6, 3, 1));
  shape.motion = Motion{};
  shape.motion->velocity = glm::vec3(1, 0, 0);
  SceneShape posed = shape;
  poseShapeAt(shape, 2.0, posed);
  EXPECT_EQ(std::get<HullShape>(posed.geometry).body.pose.center, glm::vec3(7, 2, 0));
  const SceneShape made = makeShape(s, ShapeKind::Hull, glm::vec3(1, 2, 3));
  EXPECT_EQ(made.kind(), ShapeKind::Hull);
  EXPECT_EQ(made.name, "hull");
  EXPECT_EQ(std::get<HullShape>(made.geometry).cornerCount(), 8u);  // nine points, one inside
}

}  // namespace
}  // namespace satlab
