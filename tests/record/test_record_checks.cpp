// Every call's checks (record.h, "Errors"): a refused call returns its code, writes nothing,
// names itself and the reason in the error text, and the recording goes on as before.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "record_test_util.hpp"
#include "satlab/record.h"

namespace satlab::test {
namespace {

const float kOrigin[] = {0, 0, 0};
const float kOne[] = {1, 1, 1};
const float kNoTurn[] = {1, 0, 0, 0};
const float kUp[] = {0, 0, 1};
const float kNan = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

satlab_shape_info named(const char* name) { return satlab_shape_info{name, nullptr, 0.0f, nullptr}; }

/// A recorder in a frame that holds a sphere "ball"; its file's text is checked at the
/// end of each test: the refused calls left no trace.
class RecordChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.file("checks.jsonl");
    r_ = satlab_record_open(path_.c_str(), "checks");
    ASSERT_NE(r_, nullptr);
  }
  void TearDown() override {
    if (r_) {
      EXPECT_EQ(satlab_record_finish(r_), SATLAB_RECORD_OK) << satlab_record_error(r_);
      satlab_record_close(r_);
    }
  }
  void beginFrameWithBall() {
    ASSERT_EQ(satlab_record_begin_frame(r_, 1, 0.0), SATLAB_RECORD_OK);
    const satlab_shape_info ball = named("ball");
    ASSERT_EQ(satlab_record_sphere(r_, &ball, kOrigin, 1.0f), SATLAB_RECORD_OK);
  }
  /// The last error's text contains `part`.
  void expectError(const std::string& part) {
    const std::string error = satlab_record_error(r_);
    EXPECT_NE(error.find(part), std::string::npos) << "error: " << error << "\nexpected it to contain: " << part;
  }
  std::string text() {
    EXPECT_EQ(satlab_record_close(r_), SATLAB_RECORD_OK);
    r_ = nullptr;
    return fileText(path_);
  }

  RecordDir dir_;
  std::string path_;
  satlab_recorder* r_ = nullptr;
};

constexpr const char* kFrameWithBall =
    "{\"recording\": 2, \"title\": \"checks\"}\n"
    "{\"frame\": 1, \"time\": 0, \"shapes\": [{\"name\": \"ball\", \"type\": \"sphere\", \"center\": [0, 0, 0], "
    "\"radius\": 1}]}\n";

TEST_F(RecordChecks, NumbersMustBeFiniteAndWithinRange) {
  beginFrameWithBall();
  const float nanCenter[] = {0, kNan, 0}, infCenter[] = {kInf, 0, 0}, far[] = {0, 0, 2e9f};
  const satlab_shape_info s = named("s");
  EXPECT_EQ(satlab_record_sphere(r_, &s, nanCenter, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_sphere: shape \"s\": center[1] is not finite (nan)");
  EXPECT_EQ(satlab_record_sphere(r_, &s, infCenter, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("center[0] is not finite (inf)");
  EXPECT_EQ(satlab_record_sphere(r_, &s, far, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("center[2]: 2e+09 is outside the range satlab's tests are exact for (|v| <= 1e9)");
  EXPECT_EQ(satlab_record_sphere(r_, &s, kOrigin, kNan), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("radius is not finite");
  const float nanQuat[] = {kNan, 0, 0, 0}, longQuat[] = {1, 1, 0, 0};
  EXPECT_EQ(satlab_record_obb(r_, &s, kOrigin, kOne, nanQuat), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_obb: shape \"s\": quaternion[0] is not finite");
  EXPECT_EQ(satlab_record_obb(r_, &s, kOrigin, kOne, longQuat), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("quaternion [w, x, y, z] must have length 1 within 1e-3 (length 1.41421354)");
  EXPECT_EQ(satlab_record_begin_frame(r_, 2, 0.0), SATLAB_RECORD_OUT_OF_ORDER);  // still in frame 1
  EXPECT_EQ(text(), kFrameWithBall);
}

TEST_F(RecordChecks, SizesAndMarginsMustNotBeNegative) {
  beginFrameWithBall();
  const satlab_shape_info s = named("s");
  EXPECT_EQ(satlab_record_sphere(r_, &s, kOrigin, -1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_sphere: shape \"s\": radius must be >= 0 (got -1)");
  EXPECT_EQ(satlab_record_capsule(r_, &s, kOrigin, kOne, -0.5f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("radius must be >= 0 (got -0.5)");
  const float flat[] = {1, -0.25f, 1};
  EXPECT_EQ(satlab_record_aabb(r_, &s, kOrigin, flat), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("half_extents[1] must be >= 0 (got -0.25)");
  const satlab_shape_info shrunk{"s", nullptr, -0.04f, nullptr};
  EXPECT_EQ(satlab_record_sphere(r_, &shrunk, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("margin must be >= 0 (got -0.0399999991)");
  const float bright[] = {1, 2, 0, 1};
  const satlab_shape_info coloured{"s", nullptr, 0.0f, bright};
  EXPECT_EQ(satlab_record_sphere(r_, &coloured, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("rgba[1] must be in [0, 1] (got 2)");
  EXPECT_EQ(satlab_record_sphere(r_, nullptr, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("the shape info is missing");
  EXPECT_EQ(satlab_record_sphere(r_, &s, nullptr, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("center is missing");
  EXPECT_EQ(text(), kFrameWithBall);
}

TEST_F(RecordChecks, NamesMustBeShortPrintableUtf8) {
  beginFrameWithBall();
  const std::string longName(257, 'n'), longest(256, 'n');
  const char* bad[] = {"", longName.c_str(), "tab\there", "esc\x1b", "del\x7f", "c1\xc2\x85", "bad\xff", "cut\xc3"};
  const char* why[] = {"must not be empty",
                       "is 257 bytes long (at most 256)",
                       "must not contain control characters",
                       "must not contain control characters",
                       "must not contain control characters",
                       "must not contain control characters",
                       "is not UTF-8",
                       "is not UTF-8"};
  for (std::size_t i = 0; i < std::size(bad); ++i) {
    const satlab_shape_info s = named(bad[i]);
    EXPECT_EQ(satlab_record_sphere(r_, &s, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT) << i;
    expectError(why[i]);
    const satlab_shape_info grouped{"g", bad[i][0] ? bad[i] : "\x01", 0.0f, nullptr};
    EXPECT_EQ(satlab_record_sphere(r_, &grouped, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT) << i;
    expectError("shape \"g\": group ");
  }
  const satlab_shape_info noName = named(nullptr);
  EXPECT_EQ(satlab_record_sphere(r_, &noName, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("name is missing");
  // The message quotes a long name cut short.
  const satlab_shape_info tooLong = named(longName.c_str());
  satlab_record_sphere(r_, &tooLong, kOrigin, 1.0f);
  expectError("nnnnnnnn...\" is 257 bytes long");
  const satlab_shape_info fits = named(longest.c_str());
  EXPECT_EQ(satlab_record_sphere(r_, &fits, kOrigin, 1.0f), SATLAB_RECORD_OK);
}

TEST_F(RecordChecks, ANameIsUniqueWithinAFrameStaticsIncluded) {
  const satlab_shape_info wall = named("wall"), ball = named("ball");
  ASSERT_EQ(satlab_record_aabb(r_, &wall, kOrigin, kOne), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_aabb(r_, &wall, kOrigin, kOne), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_aabb: shape \"wall\": the name is already a static shape's");
  ASSERT_EQ(satlab_record_begin_frame(r_, 1, 0.0), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_sphere(r_, &wall, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("the name is already a static shape's");
  ASSERT_EQ(satlab_record_sphere(r_, &ball, kOrigin, 1.0f), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_sphere(r_, &ball, kOne, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_sphere: shape \"ball\": the name is already in this frame (names are unique)");
  ASSERT_EQ(satlab_record_end_frame(r_), SATLAB_RECORD_OK);
  // The next frame is a new one: the name is free again.
  ASSERT_EQ(satlab_record_begin_frame(r_, 2, 0.0), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_sphere(r_, &ball, kOne, 1.0f), SATLAB_RECORD_OK);
}

TEST_F(RecordChecks, ContactsNameShapesOfTheFrameOrStatics) {
  const satlab_shape_info wall = named("wall"), box = named("box");
  ASSERT_EQ(satlab_record_aabb(r_, &wall, kOrigin, kOne), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, 0.0f, kUp, nullptr, 0), SATLAB_RECORD_OUT_OF_ORDER);
  expectError("satlab_record_contact: outside a frame (begin_frame first)");
  beginFrameWithBall();
  EXPECT_EQ(satlab_record_contact(r_, "ball", "ghost", 1, 0.0f, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_contact: no shape \"ghost\" in this frame or the static list");
  EXPECT_EQ(satlab_record_contact(r_, "ball", "ball", 1, 0.0f, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("a and b are the same shape \"ball\"");
  EXPECT_EQ(satlab_record_contact(r_, "ball", nullptr, 1, 0.0f, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("b is missing");
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, -0.5f, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("depth must be >= 0 (got -0.5)");
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 0, kNan, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("distance is not finite");
  const float shortNormal[] = {0, 0, 0.5f};
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, 0.0f, shortNormal, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("normal must be a unit vector within 1e-3 (length 0.5)");
  const std::vector<float> points(3 * 17, 0.0f);
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, 0.0f, kUp, points.data(), 17), SATLAB_RECORD_LIMIT);
  expectError("17 points (at most 16)");
  const float nanPoint[] = {0, 0, 0, 0, kNan, 0};
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, 0.0f, kUp, nanPoint, 2), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("points[1][1] is not finite");
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, 0.0f, kUp, nullptr, 2), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("points is missing");
  EXPECT_EQ(satlab_record_contact(r_, "ball", "wall", 1, 0.0f, kUp, points.data(), 16), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_contact(r_, "wall", "ball", 0, 1.0f, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("the pair \"wall\", \"ball\" already has a contact in this frame");
  // A shape recorded after the contact is not there yet when the contact names it.
  EXPECT_EQ(satlab_record_contact(r_, "ball", "box", 0, 1.0f, kUp, nullptr, 0), SATLAB_RECORD_BAD_ARGUMENT);
  ASSERT_EQ(satlab_record_aabb(r_, &box, kOrigin, kOne), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_contact(r_, "ball", "box", 0, 1.0f, kUp, nullptr, 0), SATLAB_RECORD_OK);
}

TEST_F(RecordChecks, MeshesAreStaticAndWellFormed) {
  const float vertices[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const uint32_t triangle[] = {0, 1, 2}, outside[] = {0, 1, 3};
  const satlab_shape_info ground = named("ground");
  EXPECT_EQ(satlab_record_mesh(r_, &ground, vertices, 3, outside, 1, nullptr, nullptr), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_mesh: shape \"ground\": triangles[0][2] is 3, not a vertex (3 vertices)");
  EXPECT_EQ(satlab_record_mesh(r_, &ground, vertices, 3, triangle, 0, nullptr, nullptr), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("a mesh needs at least one vertex and one triangle");
  const float badTurn[] = {0, 0, 0, 0};
  EXPECT_EQ(satlab_record_mesh(r_, &ground, vertices, 3, triangle, 1, nullptr, badTurn), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("quaternion [w, x, y, z] must have length 1");
  EXPECT_EQ(satlab_record_mesh(r_, &ground, vertices, 9000000, triangle, 1, nullptr, nullptr), SATLAB_RECORD_LIMIT);
  expectError("do not fit in a line of 16 MiB");
  beginFrameWithBall();
  EXPECT_EQ(satlab_record_mesh(r_, &ground, vertices, 3, triangle, 1, nullptr, nullptr), SATLAB_RECORD_OUT_OF_ORDER);
  expectError("a mesh goes in the static list only (record it before the first frame)");
  // A hull may be in a frame; it needs a point, at most 100,000.
  EXPECT_EQ(satlab_record_hull(r_, &ground, vertices, 0, nullptr, nullptr), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("a hull needs at least one point");
  EXPECT_EQ(satlab_record_hull(r_, &ground, vertices, 100001, nullptr, nullptr), SATLAB_RECORD_LIMIT);
  EXPECT_EQ(text(), kFrameWithBall);
}

TEST_F(RecordChecks, CallsOutOfOrder) {
  const satlab_shape_info s = named("s");
  EXPECT_EQ(satlab_record_end_frame(r_), SATLAB_RECORD_OUT_OF_ORDER);
  expectError("satlab_record_end_frame: no frame is open (begin_frame first)");
  beginFrameWithBall();
  EXPECT_EQ(satlab_record_set_engine(r_, "late"), SATLAB_RECORD_OUT_OF_ORDER);
  expectError("satlab_record_set_engine: the header is written when the first frame begins: set it before");
  EXPECT_EQ(satlab_record_set_tolerance(r_, 0.1f), SATLAB_RECORD_OUT_OF_ORDER);
  EXPECT_EQ(satlab_record_expect(r_, "a", "b", 0, -1.0f), SATLAB_RECORD_OUT_OF_ORDER);
  EXPECT_EQ(satlab_record_set_reports_contacts(r_, 1), SATLAB_RECORD_OUT_OF_ORDER);
  ASSERT_EQ(satlab_record_end_frame(r_), SATLAB_RECORD_OK);
  EXPECT_EQ(satlab_record_sphere(r_, &s, kOrigin, 1.0f), SATLAB_RECORD_OUT_OF_ORDER);
  expectError("shape \"s\": between frames (once a frame began, shapes go between begin_frame and end_frame)");
  EXPECT_EQ(satlab_record_begin_frame(r_, 1, 0.5), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("frame numbers must increase (got 1 after 1)");
  EXPECT_EQ(satlab_record_begin_frame(r_, 2, -0.5), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("time must not go back (got -0.5 after 0)");
  EXPECT_EQ(satlab_record_begin_frame(r_, -1, 0.5), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("frame number -1 is outside 0 to 2^53");
  EXPECT_EQ(satlab_record_begin_frame(r_, 2, std::nan("")), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("time is not finite");
  EXPECT_EQ(text(), kFrameWithBall);
}

TEST_F(RecordChecks, HeaderSettings) {
  EXPECT_EQ(satlab_record_set_tolerance(r_, -0.001f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_set_tolerance: tolerance must be >= 0 (got -0.00100000005)");
  EXPECT_EQ(satlab_record_expect(r_, "a", "a", 1, -1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("satlab_record_expect: a and b are the same shape \"a\"");
  EXPECT_EQ(satlab_record_expect(r_, "a", "", 1, -1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("b \"\" must not be empty");
  EXPECT_EQ(satlab_record_expect(r_, "a", "b", 1, kNan), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("max_depth is not finite");
  const std::string longTitle(4097, 't');
  EXPECT_EQ(satlab_record_set_engine(r_, longTitle.c_str()), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("engine is 4097 bytes long (at most 4096)");
  EXPECT_EQ(satlab_record_set_engine(r_, "bad\xc0\x80"), SATLAB_RECORD_BAD_ARGUMENT);
  expectError("engine is not UTF-8");
  EXPECT_EQ(text(), "{\"recording\": 2, \"title\": \"checks\"}\n");
}

// No recorder, a file that cannot be created: errors, never a crash.
TEST(RecordFailures, NoRecorderAndNoFile) {
  EXPECT_EQ(satlab_record_begin_frame(nullptr, 0, 0.0), SATLAB_RECORD_BAD_ARGUMENT);
  const satlab_shape_info s = named("s");
  EXPECT_EQ(satlab_record_sphere(nullptr, &s, kOrigin, 1.0f), SATLAB_RECORD_BAD_ARGUMENT);
  EXPECT_EQ(satlab_record_close(nullptr), SATLAB_RECORD_OK);
  EXPECT_STRNE(satlab_record_error(nullptr), "");

  satlab_recorder* r = satlab_record_open("/nonexistent-folder/rec.jsonl", "t");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(std::string(satlab_record_error(r)),
            "satlab_record_open: cannot create '/nonexistent-folder/rec.jsonl': No such file or directory");
  EXPECT_EQ(satlab_record_begin_frame(r, 0, 0.0), SATLAB_RECORD_IO);
  EXPECT_EQ(satlab_record_sphere(r, &s, kOrigin, 1.0f), SATLAB_RECORD_IO);
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);

  const std::string longTitle(4097, 't');
  r = satlab_record_open("/dev/null", longTitle.c_str());
  EXPECT_EQ(std::string(satlab_record_error(r)), "satlab_record_open: title is 4097 bytes long (at most 4096)");
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);
}

// A full disk (/dev/full refuses every write): the first line's write fails, and every
// later call says so; finish keeps the reason for error().
TEST(RecordFailures, AFullDiskIsAnErrorThatStays) {
  satlab_recorder* r = satlab_record_open("/dev/full", "full");
  ASSERT_NE(r, nullptr);
  EXPECT_STREQ(satlab_record_error(r), "");
  EXPECT_EQ(satlab_record_begin_frame(r, 0, 0.0), SATLAB_RECORD_IO);
  const std::string error = satlab_record_error(r);
  EXPECT_EQ(error, "satlab_record_begin_frame: writing '/dev/full': No space left on device");
  const satlab_shape_info s = named("s");
  EXPECT_EQ(satlab_record_sphere(r, &s, kOrigin, 1.0f), SATLAB_RECORD_IO);
  EXPECT_EQ(satlab_record_end_frame(r), SATLAB_RECORD_IO);
  EXPECT_EQ(satlab_record_finish(r), SATLAB_RECORD_IO);
  EXPECT_EQ(satlab_record_error(r), error);
  EXPECT_EQ(satlab_record_begin_frame(r, 1, 0.0), SATLAB_RECORD_OUT_OF_ORDER);
  EXPECT_EQ(satlab_record_close(r), SATLAB_RECORD_IO);
}

}  // namespace
}  // namespace satlab::test
