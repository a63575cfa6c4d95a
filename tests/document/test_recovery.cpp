// Crash recovery under a temporary XDG_STATE_HOME, and the autosave pace.
#include "document/recovery.hpp"

#include <sys/stat.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "document/scene_save.hpp"
#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

/// Points XDG_STATE_HOME at a fresh folder for one test and restores it afterwards.
class RecoveryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* old = std::getenv("XDG_STATE_HOME")) oldXdg_ = old;
    ::setenv("XDG_STATE_HOME", (dir_.path() + "/state").c_str(), 1);
  }
  void TearDown() override {
    if (oldXdg_)
      ::setenv("XDG_STATE_HOME", oldXdg_->c_str(), 1);
    else
      ::unsetenv("XDG_STATE_HOME");
  }
  Scene sampleScene() const {
    const SceneLoadResult r = loadScene(repoPath("scenes/examples/mixed.json"));
    EXPECT_TRUE(r.ok());
    return r.scene;
  }
  TempDir dir_;
  std::optional<std::string> oldXdg_;
};

TEST_F(RecoveryTest, PathFollowsXdgStateHome) {
  EXPECT_EQ(recoveryFilePath(), dir_.path() + "/state/satlab/recovery.json");
}

TEST_F(RecoveryTest, RelativeXdgStateHomeFallsBackToHome) {
  const char* home = std::getenv("HOME");
  ::setenv("XDG_STATE_HOME", "relative/state", 1);
  if (home && home[0] == '/') {
    EXPECT_EQ(recoveryFilePath(), std::string(home) + "/.local/state/satlab/recovery.json");
  }
}

TEST_F(RecoveryTest, NothingToRecoverAtFirst) {
  EXPECT_FALSE(findRecovery().has_value());
  EXPECT_FALSE(discardRecovery().has_value()) << "discarding nothing is fine";
}

TEST_F(RecoveryTest, WriteFindLoadDiscard) {
  const Scene scene = sampleScene();
  const std::string original = dir_.file("mine.json");
  ASSERT_FALSE(writeRecovery(scene, original, 1795000000).has_value());

  struct stat st {};
  ASSERT_EQ(::stat((dir_.path() + "/state/satlab").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);

  const auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_FALSE(info->error.has_value());
  EXPECT_EQ(info->path, *recoveryFilePath());
  EXPECT_EQ(info->originalPath, original);
  EXPECT_EQ(info->savedAt, 1795000000);
  EXPECT_EQ(info->title, scene.title);
  EXPECT_EQ(info->shapeCount, scene.shapes.size());
  EXPECT_FALSE(info->originalIsNewer) << "the original does not exist";

  const SceneLoadResult loaded = loadRecovery();
  ASSERT_TRUE(loaded.ok()) << loaded.error->text();
  EXPECT_TRUE(loaded.warnings.empty());
  EXPECT_EQ(sceneToJson(loaded.scene), sceneToJson(scene)) << "the recovery field is removed again";

  ASSERT_FALSE(discardRecovery().has_value());
  EXPECT_FALSE(findRecovery().has_value());
}

TEST_F(RecoveryTest, NeverSavedSceneHasNoOriginal) {
  Scene scene;
  scene.title = "untitled";
  ASSERT_FALSE(writeRecovery(scene, "").has_value());
  const auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->originalPath, "");
  EXPECT_GT(info->savedAt, 1700000000) << "now";
  // Writing the recovered scene again keeps a single recovery field.
  SceneLoadResult r = loadRecovery();
  ASSERT_TRUE(r.ok());
  ASSERT_FALSE(writeRecovery(r.scene, "", 5).has_value());
  const std::string text = readText(*recoveryFilePath());
  EXPECT_EQ(text.find(kRecoveryField), text.rfind(kRecoveryField));
}

TEST_F(RecoveryTest, OriginalSavedAfterTheRecoveryIsFlagged) {
  const std::string original = dir_.file("scene.json");
  ASSERT_FALSE(saveScene(sampleScene(), original).has_value());
  ASSERT_FALSE(writeRecovery(sampleScene(), original, 1000).has_value());  // long ago
  const auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_TRUE(info->originalIsNewer);
}

TEST_F(RecoveryTest, CorruptRecoveryFileIsReportedNotLoaded) {
  ASSERT_FALSE(writeRecovery(sampleScene(), "", 1).has_value());
  writeText(*recoveryFilePath(), "{\"version\": 1, \"shapes\": [");  // torn by hand
  const auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  ASSERT_TRUE(info->error.has_value());
  EXPECT_NE(info->error->find("recovery.json"), std::string::npos) << *info->error;
  EXPECT_FALSE(loadRecovery().ok());
  EXPECT_FALSE(discardRecovery().has_value());
}

TEST_F(RecoveryTest, UnwritableStateFolderGivesAMessage) {
  writeText(dir_.path() + "/state", "a file where the folder should be");
  const auto err = writeRecovery(sampleScene(), "", 1);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("state"), std::string::npos) << *err;
}

TEST_F(RecoveryTest, TheOriginalIsStoredAbsoluteAndCanonicalNeverAsTyped) {
  // "edit.json" typed in one folder must not name the edit.json of the folder satlab
  // restarts in.
  const std::string typed = "some/../edit.json";
  ASSERT_FALSE(writeRecovery(sampleScene(), typed, 1).has_value());
  const auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->originalPath, canonicalPath("edit.json"));
  ASSERT_FALSE(info->originalPath.empty());
  EXPECT_EQ(info->originalPath.front(), '/');
  EXPECT_EQ(info->originalPath.find(".."), std::string::npos);
  const std::string text = readText(*recoveryFilePath());
  EXPECT_EQ(text.find("some/"), std::string::npos) << text.substr(0, 400);
}

TEST_F(RecoveryTest, TheOriginalsStampTellsUnchangedChangedAndMissing) {
  const std::string original = dir_.file("edit.json");
  ASSERT_FALSE(saveScene(sampleScene(), original).has_value());
  const std::optional<FileStamp> stamp = stampFile(original);
  ASSERT_TRUE(stamp.has_value());
  EXPECT_EQ(stamp->size, readText(original).size());
  ASSERT_FALSE(writeRecovery(sampleScene(), original, 1, stamp).has_value());

  auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  ASSERT_TRUE(info->originalStamp.has_value());
  EXPECT_EQ(info->originalStamp->size, stamp->size);
  EXPECT_EQ(info->originalStamp->hash, stamp->hash);
  EXPECT_EQ(info->originalStamp->mtimeNs, stamp->mtimeNs);
  EXPECT_EQ(info->originalState, OriginalState::Unchanged);
  EXPECT_TRUE(originalStateText(original, info->originalState).empty());

  // Same size, other bytes: the hash tells.
  std::string text = readText(original);
  text[text.size() / 2] = text[text.size() / 2] == ' ' ? '\t' : ' ';
  writeText(original, text);
  info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->originalState, OriginalState::Changed);
  EXPECT_NE(originalStateText(original, info->originalState).find("has changed"), std::string::npos);

  ASSERT_EQ(std::remove(original.c_str()), 0);
  info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->originalState, OriginalState::Missing);
  EXPECT_NE(originalStateText(original, info->originalState).find("no longer exists"), std::string::npos);
}

TEST_F(RecoveryTest, RecoveryFilesWithoutTheNewFieldsStillLoadWithAnUnknownOriginal) {
  // Written by an older satlab: the path as typed, no stamp.
  const std::string scene = sceneToJson(sampleScene());
  ASSERT_EQ(scene.rfind('}'), scene.size() - 2) << "ends in }\\n";
  auto writeOld = [&](const std::string& field) {
    ASSERT_FALSE(writeRecovery(sampleScene(), "", 1).has_value());  // makes the folder
    writeText(*recoveryFilePath(), scene.substr(0, scene.rfind('}')) + ",\n  \"satlab_recovery\": " + field + "\n}\n");
  };
  writeOld(R"({"original": "edit.json", "saved_at": 1795000000})");
  auto info = findRecovery();
  ASSERT_TRUE(info.has_value());
  ASSERT_FALSE(info->error.has_value()) << *info->error;
  EXPECT_EQ(info->originalPath, "edit.json");
  EXPECT_EQ(info->savedAt, 1795000000);
  EXPECT_FALSE(info->originalStamp.has_value());
  EXPECT_EQ(info->originalState, OriginalState::Unknown);
  EXPECT_NE(originalStateText("edit.json", OriginalState::Unknown).find("relative"), std::string::npos);
  SceneLoadResult loaded = loadRecovery();
  ASSERT_TRUE(loaded.ok()) << loaded.error->text();
  EXPECT_EQ(sceneToJson(loaded.scene), scene);

  // Absolute but unstamped: unknown while it exists, missing once gone.
  const std::string original = dir_.file("old.json");
  writeText(original, "{}");
  writeOld(R"({"original": ")" + original + R"(", "saved_at": 5})");
  info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_EQ(info->originalState, OriginalState::Unknown);
  ASSERT_EQ(std::remove(original.c_str()), 0);
  EXPECT_EQ(findRecovery()->originalState, OriginalState::Missing);

  // A malformed stamp counts as none; the scene still loads.
  writeOld(R"({"original": ")" + original + R"(", "saved_at": 5, "original_size": -3, "original_mtime_ns": 1,
             "original_fnv1a64": "not hex"})");
  info = findRecovery();
  ASSERT_TRUE(info.has_value());
  EXPECT_FALSE(info->error.has_value());
  EXPECT_FALSE(info->originalStamp.has_value());
  EXPECT_TRUE(loadRecovery().ok());
}

TEST_F(RecoveryTest, FindingTheRecoveryFileRemovesStaleTemporaryFilesBesideIt) {
  ASSERT_FALSE(writeRecovery(sampleScene(), "", 1).has_value());
  const std::string stale = dir_.path() + "/state/satlab/.recovery.json.tmp-2147483646-7";
  writeText(stale, "half a scene");
  ASSERT_TRUE(std::filesystem::exists(stale));
  ASSERT_TRUE(findRecovery().has_value());
  EXPECT_FALSE(std::filesystem::exists(stale)) << "process 2147483646 does not exist";
}

TEST(AutosaveTimer, WritesOncePerIntervalOnlyWhenChanged) {
  AutosaveTimer t(5.0);
  EXPECT_FALSE(t.shouldWrite(100.0)) << "nothing changed";
  t.markChanged(100.0);
  EXPECT_FALSE(t.shouldWrite(102.0));
  EXPECT_TRUE(t.shouldWrite(105.0));
  t.markWritten(105.0);
  EXPECT_FALSE(t.shouldWrite(120.0)) << "written, no change since";
  t.markChanged(106.0);
  t.markChanged(108.0);
  EXPECT_FALSE(t.shouldWrite(109.0)) << "within 5 s of the last write";
  EXPECT_TRUE(t.shouldWrite(110.0));
  t.reset();  // saved
  EXPECT_FALSE(t.pending());
  EXPECT_FALSE(t.shouldWrite(1000.0));
}

}  // namespace
}  // namespace satlab::test
