// What writeFileAtomically does with each kind of target: a regular file is replaced
// atomically; a link is followed to its end and kept; a folder is an error; a character
// device or a FIFO is written in place (command-line outputs) or refused (the app's own
// files), never renamed over; a name for one of the process's own descriptors is written
// through that descriptor, at its offset and in its append mode.
#include "document/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

namespace fs = std::filesystem;

const std::string kText = "{\"version\": 1, \"shapes\": []}\n";

std::vector<std::string> namesIn(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

struct Node {
  bool ok = false;
  dev_t dev = 0;
  ino_t ino = 0;
  mode_t mode = 0;
  dev_t rdev = 0;
};

Node nodeAt(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return {};
  return Node{true, st.st_dev, st.st_ino, st.st_mode, st.st_rdev};
}

bool sameNode(const Node& a, const Node& b) {
  return a.ok && b.ok && a.dev == b.dev && a.ino == b.ino && a.mode == b.mode && a.rdev == b.rdev;
}

/// A character device like /dev/null (1, 3) or /dev/full (1, 7) of the test's own, so that a
/// writer that replaced it would not replace the system's. Empty when the system does not
/// allow mknod.
std::string privateDevice(const TempDir& dir, const std::string& name = "null_device", unsigned minor = 3) {
  const std::string path = dir.file(name);
  if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(1, minor)) != 0) return {};
  return path;
}

// ---- Regular files and links ------------------------------------------------------------------

TEST(AtomicFileTargets, AChainOfLinksIsFollowedToItsFileWhichIsReplacedInItsOwnFolder) {
  TempDir dir;
  fs::create_directory(dir.file("real"));
  writeText(dir.file("real/scene.json"), "old");
  fs::create_symlink(dir.file("real/scene.json"), dir.file("a"));  // absolute
  fs::create_symlink("a", dir.file("b"));                          // relative
  fs::create_directory(dir.file("links"));
  fs::create_symlink("../b", dir.file("links/c"));  // relative to its own folder
  ASSERT_FALSE(writeFileAtomically(dir.file("links/c"), kText).has_value());
  EXPECT_EQ(readText(dir.file("real/scene.json")), kText);
  for (const char* link : {"a", "b", "links/c"}) EXPECT_TRUE(fs::is_symlink(dir.file(link))) << link;
  EXPECT_EQ(namesIn(dir.file("real")), std::vector<std::string>{"scene.json"}) << "no temporary left";
}

TEST(AtomicFileTargets, ADanglingLinkGetsTheFileItNamesAndStaysALink) {
  TempDir dir;
  fs::create_symlink("new.json", dir.file("link.json"));
  fs::create_symlink("link.json", dir.file("link2.json"));
  ASSERT_FALSE(writeFileAtomically(dir.file("link2.json"), kText).has_value());
  EXPECT_TRUE(fs::is_symlink(dir.file("link.json")));
  EXPECT_TRUE(fs::is_symlink(dir.file("link2.json")));
  EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(dir.file("new.json"))));
  EXPECT_EQ(readText(dir.file("new.json")), kText);
}

TEST(AtomicFileTargets, ADanglingLinkIntoAMissingFolderIsAnErrorAndTheLinkStays) {
  TempDir dir;
  fs::create_symlink("no/such/folder/x.json", dir.file("link.json"));
  const std::optional<std::string> err = writeFileAtomically(dir.file("link.json"), kText);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("No such file or directory"), std::string::npos) << *err;
  EXPECT_TRUE(fs::is_symlink(dir.file("link.json")));
  EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"link.json"});
}

TEST(AtomicFileTargets, ALoopOfLinksIsAnError) {
  TempDir dir;
  fs::create_symlink("b", dir.file("a"));
  fs::create_symlink("a", dir.file("b"));
  const std::optional<std::string> err = writeFileAtomically(dir.file("a"), kText);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("symbolic links in a row"), std::string::npos) << *err;
  EXPECT_TRUE(fs::is_symlink(dir.file("a")));
  EXPECT_TRUE(fs::is_symlink(dir.file("b")));
}

TEST(AtomicFileTargets, AFolderIsAnErrorInEitherModeAndKeepsWhatIsInIt) {
  TempDir dir;
  fs::create_directory(dir.file("taken"));
  writeText(dir.file("taken/inside.txt"), "keep me");
  fs::create_symlink("taken", dir.file("to_folder"));
  for (const NonRegularTarget mode : {NonRegularTarget::Refuse, NonRegularTarget::WriteInPlace}) {
    for (const char* name : {"taken", "to_folder"}) {
      const std::optional<std::string> err = writeFileAtomically(dir.file(name), kText, mode);
      ASSERT_TRUE(err.has_value()) << name;
      EXPECT_EQ(err->rfind(dir.file(name) + ": cannot save: ", 0), 0u) << *err;
      EXPECT_NE(err->find("is a folder"), std::string::npos) << *err;
    }
  }
  EXPECT_EQ(readText(dir.file("taken/inside.txt")), "keep me");
  EXPECT_EQ(namesIn(dir.path()), (std::vector<std::string>{"taken", "to_folder"}));
  EXPECT_EQ(namesIn(dir.file("taken")), std::vector<std::string>{"inside.txt"});
}

// ---- Character devices -------------------------------------------------------------------------

TEST(AtomicFileTargets, DevNullIsWrittenInPlaceAndRefusedForTheAppsOwnFiles) {
  // A private node first: a writer that replaced it stops the test before /dev/null.
  TempDir dir;
  const std::string device = privateDevice(dir);
  if (device.empty()) GTEST_SKIP() << "mknod is not allowed here";
  const Node privateBefore = nodeAt(device);
  ASSERT_FALSE(writeFileAtomically(device, kText, NonRegularTarget::WriteInPlace).has_value());
  ASSERT_TRUE(sameNode(privateBefore, nodeAt(device))) << "the device was replaced";
  ASSERT_TRUE(S_ISCHR(nodeAt(device).mode));

  const Node before = nodeAt("/dev/null");
  ASSERT_TRUE(S_ISCHR(before.mode));
  EXPECT_FALSE(writeFileAtomically("/dev/null", kText, NonRegularTarget::WriteInPlace).has_value());
  EXPECT_TRUE(sameNode(before, nodeAt("/dev/null")));

  const std::optional<std::string> err = writeFileAtomically("/dev/null", kText);  // Refuse
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, "/dev/null: cannot save: is a character device, not a regular file; satlab does not replace it");
  EXPECT_TRUE(sameNode(before, nodeAt("/dev/null")));
}

TEST(AtomicFileTargets, ALinkToACharacterDeviceIsRefusedNamingWhereItLeads) {
  TempDir dir;
  const std::string device = privateDevice(dir);
  if (device.empty()) GTEST_SKIP() << "mknod is not allowed here";
  const Node before = nodeAt(device);
  fs::create_symlink(device, dir.file("settings.json"));
  const std::optional<std::string> err = writeFileAtomically(dir.file("settings.json"), kText);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, dir.file("settings.json") + ": cannot save: it leads to " + device +
                      ", which is a character device, not a regular file; satlab does not replace it");
  EXPECT_TRUE(sameNode(before, nodeAt(device)));
  EXPECT_TRUE(fs::is_symlink(dir.file("settings.json")));
  EXPECT_EQ(namesIn(dir.path()), (std::vector<std::string>{"null_device", "settings.json"}));
  // A command-line output through the same link writes the device.
  EXPECT_FALSE(writeFileAtomically(dir.file("settings.json"), kText, NonRegularTarget::WriteInPlace).has_value());
  EXPECT_TRUE(sameNode(before, nodeAt(device)));
}

TEST(AtomicFileTargets, AFullDeviceIsAWriteErrorWithItsReason) {
  TempDir dir;
  const std::string device = privateDevice(dir, "full_device", 7);  // as /dev/full
  if (device.empty()) GTEST_SKIP() << "mknod is not allowed here";
  const Node before = nodeAt(device);
  const std::optional<std::string> err = writeFileAtomically(device, kText, NonRegularTarget::WriteInPlace);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, device + ": cannot write: No space left on device");
  EXPECT_TRUE(sameNode(before, nodeAt(device)));
}

// ---- FIFOs -------------------------------------------------------------------------------------

TEST(AtomicFileTargets, AFifoWithoutAReaderIsAnErrorAtOnceAndStaysAFifo) {
  TempDir dir;
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const Node before = nodeAt(fifo);
  const auto start = std::chrono::steady_clock::now();
  const std::optional<std::string> err = writeFileAtomically(fifo, kText, NonRegularTarget::WriteInPlace);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, fifo + ": cannot write: no process is reading the FIFO");
  EXPECT_LT(seconds, 2.0) << "never waits for a reader";
  EXPECT_TRUE(sameNode(before, nodeAt(fifo)));
  EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"pipe"});
  // The app's own files: refused, whether or not anyone reads.
  const std::optional<std::string> refused = writeFileAtomically(fifo, kText);
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->find("is a FIFO, not a regular file; satlab does not replace it"), std::string::npos) << *refused;
  EXPECT_TRUE(sameNode(before, nodeAt(fifo)));
}

TEST(AtomicFileTargets, AFifoWithAReaderGetsEverythingAndStaysAFifo) {
  TempDir dir;
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const Node before = nodeAt(fifo);
  // More than a pipe holds (64 KiB), so that the writer has to wait for the reader.
  std::string big;
  while (big.size() < 300000) big += kText;
  std::string received;
  const int readEnd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);  // a reader from now on
  ASSERT_GE(readEnd, 0);
  ::fcntl(readEnd, F_SETFL, ::fcntl(readEnd, F_GETFL) & ~O_NONBLOCK);
  std::thread reader([&] {
    // An end of file before any data means only that the writer has not opened it yet.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    char buf[8192];
    for (;;) {
      const ssize_t n = ::read(readEnd, buf, sizeof buf);
      if (n > 0) {
        received.append(buf, static_cast<std::size_t>(n));
      } else if (n < 0 && errno == EINTR) {
        continue;
      } else if (!received.empty() || n < 0 || std::chrono::steady_clock::now() > deadline) {
        break;
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
  });
  const std::optional<std::string> err = writeFileAtomically(fifo, big, NonRegularTarget::WriteInPlace);
  reader.join();  // the writer closed its end: the reader sees the end of the data
  ::close(readEnd);
  EXPECT_FALSE(err.has_value()) << *err;
  EXPECT_EQ(received.size(), big.size());
  EXPECT_TRUE(received == big);
  EXPECT_TRUE(sameNode(before, nodeAt(fifo)));
}

// ---- This process's own descriptors ----------------------------------------------------------

TEST(AtomicFileTargets, ADescriptorNameWritesAtTheDescriptorsOffsetInTheSameFile) {
  TempDir dir;
  const std::string log = dir.file("log.txt");
  writeText(log, "");
  const int fd = ::open(log.c_str(), O_WRONLY | O_TRUNC);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "ab\n", 3), 3);
  const Node before = nodeAt(log);
  const std::string n = std::to_string(fd);
  fs::create_symlink("/proc/self/fd/" + n, dir.file("to_fd"));
  for (const std::string& name : {"/dev/fd/" + n, "/proc/self/fd/" + n, dir.file("to_fd")}) {
    EXPECT_FALSE(writeFileAtomically(name, "x\n", NonRegularTarget::WriteInPlace).has_value()) << name;
  }
  ::close(fd);
  EXPECT_EQ(readText(log), "ab\nx\nx\nx\n");
  EXPECT_TRUE(sameNode(before, nodeAt(log))) << "the shell's file itself, not a new one";
  EXPECT_EQ(namesIn(dir.path()), (std::vector<std::string>{"log.txt", "to_fd"}));
  // The app's own files are never written through a descriptor.
  const std::optional<std::string> err = writeFileAtomically("/dev/fd/1", kText);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err,
            "/dev/fd/1: cannot save: names satlab's own standard output, not a regular file; satlab does "
            "not replace it");
  const std::optional<std::string> closed = writeFileAtomically("/dev/fd/987", kText, NonRegularTarget::WriteInPlace);
  ASSERT_TRUE(closed.has_value());
  EXPECT_EQ(*closed, "/dev/fd/987: cannot write: descriptor 987 is not open");
}

TEST(AtomicFileTargets, DevStdoutRedirectedInAppendModeAppends) {
  // As `{ echo a; satlab level --output /dev/stdout; } >> log` does: a child process whose
  // standard output is the log, opened for appending, with a line in it already.
  TempDir dir;
  const std::string log = dir.file("log.txt");
  writeText(log, "before\n");
  const Node before = nodeAt(log);
  fs::create_symlink("/dev/stdout", dir.file("out"));  // a chain: out -> /dev/stdout -> /proc/self/fd/1
  const pid_t child = ::fork();
  if (child == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_APPEND);
    if (fd < 0 || ::dup2(fd, 1) != 1) ::_exit(10);
    ::close(fd);
    if (::write(1, "a\n", 2) != 2) ::_exit(11);
    if (writeFileAtomically("/dev/stdout", "level 1\n", NonRegularTarget::WriteInPlace)) ::_exit(12);
    // Someone else writes at the end meanwhile: append mode writes after it.
    const int other = ::open(log.c_str(), O_WRONLY | O_APPEND);
    if (other < 0 || ::write(other, "other\n", 6) != 6) ::_exit(13);
    ::close(other);
    if (writeFileAtomically(dir.file("out"), "level 2\n", NonRegularTarget::WriteInPlace)) ::_exit(14);
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(readText(log), "before\na\nlevel 1\nother\nlevel 2\n");
  EXPECT_TRUE(sameNode(before, nodeAt(log)));
  EXPECT_TRUE(fs::is_symlink(dir.file("out")));
}

TEST(AtomicFileTargets, ARegularFileIsStillReplacedByANewFileWithItsPermissions) {
  TempDir dir;
  const std::string path = dir.file("scene.json");
  writeText(path, "old");
  ::chmod(path.c_str(), 0640);
  const Node before = nodeAt(path);
  const int holdOld = ::open(path.c_str(), O_RDONLY);  // its inode number is not reused meanwhile
  for (const NonRegularTarget mode : {NonRegularTarget::Refuse, NonRegularTarget::WriteInPlace}) {
    ASSERT_FALSE(writeFileAtomically(path, kText, mode).has_value());
  }
  EXPECT_EQ(readText(path), kText);
  const Node after = nodeAt(path);
  ::close(holdOld);
  EXPECT_NE(before.ino, after.ino) << "a new file renamed over the old one";
  EXPECT_EQ(after.mode & 0777, 0640u);
  EXPECT_EQ(namesIn(dir.path()), std::vector<std::string>{"scene.json"});
}

}  // namespace
}  // namespace satlab::test
