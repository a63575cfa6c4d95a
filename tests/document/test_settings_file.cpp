// Settings files are read only when they are small regular files: a device, a FIFO, a
// folder or a file of gigabytes at their name is ignored with a reason, never read whole
// and never waited for.
#include "document/settings_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

namespace fs = std::filesystem;
using Status = SettingsFileRead::Status;

TEST(SettingsFile, ASmallRegularFileIsReadWhole) {
  TempDir dir;
  writeText(dir.file("settings.json"), "{\"presentation\": true}\n");
  fs::create_symlink("settings.json", dir.file("link.json"));
  for (const char* name : {"settings.json", "link.json"}) {
    const SettingsFileRead r = readSettingsFile(dir.file(name));
    EXPECT_EQ(r.status, Status::Ok) << r.problem;
    EXPECT_EQ(r.text, "{\"presentation\": true}\n");
  }
}

TEST(SettingsFile, NoFileIsNothingToSay) {
  TempDir dir;
  const SettingsFileRead r = readSettingsFile(dir.file("settings.json"));
  EXPECT_EQ(r.status, Status::Missing);
  EXPECT_TRUE(r.problem.empty());
}

TEST(SettingsFile, AFileAtTheLimitIsReadAndOneByteMoreIsNot) {
  TempDir dir;
  writeText(dir.file("at.json"), std::string(kMaxSettingsFileBytes, 'x'));
  writeText(dir.file("over.json"), std::string(kMaxSettingsFileBytes + 1, 'x'));
  EXPECT_EQ(readSettingsFile(dir.file("at.json")).status, Status::Ok);
  const SettingsFileRead over = readSettingsFile(dir.file("over.json"));
  EXPECT_EQ(over.status, Status::Ignored);
  EXPECT_EQ(over.problem, dir.file("over.json") + ": larger than 1 MiB (1048577 bytes)");
  EXPECT_FALSE(over.notRegular);
}

TEST(SettingsFile, ASparseGigabyteIsIgnoredWithoutReadingIt) {
  TempDir dir;
  const std::string path = dir.file("imgui.ini");
  writeText(path, "");
  ASSERT_EQ(::truncate(path.c_str(), 1ll << 30), 0);
  const auto start = std::chrono::steady_clock::now();
  const SettingsFileRead r = readSettingsFile(path);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 0.5);
  EXPECT_EQ(r.status, Status::Ignored);
  EXPECT_EQ(r.problem, path + ": larger than 1 MiB (1073741824 bytes)");
  EXPECT_TRUE(r.text.empty());
}

TEST(SettingsFile, ALinkToDevZeroIsNotARegularFile) {
  TempDir dir;
  fs::create_symlink("/dev/zero", dir.file("settings.json"));
  const SettingsFileRead r = readSettingsFile(dir.file("settings.json"));
  EXPECT_EQ(r.status, Status::Ignored);
  EXPECT_EQ(r.problem, dir.file("settings.json") + ": is a character device, not a regular file");
  EXPECT_TRUE(r.notRegular);
}

TEST(SettingsFile, AFifoWithoutAWriterAndAFolderAreIgnoredAtOnce) {
  TempDir dir;
  ASSERT_EQ(::mkfifo(dir.file("fifo").c_str(), 0644), 0);
  fs::create_directory(dir.file("folder"));
  const auto start = std::chrono::steady_clock::now();
  const SettingsFileRead fifo = readSettingsFile(dir.file("fifo"));
  const SettingsFileRead folder = readSettingsFile(dir.file("folder"));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
  EXPECT_EQ(fifo.problem, dir.file("fifo") + ": is a FIFO, not a regular file");
  EXPECT_EQ(folder.problem, dir.file("folder") + ": is a folder, not a regular file");
  EXPECT_TRUE(fifo.notRegular && folder.notRegular);
}

}  // namespace
}  // namespace satlab::test
