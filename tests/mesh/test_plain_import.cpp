// satlab's own mesh reader (the browser build's): the same meshes as assimp gives for every
// shipped mesh, fixture and generated file it reads; hostile files as quick errors that
// name the reason; a 1M-triangle binary STL in well under a second.
#include "mesh/plain_import.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <limits>

#include "mesh/mesh_load.hpp"
#include "mesh/mesh_wire.hpp"
#include "mesh_test_util.hpp"

namespace satlab {
namespace {

using namespace test;
using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

MeshLoadResult plainLoad(const std::string& bytes, PlainMeshFormat format) {
  return decodeMeshWire(importMeshFromBytes(bytes, format));
}

// What both readers must agree on: meshes by name, counts, bounds and area.
struct Summary {
  std::vector<std::string> names;
  std::size_t vertices = 0;
  std::size_t triangles = 0;
  glm::dvec3 lo{0.0}, hi{0.0};
  double area = 0.0;
  std::vector<std::string> notes;
};

Summary summarize(const MeshFile& file) {
  Summary s;
  s.notes = file.notes;
  for (const FileMesh& m : file.meshes) s.names.push_back(m.name);
  const TriangleMesh all = mergeMeshes(file);
  s.vertices = all.vertices.size();
  s.triangles = all.triangleCount();
  if (!all.vertices.empty()) s.lo = s.hi = glm::dvec3(all.vertices[0]);
  for (const glm::vec3& v : all.vertices) {
    s.lo = glm::min(s.lo, glm::dvec3(v));
    s.hi = glm::max(s.hi, glm::dvec3(v));
  }
  for (std::size_t t = 0; t + 2 < all.indices.size(); t += 3) {
    const glm::dvec3 a(all.vertices[all.indices[t]]), b(all.vertices[all.indices[t + 1]]),
        c(all.vertices[all.indices[t + 2]]);
    s.area += 0.5 * glm::length(glm::cross(b - a, c - a));
  }
  return s;
}

// The file loaded by assimp (in its child) and by the in-process reader gives the same
// meshes: names, vertex count after joining, triangle count, bounds within float rounding,
// total area (the same surface, however each triangulates a polygon) and notes.
void expectSameAsAssimp(const std::string& path, bool compareNames = true) {
  SCOPED_TRACE(path);
  MeshLoadOptions options;
  options.timeoutSeconds = 10;
  const MeshLoadResult assimp = loadMeshFile(path, options);
  ASSERT_TRUE(assimp.ok()) << assimp.error->text();
  const MeshLoadResult plain = decodeMeshWire(importMeshInProcess(path));
  ASSERT_TRUE(plain.ok()) << plain.error->text();
  const Summary a = summarize(assimp.file), p = summarize(plain.file);
  if (compareNames) {
    EXPECT_EQ(p.names, a.names);
  }
  EXPECT_EQ(p.vertices, a.vertices);
  EXPECT_EQ(p.triangles, a.triangles);
  for (int k = 0; k < 3; ++k) {
    EXPECT_NEAR(p.lo[k], a.lo[k], 1e-6 * std::max(1.0, std::fabs(a.lo[k])));
    EXPECT_NEAR(p.hi[k], a.hi[k], 1e-6 * std::max(1.0, std::fabs(a.hi[k])));
  }
  EXPECT_NEAR(p.area, a.area, 1e-5 * std::max(1.0, a.area));
  EXPECT_EQ(p.notes, a.notes);
}

std::string extensionOf(const std::filesystem::path& p) {
  std::string e = p.extension().string();
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e;
}

TEST(PlainImport, AgreesWithAssimpOnEveryShippedMeshAndFixture) {
  std::size_t compared = 0, refused = 0;
  for (const char* dir : {"/scenes/meshes", "/tests/mesh/data"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(SATLAB_SOURCE_DIR) + dir)) {
      const std::string path = entry.path().string(), ext = extensionOf(entry.path());
      if (ext == ".gltf" || ext == ".glb") {
        const MeshLoadResult r = decodeMeshWire(importMeshInProcess(path));
        ASSERT_FALSE(r.ok()) << path;
        EXPECT_NE(r.error->message.find("glTF files (.gltf, .glb) open in the desktop app"), std::string::npos)
            << r.error->message;
        continue;
      }
      if (ext != ".obj" && ext != ".stl" && ext != ".ply") continue;
      MeshLoadOptions options;
      options.timeoutSeconds = 1.5;  // the fixture that hangs assimp
      if (loadMeshFile(path, options).ok()) {
        expectSameAsAssimp(path);
        ++compared;
      } else {
        // Files that crash or hang assimp: an error from satlab's reader, at once.
        const Clock::time_point t0 = Clock::now();
        const MeshLoadResult r = decodeMeshWire(importMeshInProcess(path));
        EXPECT_LT(secondsSince(t0), 1.0) << path;
        ASSERT_FALSE(r.ok()) << path;
        EXPECT_FALSE(r.error->message.empty());
        ++refused;
      }
    }
  }
  EXPECT_GE(compared, 5u);  // rod.stl, rod_ascii.stl, torus.ply, l_shape.obj, dense_end.obj
  EXPECT_GE(refused, 2u);   // the two PLY files of tests/mesh/data
}

TEST(PlainImport, AgreesWithAssimpOnEachFormsOwnFeatures) {
  const std::string dir = meshTempDir();
  std::vector<std::string> files;
  auto add = [&](const std::string& name, const std::string& bytes) { files.push_back(writeFile(dir, name, bytes)); };
  add("cube.obj", kCubeObj);
  add("tetra_binary.stl", binaryStl(kTetraVertices, kTetraIndices));
  add("tetra_ascii.stl", asciiStl(kTetraVertices, kTetraIndices));
  add("tetra_ascii.ply", asciiPly(kTetraVertices, kTetraIndices));
  add("tetra_binary.ply", binaryPly(kTetraVertices, kTetraIndices));
  // A binary STL whose header starts with "solid", as many exporters write it.
  std::string solidHeader = binaryStl(kTetraVertices, kTetraIndices);
  solidHeader.replace(0, 11, "solid tetra");
  add("solid_header.stl", solidHeader);
  // Two solids: two meshes of their names.
  std::string twoSolids = asciiStl(kTetraVertices, {0, 2, 1, 0, 1, 3});
  twoSolids += asciiStl({{5, 0, 0}, {6, 0, 0}, {5, 1, 0}}, {0, 1, 2});
  add("two_solids.stl", twoSolids);
  // References of every form, negative ones, a convex pentagon, a concave quad (a dart:
  // its inside diagonal is 1-3), objects and groups, points, lines and a polyline.
  add("forms.obj",
      "# comment\nmtllib x.mtl\no First\nv 0 0 0\nv 2 0 0\nv 2 2 0\nv 0 2 0\nvt 0 0\nvn 0 0 1\n"
      "f 1/1 2/1 3/1 4/1\nf -4//1 -2//1 -1//1\ns off\n"
      "g Pentagon\nv 0 0 5\nv 1 0 5\nv 1.3 1 5\nv 0.5 1.6 5\nv -0.3 1 5\nusemtl m\nf 5/1/1 6/1/1 7/1/1 8/1/1 9/1/1\n"
      "o Dart\nv 0 0 9\nv 1 0.2 9\nv 2 0 9\nv 1 2 9\nf -4 -3 -2 -1\n"
      "p 1 2\nl 1 2 3\nl 3 4\n");
  // Homogeneous positions, colours after them, a continued line.
  add("homogeneous.obj", "v 0 0 0 2\nv 2 0 0 2\nv 0 4 0 2\nv 0 0 1 0.5 0.5 0.5\nf 1 2 3\nf 1 \\\n 2 4\n");
  // Big-endian PLY with double positions, extra properties before, between and after,
  // an element before the vertices, quads, a ushort count and uint indices.
  {
    std::string ply =
        "ply\nformat binary_big_endian 1.0\ncomment extra data\nelement material 2\nproperty uchar red\n"
        "property list uchar float weights\nelement vertex 5\nproperty short id\nproperty double x\n"
        "property double y\nproperty float nx\nproperty double z\nproperty list uchar int tags\n"
        "element face 2\nproperty uchar flags\nproperty list ushort uint vertex_indices\nproperty int group\n"
        "element edge 1\nproperty int vertex1\nproperty int vertex2\nend_header\n";
    auto be = [&](auto v) {
      char b[sizeof v];
      std::memcpy(b, &v, sizeof v);
      for (std::size_t i = sizeof v; i-- > 0;) ply += b[i];
    };
    for (int m = 0; m < 2; ++m) {
      be(std::uint8_t{200});
      be(std::uint8_t{2});
      be(1.5f);
      be(2.5f);
    }
    const double pos[5][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0.5, 0.5, -3}};
    for (int v = 0; v < 5; ++v) {
      be(std::int16_t{7});
      be(pos[v][0]);
      be(pos[v][1]);
      be(0.0f);
      be(pos[v][2]);
      be(std::uint8_t{1});
      be(std::int32_t{42});
    }
    be(std::uint8_t{1});
    be(std::uint16_t{4});
    for (std::uint32_t i : {0u, 1u, 2u, 3u}) be(i);
    be(std::int32_t{-1});
    be(std::uint8_t{0});
    be(std::uint16_t{3});
    for (std::uint32_t i : {0u, 1u, 4u}) be(i);
    be(std::int32_t{-1});
    be(std::int32_t{0});
    be(std::int32_t{1});
    add("big_endian.ply", ply);
  }
  // ASCII PLY with an unused vertex, a duplicate one (joined), a pentagon, a line.
  add("extras.ply",
      "ply\nformat ascii 1.0\nelement vertex 7\nproperty float x\nproperty float y\nproperty float z\n"
      "property uchar red\nelement face 3\nproperty list uchar int vertex_indices\nend_header\n"
      "0 0 0 1\n1 0 0 1\n1 1 0 1\n0 1 0 1\n-0.5 0.5 0 1\n1 0 0 9\n7 7 7 1\n"
      "5 0 1 2 3 4\n3 0 5 2\n2 0 1\n");
  for (const std::string& f : files) expectSameAsAssimp(f);
}

TEST(PlainImport, BinaryStlCornersAreJoinedAndMinusZeroIsZero) {
  const MeshLoadResult r = plainLoad(binaryStl(kTetraVertices, kTetraIndices), PlainMeshFormat::Stl);
  ASSERT_TRUE(r.ok()) << r.error->text();
  ASSERT_EQ(r.file.meshes.size(), 1u);
  EXPECT_EQ(r.file.meshes[0].mesh.vertices.size(), 4u);
  EXPECT_EQ(r.file.meshes[0].mesh.triangleCount(), 4u);
  const MeshLoadResult z = plainLoad("v 0 0 0\nv -0 0 -0\nv 1 0 0\nv 0 1 0\nf 1 3 4\nf 2 4 3\n", PlainMeshFormat::Obj);
  ASSERT_TRUE(z.ok()) << z.error->text();
  EXPECT_EQ(z.file.meshes[0].mesh.vertices.size(), 3u);
}

// The reason, and that it came at once.
void expectError(const std::string& bytes, PlainMeshFormat format, const std::string& reason) {
  const Clock::time_point t0 = Clock::now();
  const MeshLoadResult r = plainLoad(bytes, format);
  EXPECT_LT(secondsSince(t0), 1.0) << reason;
  ASSERT_FALSE(r.ok()) << "loaded; expected: " << reason;
  EXPECT_NE(r.error->text().find(reason), std::string::npos) << r.error->text();
}

TEST(PlainImport, ObjErrorsNameTheLineAndTheReason) {
  const PlainMeshFormat obj = PlainMeshFormat::Obj;
  const std::string tri = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
  expectError(tri + "f 1 2 7\n", obj, "line 4: face index 7 is out of range (the file has 3 vertices so far)");
  expectError(tri + "f 1 2 0\n", obj, "line 4: index 0 is not a vertex");
  expectError(tri + "f -1 -2 -4\n", obj, "line 4: face index -4 is out of range (the file has 3 vertices so far)");
  expectError("f 1 2 3\n" + tri, obj, "line 1: face index 1 is out of range (the file has 0 vertices so far)");
  expectError(tri + "l 1 9\n", obj, "line 4: line index 9 is out of range");
  expectError(tri + "f 1 2 3x\n", obj, "line 4: '3x' is not a vertex reference");
  expectError(tri + "f 1/2/3/4 2 3\n", obj, "'1/2/3/4' is not a vertex reference");
  // Integers too large for 62 bits, wherever they are (once an overflow found by fuzzing).
  expectError(tri + "f 1/14444444444444444444444 2 3\n", obj, "'1/14444444444444444444444' is not a vertex reference");
  expectError(tri + "f 99999999999999999999 2 3\n", obj, "'99999999999999999999' is not a vertex reference");
  expectError(tri + "f 4611686018427387904 2 3\n", obj, "'4611686018427387904' is not a vertex reference");
  expectError(tri + "f 4611686018427387903 2 3\n", obj, "face index 4611686018427387903 is out of range");
  expectError("v 0 0\n", obj, "line 1: a vertex has 2 numbers");
  expectError("v 0 0 0 0 0\n", obj, "line 1: a vertex has 5 numbers");
  expectError("v 0 zero 0\n", obj, "line 1: 'zero' is not a number");
  expectError("v 1 1 1 0\n", obj, "line 1: a vertex with w = 0");
  expectError(tri + "f 1 2 3\n\x01\x02\x03 4\n", obj, "line 5: '\\x01\\x02\\x03' is not an OBJ statement");
  expectError("v 0 0 0\n" + std::string(10, '\0'), obj, "line 2: a NUL byte");
  // Points and lines only.
  const MeshLoadResult cloud = plainLoad("v 0 0 0\nv 1 0 0\np 1\nl 1 2\n", obj);
  ASSERT_TRUE(cloud.ok());
  EXPECT_TRUE(cloud.file.meshes.empty());
  ASSERT_EQ(cloud.file.notes.size(), 1u);
  EXPECT_NE(cloud.file.notes[0].find("dropped 1 points and 1 lines"), std::string::npos);
}

TEST(PlainImport, StlErrorsNameTheReason) {
  const PlainMeshFormat stl = PlainMeshFormat::Stl;
  const std::string binary = binaryStl(kTetraVertices, kTetraIndices);  // 84 + 4 * 50 = 284 bytes
  expectError(binary.substr(0, binary.size() - 10), stl,
              "whose header declares 4 triangles must have 84 + 50 x 4 = 284 bytes; the file has 274");
  std::string liar = binary;
  const std::uint32_t billion = 1000000000;
  std::memcpy(&liar[80], &billion, 4);
  expectError(liar, stl, "declares 1000000000 triangles must have 84 + 50 x 1000000000 = 50000000084 bytes");
  expectError("abc", stl, "not an STL file: 3 bytes are too few");
  std::string solidBinary = binary.substr(0, binary.size() - 1);
  solidBinary.replace(0, 6, "solid ");
  expectError(solidBinary, stl, "a binary STL (binary data after \"solid\")");
  expectError("solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0\n", stl,
              "line 5: a vertex needs three numbers");
  expectError("solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nendloop\nendfacet\n", stl,
              "line 7: the facet of line 2 has 2 vertices");
  expectError("solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\n", stl,
              "the file ends inside the facet of line 2");
  expectError("solid x\nvertex 0 0 0\n", stl, "line 2: 'vertex' outside a facet");
  expectError("solid x\nfacets\n", stl, "line 2: 'facets' is not an ASCII STL keyword");
}

TEST(PlainImport, PlyErrorsNameTheReason) {
  const PlainMeshFormat ply = PlainMeshFormat::Ply;
  const std::string head = "ply\nformat binary_little_endian 1.0\n";
  const std::string xyz = "property float x\nproperty float y\nproperty float z\n";
  const std::string faceList = "property list uchar int vertex_indices\n";
  expectError(head + "element vertex 4000000000\n" + xyz + "end_header\n", ply,
              "declares 4000000000 vertex elements, more than the 0 bytes");
  expectError(head + "element junk 1000000000000\nproperty int a\nend_header\n" + std::string(400, 'x'), ply,
              "declares 1000000000000 junk elements, more than the 400 bytes");
  expectError(head + "element junk 99999999999999999999\nproperty int a\nend_header\n", ply,
              "line 3: an element line is \"element NAME COUNT\"");
  // Within the data, a face whose list claims 255 indices.
  std::string shortList = head + "element vertex 3\n" + xyz + "element face 1\n" + faceList + "end_header\n";
  for (int i = 0; i < 9; ++i) appendRaw(shortList, 0.0f);
  appendRaw(shortList, std::uint8_t{255});
  appendRaw(shortList, std::int32_t{0});
  expectError(shortList, ply, "byte 205: a list of 255 items, more than the 4 bytes of data left can hold");
  expectError("ply\nformat ascii 1.0\nelement vertex 3\n" + xyz + "element face 1\n" + faceList +
                  "end_header\n0 0 0\n1 0 0\n0 1 0\n255 0 1\n",
              ply, "line 13: a list of 255 items");
  std::string vertexCut = head + "element vertex 3\n" + xyz + "end_header\n";
  for (int i = 0; i < 8; ++i) appendRaw(vertexCut, 0.0f);
  vertexCut += "ab";  // the last coordinate cut short
  expectError(vertexCut, ply, "more than the 34 bytes of data after it can hold");
  expectError(asciiPly(kTetraVertices, {0, 1, 9}), ply,
              "line 14: face 0: index 9 is out of range (the file has 4 vertices)");
  expectError(asciiPly(kTetraVertices, {0, 1, 2})
                  .replace(asciiPly(kTetraVertices, {0, 1, 2}).find("0.000000 1.000000"), 1, "x"),
              ply, "line 12: 'x.000000' is not a number");
  expectError("ply\nformat ascii 1.0\nelement face 1\n" + faceList + "element vertex 3\n" + xyz + "end_header\n", ply,
              "the face element comes before the vertex element");
  expectError("ply\nformat ascii 1.0\nelement vertex 1\n" + xyz, ply, "the header has no end_header line");
  expectError("ply\nformat ascii 2.0\n", ply, "line 2: PLY version '2.0'");
  expectError("ply\nformat ascii 1.0\nelement vertex 1\nproperty floa x\nend_header\n", ply,
              "line 4: 'floa' is not a PLY type");
  expectError("ply\nformat ascii 1.0\nelement vertex 1\nproperty float a\nend_header\n0\n", ply,
              "the vertex element has no x, y and z properties");
  expectError(std::string("\x89PNG\r\n\x1a\n\0\0", 10), ply, "not a PLY file");
  // Vertices and no faces: a point cloud.
  const MeshLoadResult cloud =
      plainLoad("ply\nformat ascii 1.0\nelement vertex 2\n" + xyz + "end_header\n0 0 0\n1 1 1\n", ply);
  ASSERT_TRUE(cloud.ok());
  ASSERT_EQ(cloud.file.notes.size(), 1u);
  EXPECT_NE(cloud.file.notes[0].find("dropped 2 points"), std::string::npos);
}

TEST(PlainImport, EmptyGarbageAndVeryLongLines) {
  for (PlainMeshFormat f : {PlainMeshFormat::Obj, PlainMeshFormat::Stl, PlainMeshFormat::Ply}) {
    expectError("", f, "the file is empty");
  }
  std::string garbage;
  std::uint32_t x = 12345;
  for (int i = 0; i < 100000; ++i) {
    x = x * 1664525u + 1013904223u;
    garbage += static_cast<char>(x >> 24);
  }
  expectError(garbage, PlainMeshFormat::Obj, "");
  expectError(garbage, PlainMeshFormat::Stl, "the file has 100000 (cut short, or not an STL file)");
  expectError(garbage, PlainMeshFormat::Ply, "not a PLY file");
  const std::string longLine(3u << 20, 'v');
  expectError(longLine, PlainMeshFormat::Obj, "line 1: the line is longer than 1048576 bytes");
  expectError("v 0 0 0\n# " + longLine + "\n", PlainMeshFormat::Obj, "line 2: the line is longer than 1048576 bytes");
  expectError("solid x\n" + longLine, PlainMeshFormat::Stl, "line 2: the line is longer than 1048576 bytes");
  expectError("ply\ncomment " + longLine, PlainMeshFormat::Ply, "line 2: the line is longer than 1048576 bytes");
  expectError("v 0 0 " + std::string(1000, '1') + "\n", PlainMeshFormat::Obj, "is not a number");
  std::string continued = "v 0 0 0 \\\n";
  for (int i = 0; i < 400000; ++i) continued += "1 \\\n";
  expectError(continued, PlainMeshFormat::Obj, "the continued line is longer than 1048576 bytes");
}

TEST(PlainImport, BadCoordinatesAreLeftToTheMeshChecks) {
  const PlainMeshFormat obj = PlainMeshFormat::Obj;
  expectError("v 0 0 0\nv nan 0 0\nv 0 1 0\nf 1 2 3\n", obj, "vertices[1][0]: nan is not a finite number");
  expectError("v 0 0 0\nv 1e999 0 0\nv 0 1 0\nf 1 2 3\n", obj, "vertices[1][0]: inf is not a finite number");
  expectError("v 0 0 0\nv 0 -2e9 0\nv 0 1 0\nf 1 2 3\n", obj, "vertices[1][1]: -2e+09 is outside the range");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  expectError(binaryStl({{0, 0, 0}, {1, nan, 0}, {nan, 1, 0}}, {0, 1, 2}), PlainMeshFormat::Stl, "nan is not a finite");
  expectError(
      "ply\nformat ascii 1.0\nelement vertex 3\nproperty double x\nproperty double y\nproperty double z\n"
      "element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1e300 0 0\n0 1 0\n3 0 1 2\n",
      PlainMeshFormat::Ply, "vertices[1][0]: inf is not a finite number");
  // A vertex no face uses is dropped, whatever it holds.
  EXPECT_TRUE(plainLoad("v nan nan nan\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 2 3 4\n", obj).ok());
}

TEST(PlainImport, LimitsOfMeshesVerticesAndTriangles) {
  std::string objects;
  for (std::size_t i = 0; i <= kMaxMeshParts; ++i) objects += "o m" + std::to_string(i) + "\nv 0 0 0\nf -1 -1 -1\n";
  expectError(objects, PlainMeshFormat::Obj,
              "line " + std::to_string(3 * kMaxMeshParts + 3) + ": more than 4096 meshes");
  expectError(
      "ply\nformat ascii 1.0\nelement vertex 8000001\nproperty char x\nproperty char y\nproperty char z\n"
      "end_header\n" +
          std::string(48000010, '0'),
      PlainMeshFormat::Ply, "the file declares 8000001 vertices; the limit is 8000000");
  expectError(
      "ply\nformat binary_little_endian 1.0\nelement vertex 1\nproperty char x\nproperty char y\n"
      "property char z\nelement face 4000001\nproperty list uchar char vertex_indices\nend_header\n" +
          std::string(3 + 4000001, '\0'),
      PlainMeshFormat::Ply, "the file declares 4000001 faces; the limit is 4000000 triangles");
}

TEST(PlainImport, FileErrors) {
  const std::string dir = meshTempDir();
  auto error = [](const std::string& path) {
    const MeshLoadResult r = decodeMeshWire(importMeshInProcess(path));
    return r.ok() ? std::string("loaded") : r.error->message;
  };
  EXPECT_EQ(error(dir + "/none.obj"), "cannot open: No such file or directory");
  EXPECT_EQ(error(writeFile(dir, "empty.ply", "")), "the file is empty");
  EXPECT_NE(error(writeFile(dir, "cube.fbx", kCubeObj)).find("unknown mesh format '.fbx'"), std::string::npos);
  EXPECT_NE(error(writeFile(dir, "t.GLB", "glTF")).find("open in the desktop app"), std::string::npos);
  EXPECT_EQ(error(writeFile(dir, "CUBE.OBJ", kCubeObj)), "loaded");
}

// A sphere of `rings` x `segments` quads, each two triangles, as a binary STL.
std::string sphereStl(int rings, int segments) {
  std::vector<glm::vec3> v;
  std::vector<std::uint32_t> idx;
  for (int r = 0; r <= rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      const double theta = M_PI * r / rings, phi = 2.0 * M_PI * s / segments;
      v.emplace_back(std::sin(theta) * std::cos(phi), std::sin(theta) * std::sin(phi), std::cos(theta));
    }
  }
  for (int r = 0; r < rings; ++r) {
    for (int s = 0; s < segments; ++s) {
      const auto a = static_cast<std::uint32_t>(r * segments + s),
                 b = static_cast<std::uint32_t>(r * segments + (s + 1) % segments);
      const auto c = a + static_cast<std::uint32_t>(segments), d = b + static_cast<std::uint32_t>(segments);
      idx.insert(idx.end(), {a, b, d, a, d, c});
    }
  }
  return binaryStl(v, idx);
}

TEST(PlainImport, AMillionTriangleBinaryStlInWellUnderASecond) {
  const std::string stl = sphereStl(500, 1000);  // 1,000,000 triangles, 48 MiB
  const Clock::time_point t0 = Clock::now();
  const std::string wire = importMeshFromBytes(stl, PlainMeshFormat::Stl);
  const double seconds = secondsSince(t0);
  const MeshLoadResult r = decodeMeshWire(wire);
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(r.file.triangleCount(), 1000000u);
  // The poles' rings of 1000 corners are each one point in floats... almost: sin(pi) is
  // not 0, so the last ring's corners differ by about 1e-16 and stay apart.
  EXPECT_GE(r.file.vertexCount(), 499002u);
  EXPECT_LE(r.file.vertexCount(), 501000u);
  std::cout << "[ timing   ] 1,000,000-triangle binary STL read in " << seconds * 1000.0 << " ms ("
            << r.file.vertexCount() << " vertices after joining)\n";
  EXPECT_LT(seconds, 5.0);  // a loose bound for loaded machines and sanitizer builds
}

}  // namespace
}  // namespace satlab
