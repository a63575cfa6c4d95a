// What a mesh file may read besides itself (mesh_read_scope.hpp), and what a glTF or PLY
// file's promises are checked against before the importer expands them (gltf_check.hpp,
// plyPromiseProblem). Each file below is laid out beside a folder "outside" that holds a
// secret: the kernel's account of what was opened (OpenWatch) shows it is never touched.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "mesh/gltf_check.hpp"
#include "mesh/mesh_load.hpp"
#include "mesh/mesh_read_scope.hpp"
#include "mesh_test_util.hpp"
#include "open_watch.hpp"

namespace satlab {
namespace {

using namespace test;

// A tetrahedron far from the origin: vertices at 777.25 betray a read of the secret.
const std::vector<glm::vec3> kSecretVertices = {{777.25f, 0, 0}, {778.25f, 0, 0}, {777.25f, 1, 0}, {777.25f, 0, 1}};

struct Tree {
  std::string root, model, outside;
};

// root/model (where the mesh files go), root/outside/secret.bin and root/above.bin: buffers
// a glTF could use (the secret tetrahedron, then a password line).
Tree makeTree() {
  Tree t;
  t.root = meshTempDir();
  t.model = t.root + "/model";
  t.outside = t.root + "/outside";
  ::mkdir(t.model.c_str(), 0755);
  ::mkdir(t.outside.c_str(), 0755);
  const std::string secret = gltfBuffer(kSecretVertices, kTetraIndices) + "b_password=hunter2\n";
  writeFile(t.outside, "secret.bin", secret);
  writeFile(t.root, "above.bin", secret);
  return t;
}

// The tetrahedron's glTF with its data in buffer `use` of `buffers` (each the members of one
// buffer object, e.g. "\"uri\":\"t.bin\",\"byteLength\":96").
std::string tetraGltf(const std::vector<std::string>& buffers, int use = 0) {
  std::string j = gltfJson(kTetraVertices, kTetraIndices, "", {0, 0, 0});
  const std::size_t from = j.find("\"buffers\":["), to = j.find("],", from);
  std::string list;
  for (const std::string& b : buffers) list += (list.empty() ? "{" : ",{") + b + "}";
  j.replace(from, to - from + 1, "\"buffers\":[" + list + "]");
  const std::string view = "\"buffer\":0";
  for (std::size_t at = j.find(view); at != std::string::npos; at = j.find(view, at + 1)) {
    j.replace(at, view.size(), "\"buffer\":" + std::to_string(use));
  }
  return j;
}

const std::size_t kTetraBytes = gltfBuffer(kTetraVertices, kTetraIndices).size();

std::string fileBuffer(const std::string& uri, std::size_t bytes = kTetraBytes) {
  return "\"uri\":\"" + uri + "\",\"byteLength\":" + std::to_string(bytes);
}

// Loads `path`, expects an error "path: ...reason..." and nothing of the secret in it.
std::string loadError(const std::string& path, const std::string& reason) {
  const MeshLoadResult r = loadMeshFile(path);
  EXPECT_FALSE(r.ok()) << path << " loaded";
  if (r.ok()) return "";
  const std::string text = r.error->text();
  EXPECT_EQ(text.rfind(path + ": ", 0), 0u) << text;
  EXPECT_NE(text.find(reason), std::string::npos) << text;
  EXPECT_EQ(text.find("hunter2"), std::string::npos) << text;
  EXPECT_EQ(text.find("777.25"), std::string::npos) << text;
  return text;
}

const std::string kOutsideRule =
    "which lies outside the file's folder: a glTF file may read buffers only in its own folder or below";
const std::string kLinkRule =
    "a link that leads outside the file's folder: a glTF file may read buffers only in its own folder or below";

TEST(MeshReferences, AGltfBufferAboveTheFolderIsRefusedAndNeverOpened) {
  const Tree t = makeTree();
  OpenWatch watch({t.root, t.outside});
  ASSERT_TRUE(watch.ok());
  loadError(writeFile(t.model, "t.gltf", tetraGltf({fileBuffer("../outside/secret.bin")})),
            "t.gltf: buffers[0].uri: it refers to \"../outside/secret.bin\", " + kOutsideRule);
  loadError(writeFile(t.model, "u.gltf", tetraGltf({fileBuffer("../above.bin")})), kOutsideRule);
  loadError(writeFile(t.model, "v.gltf", tetraGltf({fileBuffer("sub/../../outside/secret.bin")})), kOutsideRule);
  EXPECT_EQ(watch.opened(), std::vector<std::string>{});
}

TEST(MeshReferences, AnAbsoluteBufferPathIsRefused) {
  const Tree t = makeTree();
  OpenWatch watch({t.root, t.outside});
  const std::string secret = t.outside + "/secret.bin";
  // Read from the file's own folder, the importer takes an absolute uri as it stands.
  char previous[4096];
  ASSERT_NE(::getcwd(previous, sizeof previous), nullptr);
  ASSERT_EQ(::chdir(t.model.c_str()), 0);
  writeFile(t.model, "abs.gltf", tetraGltf({fileBuffer(secret)}));
  const MeshLoadResult r = loadMeshFile("abs.gltf");
  ASSERT_EQ(::chdir(previous), 0);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "abs.gltf: buffers[0].uri: it refers to \"" + secret + "\", " + kOutsideRule);
  // From elsewhere it is joined to the file's folder, where no such file is.
  loadError(writeFile(t.model, "abs2.gltf", tetraGltf({fileBuffer(secret)})), "which does not exist");
  EXPECT_EQ(watch.opened(), std::vector<std::string>{});
}

TEST(MeshReferences, AGlbsSecondBufferOutsideIsRefused) {
  const Tree t = makeTree();
  OpenWatch watch({t.root, t.outside});
  const std::string json =
      tetraGltf({"\"byteLength\":" + std::to_string(kTetraBytes), fileBuffer("../outside/secret.bin")}, 1);
  loadError(writeFile(t.model, "t.glb", glb(json, gltfBuffer(kTetraVertices, kTetraIndices))),
            "buffers[1].uri: it refers to \"../outside/secret.bin\", " + kOutsideRule);
  EXPECT_EQ(watch.opened(), std::vector<std::string>{});
}

TEST(MeshReferences, AnyTextFileAsBytesIsRefused) {
  // An UNSIGNED_BYTE accessor would turn any file, /etc/passwd too, into numbers.
  const Tree t = makeTree();
  std::string j = tetraGltf({fileBuffer("../../../../../../../../../../etc/passwd", 64)});
  loadError(writeFile(t.model, "p.gltf", j),
            "it refers to \"../../../../../../../../../../etc/passwd\", " + kOutsideRule);
}

TEST(MeshReferences, LinksMayNotLeadOutOfTheFolder) {
  const Tree t = makeTree();
  OpenWatch watch({t.root, t.outside});
  ASSERT_EQ(::symlink("../outside/secret.bin", (t.model + "/link.bin").c_str()), 0);
  ASSERT_EQ(::symlink("../outside", (t.model + "/out").c_str()), 0);
  ASSERT_EQ(::symlink("/dev/zero", (t.model + "/zero.bin").c_str()), 0);
  loadError(writeFile(t.model, "a.gltf", tetraGltf({fileBuffer("link.bin")})),
            "it refers to \"link.bin\", " + kLinkRule);
  loadError(writeFile(t.model, "b.gltf", tetraGltf({fileBuffer("out/secret.bin")})), kLinkRule);
  loadError(writeFile(t.model, "c.gltf", tetraGltf({fileBuffer("zero.bin")})), kLinkRule);
  EXPECT_EQ(watch.opened(), std::vector<std::string>{});
}

TEST(MeshReferences, AFifoAFolderOrAMissingFileIsRefusedAtOnce) {
  const Tree t = makeTree();
  ASSERT_EQ(::mkfifo((t.model + "/fifo.bin").c_str(), 0644), 0);
  ASSERT_EQ(::mkdir((t.model + "/dir.bin").c_str(), 0755), 0);
  OpenWatch watch({t.model});
  const auto t0 = std::chrono::steady_clock::now();
  loadError(writeFile(t.model, "f.gltf", tetraGltf({fileBuffer("fifo.bin")})),
            "it refers to \"fifo.bin\", which is a FIFO (named pipe), not a regular file");
  loadError(writeFile(t.model, "d.gltf", tetraGltf({fileBuffer("dir.bin")})),
            "it refers to \"dir.bin\", which is a folder, not a regular file");
  loadError(writeFile(t.model, "m.gltf", tetraGltf({fileBuffer("missing.bin")})),
            "it refers to \"missing.bin\", which does not exist");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  for (const std::string& opened : watch.opened()) {
    EXPECT_EQ(opened.find("fifo.bin"), std::string::npos);
    EXPECT_EQ(opened.find("dir.bin"), std::string::npos);
  }
}

TEST(MeshReferences, BuffersInTheFolderOrBelowLoad) {
  const Tree t = makeTree();
  ::mkdir((t.model + "/sub").c_str(), 0755);
  writeFile(t.model + "/sub", "t.bin", gltfBuffer(kTetraVertices, kTetraIndices));
  ASSERT_EQ(::symlink("sub/t.bin", (t.model + "/inside.bin").c_str()), 0);
  for (const std::string uri : {"sub/t.bin", "./sub/t.bin", "inside.bin", "sub/../sub/t.bin"}) {
    const MeshLoadResult r = loadMeshFile(writeFile(t.model, "ok.gltf", tetraGltf({fileBuffer(uri)})));
    ASSERT_TRUE(r.ok()) << uri << ": " << r.error->text();
    EXPECT_EQ(r.file.vertexCount(), 4u) << uri;
  }
}

TEST(MeshReferences, AnObjMaterialLibraryIsNeverOpened) {
  const Tree t = makeTree();
  writeFile(t.outside, "secret.mtl", "newmtl x\nKd 1 0 0\n");
  writeFile(t.model, "near.mtl", "newmtl y\nKd 0 1 0\n");
  ASSERT_EQ(::mkfifo((t.model + "/fifo.mtl").c_str(), 0644), 0);
  OpenWatch watch({t.root, t.outside, t.model});
  const std::string obj = "mtllib ../outside/secret.mtl\nmtllib " + t.outside + "/secret.mtl\nmtllib fifo.mtl\n" +
                          "mtllib near.mtl\nusemtl y\n" + kCubeObj;
  const auto t0 = std::chrono::steady_clock::now();
  const std::string path = writeFile(t.model, "t.obj", obj);
  watch.opened();  // writing it
  const MeshLoadResult r = loadMeshFile(path);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(r.file.triangleCount(), 12u);
  // The file itself, and nothing else: no material library, near or far.
  for (const std::string& opened : watch.opened()) EXPECT_EQ(opened, t.model + "/t.obj");
}

TEST(MeshReferences, TheScopeNeverOpensWhatItChecks) {
  const Tree t = makeTree();
  ASSERT_EQ(::mkfifo((t.model + "/fifo.bin").c_str(), 0644), 0);
  writeFile(t.model, "in.bin", "0123");
  const std::string mesh = writeFile(t.model, "t.gltf", "{}");
  OpenWatch watch({t.root, t.outside, t.model});
  MeshReadScope scope(mesh);
  MeshReadScope::Allowed allowed;
  std::string why;
  EXPECT_FALSE(scope.check(t.model + "/fifo.bin", allowed, why));
  EXPECT_FALSE(scope.check(t.model + "/../outside/secret.bin", allowed, why));
  EXPECT_TRUE(scope.check(t.model + "/in.bin", allowed, why)) << why;
  EXPECT_EQ(allowed.bytes, 4u);
  EXPECT_EQ(watch.opened(), std::vector<std::string>{});
  std::uint64_t bytes = 0;
  const int fd = scope.open(t.model + "/in.bin", bytes, why);
  ASSERT_GE(fd, 0) << why;
  ::close(fd);
  EXPECT_EQ(watch.opened(), std::vector<std::string>{t.model + "/in.bin"});
  ASSERT_EQ(scope.otherFilesRead().size(), 1u);
  // An OBJ reads nothing but itself.
  MeshReadScope obj(writeFile(t.model, "t.obj", kCubeObj));
  EXPECT_FALSE(obj.check(t.model + "/in.bin", allowed, why));
  EXPECT_NE(why.find("OBJ, STL and PLY files are read on their own"), std::string::npos) << why;
  EXPECT_TRUE(obj.check(t.model + "/t.obj", allowed, why)) << why;
}

// ---- What a glTF file promises -----------------------------------------------------------

// The tetrahedron's glTF with `nodes` and `scenes` in place of its own (the mesh is 0).
std::string withNodes(const std::string& nodes, const std::string& scenes) {
  std::string j = gltfJson(kTetraVertices, kTetraIndices, "", {0, 0, 0});
  const std::size_t s = j.find("\"scenes\":"), m = j.find("\"meshes\":");
  return j.substr(0, s) + "\"scenes\":" + scenes + ",\"nodes\":" + nodes + "," + j.substr(m);
}

std::string glbWithNodes(const std::string& nodes, const std::string& scenes = "[{\"nodes\":[0]}]") {
  return glb(withNodes(nodes, scenes), gltfBuffer(kTetraVertices, kTetraIndices));
}

TEST(GltfPromises, NodesThatNameEachOtherTwiceAreRefusedBeforeAnythingIsExpanded) {
  // 40 nodes, each naming the next twice: 2^40 placements.
  std::string nodes = "[";
  for (int i = 0; i < 40; ++i) {
    nodes += std::string(i ? "," : "") + "{\"mesh\":0" +
             (i < 39 ? ",\"children\":[" + std::to_string(i + 1) + "," + std::to_string(i + 1) + "]" : "") + "}";
  }
  nodes += "]";
  const auto t0 = std::chrono::steady_clock::now();
  loadError(writeFile(meshTempDir(), "dag.glb", glbWithNodes(nodes)),
            "nodes[0].children[1]: node 1 already has a parent (nodes[0]); glTF's nodes form trees, so a node is "
            "placed once");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  // Two parents each, in pairs: the same, said of the second parent.
  std::string pairs = "[";
  for (int i = 0; i < 40; ++i) {
    const std::string next = std::to_string(i / 2 * 2 + 2) + "," + std::to_string(i / 2 * 2 + 3);
    pairs += std::string(i ? "," : "") + "{\"mesh\":0" + (i < 38 ? ",\"children\":[" + next + "]" : "") + "}";
  }
  loadError(writeFile(meshTempDir(), "pairs.glb", glbWithNodes(pairs + "]", "[{\"nodes\":[0,1]}]")),
            "nodes[1].children[0]: node 2 already has a parent (nodes[0])");
}

TEST(GltfPromises, CyclesAndBadRootsAreRefused) {
  const std::string dir = meshTempDir();
  loadError(writeFile(dir, "cycle.glb",
                      glbWithNodes("[{\"mesh\":0,\"children\":[1]},{\"children\":[0]}]", "[{\"nodes\":[]}]")),
            "is its own ancestor: glTF's nodes form trees");
  loadError(writeFile(dir, "self.glb", glbWithNodes("[{\"mesh\":0,\"children\":[0]}]")),
            "nodes[0].children[0]: a node cannot be its own child");
  loadError(writeFile(dir, "twice.glb", glbWithNodes("[{\"mesh\":0}]", "[{\"nodes\":[0,0]}]")),
            "scenes[0].nodes[1]: node 0 is listed twice");
  loadError(writeFile(dir, "child.glb", glbWithNodes("[{\"children\":[1]},{\"mesh\":0}]", "[{\"nodes\":[0,1]}]")),
            "scenes[0].nodes[1]: node 1 is a child of nodes[0], not a root");
  loadError(writeFile(dir, "nochild.glb", glbWithNodes("[{\"children\":[7]}]")),
            "nodes[0].children[0]: there is no node 7");
}

// The .glb's bytes with the 32-bit little-endian word at `at` replaced.
std::string patched(std::string bytes, std::size_t at, std::uint32_t word) {
  std::memcpy(&bytes[at], &word, 4);
  return bytes;
}

TEST(GltfPromises, GlbChunkLengthsAreCheckedAgainstTheFile) {
  const std::string dir = meshTempDir();
  const std::string good =
      glb(gltfJson(kTetraVertices, kTetraIndices, "", {0, 0, 0}), gltfBuffer(kTetraVertices, kTetraIndices));
  const auto t0 = std::chrono::steady_clock::now();
  loadError(
      writeFile(dir, "json.glb", patched(good, 12, 0xFFFFFFF0u)),
      "the JSON chunk says it has 4294967280 bytes; only " + std::to_string(good.size() - 20) + " follow its header");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  loadError(writeFile(dir, "length.glb", patched(good, 8, 100000)),
            "the header says the file has 100000 bytes; it has " + std::to_string(good.size()));
  const std::uint32_t jsonLength = static_cast<std::uint32_t>(good[12] & 0xff) | (good[13] & 0xff) << 8;
  loadError(writeFile(dir, "bin.glb", patched(good, 20 + jsonLength, 0x7FFFFFFFu)),
            "the BIN chunk says it has 2147483647 bytes");
  loadError(writeFile(dir, "cut.glb", good.substr(0, good.size() / 2)), "the header says the file has");
  loadError(writeFile(dir, "v1.glb", patched(good, 4, 1)), "the header says glTF version 1 (satlab reads version 2)");
}

TEST(GltfPromises, BuffersViewsAndAccessorsHoldWhatTheyClaim) {
  const Tree t = makeTree();
  writeFile(t.model, "small.bin", "0123456789");
  loadError(writeFile(t.model, "a.gltf", tetraGltf({fileBuffer("small.bin", 1000000000)})),
            "buffers[0].byteLength: 1000000000 bytes, but its data holds 10");
  std::string j = gltfJson(kTetraVertices, kTetraIndices, "", {0, 0, 0});
  const std::string glbBin = gltfBuffer(kTetraVertices, kTetraIndices);
  std::string bigCount = j;
  bigCount.replace(bigCount.find("\"count\":4"), 9, "\"count\":4000000");
  loadError(writeFile(t.model, "b.glb", glb(bigCount, glbBin)),
            "accessors[0]: 4000000 elements of 12 bytes need 48000000 bytes of buffer view 0, which has 48");
  std::string bigView = j;
  bigView.replace(bigView.find("\"byteOffset\":48"), 15, "\"byteOffset\":4800");
  loadError(writeFile(t.model, "c.glb", glb(bigView, glbBin)),
            "bufferViews[1]: bytes 4800 to 4848 lie outside buffer 0");
  loadError(writeFile(t.model, "d.glb", glb(j, "")), "buffers[0].byteLength: 96 bytes, but the BIN chunk holds 0");
}

TEST(GltfPromises, OnlyGltf2WellFormedAndShallow) {
  const std::string dir = meshTempDir();
  const std::string j = gltfJson(kTetraVertices, kTetraIndices, "", {0, 0, 0});
  const std::string bin = gltfBuffer(kTetraVertices, kTetraIndices);
  std::string v1 = j;
  v1.replace(v1.find("\"2.0\""), 5, "\"1.0\"");
  loadError(writeFile(dir, "v1.glb", glb(v1, bin)), "asset.version is \"1.0\": satlab reads glTF 2.0 files only");
  std::string twice = j;
  twice.replace(twice.find("\"scene\":0"), 9, "\"scene\":0,\"scene\":0");
  loadError(writeFile(dir, "twice.glb", glb(twice, bin)), "scene: the key appears twice in one object");
  std::string deep = j;
  deep.insert(deep.size() - 1, ",\"extras\":" + std::string(300, '[') + std::string(300, ']'));
  loadError(writeFile(dir, "deep.glb", glb(deep, bin)), "the JSON is nested more than 128 levels deep");
  loadError(writeFile(dir, "broken.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [tru"),
            "the JSON is not valid at byte");
}

TEST(GltfPromises, PrimitivesThatShareOneLargeAccessorCannotMultiplyIt) {
  // 1 MiB of positions, named by 2,000 primitives: 32 GiB in the importer.
  const Tree t = makeTree();
  const std::size_t vertices = 1 << 16;
  writeFile(t.model, "big.bin", std::string(vertices * 12, '\0'));
  std::string prims;
  for (int i = 0; i < 2000; ++i) prims += std::string(i ? "," : "") + "{\"attributes\":{\"POSITION\":0},\"mode\":0}";
  const std::string j =
      "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
      "\"meshes\":[{\"primitives\":[" +
      prims + "]}],\"buffers\":[{\"uri\":\"big.bin\",\"byteLength\":" + std::to_string(vertices * 12) +
      "}],\"bufferViews\":[{\"buffer\":0,\"byteLength\":" + std::to_string(vertices * 12) +
      "}],\"accessors\":[{\"bufferView\":0,\"componentType\":5126,"
      "\"count\":" +
      std::to_string(vertices) + ",\"type\":\"VEC3\"}]}";
  loadError(writeFile(t.model, "shared.gltf", j), "the file's accessors would expand to 2000.0 MiB in the importer");
}

// ---- What a PLY header promises ----------------------------------------------------------

TEST(PlyPromises, CountsTheDataCannotHoldAreRefusedBeforeTheImporter) {
  const std::string dir = meshTempDir();
  const std::string ascii =
      "ply\nformat ascii 1.0\nelement vertex 7999999\nproperty float x\nproperty float y\nproperty float z\n"
      "element face 3999999\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
  const auto t0 = std::chrono::steady_clock::now();
  loadError(writeFile(dir, "liar.ply", ascii),
            "the header declares 7999999 vertex elements, but the data left for them (26 bytes) can hold at most 4");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0);
  std::string binary = binaryPly(kTetraVertices, kTetraIndices);
  binary.replace(binary.find("element face 4"), 14, "element face 3999999");
  loadError(writeFile(dir, "liar_binary.ply", binary),
            "the header declares 3999999 face elements, but the data left for them (52 bytes) can hold at most 52");
  // What holds its counts still loads.
  EXPECT_TRUE(loadMeshFile(writeFile(dir, "ok.ply", asciiPly(kTetraVertices, kTetraIndices))).ok());
}

}  // namespace
}  // namespace satlab
