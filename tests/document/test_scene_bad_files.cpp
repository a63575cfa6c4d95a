// Bad scene files: each gives one clear error naming the file and, where there is one,
// the JSON path; none crashes or throws.
#include "document/scene_load.hpp"

#include <filesystem>
#include <random>

#include <gtest/gtest.h>

#include "scene_test_util.hpp"

namespace satlab {
namespace {

struct BadFile {
  const char* file;     // under tests/document/data/
  const char* path;     // expected SceneDiagnostic::path ("" when the error has none)
  const char* message;  // expected part of the message
};

// One fixture per kind of mistake.
const BadFile kBadFiles[] = {
    {"negative_half_extent.json", "shapes[1].half_extents[1]", "must be >= 0 (got -2)"},
    {"negative_radius.json", "shapes[0].radius", "must be >= 0 (got -0.5)"},
    {"wrong_type_center.json", "shapes[0].center", "expected [x, y, z] (got string \"abc\")"},
    {"wrong_type_name.json", "shapes[0].name", "expected a string (got number 5)"},
    {"wrong_type_component.json", "shapes[0].center[1]", "expected a number (got string \"1\")"},
    {"missing_radius.json", "shapes[0]", "missing field \"radius\""},
    {"missing_shapes.json", "(root)", "missing field \"shapes\""},
    {"missing_version.json", "(root)", "missing field \"version\""},
    {"bad_version.json", "version", "unsupported version 2"},
    {"unknown_type.json", "shapes[0].type", "unknown type \"cube\""},
    {"duplicate_names.json", "shapes[1].name", "duplicate name \"box\""},
    {"empty_name.json", "shapes[0].name", "must not be empty"},
    {"duplicate_key.json", "shapes[0].radius", "duplicate key"},
    {"non_orthonormal_axes.json", "shapes[0].axes", "orthonormal"},
    {"left_handed_axes.json", "shapes[0].axes", "left-handed"},
    {"non_unit_quaternion.json", "shapes[0].quaternion", "unit length"},
    {"two_rotations.json", "shapes[0]", "at most one rotation"},
    {"angle_in_3d.json", "shapes[0].angle_deg", "2d scenes"},
    {"xy_in_3d.json", "shapes[0].center", "only in a 2d scene"},
    {"bad_color.json", "shapes[0].color[1]", "must be in [0, 1] (got 1.5)"},
    {"bad_hex_color.json", "shapes[0].color", "#rrggbb"},
    {"bad_view.json", "view", "must be \"3d\" or \"2d\""},
    {"root_array.json", "(root)", "expected an object (got array"},
    {"shapes_not_array.json", "shapes", "expected an array (got object)"},
    {"shape_not_object.json", "shapes[1]", "expected an object (got string \"sphere\")"},
    {"expect_unknown_shape.json", "expect[0].b", "no shape is named \"ghost\""},
    {"expect_contradiction.json", "expect[0].separating_axis", "contradicts"},
    {"expect_same_shape.json", "expect[0].b", "same shape"},
    {"overflow_1e400.json", "shapes[0].center[0]", "1e400 is outside the float range"},
    {"overflow_float.json", "shapes[0].radius", "1e39 is outside the float range"},
    {"nan_token.json", "", "line 2, column"},
    {"infinity_token.json", "", "line 2, column"},
    {"trailing_garbage.json", "", "line 2, column 1"},
    {"truncated.json", "", "unexpected end of input"},
    {"empty.json", "", "the file is empty"},
    {"coordinate_1e19.json", "shapes[0].half_extents[0]",
     "1e+19 is outside the range satlab's tests are exact for (|v| <= 1e9)"},
    {"coordinate_1e10.json", "shapes[0].center[1]", "-10000000000.0 is outside the range"},
    {"name_nul.json", "shapes[1].name", "contains the control character U+0000 (at byte 3)"},
    {"name_c1.json", "shapes[0].name", "contains the control character U+0085 (at byte 1)"},
    {"name_escape.json", "shapes[0].name", "contains the control character U+001B (at byte 0)"},
    {"expect_name_control.json", "expect[0].b", "contains the control character U+007F"},
};

void PrintTo(const BadFile& bad, std::ostream* os) { *os << bad.file; }

class BadFileTest : public ::testing::TestWithParam<BadFile> {};

TEST_P(BadFileTest, GivesAnErrorNamingFileAndPath) {
  const BadFile& bad = GetParam();
  const std::string file = test::repoPath(std::string("tests/document/data/") + bad.file);
  const SceneLoadResult r = loadScene(file);
  ASSERT_FALSE(r.ok()) << bad.file << " loaded";
  const std::string text = r.error->text();
  EXPECT_EQ(text.rfind(file + ": ", 0), 0u) << text;
  EXPECT_EQ(r.error->path, bad.path) << text;
  EXPECT_NE(text.find(bad.message), std::string::npos) << text;
  if (!r.error->path.empty()) {
    EXPECT_NE(text.find(": " + r.error->path + ": "), std::string::npos) << text;
  }
  EXPECT_TRUE(r.scene.shapes.empty());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, BadFileTest, ::testing::ValuesIn(kBadFiles),
                         [](const ::testing::TestParamInfo<BadFile>& info) {
                           std::string name = info.param.file;
                           return name.substr(0, name.find('.'));
                         });

TEST(BadFiles, TheDocumentedExampleMessage) {
  const SceneLoadResult r = loadScene(test::repoPath("tests/document/data/negative_half_extent.json"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), test::repoPath("tests/document/data/negative_half_extent.json") +
                                 ": shapes[1].half_extents[1]: must be >= 0 (got -2)");
}

TEST(BadFiles, SyntaxErrorsCarryLineAndColumn) {
  const SceneLoadResult r = parseScene("{\"version\": 1,\n \"shapes\": [NaN]}", "nan.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->line, 2);
  EXPECT_EQ(r.error->column, 13);
  EXPECT_EQ(r.error->text().rfind("nan.json: line 2, column 13: ", 0), 0u) << r.error->text();
  EXPECT_NE(r.error->text().find("(in shapes)"), std::string::npos) << r.error->text();
  // The message names the innermost container, not a neighbouring element.
  const SceneLoadResult inner = loadScene(test::repoPath("tests/document/data/nan_token.json"));
  ASSERT_FALSE(inner.ok());
  EXPECT_NE(inner.error->text().find("(in shapes[0].center)"), std::string::npos) << inner.error->text();
  const SceneLoadResult top = parseScene("{\"version\": 1 x", "top.json");
  ASSERT_FALSE(top.ok());
  EXPECT_EQ(top.error->text().find("(in "), std::string::npos) << top.error->text();
}

TEST(BadFiles, EveryTruncationOfAValidFileFailsCleanly) {
  const std::string text = test::readText(test::repoPath("scenes/examples/mixed.json"));
  ASSERT_TRUE(parseScene(text, "mixed.json").ok());
  // The closing brace is the last byte that matters; every shorter prefix is invalid.
  const std::size_t lastBrace = text.find_last_of('}');
  for (std::size_t n = 0; n < lastBrace; ++n) {
    const SceneLoadResult r = parseScene(std::string_view(text).substr(0, n), "cut.json");
    ASSERT_FALSE(r.ok()) << "prefix of " << n << " bytes loaded";
    ASSERT_EQ(r.error->text().rfind("cut.json: ", 0), 0u) << r.error->text();
  }
}

TEST(BadFiles, DeepNestingIsRejectedBeforeBuildingATree) {
  for (const std::string& open : {std::string("["), std::string("{\"a\":")}) {
    std::string text;
    for (int i = 0; i < 100000; ++i) text += open;
    const SceneLoadResult r = parseScene(text, "deep.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error->text().find("nested deeper than 64 levels"), std::string::npos) << r.error->text();
  }
  // 64 levels are fine as far as nesting goes (the scene is then wrong for other reasons).
  const std::string ok =
      R"({"version": 1, "shapes": [], "lesson": )" + std::string(62, '[') + std::string(62, ']') + "}";
  EXPECT_TRUE(parseScene(ok, "deep_ok.json").ok());
  const std::string bad =
      R"({"version": 1, "shapes": [], "lesson": )" + std::string(64, '[') + std::string(64, ']') + "}";
  const SceneLoadResult r = parseScene(bad, "deep.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->path.rfind("lesson", 0), 0u) << r.error->text();
}

TEST(BadFiles, BinaryGarbageFailsCleanly) {
  std::mt19937 rng(1234);
  for (int round = 0; round < 200; ++round) {
    std::string bytes(1 + rng() % 512, '\0');
    for (char& c : bytes) c = static_cast<char>(rng() & 0xff);
    if (round % 2) bytes[0] = '{';  // get past the first byte now and then
    const SceneLoadResult r = parseScene(bytes, "noise.bin");
    ASSERT_FALSE(r.ok());
    // Messages stay printable even when they quote the garbage.
    for (char c : r.error->text()) ASSERT_TRUE(static_cast<unsigned char>(c) >= 0x20) << r.error->text();
  }
  test::TempDir dir;
  std::string bytes(4096, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 256);
  test::writeText(dir.file("picture.png"), bytes);
  const SceneLoadResult r = loadScene(dir.file("picture.png"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text().rfind(dir.file("picture.png") + ": ", 0), 0u);
}

TEST(BadFiles, MutatedValidFilesNeverCrash) {
  const std::string text = test::readText(test::repoPath("scenes/examples/mixed.json"));
  std::mt19937 rng(99);
  const char kBytes[] = "{}[],:\"-0.e9x \\\x00\xff";
  for (int round = 0; round < 2000; ++round) {
    std::string t = text;
    for (int k = 0; k < 3; ++k) t[rng() % t.size()] = kBytes[rng() % (sizeof kBytes - 1)];
    const SceneLoadResult r = parseScene(t, "mutant.json");
    if (!r.ok()) {
      ASSERT_EQ(r.error->text().rfind("mutant.json: ", 0), 0u);
    }
  }
}

TEST(BadFiles, OversizedFileIsRejectedBeforeReading) {
  test::TempDir dir;
  const std::string big = dir.file("big.json");
  // A sparse file one byte over the limit: its size is all the loader looks at.
  test::writeText(big, R"({"version": 1, "shapes": []})");
  std::filesystem::resize_file(big, kMaxSceneFileBytes + 1);
  const SceneLoadResult r = loadScene(big);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->text().find("file too large"), std::string::npos) << r.error->text();
  EXPECT_EQ(r.error->text().rfind(big + ": ", 0), 0u);
}

TEST(BadFiles, TooManyShapes) {
  std::string text = R"({"version": 1, "shapes": [)";
  for (std::size_t i = 0; i <= kMaxSceneShapes; ++i) {
    if (i) text += ',';
    text += R"({"name":"s)" + std::to_string(i) + R"(","type":"sphere","center":[0,0,0],"radius":1})";
  }
  text += "]}";
  ASSERT_LT(text.size(), kMaxSceneFileBytes);
  const SceneLoadResult r = parseScene(text, "crowd.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "crowd.json: shapes: too many shapes (2000001; the limit is 2000000)");
}

TEST(BadFiles, MissingFileAndFolder) {
  test::TempDir dir;
  SceneLoadResult r = loadScene(dir.file("nothing_here.json"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->text().find("nothing_here.json: cannot open: No such file"), std::string::npos);
  r = loadScene(dir.path());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->text().find("is a directory"), std::string::npos);
  // Devices and pipes are refused without reading (a FIFO would block, /dev/zero never ends).
  r = loadScene("/dev/zero");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "/dev/zero: not a regular file");
}

TEST(BadFiles, WhitespaceOnlyIsEmpty) {
  const SceneLoadResult r = parseScene(" \n\t\r\n", "blank.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->text(), "blank.json: the file is empty");
}

}  // namespace
}  // namespace satlab
