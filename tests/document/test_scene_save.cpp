// Saving scenes: exact float round trips, rotation forms kept, and atomic replacement.
#include "document/scene_save.hpp"

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cfloat>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "document/atomic_file.hpp"
#include "document/json_writer.hpp"
#include "document/rotation.hpp"
#include "document/scene_load.hpp"
#include "scene_test_util.hpp"

namespace satlab {
namespace {

namespace fs = std::filesystem;

// Bit-for-bit equality, so that -0 != +0 and every last ulp counts.
template <class T>
bool sameBits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

void expectSameScene(const Scene& a, const Scene& b) {
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.notes, b.notes);
  EXPECT_EQ(a.view, b.view);
  ASSERT_EQ(a.shapes.size(), b.shapes.size());
  for (std::size_t i = 0; i < a.shapes.size(); ++i) {
    const SceneShape& s = a.shapes[i];
    const SceneShape& t = b.shapes[i];
    SCOPED_TRACE(s.name);
    EXPECT_EQ(s.name, t.name);
    ASSERT_EQ(s.kind(), t.kind());
    EXPECT_TRUE(sameBits(s.color, t.color));
    EXPECT_EQ(s.paletteColor, t.paletteColor);
    EXPECT_EQ(s.rotation.form, t.rotation.form);
    EXPECT_TRUE(sameBits(s.rotation.quaternion, t.rotation.quaternion));
    EXPECT_TRUE(sameBits(s.rotation.eulerDeg, t.rotation.eulerDeg));
    EXPECT_TRUE(sameBits(s.rotation.angleDeg, t.rotation.angleDeg));
    std::visit(
        [&](const auto& g) {
          using G = std::decay_t<decltype(g)>;
          EXPECT_TRUE(sameBits(g, std::get<G>(t.geometry)));
        },
        s.geometry);
  }
  ASSERT_EQ(a.expect.size(), b.expect.size());
  for (std::size_t i = 0; i < a.expect.size(); ++i) {
    EXPECT_EQ(a.expect[i].a, b.expect[i].a);
    EXPECT_EQ(a.expect[i].b, b.expect[i].b);
    EXPECT_EQ(a.expect[i].overlap, b.expect[i].overlap);
    EXPECT_EQ(a.expect[i].separatingAxis, b.expect[i].separatingAxis);
  }
  ASSERT_EQ(a.extras.size(), b.extras.size());
  for (std::size_t i = 0; i < a.extras.size(); ++i) {
    EXPECT_EQ(a.extras[i].key, b.extras[i].key);
    EXPECT_EQ(a.extras[i].json, b.extras[i].json);
  }
}

Scene parseOk(const std::string& text, const std::string& name = "saved.json") {
  SceneLoadResult r = parseScene(text, name);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "") << "\n" << text;
  return r.scene;
}

SceneShape makeShape(std::string name, ShapeGeometry g) {
  SceneShape s;
  s.name = std::move(name);
  s.geometry = g;
  s.color = glm::vec4(0.25f, 0.5f, 0.75f, 1.0f);
  return s;
}

TEST(SceneSave, ExampleScenesRoundTripExactly) {
  for (const char* name : {"two_boxes.json", "mixed.json", "whiteboard_2d.json"}) {
    SCOPED_TRACE(name);
    const SceneLoadResult first = loadScene(test::repoPath(std::string("scenes/examples/") + name));
    ASSERT_TRUE(first.ok()) << first.error->text();
    const std::string saved = sceneToJson(first.scene);
    const Scene second = parseOk(saved);
    expectSameScene(first.scene, second);
    EXPECT_EQ(sceneToJson(second), saved);  // saving is idempotent
  }
}

TEST(SceneSave, EveryRotationFormIsKept) {
  const std::string text = R"({"version": 1, "shapes": [
    {"name": "none", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1]},
    {"name": "axes", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
     "axes": [[0.6, 0.8, 0], [-0.8, 0.6, 0], [0, 0, 1]]},
    {"name": "skewed", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
     "axes": [[1, 0.0003, 0], [0, 1, 0.0002], [0, 0, 1.0001]]},
    {"name": "quat", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
     "quaternion": [0.5, 0.5, 0.5, 0.5]},
    {"name": "quat_off", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
     "quaternion": [0.9, 0.3, 0.1, 0.3]},
    {"name": "euler", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1],
     "euler_deg": [12.5, -33, 271]}]})";
  const Scene first = parseOk(text);
  const std::string saved = sceneToJson(first);
  const Scene second = parseOk(saved);
  expectSameScene(first, second);
  EXPECT_EQ(second.shapes[0].rotation.form, RotationForm::None);
  EXPECT_EQ(second.shapes[1].rotation.form, RotationForm::Axes);
  EXPECT_EQ(second.shapes[2].rotation.form, RotationForm::Axes);
  EXPECT_EQ(second.shapes[3].rotation.form, RotationForm::Quaternion);
  EXPECT_EQ(second.shapes[4].rotation.form, RotationForm::Quaternion);
  EXPECT_EQ(second.shapes[5].rotation.form, RotationForm::EulerDeg);
  EXPECT_NE(saved.find("\"euler_deg\": [12.5, -33.0, 271.0]"), std::string::npos) << saved;
  // No rotation in, no rotation out (and the palette colour stays implicit).
  EXPECT_NE(
      saved.find(R"({"name": "none", "type": "obb", "center": [0.0, 0.0, 0.0], "half_extents": [1.0, 1.0, 1.0]})"),
      std::string::npos)
      << saved;
}

TEST(SceneSave, TwoDimensionalFormsAreKept) {
  const Scene first = parseOk(test::readText(test::repoPath("scenes/examples/whiteboard_2d.json")));
  const std::string saved = sceneToJson(first);
  EXPECT_NE(saved.find("\"center\": [2.5, 1.5]"), std::string::npos) << saved;
  EXPECT_NE(saved.find("\"angle_deg\": 30.0"), std::string::npos) << saved;
  EXPECT_EQ(parseOk(saved).shapes[1].rotation.form, RotationForm::AngleDeg);
}

TEST(SceneSave, ArbitraryFloatsRoundTripBitForBit) {
  std::mt19937 rng(2024);
  const auto randomFloat = [&] {
    for (;;) {
      const std::uint32_t bits = static_cast<std::uint32_t>(rng());
      float f;
      std::memcpy(&f, &bits, sizeof f);
      // Every float the loader keeps: 0 and kMinSceneLength <= |f| <= kMaxSceneCoordinate.
      if (f == 0.0f || (std::abs(f) >= kMinSceneLength && std::abs(f) <= kMaxSceneCoordinate)) return f;
    }
  };
  const float specials[] = {0.1f,
                            1.0f / 3.0f,
                            -0.0f,
                            0.0f,
                            kMaxSceneCoordinate,
                            -kMaxSceneCoordinate,
                            kMinSceneLength,
                            std::nextafter(kMinSceneLength, 1.0f),
                            16777217.0f,
                            std::nextafter(kMaxSceneCoordinate, 0.0f),
                            -kMinSceneLength,
                            123456.789f};
  Scene scene;
  for (int i = 0; i < 400; ++i) {
    const float a = i < 12 ? specials[i] : randomFloat();
    const float b = randomFloat(), c = randomFloat();
    Segment seg{glm::vec3(a, b, c), glm::vec3(c, a, b)};
    Sphere ball{glm::vec3(b, c, a), std::abs(randomFloat())};
    scene.shapes.push_back(makeShape("seg" + std::to_string(i), seg));
    scene.shapes.push_back(makeShape("ball" + std::to_string(i), ball));
    scene.shapes.back().color = glm::vec4(std::abs(std::fmod(a, 1.0f)), 0.1f, 1.0f / 3.0f, 0.7f);
  }
  const std::string saved = sceneToJson(scene);
  expectSameScene(scene, parseOk(saved));
  // The writer's numbers are the floats' own digits: reading them back warns of nothing.
  for (const SceneDiagnostic& w : parseScene(saved, "saved.json").warnings) ADD_FAILURE() << w.text();
  // Short where short is exact: 0.1f is written 0.1, not 0.10000000149011612.
  EXPECT_NE(saved.find("[0.1, "), std::string::npos);
  EXPECT_EQ(saved.find("0.10000000149011612"), std::string::npos);
}

// A file just under the size limit, written as compactly as the format allows (no
// whitespace, hex colours, "0" and "1e9" for numbers, re-normalised rotations, noise
// that reads as 0): what loads must save within the limit and load again unchanged. The
// pretty form of such a file is larger (hex colours as arrays alone took a 14 MB file to
// 18.8 MB), so saving falls back to the compact form.
TEST(SceneSave, AFileAtTheSizeLimitSavesToAFileThatLoads) {
  const char* const kColors[] = {"#4e79a7", "#F28E2B", "#e15759cc", "#76b7b2ff"};
  const char* const kRotations[] = {R"("quaternion":[0.7071,0,0,0.7071])",       // length 0.99999: normalised on load
                                    R"("axes":[[1,0.0005,0],[0,1,0],[0,0,1]])",  // re-orthonormalised on load
                                    R"("euler_deg":[10,20,30])", ""};
  const std::string head = R"({"version":1,"title":"crowd","shapes":[)";
  const std::string tail = R"(],"lesson":{"camera":{"distance":1e15,"yaw_deg":-40}}})";
  std::string text = head;
  std::size_t i = 0;
  // The loader's limit (1 GiB) is far beyond what a test should write; the same holds at
  // 16 MiB, given to the writer as its limit, with the 100,000 shapes of the old limit.
  constexpr std::size_t kLimit = 16u * 1024u * 1024u;
  const std::size_t target = kLimit - 200;
  const std::string padding = "_" + std::string(72, 'p');
  for (; i < 100000; ++i) {
    std::string shape = R"({"name":"s)" + std::to_string(i) + padding + R"(","type":")";
    switch (i % 4) {
      case 0:
        shape += R"(aabb","color":")" + std::string(kColors[i % 4]) +
                 R"(","center":[0,1e9,-1E3],"half_extents":[1,2,1e-12]})";
        break;
      case 1:
        shape += R"(obb","color":")" + std::string(kColors[(i / 4) % 4]) +
                 R"(","center":[1e8,0,3],"half_extents":[1,2,3],)" + kRotations[(i / 4) % 4];
        if (shape.back() == ',') shape.pop_back();
        shape += "}";
        break;
      case 2:
        shape +=
            R"(sphere","color":")" + std::string(kColors[(i / 4) % 4]) + R"(","center":[0.5,-2.25,1e-9],"radius":1})";
        break;
      default:
        shape += R"(segment","color":")" + std::string(kColors[(i / 4) % 4]) + R"(","p0":[0,0,0],"p1":[-1e9,5,0]})";
        break;
    }
    if (text.size() + shape.size() + 1 + tail.size() > target) break;
    if (i > 0) text += ',';
    text += shape;
  }
  text += tail;
  // Long names fill what 100,000 shapes leave of the limit.
  ASSERT_GT(text.size(), kLimit - 500) << "the generated file should be near the limit (" << i << " shapes)";
  ASSERT_LE(text.size(), kLimit);

  const SceneLoadResult first = parseScene(text, "crowd.json");
  ASSERT_TRUE(first.ok()) << first.error->text();
  const std::string saved = sceneToJson(first.scene, MeshWrite::AsLoaded, kLimit);
  EXPECT_LE(saved.size(), kLimit);
  EXPECT_LE(saved.size(), text.size()) << "the compact form is never longer than the file";
  const SceneLoadResult second = parseScene(saved, "crowd.json");
  ASSERT_TRUE(second.ok()) << second.error->text();
  expectSameScene(first.scene, second.scene);
  EXPECT_EQ(saved.find(" "), std::string::npos);  // the compact form
  EXPECT_NE(saved.find(R"("color":"#e15759cc")"), std::string::npos);
  EXPECT_NE(saved.find(R"("color":"#f28e2b")"), std::string::npos);  // lower case, same colour
  EXPECT_NE(saved.find(R"("quaternion":[0.7071,0,0,0.7071])"), std::string::npos);
  EXPECT_NE(saved.find(R"("center":[0,1e9,-1e3])"), std::string::npos);
}

TEST(SceneSave, HexColoursStayHexUntilEditedOffTheHexGrid) {
  Scene scene = parseOk(R"({"version": 1, "shapes": [
    {"name": "a", "type": "sphere", "color": "#E15759", "center": [0, 0, 0], "radius": 1},
    {"name": "b", "type": "sphere", "color": "#e1575980", "center": [3, 0, 0], "radius": 1},
    {"name": "c", "type": "sphere", "color": [1, 0, 0], "center": [6, 0, 0], "radius": 1}]})");
  std::string saved = sceneToJson(scene);
  EXPECT_NE(saved.find(R"("color": "#e15759")"), std::string::npos) << saved;
  EXPECT_NE(saved.find(R"("color": "#e1575980")"), std::string::npos) << saved;
  EXPECT_NE(saved.find(R"("color": [1.0, 0.0, 0.0])"), std::string::npos) << "arrays stay arrays\n" << saved;
  expectSameScene(scene, parseOk(saved));
  scene.shapes[0].color.r = 0.5f;  // not n / 255
  scene.shapes[1].color.a = 1.0f;  // still a hex colour, now without alpha
  saved = sceneToJson(scene);
  EXPECT_NE(saved.find(R"("color": [0.5, 0.34117648, 0.34901962])"), std::string::npos) << saved;
  EXPECT_NE(saved.find(R"("color": "#e15759")"), std::string::npos) << saved;
  expectSameScene(scene, parseOk(saved));
}

TEST(SceneSave, CompactNumbersAreTheShortestText) {
  EXPECT_EQ(compactNumberText(0.0), "0");
  EXPECT_EQ(compactNumberText(-0.0), "-0");
  EXPECT_EQ(compactNumberText(1e9), "1e9");
  EXPECT_EQ(compactNumberText(1000.0), "1e3");
  EXPECT_EQ(compactNumberText(100.0), "100");
  EXPECT_EQ(compactNumberText(0.5), "0.5");
  EXPECT_EQ(compactNumberText(2.5e-7), "2.5e-7");
  EXPECT_EQ(compactNumberText(-123456.75), "-123456.75");
  EXPECT_EQ(compactNumberText(1e15), "1e15");
  for (double d : {0.1, 1.0 / 3.0, 1e-300, 6.02214076e23, -2.0000002}) {
    EXPECT_EQ(std::strtod(compactNumberText(d).c_str(), nullptr), d) << compactNumberText(d);
  }
}

TEST(SceneSave, EditedAxesAreWrittenInTheFileForm) {
  Scene scene = parseOk(R"({"version": 1, "shapes": [
    {"name": "e", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1], "euler_deg": [10, 20, 30]},
    {"name": "q", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1], "quaternion": [1, 0, 0, 0]},
    {"name": "n", "type": "obb", "center": [0,0,0], "half_extents": [1,1,1]}]})");
  const glm::mat3 edited = eulerDegToMatrix({-40.0f, 15.0f, 100.0f});
  for (SceneShape& s : scene.shapes) std::get<Obb>(s.geometry).axes = edited;
  const Scene back = parseOk(sceneToJson(scene));
  EXPECT_EQ(back.shapes[0].rotation.form, RotationForm::EulerDeg);
  EXPECT_EQ(back.shapes[1].rotation.form, RotationForm::Quaternion);
  EXPECT_EQ(back.shapes[2].rotation.form, RotationForm::Axes);
  for (const SceneShape& s : back.shapes) {
    const glm::mat3& a = std::get<Obb>(s.geometry).axes;
    for (int c = 0; c < 3; ++c) {
      for (int r = 0; r < 3; ++r) EXPECT_NEAR(a[c][r], edited[c][r], 1e-5f) << s.name;
    }
  }
}

TEST(SceneSave, EditedAngleStaysAnAngleOnlyWhileItTurnsAboutZ) {
  Scene scene = parseOk(R"({"version": 1, "view": "2d", "shapes": [
    {"name": "a", "type": "obb", "center": [0,0], "half_extents": [1,1], "angle_deg": 10},
    {"name": "b", "type": "obb", "center": [0,0], "half_extents": [1,1], "angle_deg": 10}]})");
  std::get<Obb>(scene.shapes[0].geometry).axes = angleDegToMatrix(-75.0f);
  std::get<Obb>(scene.shapes[1].geometry).axes = eulerDegToMatrix({30.0f, 0.0f, 10.0f});
  Scene back = parseOk(sceneToJson(scene));
  EXPECT_EQ(back.shapes[0].rotation.form, RotationForm::AngleDeg);
  EXPECT_NEAR(back.shapes[0].rotation.angleDeg, -75.0f, 1e-4f);
  EXPECT_EQ(back.shapes[1].rotation.form, RotationForm::Axes);
  // Switching the scene to 3d writes the angle as the equivalent euler_deg.
  back.view = ViewMode::ThreeD;
  const Scene threeD = parseOk(sceneToJson(back));
  EXPECT_EQ(threeD.shapes[0].rotation.form, RotationForm::EulerDeg);
  EXPECT_TRUE(sameBits(std::get<Obb>(threeD.shapes[0].geometry).axes, std::get<Obb>(back.shapes[0].geometry).axes));
}

TEST(SceneSave, PaletteColoursAreOmittedUntilEdited) {
  Scene scene = parseOk(R"({"version": 1, "shapes": [
    {"name": "a", "type": "sphere", "center": [0,0,0], "radius": 1},
    {"name": "b", "type": "sphere", "center": [0,0,0], "radius": 1},
    {"name": "c", "type": "sphere", "center": [0,0,0], "radius": 1, "color": [0, 0, 0]}]})");
  std::string saved = sceneToJson(scene);
  EXPECT_EQ(saved.find("\"color\": [0.3"), std::string::npos) << saved;  // palette entries stay implicit
  EXPECT_NE(saved.find("\"color\": [0.0, 0.0, 0.0]"), std::string::npos) << saved;
  scene.shapes[1].color = glm::vec4(1.0f, 0.0f, 0.0f, 0.5f);  // edited: must be written
  saved = sceneToJson(scene);
  EXPECT_NE(saved.find("\"color\": [1.0, 0.0, 0.0, 0.5]"), std::string::npos) << saved;
  std::swap(scene.shapes[0], scene.shapes[2]);  // reordered: colours must not change
  const Scene back = parseOk(sceneToJson(scene));
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(back.shapes[i].color, scene.shapes[i].color) << i;
}

TEST(SceneSave, LayoutPutsShortShapesOnOneLine) {
  const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(
      R"({"shapes": [{"name": "a", "p": [1.5, 2]}, {"name": "b", "axes": [[1, 0], [0, 1]], "t": "long text"}], "n": {}})");
  EXPECT_EQ(prettyJson(doc, 40),
            "{\n"
            "  \"shapes\": [\n"
            "    {\"name\": \"a\", \"p\": [1.5, 2]},\n"
            "    {\n"
            "      \"name\": \"b\",\n"
            "      \"axes\": [[1, 0], [0, 1]],\n"
            "      \"t\": \"long text\"\n"
            "    }\n"
            "  ],\n"
            "  \"n\": {}\n"
            "}\n");
  // Unlimited width: every flat object on one line.
  EXPECT_NE(prettyJson(doc, std::numeric_limits<std::size_t>::max())
                .find(R"({"name": "b", "axes": [[1, 0], [0, 1]], "t": "long text"})"),
            std::string::npos);
  EXPECT_EQ(floatToJson(0.1f).dump(), "0.1");
  EXPECT_EQ(floatToJson(NAN).dump(), "null");
}

TEST(SceneSave, UnknownTopLevelFieldsSurvive) {
  const Scene first = parseOk(R"({"version": 1, "shapes": [],
    "lesson": {"title": "SAT", "steps": [{"text": "A0 first", "focus": ["a", "b"]}]}, "zzz": [1, 2.5]})");
  const std::string saved = sceneToJson(first);
  expectSameScene(first, parseOk(saved));
  EXPECT_NE(saved.find("\"focus\": [\"a\", \"b\"]"), std::string::npos) << saved;
}

TEST(SceneSave, RefusesASceneThatWouldNotLoadBack) {
  test::TempDir dir;
  const std::string path = dir.file("bad.json");
  Scene scene;
  scene.shapes.push_back(makeShape("ball", Sphere{glm::vec3(0.0f), -1.0f}));
  std::optional<std::string> err = saveScene(scene, path);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("bad.json: shapes[0].radius: must be >= 0"), std::string::npos) << *err;
  EXPECT_FALSE(fs::exists(path));

  scene.shapes[0] = makeShape("ball", Sphere{glm::vec3(NAN, 0.0f, 0.0f), 1.0f});
  ASSERT_TRUE(saveScene(scene, path).has_value());
  scene.shapes[0] = makeShape("twin", Sphere{});
  scene.shapes.push_back(makeShape("twin", Sphere{}));
  err = saveScene(scene, path);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("duplicate name"), std::string::npos) << *err;
  EXPECT_FALSE(fs::exists(path));
}

std::vector<std::string> filesIn(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(SceneSave, SavesAndReplacesAFile) {
  test::TempDir dir;
  const std::string path = dir.file("scene.json");
  const Scene scene = parseOk(test::readText(test::repoPath("scenes/examples/mixed.json")));
  ASSERT_FALSE(saveScene(scene, path).has_value());
  ::chmod(path.c_str(), 0640);
  Scene changed = scene;
  changed.title = "changed";
  ASSERT_FALSE(saveScene(changed, path).has_value());
  const SceneLoadResult r = loadScene(path);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.scene.title, "changed");
  EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{"scene.json"});  // no temporary left
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0640u);  // permissions carried over
}

TEST(SceneSave, MissingFolderGivesAClearError) {
  test::TempDir dir;
  const std::string path = dir.file("no/such/folder/scene.json");
  const std::optional<std::string> err = saveScene(Scene{}, path);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->rfind(path + ": cannot save: ", 0), 0u) << *err;
  EXPECT_NE(err->find("No such file or directory"), std::string::npos) << *err;
}

TEST(SceneSave, AFolderAtThePathIsAnErrorAndKeepsItsFilesAndNoTemporary) {
  test::TempDir dir;
  const std::string path = dir.file("taken");
  fs::create_directory(path);
  test::writeText(path + "/inside.txt", "keep me");
  const std::optional<std::string> err = writeFileAtomically(path, "{}");
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(*err, path + ": cannot save: is a folder, not a file");
  EXPECT_EQ(test::readText(path + "/inside.txt"), "keep me");
  EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{"taken"});
}

TEST(SceneSave, FailedWriteLeavesTheOldFileIntact) {
  test::TempDir dir;
  const std::string path = dir.file("scene.json");
  const std::string old = test::readText(test::repoPath("scenes/examples/two_boxes.json"));
  test::writeText(path, old);
  // Make writes beyond 64 bytes fail (EFBIG) for this process; SIGXFSZ would kill it.
  struct rlimit saved {};
  ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = 64;
  ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
  const Scene scene = parseOk(test::readText(test::repoPath("scenes/examples/mixed.json")));
  const std::optional<std::string> err = saveScene(scene, path);
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, oldHandler);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("write failed"), std::string::npos) << *err;
  EXPECT_EQ(test::readText(path), old);
  EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{"scene.json"});
}

TEST(SceneSave, UnwritableFolderLeavesTheOldFileIntact) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores folder permissions";
  test::TempDir dir;
  const std::string path = dir.file("scene.json");
  test::writeText(path, "old");
  ::chmod(dir.path().c_str(), 0555);
  const std::optional<std::string> err = saveScene(Scene{}, path);
  ::chmod(dir.path().c_str(), 0755);
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->find("cannot create a temporary file"), std::string::npos) << *err;
  EXPECT_EQ(test::readText(path), "old");
}

TEST(SceneSave, SavingThroughASymlinkReplacesItsTarget) {
  test::TempDir dir;
  test::writeText(dir.file("real.json"), "old");
  fs::create_symlink("real.json", dir.file("link.json"));
  ASSERT_FALSE(saveScene(Scene{}, dir.file("link.json")).has_value());
  EXPECT_TRUE(fs::is_symlink(dir.file("link.json")));
  EXPECT_TRUE(loadScene(dir.file("real.json")).ok());
}

}  // namespace
}  // namespace satlab
