// The importer runs in a child process: files that crash or hang assimp 5.2.5 in-process
// (found by random mutation of small PLY files) become errors.
#include <signal.h>

#include <gtest/gtest.h>

#include <chrono>

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

TEST(MeshIsolation, IsAnErrorNamingTheFileAndTheSignal) {
  const std::string path = dataFile(kSegvPly);
  const MeshLoadResult r = loadMeshFile(path);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), path + ": the mesh importer (assimp) stopped on signal 11 (SIGSEGV) reading this file");
}

TEST(MeshIsolation, AFileThatHangsAssimpIsStoppedAtTheTimeout) {
  const std::string path = dataFile(kHangPly);
  MeshLoadOptions options;
  options.timeoutSeconds = 1.5;
  const auto t0 = std::chrono::steady_clock::now();
  const MeshLoadResult r = loadMeshFile(path, options);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(),
            path + ": the mesh importer (assimp) took longer than 1.5 s reading this file, and was stopped");
  EXPECT_GE(took, 1.5);
  EXPECT_LT(took, 5.0);
}

TEST(MeshIsolation, TheNextFileLoadsAfterACrash) {
  EXPECT_FALSE(loadMeshFile(dataFile(kSegvPly)).ok());
  const std::string cube = std::string(SATLAB_SOURCE_DIR) + "/scenes/meshes/l_shape.obj";
  const MeshLoadResult r = loadMeshFile(cube);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
}

}  // namespace
}  // namespace satlab
