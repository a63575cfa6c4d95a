// `satlab bounds`: every bounding volume of mesh files, as a pipeline that exports
// colliders would run it.
#include "app_harness.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <string>

namespace satlab::test {
namespace {

constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY";

void write(const std::string& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir + "/" + name) << text;
}

// The unit cube [0,1]^3 as OBJ quads.
const char* kCube =
    "o Cube\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

// A 10 x 0.2 x 0.2 rod centred on the origin, turned 30 degrees about z, named `name`.
std::string rodObj(const std::string& name, float shiftY = 0.0f) {
  const double c = std::cos(M_PI / 6), s = std::sin(M_PI / 6);
  std::string obj = "o " + name + "\n";
  for (int k = 0; k < 8; ++k) {
    const double x = k & 1 ? 5 : -5, y = k & 2 ? 0.1 : -0.1, z = k & 4 ? 0.1 : -0.1;
    char line[96];
    std::snprintf(line, sizeof line, "v %.9f %.9f %.9f\n", c * x - s * y, s * x + c * y + shiftY, z);
    obj += line;
  }
  return obj;
}
std::string rodFaces(int base) {
  const int f[6][4] = {{1, 3, 4, 2}, {5, 6, 8, 7}, {1, 2, 6, 5}, {2, 4, 8, 6}, {4, 3, 7, 8}, {3, 1, 5, 7}};
  std::string out;
  for (const auto& q : f) {
    out += "f " + std::to_string(q[0] + base) + " " + std::to_string(q[1] + base) + " " + std::to_string(q[2] + base) +
           " " + std::to_string(q[3] + base) + "\n";
  }
  return out;
}

double at(const nlohmann::json& v, int i) { return v.at(i).get<double>(); }

void expectUnitAxes(const nlohmann::json& obb) {
  ASSERT_EQ(obb.at("axes").size(), 3u);
  for (const auto& a : obb.at("axes")) EXPECT_NEAR(std::hypot(at(a, 0), at(a, 1), at(a, 2)), 1.0, 1e-6);
}

TEST(AppBounds, UnitCubeAsJson) {
  const std::string dir = makeTempDir();
  write(dir, "cube.obj", kCube);
  const RunResult r = runSatlab("bounds cube.obj --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j.at("meshes").size(), 1u);
  const auto& m = j.at("meshes")[0];
  EXPECT_EQ(m.at("file"), "cube.obj");
  EXPECT_EQ(m.at("name"), "Cube");
  EXPECT_EQ(m.at("vertices"), 8);
  EXPECT_EQ(m.at("triangles"), 12);
  EXPECT_NEAR(m.at("hull_volume").get<double>(), 1.0, 1e-9);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(at(m.at("aabb").at("min"), k), 0.0);
    EXPECT_EQ(at(m.at("aabb").at("max"), k), 1.0);
    EXPECT_EQ(at(m.at("aabb_of_obb").at("max"), k), 1.0);
    EXPECT_EQ(at(m.at("cube").at("center"), k), 0.0);
    EXPECT_NEAR(at(m.at("cube").at("half_extents"), k), std::sqrt(3.0), 1e-6);
    EXPECT_NEAR(at(m.at("obb_min").at("center"), k), 0.5, 1e-5);
    EXPECT_NEAR(at(m.at("obb_min").at("half_extents"), k), 0.5, 1e-5);
    EXPECT_NEAR(at(m.at("sphere_min").at("center"), k), 0.5, 1e-5);
  }
  for (const char* key : {"obb_covariance", "obb_area_weighted", "obb_min"}) {
    expectUnitAxes(m.at(key));
    EXPECT_GE(m.at(key).at("volume").get<double>(), 1.0 - 1e-5) << key;
  }
  EXPECT_NEAR(m.at("obb_min").at("volume").get<double>(), 1.0, 1e-5);
  EXPECT_NEAR(m.at("sphere_min").at("radius").get<double>(), std::sqrt(3.0) / 2, 1e-5);
  EXPECT_GE(m.at("sphere_ritter").at("radius").get<double>(), std::sqrt(3.0) / 2 - 1e-6);
}

TEST(AppBounds, TurnedRodAsJson) {
  const std::string dir = makeTempDir();
  write(dir, "rod.obj", rodObj("Rod") + rodFaces(0));
  const RunResult r = runSatlab("bounds rod.obj --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const auto m = nlohmann::json::parse(r.output).at("meshes").at(0);
  EXPECT_NEAR(m.at("hull_volume").get<double>(), 0.4, 1e-5);
  // The AABB of the turned rod: x reaches 5 cos 30 + 0.1 sin 30, y 5 sin 30 + 0.1 cos 30.
  const double c = std::cos(M_PI / 6), s = std::sin(M_PI / 6);
  EXPECT_NEAR(at(m.at("aabb").at("max"), 0), 5 * c + 0.1 * s, 1e-5);
  EXPECT_NEAR(at(m.at("aabb").at("max"), 1), 5 * s + 0.1 * c, 1e-5);
  EXPECT_NEAR(at(m.at("aabb").at("max"), 2), 0.1, 1e-6);
  // The minimum box is the rod itself: 5 along (cos 30, sin 30, 0), 0.1 across.
  const auto& obb = m.at("obb_min");
  expectUnitAxes(obb);
  EXPECT_NEAR(obb.at("volume").get<double>(), 0.4, 1e-4);
  int longest = 0;
  for (int k = 1; k < 3; ++k) {
    if (at(obb.at("half_extents"), k) > at(obb.at("half_extents"), longest)) longest = k;
  }
  EXPECT_NEAR(at(obb.at("half_extents"), longest), 5.0, 1e-4);
  const auto& axis = obb.at("axes").at(longest);
  EXPECT_NEAR(std::fabs(at(axis, 0) * c + at(axis, 1) * s), 1.0, 1e-6);
  // The covariance box finds the rod's length too; its square section has two equal
  // variances, so the box may turn about the rod (at most to 45 degrees: twice the section).
  const double covariance = m.at("obb_covariance").at("volume").get<double>();
  EXPECT_GE(covariance, 0.4 - 1e-5);
  EXPECT_LE(covariance, 0.8 + 1e-5);
  // The spheres reach its ends.
  EXPECT_NEAR(m.at("sphere_min").at("radius").get<double>(), std::sqrt(25 + 0.02), 1e-4);
  // The loose AABB: its volume over the hull's.
  const double aabbVolume = 8 * at(m.at("aabb").at("max"), 0) * at(m.at("aabb").at("max"), 1) * 0.1;
  EXPECT_GT(aabbVolume / 0.4, 20.0);
}

TEST(AppBounds, SplitGivesOneEntryPerMeshTogetherOneInAll) {
  const std::string dir = makeTempDir();
  write(dir, "two.obj", rodObj("Upper", 3.0f) + rodFaces(0) + rodObj("Lower", -3.0f) + rodFaces(8));
  const RunResult whole = runSatlab("bounds two.obj --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(whole.exitCode, 0) << whole.output;
  const auto all = nlohmann::json::parse(whole.output).at("meshes");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].at("name"), "two");
  EXPECT_EQ(all[0].at("vertices"), 16);
  EXPECT_EQ(all[0].at("triangles"), 24);
  const RunResult split = runSatlab("bounds two.obj --json --split 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(split.exitCode, 0) << split.output;
  const auto parts = nlohmann::json::parse(split.output).at("meshes");
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].at("name"), "Upper");
  EXPECT_EQ(parts[1].at("name"), "Lower");
  EXPECT_EQ(parts[0].at("triangles"), 12);
  EXPECT_NEAR(parts[0].at("obb_min").at("volume").get<double>(), 0.4, 1e-4);
  EXPECT_GT(at(parts[0].at("sphere_min").at("center"), 1), 2.9);
  EXPECT_LT(at(parts[1].at("sphere_min").at("center"), 1), -2.9);
}

TEST(AppBounds, ASceneGivesItsMeshShapesPlacedByTheirPoses) {
  // A scene with a mesh by file (moved to x = 10) and an inline unit cube turned 90 degrees
  // about Z and moved to y = -4, and a box that is not a mesh.
  const std::string dir = makeTempDir();
  write(dir, "cube.obj", kCube);
  write(dir, "scene.json",
        R"({"version": 1, "shapes": [
          {"name": "filed", "type": "mesh", "file": "cube.obj", "center": [10, 0, 0]},
          {"name": "inline", "type": "mesh", "center": [0, -4, 0], "euler_deg": [0, 0, 90],
           "vertices": [[0,0,0],[1,0,0],[1,1,0],[0,1,0],[0,0,1],[1,0,1],[1,1,1],[0,1,1]],
           "triangles": [[0,3,2],[0,2,1],[4,5,6],[4,6,7],[0,1,5],[0,5,4],[1,2,6],[1,6,5],[2,3,7],[2,7,6],[3,0,4],[3,4,7]]},
          {"name": "box", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]}]})");
  const RunResult whole = runSatlab("bounds scene.json --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(whole.exitCode, 0) << whole.output;
  const auto all = nlohmann::json::parse(whole.output).at("meshes");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].at("triangles"), 24);
  // Together, in the scene's frame: x from -1 (the turned cube) to 11, y from -4 to 1.
  EXPECT_NEAR(at(all[0].at("aabb").at("min"), 0), -1.0, 1e-5);
  EXPECT_NEAR(at(all[0].at("aabb").at("max"), 0), 11.0, 1e-5);
  EXPECT_NEAR(at(all[0].at("aabb").at("min"), 1), -4.0, 1e-5);
  EXPECT_NEAR(at(all[0].at("aabb").at("max"), 1), 1.0, 1e-5);

  const RunResult split = runSatlab("bounds scene.json --json --split 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(split.exitCode, 0) << split.output;
  const auto parts = nlohmann::json::parse(split.output).at("meshes");
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].at("name"), "filed");
  EXPECT_EQ(parts[1].at("name"), "inline");
  EXPECT_NEAR(at(parts[0].at("sphere_min").at("center"), 0), 10.5, 1e-4);
  EXPECT_NEAR(at(parts[1].at("aabb").at("min"), 0), -1.0, 1e-5);
  EXPECT_NEAR(parts[1].at("obb_min").at("volume").get<double>(), 1.0, 1e-4);

  write(dir, "boxes.json",
        R"({"version": 1, "shapes": [{"name": "b", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]}]})");
  const RunResult none = runSatlab("bounds boxes.json 2>&1 >/dev/null; exit $?", kNoDisplay, dir);
  EXPECT_EQ(none.exitCode, 2);
  EXPECT_NE(none.output.find("boxes.json: the scene has no mesh shapes"), std::string::npos) << none.output;
}

TEST(AppBounds, ABadFileIsOneLineTheOthersAreStillReported) {
  const std::string dir = makeTempDir();
  write(dir, "cube.obj", kCube);
  write(dir, "bad.ply", "ply\nformat ascii 1.0\nelement face 1000000000\nend_header\n");
  const RunResult err =
      runSatlab("bounds missing.stl bad.ply cube.obj --json 2>&1 >/dev/null; exit $?", kNoDisplay, dir);
  EXPECT_EQ(err.exitCode, 2);
  EXPECT_EQ(err.output,
            "missing.stl: cannot open: No such file or directory\n"
            "bad.ply: the file declares 1000000000 faces; the limit is 4000000 triangles\n");
  const RunResult out = runSatlab("bounds missing.stl bad.ply cube.obj --json 2>/dev/null; exit $?", kNoDisplay, dir);
  EXPECT_EQ(out.exitCode, 2);
  const auto meshes = nlohmann::json::parse(out.output).at("meshes");
  ASSERT_EQ(meshes.size(), 1u);
  EXPECT_EQ(meshes[0].at("file"), "cube.obj");
}

TEST(AppBounds, TableNamesEveryVolume) {
  const std::string dir = makeTempDir();
  write(dir, "cube.obj", kCube);
  const RunResult r = runSatlab("bounds cube.obj; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output.rfind("cube.obj: \"Cube\", 8 vertices, 12 triangles, hull volume 1\n", 0), 0u) << r.output;
  for (const char* label : {"optimal AABB", "AABB of the OBB", "bounding cube", "covariance OBB", "area-weighted OBB",
                            "minimum OBB", "Ritter sphere", "minimum sphere", "O(vertices)", "O(1)", "none"}) {
    EXPECT_NE(r.output.find(label), std::string::npos) << label;
  }
}

TEST(AppBounds, ShippedMeshesEveryFormat) {
  const std::string dir = sourcePath("scenes/meshes");
  const RunResult r = runSatlab(
      "bounds rod.stl rod_ascii.stl l_shape.obj rock.glb capsule.gltf --json 2>/dev/null; exit $?", kNoDisplay, dir);
  ASSERT_EQ(r.exitCode, 0) << r.output;
  const auto meshes = nlohmann::json::parse(r.output).at("meshes");
  ASSERT_EQ(meshes.size(), 5u);
  // The capsule's node stands it 2 units along x: the file's frame has it there.
  EXPECT_NEAR(at(meshes[4].at("aabb").at("min"), 0), 1.7, 1e-5);
  EXPECT_NEAR(at(meshes[4].at("aabb").at("max"), 1), 1.8, 1e-5);
}

}  // namespace
}  // namespace satlab::test
