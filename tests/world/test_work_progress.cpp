// The long work of the scene layers reports how far it has got, measured from the work
// itself, and stops when asked without leaving anything half done (base/progress.hpp).
#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/progress.hpp"
#include "document/atomic_file.hpp"
#include "document/file_reader.hpp"
#include "document/mesh_shape.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "world/level.hpp"
#include "world/recording.hpp"

namespace satlab {
namespace {

namespace fs = std::filesystem;

struct Folder {
  Folder() {
    std::string pattern = (fs::temp_directory_path() / "satlab_progress_XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    path = pattern;
  }
  ~Folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return path + "/" + name; }
  std::string path;
};

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

LevelOptions smallLevel(std::size_t statics) {
  LevelOptions o;
  o.statics = statics;
  o.movers = 0;
  return o;
}

TEST(WorkProgress, OpeningASceneCountsItsBytesThenChecksItsNames) {
  Folder dir;
  const std::string path = dir.file("level.json");
  ASSERT_FALSE(writeFileAtomically(path, sceneToJson(generateLevel(smallLevel(20000)))));
  Progress p;
  SceneLoadResult r;
  {
    ProgressScope scope(&p);
    r = loadScene(path);
  }
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(r.scene.shapes.size(), 20005u);
  // The bytes read (the first stage, "Opening %s"), then the names checked.
  const ProgressSnapshot s = p.snapshot();
  EXPECT_EQ(s.stages, 2);
  EXPECT_STREQ(s.what, "Checking the names in %s");
  EXPECT_EQ(s.subject, "level.json");
  EXPECT_EQ(s.unit, ProgressUnit::Shapes);
  EXPECT_EQ(s.total, 20005u);
  EXPECT_GE(s.done, 20005u - 4096u);
}

TEST(WorkProgress, TheFileReaderCountsEveryByteItReads) {
  Folder dir;
  const std::string path = dir.file("big.txt");
  std::ofstream(path) << std::string(9u << 20, 'x');  // read 4 MiB at a time
  Progress p;
  ProgressScope scope(&p);
  progressStage("Reading %s", "big.txt", 9u << 20, ProgressUnit::Bytes);
  std::string text;
  const FileKind kind{16u << 20, "16 MiB", "a file"};
  ASSERT_FALSE(readWholeFile(path, kind, text));
  EXPECT_EQ(p.snapshot().done, 9u << 20);
  progressStage("Reading %s", "big.txt", 9u << 20, ProgressUnit::Bytes);
  std::size_t chunks = 0;
  ASSERT_FALSE(readFileInChunks(path, kind, 1u << 20, [&](std::string_view) { return ++chunks > 0; }));
  EXPECT_EQ(chunks, 9u);
  EXPECT_EQ(p.snapshot().done, 9u << 20);
  p.cancel();
  EXPECT_THROW(readWholeFile(path, kind, text), Cancelled);
}

TEST(WorkProgress, TheReferenceReaderCountsTheShapesItBuilds) {
  // A lesson's expectations send the file to the reference reader: read whole, then built
  // shape by shape.
  Folder dir;
  const std::string path = dir.file("expect.json");
  std::ofstream(path) << R"({"version": 1, "shapes": [
    {"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "b", "type": "sphere", "center": [3, 0, 0], "radius": 1}],
    "expect": [{"a": "a", "b": "b", "overlap": false}]})";
  Progress p;
  SceneLoadResult r;
  {
    ProgressScope scope(&p);
    r = loadScene(path);
  }
  ASSERT_TRUE(r.ok()) << r.error->text();
  const ProgressSnapshot s = p.snapshot();
  EXPECT_STREQ(s.what, "Building the scene from %s");
  EXPECT_EQ(s.total, 2u);
  EXPECT_EQ(s.unit, ProgressUnit::Shapes);
  EXPECT_GE(s.stages, 3) << "opened (fast path declined), read whole, built";
}

TEST(WorkProgress, ACancelledOpenThrowsRatherThanReportingABrokenFile) {
  Folder dir;
  const std::string path = dir.file("level.json");
  ASSERT_FALSE(writeFileAtomically(path, sceneToJson(generateLevel(smallLevel(2000)))));
  Progress p;
  p.cancel();
  ProgressScope scope(&p);
  // Not an error about the file (the fast path must not fall back to the other reader
  // either): the caller's scene stays, and it says nothing about the file.
  EXPECT_THROW(loadScene(path), Cancelled);
}

TEST(WorkProgress, AnOpenCancelledHalfWayStopsPromptly) {
  // A scene of about 40 MB is read 4 MiB at a time: the cancel, asked once the first bytes
  // are counted, stops it before the end.
  Folder dir;
  const std::string path = dir.file("big.json");
  ASSERT_FALSE(writeFileAtomically(path, sceneToJson(generateLevel(smallLevel(200000)))));
  const auto size = static_cast<std::uint64_t>(fs::file_size(path));
  ASSERT_GT(size, 20u << 20);
  Progress p;
  bool stopped = false;
  std::thread worker([&] {
    ProgressScope scope(&p);
    try {
      loadScene(path);
    } catch (const Cancelled&) {
      stopped = true;
    }
  });
  while (p.snapshot().done == 0 && p.snapshot().stages < 2) std::this_thread::yield();
  p.cancel();
  worker.join();
  EXPECT_TRUE(stopped);
  EXPECT_LT(p.snapshot().done, size) << "stopped before the whole file was read";
}

TEST(WorkProgress, ARecordingCountsItsBytesAndItsFrames) {
  const std::string path = std::string(SATLAB_SOURCE_DIR) + "/scenes/recordings/box_through_floor.jsonl";
  Progress p;
  ProgressScope scope(&p);
  const RecordingLoadResult r = loadRecording(path);
  ASSERT_TRUE(r.ok()) << r.error->text();
  ProgressSnapshot s = p.snapshot();
  EXPECT_STREQ(s.what, "Opening %s");
  EXPECT_EQ(s.done, fs::file_size(path));
  EXPECT_EQ(s.total, fs::file_size(path));
  verdictFlips(r.recording);
  s = p.snapshot();
  EXPECT_STREQ(s.what, "Finding where verdicts flip");
  EXPECT_EQ(s.unit, ProgressUnit::Frames);
  EXPECT_EQ(s.total, r.recording.frameCount());
  EXPECT_EQ(s.done + 1, r.recording.frameCount()) << "the last frame begun";
  p.cancel();
  EXPECT_THROW(betweenFrames(r.recording), Cancelled);
}

TEST(WorkProgress, ALevelCountsItsShapesAndACancelStopsIt) {
  Progress p;
  {
    ProgressScope scope(&p);
    const Scene level = generateLevel(smallLevel(5000));
    EXPECT_EQ(level.shapes.size(), 5005u);
  }
  const ProgressSnapshot s = p.snapshot();
  EXPECT_STREQ(s.what, "Generating the level");
  EXPECT_EQ(s.total, 5005u);
  EXPECT_GT(s.done, 4000u);
  Progress stop;
  stop.cancel();
  ProgressScope scope(&stop);
  EXPECT_THROW(generateLevel(smallLevel(5000)), Cancelled);
}

TEST(WorkProgress, ACancelledWriteLeavesTheFileAsItWasAndNoTemporaryFile) {
  Folder dir;
  const std::string path = dir.file("level.json");
  std::ofstream(path) << "what the user had\n";
  // The write's stage waits (a script's `slow`) with its temporary file made; the cancel
  // comes during the wait.
  Progress p;
  p.setStageDelay(30.0);
  std::thread canceller([&] {
    while (p.snapshot().stages == 0) std::this_thread::yield();
    p.cancel();
  });
  bool stopped = false;
  {
    ProgressScope scope(&p);
    try {
      (void)writeFileAtomically(path, std::string(1u << 20, ' '));
    } catch (const Cancelled&) {
      stopped = true;
    }
  }
  canceller.join();
  EXPECT_TRUE(stopped);
  EXPECT_STREQ(p.snapshot().what, "Writing %s");
  EXPECT_EQ(readAll(path), "what the user had\n");
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir.path)) {
    ++files;
    EXPECT_EQ(e.path().filename(), "level.json") << "left behind: " << e.path();
  }
  EXPECT_EQ(files, 1);
}

TEST(WorkProgress, AMeshTreeCountsTheTrianglesItPlaces) {
  TriangleMesh grid;
  const int n = 40;
  for (int y = 0; y <= n; ++y)
    for (int x = 0; x <= n; ++x) grid.vertices.emplace_back(float(x), float(y), 0.1f * float((x * y) % 7));
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const auto v = static_cast<std::uint32_t>(y * (n + 1) + x);
      grid.indices.insert(grid.indices.end(), {v, v + 1, v + n + 1, v + 1, v + n + 2, v + n + 1});
    }
  Scene scene;
  SceneShape s;
  s.name = "grid";
  MeshShape m;
  m.data = makeMeshData(grid);
  s.geometry = m;
  scene.shapes.push_back(s);
  Progress p;
  {
    ProgressScope scope(&p);
    buildMeshTrees(scene);
  }
  const ProgressSnapshot snap = p.snapshot();
  EXPECT_STREQ(snap.what, "Building the OBB tree of %s");
  EXPECT_EQ(snap.subject, "grid");
  EXPECT_EQ(snap.total, grid.triangleCount());
  EXPECT_EQ(snap.done, grid.triangleCount()) << "every triangle placed in a leaf";
  // Built now, the frame that first tests the mesh finds it built.
  const std::shared_ptr<const BvTree> first = m.tree(BvKind::Obb);
  EXPECT_EQ(first, m.tree(BvKind::Obb));

  Progress stop;
  stop.cancel();
  Scene other = scene;
  SceneShape& o = other.shapes[0];
  std::get<MeshShape>(o.geometry).data = makeMeshData(grid);  // no tree yet
  ProgressScope scope(&stop);
  EXPECT_THROW(buildMeshTrees(other), Cancelled);
}

}  // namespace
}  // namespace satlab
