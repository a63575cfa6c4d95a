// A pair's deciding margin over time (world/margin_track.hpp): the track's verdicts are the
// flips' and the core's, and a flip sits where the margin changes sign.
#include "world/margin_track.hpp"

#include "../document/scene_test_util.hpp"
#include "document/motion.hpp"
#include "evaluation/pair_eval.hpp"
#include "world/recording.hpp"

#include <gtest/gtest.h>

namespace satlab::test {
namespace {

TEST(MarginTrack, ARecordingsTrackFlipsWhereItsFlipsAre) {
  const RecordingLoadResult r = loadRecording(repoPath("scenes/recordings/box_through_floor.jsonl"));
  ASSERT_TRUE(r.ok());
  const Recording& rec = r.recording;
  const MarginTrack t = recordingMarginTrack(rec, "floor", "crate");
  ASSERT_EQ(t.samples.size(), rec.frameCount());
  const std::vector<PairFlips> flips = verdictFlips(rec);
  ASSERT_EQ(flips.size(), 1u);
  EXPECT_EQ(t.flips, flips[0].flipFrames);  // frames 41 and 52
  for (const MarginSample& s : t.samples) {
    ASSERT_TRUE(s.present);
    ASSERT_TRUE(s.margin);
    EXPECT_EQ(s.margin->overlap, s.overlap) << s.frame;  // no margins, a tolerance of 1e-6
    EXPECT_EQ(s.margin->label(), "A2") << s.frame;       // the floor's up axis decides throughout
  }
  // What decided frame 41: apart by 0.1046 the frame before, 0.00966 deep in it.
  const FlipCause c = recordedFlipCause(rec, 41, "floor", "crate");
  ASSERT_TRUE(c.before && c.after);
  EXPECT_FALSE(c.before->overlap);
  EXPECT_NEAR(c.before->value, 0.104643, 1e-5);
  EXPECT_TRUE(c.after->overlap);
  EXPECT_NEAR(c.after->value, -0.00966494, 1e-6);
  EXPECT_EQ(flipCauseText(c), "apart by 0.104643 on A2 \u2192 overlapping 0.00966494 on A2");
  // The other order names the axes the other way.
  EXPECT_EQ(recordedPairMargin(rec, 41, "crate", "floor")->label(), "B2");
  // A missing shape: not measured.
  EXPECT_FALSE(recordedPairMargin(rec, 41, "crate", "nobody"));
}

TEST(MarginTrack, AMotionsTrackIsTheCoresVerdictStepByStep) {
  const Scene s = parse(R"({"version":1,"shapes":[
    {"name":"A","type":"obb","center":[0,0,0.5],"half_extents":[1,0.5,0.5],"euler_deg":[0,0,30]},
    {"name":"B","type":"obb","center":[4,3.2,0.5],"half_extents":[0.6,0.6,0.5],"euler_deg":[0,0,-20],
     "motion":{"velocity":[-6,-4.5,0]}}]})");
  const MarginTrack t = motionMarginTrack(s, 0, 1, 2.0);
  ASSERT_EQ(t.samples.size(), 121u);
  EXPECT_FALSE(t.flips.empty());
  Scene posed = s;
  for (const MarginSample& m : t.samples) {
    for (std::size_t i = 0; i < 2; ++i) poseShapeAt(s.shapes[i], m.time, posed.shapes[i]);
    EXPECT_EQ(m.overlap, pairOverlaps(posed, 0, 1)) << m.time;
    ASSERT_TRUE(m.margin);
    const std::optional<PairMargin> direct = decidingMargin(posed, 0, 1);
    ASSERT_TRUE(direct);
    EXPECT_DOUBLE_EQ(m.margin->value, direct->value) << m.time;
  }
  // Each flip: the margin's sign changes there.
  for (std::uint32_t f : t.flips) {
    const double before = t.samples[f - 1].margin->value, after = t.samples[f].margin->value;
    EXPECT_TRUE((before > 0.0) != (after > 0.0)) << f << ": " << before << " -> " << after;
  }
  // The first sample is the scene as written.
  EXPECT_DOUBLE_EQ(t.samples[0].margin->value, decidingMargin(s, 0, 1)->value);
}

}  // namespace
}  // namespace satlab::test
