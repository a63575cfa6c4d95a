// The importer runs in a child process: files that crash or hang assimp 5.2.5 in-process
// (found by random mutation of small PLY files) become errors. The two PLY files that do it
// are refused by the header check before assimp sees them; the child's isolation is shown
// with importers that crash and hang the same way.
#include <signal.h>

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "mesh/assimp_import.hpp"
#include "mesh/mesh_load.hpp"

namespace satlab {
namespace {

std::string dataFile(const std::string& name) { return std::string(SATLAB_SOURCE_DIR) + "/tests/mesh/data/" + name; }

// A binary PLY whose "end_header" line is garbled: assimp's PLY reader reads past its buffer.
const char* kSegvPly = "assimp_segv_no_end_header.ply";
// An ASCII PLY with a garbled header: assimp's PLY reader loops forever.
const char* kHangPly = "assimp_hang_ascii_header.ply";

TEST(MeshIsolation, AFileThatCrashesAssimpInProcess) {
  // The reason for the child process: read in-process, this file kills the reader.
  // (The default action, so that a sanitizer's handler does not turn the signal into exit 1.)
  EXPECT_EXIT(
      {
        ::signal(SIGSEGV, SIG_DFL);
        importMeshWithAssimp(dataFile(kSegvPly));
      },
      ::testing::KilledBySignal(SIGSEGV), "");
}

// What assimp does to those files, for the child to run.
std::string crashingImport(const std::string&) {
  std::raise(SIGSEGV);
  return "";
}
std::string hangingImport(const std::string&) {
  for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
}

MeshLoadOptions with(std::string (*importer)(const std::string&), double seconds = kMeshImportSeconds) {
  MeshLoadOptions options;
  options.childImport = importer;
  options.timeoutSeconds = seconds;
  return options;
}

TEST(MeshIsolation, IsAnErrorNamingTheFileAndTheSignal) {
  const std::string path = std::string(SATLAB_SOURCE_DIR) + "/scenes/meshes/l_shape.obj";
  const MeshLoadResult r = loadMeshFile(path, with(crashingImport));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), path + ": the mesh importer (assimp) stopped on signal 11 (SIGSEGV) reading this file");
}

TEST(MeshIsolation, AFileThatHangsAssimpIsStoppedAtTheTimeout) {
  const std::string path = std::string(SATLAB_SOURCE_DIR) + "/scenes/meshes/l_shape.obj";
  const auto t0 = std::chrono::steady_clock::now();
  const MeshLoadResult r = loadMeshFile(path, with(hangingImport, 1.5));
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(),
            path + ": the mesh importer (assimp) took longer than 1.5 s reading this file, and was stopped");
  EXPECT_GE(took, 1.5);
  EXPECT_LT(took, 5.0);
}

TEST(MeshIsolation, TheNextFileLoadsAfterACrash) {
  const std::string cube = std::string(SATLAB_SOURCE_DIR) + "/scenes/meshes/l_shape.obj";
  EXPECT_FALSE(loadMeshFile(cube, with(crashingImport)).ok());
  const MeshLoadResult r = loadMeshFile(cube);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
}

TEST(MeshIsolation, ThePlyFilesThatBreakAssimpAreRefusedByTheHeaderCheck) {
  const MeshLoadResult segv = loadMeshFile(dataFile(kSegvPly));
  ASSERT_FALSE(segv.ok());
  EXPECT_NE(segv.error->text().find("line 9: "), std::string::npos) << segv.error->text();
  EXPECT_NE(segv.error->text().find("is not a PLY header line"), std::string::npos) << segv.error->text();
  const MeshLoadResult hang = loadMeshFile(dataFile(kHangPly));
  ASSERT_FALSE(hang.ok());
  EXPECT_EQ(hang.error->text(), dataFile(kHangPly) + ": line 2: PLY version '4294967295.0' (satlab reads 1.0)");
}

}  // namespace
}  // namespace satlab
