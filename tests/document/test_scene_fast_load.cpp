// The fast path of scene loading (document/scene_fast_load.hpp) against the reference
// reader: on every text the two give the same scene to the bit, the same warnings and the
// same error; the plain files satlab writes go through the fast path; a file read in chunks
// gives what the whole text gives.
#include <cstdio>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "../fuzz/scene_bits.hpp"
#include "document/json_fields.hpp"
#include "document/json_scan.hpp"
#include "document/number_text.hpp"
#include "document/scene_fast_load.hpp"
#include "scene_test_util.hpp"

namespace satlab::test {
namespace {

// A number as a file from another program may write it: few or many digits, an exponent,
// an integer; now and then one the reference reader notes (tiny, or more digits than a float).
std::string number(std::mt19937& rng, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  const double v = u(rng);
  char buf[64];
  switch (rng() % 8) {
    case 0: std::snprintf(buf, sizeof buf, "%.3f", v); break;
    case 1: std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(static_cast<float>(v))); break;
    case 2: std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(static_cast<float>(v))); break;
    case 3: std::snprintf(buf, sizeof buf, "%d", static_cast<int>(v)); break;
    case 4: std::snprintf(buf, sizeof buf, "%.4e", v); break;
    case 5: std::snprintf(buf, sizeof buf, "%.7g", v); break;
    case 6: std::snprintf(buf, sizeof buf, "%s", shortestFloat(static_cast<float>(v)).c_str()); break;
    default: std::snprintf(buf, sizeof buf, "%.2f", v); break;
  }
  return buf;
}

std::string vec(std::mt19937& rng, double lo, double hi, bool xy) {
  std::string s = "[" + number(rng, lo, hi) + ", " + number(rng, lo, hi);
  if (!xy) s += ", " + number(rng, lo, hi);
  return s + "]";
}

// One shape element; `odd` adds what the fast path leaves to the reference reader.
std::string shape(std::mt19937& rng, std::size_t i, bool twoD, bool odd) {
  const bool xy = twoD && rng() % 2 == 0;
  static const char* const kTypes[] = {"aabb", "obb", "sphere", "segment", "triangle", "capsule"};
  const std::string type = kTypes[rng() % 6];
  std::string s = R"({"name": "s)" + std::to_string(i) + R"(", "type": ")" + type + "\"";
  switch (rng() % 3) {
    case 0: s += ", \"color\": " + vec(rng, 0, 1, false); break;
    case 1: s += R"(, "color": "#4e79A7")"; break;
    default: break;
  }
  const auto point = [&] { return vec(rng, -1000, 1000, xy); };
  if (type == "aabb" || type == "obb") s += ", \"center\": " + point() + ", \"half_extents\": " + vec(rng, 0, 9, xy);
  if (type == "sphere") s += ", \"center\": " + point() + ", \"radius\": " + number(rng, 0, 5);
  if (type == "segment" || type == "capsule") s += ", \"p0\": " + point() + ", \"p1\": " + point();
  if (type == "capsule") s += ", \"radius\": " + number(rng, 0, 5);
  if (type == "triangle") s += ", \"points\": [" + point() + ", " + point() + ", " + point() + "]";
  if (type == "obb") {
    switch (rng() % 5) {
      case 0: s += ", \"euler_deg\": " + vec(rng, -180, 180, false); break;
      case 1: s += R"(, "quaternion": [0.7071068, 0, 0, 0.7071068])"; break;
      case 2: s += R"(, "axes": [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])"; break;
      case 3:
        if (twoD) s += ", \"angle_deg\": " + number(rng, -90, 90);
        break;
      default: break;
    }
  }
  if (rng() % 3 == 0) {
    if (rng() % 2) {
      s += R"(, "motion": {"velocity": )" + vec(rng, -3, 3, xy);
      if (type != "aabb") s += twoD ? ", \"angular_velocity\": 1.5" : ", \"angular_velocity\": [0, 0, 2.09]";
      s += "}";
    } else {
      s += R"(, "motion": {"path": [{"t": 0, "offset": [0, 0, 0]}, {"t": 3.12, "offset": )" + point() +
           R"(}], "loop": false})";
    }
  }
  if (odd) {
    switch (rng() % 6) {
      case 0: s += R"(, "colour": [1, 0, 0])"; break;  // unknown: a warning
      case 1: s += R"(, "p9": [1e-12, 0, 0])"; break;  // unknown
      case 2:
        s = R"({"name": "s)" + std::to_string(i) + R"(", "type": "sphere", "center": [1e-12, 0, 0], "radius": 1)";
        break;
      case 3:
        s = R"({"name": "s)" + std::to_string(i) +
            R"(", "type": "sphere", "center": [0.1000000001, 0, 0], "radius": 1)";
        break;
      case 4:
        s = R"({"name": "s)" + std::to_string(i) +
            R"(", "type": "mesh", "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "triangles": [[0, 1, 2]])";
        break;
      default:
        s = R"({"name": "s\u0041)" + std::to_string(i) + R"(", "type": "sphere", "center": [0, 0, 0], "radius": 1)";
        break;
    }
  }
  return s + "}";
}

std::string sceneText(std::mt19937& rng, std::size_t count, bool twoD, int oddEvery) {
  std::string s = R"({"version": 1, "title": "generated", )";
  if (twoD) s += R"("view": "2d", )";
  s += "\"shapes\": [\n";
  for (std::size_t i = 0; i < count; ++i) {
    if (i) s += ",\n";
    s += "  " + shape(rng, i, twoD, oddEvery > 0 && rng() % static_cast<unsigned>(oddEvery) == 0);
  }
  return s + "\n]}\n";
}

TEST(SceneFastLoad, PlainGeneratedScenesTakeTheFastPathToTheReferenceBits) {
  std::mt19937 rng(7);
  int taken = 0;
  for (int round = 0; round < 20; ++round) {
    const bool twoD = round % 2 == 1;
    const std::string text = sceneText(rng, 300, twoD, 0);
    EXPECT_EQ(fuzz::compareWithReference(text, "plain.json"), "") << text;
    const SceneLoadResult reference = parseSceneWithReferenceReader(text, "plain.json", {});
    if (reference.warnings.empty() && reference.ok()) {
      EXPECT_TRUE(fastParseScene(text, "plain.json", {}).has_value()) << "a plain file leaves the fast path";
      ++taken;
    }
  }
  EXPECT_GE(taken, 10);
}

TEST(SceneFastLoad, OddElementsAmongPlainOnesGiveTheReferenceWarningsInOrder) {
  std::mt19937 rng(11);
  for (int round = 0; round < 30; ++round) {
    const std::string text = sceneText(rng, 200, round % 2 == 1, 7);
    EXPECT_EQ(fuzz::compareWithReference(text, "odd.json"), "") << text;
  }
}

TEST(SceneFastLoad, BrokenFilesGiveTheReferenceErrors) {
  std::mt19937 rng(13);
  const std::string good = sceneText(rng, 50, false, 5);
  // Every truncation, and bytes changed here and there.
  for (std::size_t cut = 0; cut < good.size(); cut += 7) {
    EXPECT_EQ(fuzz::compareWithReference(good.substr(0, cut), "cut.json"), "") << cut;
  }
  const char kBytes[] = {'"', ',', '}', ']', '-', '0', 'e', '\\', ' ', '\x80', 'x', '.'};
  for (int k = 0; k < 400; ++k) {
    std::string bad = good;
    bad[rng() % bad.size()] = kBytes[rng() % sizeof kBytes];
    EXPECT_EQ(fuzz::compareWithReference(bad, "bad.json"), "") << bad;
  }
  const std::string cases[] = {
      R"({"shapes": [], "version": 1})",
      R"({"version": 1, "shapes": [], "view": "2d"})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1},
                                    {"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1}]})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": -1}]})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1, "radius": 2}]})",
      R"({"version": 1.0, "shapes": []})",
      R"({"version": 1, "shapes": [], "expect": []})",
      R"({"version": 1, "shapes": [], "lesson": {"steps": []}})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "motion": {"angular_velocity": [0, 0, 1]}}]})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 1e10], "radius": 1}]})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 1e39], "radius": 1}]})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "angle_deg": 3}]})",
      R"({"version": 1, "shapes": [{"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1}]} x)",
      "",
      "   ",
  };
  for (const std::string& text : cases) EXPECT_EQ(fuzz::compareWithReference(text, "case.json"), "") << text;
}

TEST(SceneFastLoad, AFileReadInChunksGivesWhatItsWholeTextGives) {
  std::mt19937 rng(17);
  const std::string text = sceneText(rng, 60000, false, 500);  // several chunks of kSceneChunkBytes
  ASSERT_GT(text.size(), 2 * kSceneChunkBytes);
  TempDir dir;
  const std::string path = dir.file("big.json");
  writeText(path, text);
  const SceneLoadResult fromFile = loadScene(path);
  SceneLoadOptions options;
  options.baseDirectory = folderOf(path);
  const SceneLoadResult reference = parseSceneWithReferenceReader(text, path, options);
  ASSERT_TRUE(reference.ok()) << reference.error->text();
  EXPECT_EQ(fuzz::loadBits(fromFile), fuzz::loadBits(reference));
  EXPECT_FALSE(reference.warnings.empty());
}

TEST(SceneFastLoad, TooManyShapesIsRefusedWithTheReferenceMessage) {
  // Checked without building the text of two million shapes: the fast path's count and the
  // reference reader's message are one function (tooManyShapesMessage).
  std::string text = R"({"version": 1, "shapes": [)";
  for (int i = 0; i < 3; ++i)
    text += std::string(i ? "," : "") + R"({"name": "s)" + std::to_string(i) +
            R"(", "type": "sphere", "center": [0, 0, 0], "radius": 1})";
  text += "]}";
  EXPECT_EQ(fuzz::compareWithReference(text, "three.json"), "");
}

// A file over kMaxFullReaderBytes (here a small scene and trailing spaces) that the fast path
// does not take is refused without the reference reader's whole tree: a shape's error in
// the reference reader's words, a repeated name, or where the text stopped being plain.
TEST(SceneFastLoad, AFileTooLargeForTheReferenceReaderIsRefusedWithWhereAndWhy) {
  const auto scene = [](const std::string& secondShape) {
    return std::string("{\"version\": 1, \"shapes\": [\n") +
           R"({"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1},)" + "\n" + secondShape + "\n]}" +
           std::string(kMaxFullReaderBytes + 16, ' ');
  };
  TempDir dir;
  const std::string path = dir.file("huge.json");
  const auto load = [&](const std::string& secondShape) {
    writeText(path, scene(secondShape));
    const SceneLoadResult r = loadScene(path);
    EXPECT_FALSE(r.ok());
    return r.ok() ? std::string() : r.error->text();
  };
  writeText(path, scene(R"({"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": 1})"));
  EXPECT_TRUE(loadScene(path).ok());
  // The reference reader's own words for the same shape in a small file.
  const std::string small =
      R"({"version": 1, "shapes": [{"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": -2}]})";
  const SceneLoadResult reference = parseSceneWithReferenceReader(small, "small.json", {});
  ASSERT_FALSE(reference.ok());
  const std::string reason = reference.error->message;
  EXPECT_EQ(load(R"({"name": "b", "type": "sphere", "center": [0, 0, 0], "radius": -2})"),
            path + ": shapes[1].radius: " + reason);
  EXPECT_EQ(load(R"({"name": "a", "type": "sphere", "center": [0, 0, 0], "radius": 1})"),
            path + ": shapes[1].name: duplicate name \"a\" (names must be unique)");
  const std::string escaped = load(R"({"name": "b\u0041", "type": "sphere", "center": [0, 0, 0], "radius": 1})");
  EXPECT_NE(escaped.find(path + ": line 3: shapes[1]: "), std::string::npos) << escaped;
  EXPECT_NE(escaped.find("over 64 MiB is read only as plain JSON"), std::string::npos) << escaped;
}

// The scanner's digits of a number (its shortest scientific text, read off the file's own
// digits) are those of shortestScientific, so keepsDigitsAt decides as keepsDigits does.
TEST(SceneFastLoad, ScannedDigitsAreTheShortestTextsDigits) {
  std::mt19937_64 rng(19);
  std::vector<ScanNode> nodes;
  for (int k = 0; k < 200000; ++k) {
    const int digits = 1 + static_cast<int>(rng() % 15);
    std::uniform_real_distribution<double> mant(1.0, 10.0);
    const int exp10 = static_cast<int>(rng() % 60) - 30;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, mant(rng) * std::pow(10.0, exp10));
    std::string text = std::string(buf) + ",";
    if (k % 3 == 0) {  // the same number in fixed notation, trailing zeros and all
      std::snprintf(buf, sizeof buf, "%.*f", std::max(0, digits - 1 - exp10), std::strtod(text.c_str(), nullptr));
      text = std::string(buf) + "0,";
    }
    std::size_t used = 0;
    ASSERT_EQ(scanValue(text, used, nodes), ScanStatus::Ok) << text;
    const ScanNode& n = nodes[0];
    ASSERT_EQ(n.number, std::strtod(text.c_str(), nullptr)) << text;
    if (!n.digitsKnown) continue;
    const std::string shortest = shortestScientific(n.number);
    const std::size_t dot = shortest.find('.'), e = shortest.find('e');
    const int decimals = dot == std::string::npos ? 0 : static_cast<int>(e - dot - 1);
    ASSERT_EQ(n.decimals, decimals) << text << " " << shortest;
    ASSERT_EQ(n.exponent, std::atoi(shortest.c_str() + e + 1)) << text << " " << shortest;
    const float f = static_cast<float>(n.number);
    ASSERT_EQ(keepsDigitsAt(f, n.number, n.exponent, n.decimals), keepsDigits(f, n.number)) << text;
  }
}

}  // namespace
}  // namespace satlab::test
