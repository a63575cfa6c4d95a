// Between two frames (swept_pairs.hpp, recording.hpp's betweenFrames): the pairs that first
// touch between two poses of a scene, and between the frames of a recording, a real
// engine's included.
#include <cmath>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "../document/scene_test_util.hpp"
#include "world/recording.hpp"
#include "world/swept_pairs.hpp"

namespace satlab {
namespace {

SceneShape shape(const std::string& name, ShapeGeometry g) {
  SceneShape s;
  s.name = name;
  s.geometry = g;
  return s;
}

Scene sceneOf(std::vector<SceneShape> shapes) {
  Scene s;
  s.shapes = std::move(shapes);
  return s;
}

TEST(SweptPairs, ABallThroughAWallBetweenTwoPoses) {
  const Aabb wall{{0, 0, 0}, {0.1f, 2, 2}};
  const Scene before = sceneOf(
      {shape("wall", wall), shape("ball", Sphere{{-3, 0, 0}, 0.4f}), shape("far", Aabb{{0, 50, 0}, {1, 1, 1}})});
  const Scene after =
      sceneOf({shape("wall", wall), shape("ball", Sphere{{3, 0, 0}, 0.4f}), shape("far", Aabb{{0, 50, 0}, {1, 1, 1}})});
  const SweptContacts c = sweptContacts(before, after);
  ASSERT_EQ(c.contacts.size(), 1u);
  const SweptContact& k = c.contacts[0];
  EXPECT_EQ(k.a, 0u);
  EXPECT_EQ(k.b, 1u);
  EXPECT_TRUE(k.through);
  EXPECT_EQ(k.result.test, TestId::SweptSphereAabb);
  EXPECT_TRUE(k.result.swapped);                    // the core takes the sphere first
  EXPECT_NEAR(k.result.toi, 2.5f / 6.0f, 1e-6f);    // its surface reaches x = -0.1
  EXPECT_EQ(k.result.normal, glm::vec3(-1, 0, 0));  // from the wall (a) to the ball (b), on its -x side
  EXPECT_EQ(c.candidates, 1u);                      // the far box is not asked
}

TEST(SweptPairs, ACapsuleTurningMostOfAHalfTurnSweepsPastTheBoundsOfBothPoses) {
  // Along X, it turns 170 degrees about its midpoint (through +Y): the box beside it at y = 1.8
  // is outside both poses' bounds, and its end passes through it halfway.
  const Aabb box{{0, 1.8f, 0}, {0.3f, 0.1f, 1}};
  const float c = std::cos(glm::radians(170.0f)), s = std::sin(glm::radians(170.0f));
  const Scene before = sceneOf({shape("box", box), shape("arm", Capsule{{-2, 0, 0}, {2, 0, 0}, 0.1f})});
  const Scene after = sceneOf({shape("box", box), shape("arm", Capsule{{-2 * c, -2 * s, 0}, {2 * c, 2 * s, 0}, 0.1f})});
  const SweptContacts contacts = sweptContacts(before, after);
  ASSERT_EQ(contacts.contacts.size(), 1u);
  EXPECT_EQ(contacts.contacts[0].result.test, TestId::AdvanceCapsuleObb);
  EXPECT_TRUE(contacts.contacts[0].through);
  EXPECT_GT(contacts.contacts[0].result.toi, 0.3f);
  EXPECT_LT(contacts.contacts[0].result.toi, 0.6f);
}

TEST(SweptPairs, OnlyContactsThatBeginAreListed) {
  // Two boxes that already touch, moving together; two that never move; a box that grows
  // (no test between two frames: it is not one shape moved) past a sphere.
  const Scene before = sceneOf({shape("a", Aabb{{0, 0, 0}, {1, 1, 1}}), shape("b", Aabb{{1.5f, 0, 0}, {1, 1, 1}}),
                                shape("c", Aabb{{10, 0, 0}, {1, 1, 1}}), shape("d", Aabb{{10.5f, 0, 0}, {1, 1, 1}}),
                                shape("g", Aabb{{0, 5, 0}, {0.5f, 0.5f, 0.5f}}), shape("e", Sphere{{2, 5, 0}, 0.5f})});
  Scene after = before;
  std::get<Aabb>(after.shapes[0].geometry).center.y += 0.5f;
  std::get<Aabb>(after.shapes[1].geometry).center.y += 0.5f;
  std::get<Aabb>(after.shapes[4].geometry).half = glm::vec3(3.0f);
  const SweptContacts c = sweptContacts(before, after);
  EXPECT_TRUE(c.contacts.empty());
  EXPECT_EQ(c.untested, 1u);  // the growing box and the sphere
}

TEST(SweptPairs, ASegmentThroughABoxIsAFlatBoxInTime) {
  // A segment (a shot) crosses a thin box between two frames; a turning one sweeps a post.
  const Scene before = sceneOf(
      {shape("wall", Aabb{{0, 0, 0}, {0.05f, 2, 2}}), shape("shot", Segment{{-3, 0, 0}, {-2.5f, 0, 0}}),
       shape("stick", Segment{{-1, 5, 0}, {1, 5, 0}}), shape("post", Aabb{{0.7f, 5.6f, 0}, {0.05f, 0.05f, 1}})});
  Scene after = before;
  after.shapes[1].geometry = Segment{{2.5f, 0, 0}, {3, 0, 0}};
  after.shapes[2].geometry = Segment{{0, 4, 0}, {0, 6, 0}};  // a quarter turn about its midpoint
  const SweptContacts c = sweptContacts(before, after);
  ASSERT_EQ(c.contacts.size(), 2u);
  EXPECT_EQ(c.untested, 0u);
  // The shot's front end (-2.5) reaches the wall's face (-0.05) after 2.45 of 5.5.
  EXPECT_EQ(c.contacts[0].result.test, TestId::SweptObbObb);
  EXPECT_TRUE(c.contacts[0].through);
  EXPECT_NEAR(c.contacts[0].result.toi, 2.45f / 5.5f, 1e-5f);
  // The stick turns past the post: advancement, at the angle where its end reaches the post's
  // near corner (0.65, 5.55): the stick's line at angle a passes it when tan a = 0.55 / 0.65.
  EXPECT_EQ(c.contacts[1].result.test, TestId::AdvanceObbObb);
  EXPECT_TRUE(c.contacts[1].through);
  const double a = std::atan2(0.55, 0.65) / (3.14159265358979323846 / 2.0);
  EXPECT_LE(c.contacts[1].result.toi, a + 1e-6);
  EXPECT_GT(c.contacts[1].result.toi, a - 0.05);
}

TEST(SweptPairs, ATurningBarIsTestedByAdvancement) {
  Obb bar{{0, 0, 0}, glm::mat3(1.0f), {2, 0.1f, 0.1f}};
  const Obb post{{1.51f, 1.0f, 0}, glm::mat3(1.0f), {0.01f, 0.5f, 1}};
  const Scene before = sceneOf({shape("bar", bar), shape("post", post)});
  bar.axes = glm::mat3(glm::vec3(0, 1, 0), glm::vec3(-1, 0, 0), glm::vec3(0, 0, 1));  // a quarter turn about Z
  const Scene after = sceneOf({shape("bar", bar), shape("post", post)});
  const SweptContacts c = sweptContacts(before, after);
  ASSERT_EQ(c.contacts.size(), 1u);
  EXPECT_EQ(c.contacts[0].result.test, TestId::AdvanceObbObb);
  EXPECT_TRUE(c.contacts[0].through);
  // The bar's upper long face (y = 0.1 in its frame) reaches the post's lower back corner
  // (1.52, 0.5) first: at angle a that corner's y in the bar's frame is 0.5 cos a - 1.52 sin a
  // = sqrt(0.5^2 + 1.52^2) cos(a + atan2(1.52, 0.5)).
  const double a = std::acos(0.1 / std::sqrt(0.25 + 1.52 * 1.52)) - std::atan2(1.52, 0.5);
  const double toi = a / (3.14159265358979323846 / 2.0);
  EXPECT_NEAR(c.contacts[0].result.toi, toi, 1e-5);
  EXPECT_LE(c.contacts[0].result.toi, toi);
}

Recording loaded(const std::string& path) {
  RecordingLoadResult r = loadRecording(path);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return std::move(r.recording);
}

TEST(SweptPairs, ARecordingMatchesShapesByName) {
  test::TempDir dir;
  // Frame 1 lists the shapes in another order and adds one; frame 2 turns "b" into a box.
  test::writeText(dir.file("r.jsonl"),
                  "{\"recording\": 1}\n"
                  "{\"frame\": 0, \"time\": 0, \"shapes\": [{\"name\": \"wall\", \"type\": \"aabb\", \"center\": [0, "
                  "0, 0], \"half_extents\": [0.1, 2, 2]}, {\"name\": \"b\", \"type\": \"sphere\", \"center\": [-3, 0, "
                  "0], \"radius\": 0.4}]}\n"
                  "{\"frame\": 1, \"time\": 0.5, \"shapes\": [{\"name\": \"new\", \"type\": \"sphere\", \"center\": "
                  "[0, 0, 0], \"radius\": 5}, {\"name\": \"b\", \"type\": \"sphere\", \"center\": [3, 0, 0], "
                  "\"radius\": 0.4}, {\"name\": \"wall\", \"type\": \"aabb\", \"center\": [0, 0, 0], "
                  "\"half_extents\": [0.1, 2, 2]}]}\n"
                  "{\"frame\": 2, \"time\": 1, \"shapes\": [{\"name\": \"b\", \"type\": \"aabb\", \"center\": [-3, 0, "
                  "0], \"half_extents\": [0.4, 0.4, 0.4]}, {\"name\": \"wall\", \"type\": \"aabb\", \"center\": [0, "
                  "0, 0], \"half_extents\": [0.1, 2, 2]}]}\n");
  const Recording rec = loaded(dir.file("r.jsonl"));
  const std::vector<BetweenFrames> between = betweenFrames(rec);
  ASSERT_EQ(between.size(), 1u);
  EXPECT_EQ(between[0].frame, 1u);
  EXPECT_EQ(rec.names[between[0].a], "wall");
  EXPECT_EQ(rec.names[between[0].b], "b");
  EXPECT_TRUE(between[0].through);
  EXPECT_NEAR(between[0].time, 0.5 * 2.5 / 6.0, 1e-7);
  EXPECT_EQ(between[0].code, "swept_sphere_aabb");
}

}  // namespace
}  // namespace satlab
