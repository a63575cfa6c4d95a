// Temporary files of interrupted atomic writes: removed when their process is gone, and
// nothing else is.
#include "document/atomic_file.hpp"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

/// The id of a process that has exited and been reaped (so kill(pid, 0) fails with ESRCH,
/// unless the system reuses the id within the test, which it does not do this soon).
long long deadPid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

TEST(AtomicFileTemps, NamesAreRecognisedExactly) {
  long long pid = 0;
  EXPECT_TRUE(isTempFileName(".edit.json.tmp-123-4", "edit.json", pid));
  EXPECT_EQ(pid, 123);
  EXPECT_FALSE(isTempFileName(".edit.json.tmp-123-", "edit.json", pid));
  EXPECT_FALSE(isTempFileName(".edit.json.tmp--4", "edit.json", pid));
  EXPECT_FALSE(isTempFileName(".edit.json.tmp-12a-4", "edit.json", pid));
  EXPECT_FALSE(isTempFileName(".edit.json.tmp-12-4x", "edit.json", pid));
  EXPECT_FALSE(isTempFileName(".other.json.tmp-12-4", "edit.json", pid));
  EXPECT_FALSE(isTempFileName("edit.json.tmp-12-4", "edit.json", pid));
  EXPECT_FALSE(isTempFileName(".edit.json.tmp-1234567890123456789-4", "edit.json", pid)) << "19 digits";
}

TEST(AtomicFileTemps, OnlyStaleFilesOfDeadProcessesBesideTheFileAreRemoved) {
  TempDir dir;
  const std::string target = dir.file("edit.json");
  writeText(target, "{}");
  const std::string dead = std::to_string(deadPid());
  const std::string self = std::to_string(::getpid());
  const std::string stale = dir.file(".edit.json.tmp-" + dead + "-3");
  const std::string mine = dir.file(".edit.json.tmp-" + self + "-0");    // this process may be writing
  const std::string alive = dir.file(".edit.json.tmp-1-0");              // pid 1 is always alive
  const std::string other = dir.file(".other.json.tmp-" + dead + "-3");  // another file's
  const std::string odd = dir.file(".edit.json.tmp-" + dead + "-3.bak");
  const std::string folder = dir.file(".edit.json.tmp-" + dead + "-4");
  const std::string link = dir.file(".edit.json.tmp-" + dead + "-5");
  for (const std::string& f : {stale, mine, alive, other, odd}) writeText(f, "x");
  fs::create_directory(folder);
  fs::create_symlink(target, link);

  EXPECT_EQ(removeStaleTempFiles(target), 1);
  EXPECT_FALSE(fs::exists(stale));
  for (const std::string& f : {target, mine, alive, other, odd, folder}) EXPECT_TRUE(fs::exists(f)) << f;
  EXPECT_TRUE(fs::is_symlink(link)) << "links are not ours";
  EXPECT_EQ(removeStaleTempFiles(target), 0) << "nothing left to do";
}

TEST(AtomicFileTemps, ALinkedFilesTemporariesLieBesideItsTarget) {
  TempDir dir;
  fs::create_directory(dir.file("real"));
  const std::string target = dir.file("real/scene.json");
  writeText(target, "{}");
  const std::string link = dir.file("scene_link.json");
  fs::create_symlink(target, link);
  const std::string stale = dir.file("real/.scene.json.tmp-" + std::to_string(deadPid()) + "-0");
  writeText(stale, "x");
  EXPECT_EQ(removeStaleTempFiles(link), 1);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_EQ(removeStaleTempFiles(dir.file("no/such/folder/x.json")), 0);
  EXPECT_EQ(removeStaleTempFiles(""), 0);
}

TEST(AtomicFileTemps, AWriteStillWorksAndLeavesNoTemporary) {
  TempDir dir;
  const std::string target = dir.file("a.json");
  ASSERT_FALSE(writeFileAtomically(target, "{\"v\": 1}").has_value());
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    (void)e;
    ++entries;
  }
  EXPECT_EQ(entries, 1);
}

}  // namespace
}  // namespace satlab::test
