// A mesh file that points outside its folder, through every door satlab has: `bounds`, a
// scene that names it (`check`, the window) and a file dropped onto the window. None of them
// may show a byte of the file it points at (docs/meshes.md, "What a mesh file may read").
#include "app_harness.hpp"

#include <sys/stat.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

namespace satlab::test {
namespace {

constexpr const char* kNoDisplay = "env -u DISPLAY -u WAYLAND_DISPLAY";

template <class T>
void put(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}

// A tetrahedron whose x runs from 777.25 to 1777.25, then a password: what must not show.
std::string secretBuffer() {
  std::string bin;
  const float v[4][3] = {{777.25f, 0, 0}, {1777.25f, 0, 0}, {777.25f, 1, 0}, {777.25f, 0, 1}};
  for (const auto& p : v) {
    for (float c : p) put(bin, c);
  }
  for (std::uint32_t i : {0u, 2u, 1u, 0u, 1u, 3u, 0u, 3u, 2u, 1u, 2u, 3u}) put(bin, i);
  return bin + "b_password=hunter2\n";
}

std::string gltfUsing(const std::string& uri) {
  return "{\"asset\":{\"version\":\"2.0\"},\"scene\":0,\"scenes\":[{\"nodes\":[0]}],\"nodes\":[{\"mesh\":0}],"
         "\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0},\"indices\":1}]}],"
         "\"buffers\":[{\"uri\":\"" +
         uri +
         "\",\"byteLength\":96}],"
         "\"bufferViews\":[{\"buffer\":0,\"byteLength\":48},{\"buffer\":0,\"byteOffset\":48,\"byteLength\":48}],"
         "\"accessors\":[{\"bufferView\":0,\"componentType\":5126,\"count\":4,\"type\":\"VEC3\"},"
         "{\"bufferView\":1,\"componentType\":5125,\"count\":12,\"type\":\"SCALAR\"}]}";
}

class AppMeshReferences : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = makeTempDir();
    ::mkdir((dir_ + "/model").c_str(), 0755);
    ::mkdir((dir_ + "/outside").c_str(), 0755);
    std::ofstream(dir_ + "/outside/secret.bin", std::ios::binary) << secretBuffer();
    std::ofstream(dir_ + "/model/secret.gltf") << gltfUsing("../outside/secret.bin");
    std::ofstream(dir_ + "/scene.json")
        << "{\"version\": 1, \"shapes\": [{\"name\": \"rock\", \"type\": \"mesh\", \"file\": \"model/secret.gltf\"}]}";
  }
  static void expectNothingOfTheSecret(const RunResult& r) {
    EXPECT_EQ(r.output.find("777.25"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("1777"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("hunter2"), std::string::npos) << r.output;
  }
  std::string dir_;
};

const char* kRefusal =
    "model/secret.gltf: buffers[0].uri: it refers to \"../outside/secret.bin\", which lies outside the file's folder: "
    "a glTF file may read buffers only in its own folder or below";

TEST_F(AppMeshReferences, BoundsRefusesTheFileAndPrintsNoneOfWhatItPointsAt) {
  const RunResult r = runSatlab("bounds model/secret.gltf", kNoDisplay, dir_);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find(kRefusal), std::string::npos) << r.output;
  expectNothingOfTheSecret(r);
  const RunResult json = runSatlab("bounds --json model/secret.gltf", kNoDisplay, dir_);
  EXPECT_EQ(json.exitCode, 2) << json.output;
  expectNothingOfTheSecret(json);
}

TEST_F(AppMeshReferences, ASceneNamingItIsRefusedByCheckAndByTheWindow) {
  const RunResult check = runSatlab("check scene.json --json", kNoDisplay, dir_);
  EXPECT_EQ(check.exitCode, 2) << check.output;
  EXPECT_NE(check.output.find("shapes[0].file"), std::string::npos) << check.output;
  EXPECT_NE(check.output.find("which lies outside the file's folder"), std::string::npos) << check.output;
  expectNothingOfTheSecret(check);
  const RunResult window = runSatlab("scene.json --screenshot out.png", "", dir_);
  EXPECT_EQ(window.exitCode, 2) << window.output;
  EXPECT_NE(window.output.find("which lies outside the file's folder"), std::string::npos) << window.output;
  expectNothingOfTheSecret(window);
}

TEST_F(AppMeshReferences, DroppedOntoTheWindowItIsAnErrorAndNothingOfItReachesTheSceneOrAnExport) {
  // Drop it, then export the scene as a GoogleTest case (Ctrl+E) and save the scene.
  std::ofstream(dir_ + "/drop.txt") << "wait 2\ndrop " << dir_ << "/model/secret.gltf\nwait 3\nkey ESCAPE\nwait 2\n"
                                    << "ctrl on\nkey E\nctrl off\nwait 3\n";
  const RunResult r = runSatlab("'" + sourcePath("scenes/examples/triangles.json") +
                                    "' --size 1280x720 --script drop.txt --save-scene saved.json --screenshot out.png",
                                "", dir_);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("Could not import the mesh:\n" + dir_ + "/model/secret.gltf: buffers[0].uri: it refers to"),
            std::string::npos)
      << r.output;
  expectNothingOfTheSecret(r);
  std::ifstream saved(dir_ + "/saved.json");
  const std::string text((std::istreambuf_iterator<char>(saved)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.find("777.25"), std::string::npos);
  EXPECT_EQ(text.find("secret"), std::string::npos);
}

TEST_F(AppMeshReferences, FilesThatWouldExpandBeyondMemoryAreRefusedAtOnce) {
  // Forty nodes, each naming the next twice (2^40 placements).
  std::string nodes = "[";
  for (int i = 0; i < 40; ++i) {
    nodes += std::string(i ? "," : "") + "{\"mesh\":0" +
             (i < 39 ? ",\"children\":[" + std::to_string(i + 1) + "," + std::to_string(i + 1) + "]" : "") + "}";
  }
  std::string dag = gltfUsing("data:application/octet-stream;base64," + std::string(128, 'A'));
  dag.replace(dag.find("\"nodes\":[{\"mesh\":0}]"), 20, "\"nodes\":" + nodes + "]");
  std::ofstream(dir_ + "/model/dag.gltf") << dag;
  // A .glb whose JSON chunk claims 0xFFFFFFF0 bytes.
  std::string glb = "glTF";
  put(glb, std::uint32_t{2});
  put(glb, std::uint32_t{28});
  put(glb, std::uint32_t{0xFFFFFFF0u});
  glb += "JSON{}      ";
  std::ofstream(dir_ + "/model/chunk.glb", std::ios::binary) << glb;
  const RunResult r = runSatlab("bounds model/dag.gltf model/chunk.glb", kNoDisplay, dir_);
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("model/dag.gltf: nodes[0].children[1]: node 1 already has a parent (nodes[0])"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("model/chunk.glb: the JSON chunk says it has 4294967280 bytes; only 8 follow its header"),
            std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace satlab::test
