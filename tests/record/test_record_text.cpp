// The text a recorder writes (docs/recording-format.md, version 2), byte for byte: every
// shape type, the static list, contacts, expectations and escaping, through the C API and
// the C++ wrapper.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "record_test_util.hpp"
#include "satlab/record.h"
#include "satlab/record.hpp"

namespace satlab::test {
namespace {

satlab_shape_info named(const char* name) { return satlab_shape_info{name, nullptr, 0.0f, nullptr}; }

// A floor, a mesh of ground, then two frames with one shape of every type a frame takes
// and the engine's contacts in the first.
TEST(RecordText, EveryShapeTheStaticListAndContacts) {
  RecordDir dir;
  const std::string path = dir.file("every.jsonl");
  satlab_recorder* r = satlab_record_open(path.c_str(), "Crates \"and\" a ball\\\x01");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(satlab_record_set_engine(r, "Test 1.0"), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_set_tolerance(r, 0.001f), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_expect(r, "crate", "floor", 0, -1.0f), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_expect(r, "ball", "floor", 1, 0.25f), SATLAB_RECORD_OK);

  const float vertices[] = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
  const uint32_t triangles[] = {0, 1, 2, 0, 2, 3};
  const float below[] = {0, 0, -1};
  satlab_shape_info ground = named("ground");
  EXPECT_EQ(satlab_record_mesh(r, &ground, vertices, 4, triangles, 2, below, nullptr), SATLAB_RECORD_OK);
  const float orange[] = {1, 0.5f, 0, 1};
  const satlab_shape_info floor{"floor", "level", 0.04f, orange};
  const float floorCenter[] = {0, 0, -0.01f}, floorHalf[] = {4, 4, 0.01f};
  EXPECT_EQ(satlab_record_aabb(r, &floor, floorCenter, floorHalf), SATLAB_RECORD_OK);

  ASSERT_EQ(satlab_record_begin_frame(r, 0, 0.0), SATLAB_RECORD_OK);
  const float h = std::sqrt(0.5f);
  const float crateCenter[] = {0, 0, 1.5f}, crateHalf[] = {0.5f, 0.5f, 0.5f}, quarterTurnZ[] = {h, 0, 0, h};
  satlab_shape_info crate = named("crate");
  EXPECT_EQ(satlab_record_obb(r, &crate, crateCenter, crateHalf, quarterTurnZ), SATLAB_RECORD_OK);
  const float ballCenter[] = {2, 0, 0.25f};
  satlab_shape_info ball = named("ball");
  EXPECT_EQ(satlab_record_sphere(r, &ball, ballCenter, 0.5f), SATLAB_RECORD_OK);
  const float p0[] = {-1, 0, 2}, p1[] = {1, 0, 2};
  satlab_shape_info ray = named("ray"), pill{"pill", "robot", 0.125f, nullptr};
  EXPECT_EQ(satlab_record_segment(r, &ray, p0, p1), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_capsule(r, &pill, p0, p1, 0.25f), SATLAB_RECORD_OK);
  const float tri[] = {0, 0, 3, 1, 0, 3, 0, 1, 3};
  satlab_shape_info triangle = named("tri");
  EXPECT_EQ(satlab_record_triangle(r, &triangle, tri), SATLAB_RECORD_OK);
  const float corners[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  const float rockCenter[] = {-2, 0, 0.1f};
  satlab_shape_info rock = named("rock \xc3\xa9");  // UTF-8 passes as it is
  EXPECT_EQ(satlab_record_hull(r, &rock, corners, 4, rockCenter, quarterTurnZ), SATLAB_RECORD_OK);
  const float down[] = {0, 0, -1}, contactPoint[] = {2, 0, -0.25f};
  EXPECT_EQ(satlab_record_contact(r, "ball", "floor", 1, 0.25f, down, contactPoint, 1), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_contact(r, "crate", "ground", 0, 1.0f, down, nullptr, 0), SATLAB_RECORD_OK);
  ASSERT_EQ(satlab_record_end_frame(r), SATLAB_RECORD_OK);

  ASSERT_EQ(satlab_record_begin_frame(r, 2, 0.05), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_sphere(r, &ball, ballCenter, 0.5f), SATLAB_RECORD_OK);
  ASSERT_EQ(satlab_record_end_frame(r), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_OK);

  const std::string header =
      R"({"recording": 2, "title": "Crates \"and\" a ball\\\u0001", "engine": "Test 1.0", )"
      R"("tolerance": 0.00100000005, "expect": [{"a": "crate", "b": "floor", "overlap": false}, )"
      R"({"a": "ball", "b": "floor", "overlap": true, "max_depth": 0.25}], "static": [)"
      R"({"name": "ground", "type": "mesh", "vertices": [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], )"
      R"("triangles": [[0, 1, 2], [0, 2, 3]], "center": [0, 0, -1]}, )"
      R"({"name": "floor", "type": "aabb", "center": [0, 0, -0.00999999978], "half_extents": [4, 4, 0.00999999978], )"
      R"("margin": 0.0399999991, "group": "level", "color": [1, 0.5, 0, 1]}]})"
      "\n";
  const std::string frame0 =
      R"({"frame": 0, "time": 0, "shapes": [)"
      R"({"name": "crate", "type": "obb", "center": [0, 0, 1.5], "half_extents": [0.5, 0.5, 0.5], )"
      R"("quaternion": [0.707106769, 0, 0, 0.707106769]}, )"
      R"({"name": "ball", "type": "sphere", "center": [2, 0, 0.25], "radius": 0.5}, )"
      R"({"name": "ray", "type": "segment", "p0": [-1, 0, 2], "p1": [1, 0, 2]}, )"
      R"({"name": "pill", "type": "capsule", "p0": [-1, 0, 2], "p1": [1, 0, 2], "radius": 0.25, "margin": 0.125, )"
      R"("group": "robot"}, )"
      R"({"name": "tri", "type": "triangle", "points": [[0, 0, 3], [1, 0, 3], [0, 1, 3]]}, )"
      "{\"name\": \"rock \xc3\xa9\", "
      R"("type": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], "center": [-2, 0, 0.100000001], )"
      R"("quaternion": [0.707106769, 0, 0, 0.707106769]}], )"
      R"("contacts": [{"a": "ball", "b": "floor", "touching": true, "depth": 0.25, "normal": [0, 0, -1], )"
      R"("points": [[2, 0, -0.25]]}, )"
      R"({"a": "crate", "b": "ground", "touching": false, "distance": 1, "normal": [0, 0, -1], "points": []}]})"
      "\n";
  const std::string frame2 =
      R"({"frame": 2, "time": 0.05, "shapes": [{"name": "ball", "type": "sphere", "center": [2, 0, 0.25], )"
      R"("radius": 0.5}]})"
      "\n";
  EXPECT_EQ(fileText(path), header + frame0 + frame2);
}

// A recording closed before its first frame is its header alone; one with no settings has
// the version and the title only.
TEST(RecordText, ARecordingWithoutFramesIsItsHeader) {
  RecordDir dir;
  const std::string path = dir.file("empty.jsonl");
  EXPECT_EQ(satlab_record_close(satlab_record_open(path.c_str(), nullptr)), SATLAB_RECORD_OK);
  EXPECT_EQ(fileText(path), "{\"recording\": 2, \"title\": \"\"}\n");
}

// With reports_contacts on, a frame where the engine found nothing says so: "contacts": [].
TEST(RecordText, AnEngineThatReportsContactsWritesAnEmptyList) {
  RecordDir dir;
  const std::string path = dir.file("apart.jsonl");
  satlab_recorder* r = satlab_record_open(path.c_str(), "apart");
  EXPECT_EQ(satlab_record_set_reports_contacts(r, 1), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_begin_frame(r, 7, 1.25), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_end_frame(r), SATLAB_RECORD_OK);
  // close ends an open frame as end_frame would.
  EXPECT_EQ(satlab_record_begin_frame(r, 8, 1.5), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_OK);
  EXPECT_EQ(fileText(path),
            "{\"recording\": 2, \"title\": \"apart\"}\n"
            "{\"frame\": 7, \"time\": 1.25, \"shapes\": [], \"contacts\": []}\n"
            "{\"frame\": 8, \"time\": 1.5, \"shapes\": [], \"contacts\": []}\n");
}

// Control characters in a title are written as \u00XX, DEL included; a tab too.
TEST(RecordText, TitlesAndEnginesAreEscaped) {
  RecordDir dir;
  const std::string path = dir.file("escaped.jsonl");
  satlab_recorder* r = satlab_record_open(path.c_str(), "a\tb\nc\x7f\x1f");
  EXPECT_EQ(satlab_record_set_engine(r, "\"quoted\" \\ engine"), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_OK);
  EXPECT_EQ(fileText(path),
            R"({"recording": 2, "title": "a\u0009b\u000ac\u007f\u001f", "engine": "\"quoted\" \\ engine"})"
            "\n");
}

// The C++ wrapper writes what the C calls write.
TEST(RecordText, TheWrapperWritesWhatTheCApiWrites) {
  RecordDir dir;
  const std::string viaC = dir.file("c.jsonl"), viaCpp = dir.file("cpp.jsonl");
  {
    satlab_recorder* r = satlab_record_open(viaC.c_str(), "both");
    satlab_record_set_engine(r, "Test 1.0");
    satlab_record_expect(r, "a", "b", 0, -1.0f);
    const float c[] = {0, 0, 0}, half[] = {1, 1, 1}, q[] = {1, 0, 0, 0}, n[] = {1, 0, 0};
    const satlab_shape_info wall{"wall", nullptr, 0.0f, nullptr}, a{"a", "g", 0.5f, nullptr};
    satlab_record_aabb(r, &wall, c, half);
    satlab_record_begin_frame(r, 1, 0.5);
    satlab_record_obb(r, &a, c, half, q);
    const float b0[] = {0, 0, 0}, b1[] = {0, 0, 1}, p[] = {0, 0, 0, 1, 1, 1};
    const satlab_shape_info b{"b", nullptr, 0.0f, nullptr}, h{"h", nullptr, 0.0f, nullptr};
    satlab_record_capsule(r, &b, b0, b1, 0.5f);
    satlab_record_hull(r, &h, p, 2, c, q);
    satlab_record_contact(r, "a", "b", 1, 0.5f, n, p, 2);
    satlab_record_end_frame(r);
    ASSERT_EQ(satlab_record_close(r), SATLAB_RECORD_OK);
  }
  {
    Recorder rec(viaCpp, "both");
    EXPECT_TRUE(rec.setEngine("Test 1.0"));
    EXPECT_TRUE(rec.expect("a", "b", false));
    EXPECT_TRUE(rec.aabb({"wall"}, {0, 0, 0}, {1, 1, 1}));
    EXPECT_TRUE(rec.beginFrame(1, 0.5));
    EXPECT_TRUE(rec.obb({"a", "g", 0.5f}, {0, 0, 0}, {1, 1, 1}, {1, 0, 0, 0}));
    EXPECT_TRUE(rec.capsule({"b"}, {0, 0, 0}, {0, 0, 1}, 0.5f));
    const float p[] = {0, 0, 0, 1, 1, 1};
    EXPECT_TRUE(rec.hull({"h"}, p, 2));
    EXPECT_TRUE(rec.contact("a", "b", true, 0.5f, {1, 0, 0}, p, 2));
    EXPECT_TRUE(rec.endFrame());
    EXPECT_TRUE(rec.close());
    EXPECT_STREQ(rec.error(), "");
  }
  EXPECT_EQ(fileText(viaCpp), fileText(viaC));
}

// A number is written as %.9g of its float prints it: 9 significant digits, read back as
// the same float.
TEST(RecordText, NumbersReadBackAsTheSameFloat) {
  RecordDir dir;
  const std::string path = dir.file("numbers.jsonl");
  const float values[] = {0.1f, 1.0f / 3.0f, 123456.789f, 1e-7f, -2.5e8f, 0.0f};
  {
    Recorder rec(path, "numbers");
    rec.beginFrame(0, 0.1);
    for (int i = 0; i < 6; i += 3) {
      rec.segment({i == 0 ? "s0" : "s1"}, {values[i], values[i + 1], values[i + 2]}, {0, 0, 0});
    }
    EXPECT_TRUE(rec.close());
  }
  const std::string text = fileText(path);
  for (const float v : values) {
    char expected[32];
    std::snprintf(expected, sizeof expected, "%.9g", static_cast<double>(v));
    EXPECT_NE(text.find(expected), std::string::npos) << expected << " in " << text;
    EXPECT_EQ(std::strtof(expected, nullptr), v);
  }
}

}  // namespace
}  // namespace satlab::test
