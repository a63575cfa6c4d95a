// "Predict, then reveal" on real traces: what counts as right, the running score, what the
// feedback says, and that an open question traces every axis (an early exit would end the
// table at the answer).
#include "ui/explorer.hpp"

#include "document/scene_load.hpp"

#include <gtest/gtest.h>

#include <string>

namespace satlab::test {
namespace {

Scene parse(const std::string& json) {
  SceneLoadResult r = parseScene(json, "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

// Lesson 1's boxes: apart along Y only (A1 separates, with a gap of 1.1).
const char* kApartAlongY = R"({"version": 1, "shapes": [
  {"name": "A", "type": "aabb", "center": [0, 0, 1], "half_extents": [1, 1, 1]},
  {"name": "B", "type": "aabb", "center": [1.5, 2.6, 1.5], "half_extents": [1, 0.5, 1]}]})";

// Two unit boxes sharing a unit of space along X: they overlap on every axis.
const char* kOverlapping = R"({"version": 1, "shapes": [
  {"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
  {"name": "B", "type": "aabb", "center": [1, 0, 0], "half_extents": [1, 1, 1]}]})";

// A sphere off the box's edge, as in lesson 2: Arvo's sum 1.28 > r² = 1, no contact.
const char* kBallOffTheEdge = R"({"version": 1, "shapes": [
  {"name": "box", "type": "aabb", "center": [0, 0, 1], "half_extents": [1, 1, 1]},
  {"name": "ball", "type": "sphere", "center": [1.8, 1.8, 1], "radius": 1}]})";

PairTrace traceOf(const Scene& scene, SatMode mode = SatMode::Full) {
  ExplorerOptions options;
  options.mode = mode;
  return tracePair(scene, 0, 1, options);
}

int rowOf(const PairTrace& t, const char* name) {
  for (int i = 0; i < static_cast<int>(t.sat.rows.size()); ++i) {
    if (label(t.sat.rows[static_cast<size_t>(i)].id) == name) return i;
  }
  return -1;
}

TEST(Predict, OffUntilTurnedOnAndAQuestionOnceOn) {
  Prediction p;
  EXPECT_EQ(p.stage(), Prediction::Stage::Off);
  EXPECT_FALSE(p.hidesAnswer());
  p.setEnabled(true);
  EXPECT_EQ(p.stage(), Prediction::Stage::AskVerdict);
  EXPECT_TRUE(p.hidesAnswer());
  p.setEnabled(false);
  EXPECT_FALSE(p.hidesAnswer());
}

TEST(Predict, SeparatedThenTheRightAxisScoresOne) {
  const Scene scene = parse(kApartAlongY);
  const PairTrace t = traceOf(scene);
  ASSERT_FALSE(t.overlap);
  Prediction p;
  p.setEnabled(true);
  p.answerVerdict(false, t);
  EXPECT_EQ(p.stage(), Prediction::Stage::AskAxis);  // separated: which axis?
  EXPECT_TRUE(p.hidesAnswer());
  EXPECT_EQ(p.asked(), 0);
  p.answerAxis(rowOf(t, "A1"), t);
  EXPECT_EQ(p.stage(), Prediction::Stage::Revealed);
  EXPECT_FALSE(p.hidesAnswer());
  EXPECT_TRUE(p.lastRight());
  EXPECT_EQ(p.right(), 1);
  EXPECT_EQ(p.asked(), 1);
  EXPECT_EQ(p.feedback(), "Right: A1 separates them, with a gap of 1.1.");
}

TEST(Predict, SeparatedOnAnAxisWhereTheyOverlapIsOnlyHalfRight) {
  const Scene scene = parse(kApartAlongY);
  const PairTrace t = traceOf(scene);
  Prediction p;
  p.setEnabled(true);
  p.answerVerdict(false, t);
  p.answerAxis(rowOf(t, "A0"), t);  // on X the intervals overlap
  EXPECT_FALSE(p.lastRight());
  EXPECT_EQ(p.right(), 0);
  EXPECT_EQ(p.asked(), 1);
  EXPECT_EQ(p.feedback(), "Half right: they are separated, but on A0 the intervals overlap; A1 separates them.");
}

TEST(Predict, OverlapForAPairThatIsApartIsWrongAndNamesTheAxis) {
  const Scene scene = parse(kApartAlongY);
  const PairTrace t = traceOf(scene);
  Prediction p;
  p.setEnabled(true);
  p.answerVerdict(true, t);
  EXPECT_EQ(p.stage(), Prediction::Stage::Revealed);
  EXPECT_FALSE(p.lastRight());
  EXPECT_EQ(p.feedback(), "Not quite: they are separated; A1 separates them.");
}

TEST(Predict, OverlapForOverlappingBoxesIsRight) {
  const Scene scene = parse(kOverlapping);
  const PairTrace t = traceOf(scene);
  ASSERT_TRUE(t.overlap);
  Prediction p;
  p.setEnabled(true);
  p.answerVerdict(true, t);
  EXPECT_TRUE(p.lastRight());
  EXPECT_EQ(p.feedback(), "Right: they overlap.");
  // Asked again: a second, wrong answer keeps the first point.
  p.newQuestion();
  EXPECT_TRUE(p.hidesAnswer());
  p.answerVerdict(false, t);
  p.answerAxis(0, t);
  EXPECT_EQ(p.right(), 1);
  EXPECT_EQ(p.asked(), 2);
  EXPECT_EQ(p.feedback(), "Not quite: they overlap, on every axis; on A0 they would have to be pushed 1 apart.");
}

TEST(Predict, ATestWithoutAxesAsksOnlyTheVerdict) {
  const Scene scene = parse(kBallOffTheEdge);
  const PairTrace t = traceOf(scene);
  ASSERT_EQ(t.kind, ExplorerKind::Closest);
  Prediction p;
  p.setEnabled(true);
  p.answerVerdict(false, t);
  EXPECT_EQ(p.stage(), Prediction::Stage::Revealed);
  EXPECT_TRUE(p.lastRight());
  EXPECT_EQ(p.feedback(), "Right: they are separated.");
}

TEST(Predict, AnswersOutOfTurnChangeNothing) {
  const Scene scene = parse(kApartAlongY);
  const PairTrace t = traceOf(scene);
  Prediction p;
  p.answerVerdict(true, t);  // not asked yet
  EXPECT_EQ(p.asked(), 0);
  p.setEnabled(true);
  p.answerAxis(0, t);  // the verdict comes first
  EXPECT_EQ(p.stage(), Prediction::Stage::AskVerdict);
  p.answerVerdict(false, t);
  p.answerAxis(99, t);  // no such row
  EXPECT_EQ(p.stage(), Prediction::Stage::AskAxis);
  EXPECT_EQ(p.asked(), 0);
}

TEST(Predict, AnOpenQuestionTracesEveryAxisAndTheRevealTheUsersMode) {
  // In early-exit mode the table of a separated pair ends at its separating axis, which
  // would tell the answer; while the question is open the explorer lists all of them.
  const Scene scene = parse(kApartAlongY);
  ASSERT_EQ(traceOf(scene, SatMode::EarlyExit).sat.rows.size(), 2u);
  Explorer e;
  e.options.mode = SatMode::EarlyExit;
  e.focus(0, 1);
  e.update(scene, 0.0f, false);
  EXPECT_EQ(e.stepCount(), 2);
  e.predict.setEnabled(true);
  e.update(scene, 0.0f, false);
  EXPECT_EQ(e.stepCount(), 3);
  EXPECT_TRUE(e.predictHidesAnswer());
  e.predict.answerVerdict(false, e.trace());
  e.predict.answerAxis(rowOf(e.trace(), "A1"), e.trace());
  e.update(scene, 0.0f, false);
  EXPECT_EQ(e.stepCount(), 2);
  EXPECT_FALSE(e.predictHidesAnswer());
  EXPECT_EQ(e.predictRight(), 1);
  EXPECT_EQ(e.predictAsked(), 1);
}

TEST(Predict, FocusingAnotherPairAsksANewQuestion) {
  const Scene scene = parse(R"({"version": 1, "shapes": [
    {"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "B", "type": "aabb", "center": [1, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "C", "type": "aabb", "center": [5, 0, 0], "half_extents": [1, 1, 1]}]})");
  Explorer e;
  e.focus(0, 1);
  e.predict.setEnabled(true);
  e.update(scene, 0.0f, false);
  e.predict.answerVerdict(true, e.trace());
  EXPECT_FALSE(e.predictHidesAnswer());
  e.focus(1, 0);  // the same pair: no new question
  EXPECT_FALSE(e.predictHidesAnswer());
  e.focus(0, 2);
  EXPECT_TRUE(e.predictHidesAnswer());
  EXPECT_EQ(e.predictAsked(), 1);  // the score stays
}

}  // namespace
}  // namespace satlab::test
