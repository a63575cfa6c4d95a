// base/progress.hpp: what long work reports, read from another thread, and the request to
// stop it.
#include "base/progress.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace satlab {
namespace {

TEST(Progress, WithoutAScopeTheCallsDoNothing) {
  ASSERT_EQ(currentProgress(), nullptr);
  progressStage("Opening %s", "a.json", 10, ProgressUnit::Bytes);
  progressAt(5);
  progressAdd(5);
  progressCheck();  // nothing current: nothing to throw
}

TEST(Progress, StagesAndCountsAreWhatTheSnapshotSays) {
  Progress p;
  {
    ProgressScope scope(&p);
    EXPECT_EQ(currentProgress(), &p);
    progressStage("Opening %s", "level.json", 1000, ProgressUnit::Bytes);
    progressAdd(300);
    progressAdd(200);
  }
  EXPECT_EQ(currentProgress(), nullptr);
  ProgressSnapshot s = p.snapshot();
  EXPECT_STREQ(s.what, "Opening %s");
  EXPECT_EQ(s.subject, "level.json");
  EXPECT_EQ(s.done, 500u);
  EXPECT_EQ(s.total, 1000u);
  EXPECT_EQ(s.unit, ProgressUnit::Bytes);
  EXPECT_EQ(s.stages, 1);
  EXPECT_DOUBLE_EQ(s.fraction(), 0.5);
  // A new stage starts its count again.
  p.stage("Building the scene from %s", "level.json", 0, ProgressUnit::Shapes);
  s = p.snapshot();
  EXPECT_EQ(s.done, 0u);
  EXPECT_EQ(s.stages, 2);
  EXPECT_LT(s.fraction(), 0.0) << "no total: not a fraction";
  EXPECT_LT(s.remainingSeconds(), 0.0);
}

TEST(Progress, WhoStartsTheWorkNamesItsFirstStage) {
  Progress p;
  p.begin("Opening %s", "level.json");
  ProgressSnapshot s = p.snapshot();
  EXPECT_STREQ(s.what, "Opening %s");
  EXPECT_EQ(s.subject, "level.json");
  EXPECT_EQ(s.stages, 0) << "named, not yet begun by the work";
  p.stage("Opening %s", "level.json", 10, ProgressUnit::Bytes);
  EXPECT_EQ(p.snapshot().stages, 1);
}

TEST(Progress, ScopesNestAndGiveBackThePreviousOne) {
  Progress outer, inner;
  ProgressScope a(&outer);
  {
    ProgressScope b(&inner);
    progressAt(7);
    EXPECT_EQ(currentProgress(), &inner);
  }
  EXPECT_EQ(currentProgress(), &outer);
  EXPECT_EQ(inner.snapshot().done, 7u);
  EXPECT_EQ(outer.snapshot().done, 0u);
}

TEST(Progress, ACancelThrowsAtTheNextCallOfTheWork) {
  Progress p;
  ProgressScope scope(&p);
  progressAt(1);
  p.cancel();
  EXPECT_TRUE(p.snapshot().cancelRequested);
  EXPECT_THROW(progressAt(2), Cancelled);
  EXPECT_THROW(progressAdd(1), Cancelled);
  EXPECT_THROW(progressCheck(), Cancelled);
  EXPECT_THROW(progressStage("Reading %s", "x", 1, ProgressUnit::Bytes), Cancelled);
}

TEST(Progress, CancelledFromAnotherThreadTheWorkStops) {
  Progress p;
  std::atomic<std::uint64_t> reached{0};
  bool stopped = false;
  std::thread worker([&] {
    ProgressScope scope(&p);
    try {
      progressStage("Generating the level", "", 0, ProgressUnit::Shapes);
      for (std::uint64_t i = 0;; ++i) {  // stops only when cancelled
        progressAt(i);
        reached = i;
      }
    } catch (const Cancelled&) {
      stopped = true;
    }
  });
  while (reached.load() < 1000) std::this_thread::yield();
  EXPECT_GT(p.snapshot().done, 0u);
  p.cancel();
  worker.join();
  EXPECT_TRUE(stopped);
}

TEST(Progress, TheRestIsEstimatedFromThePaceSoFar) {
  ProgressSnapshot s;
  s.total = 100;
  s.done = 25;
  s.stageSeconds = 2.0;
  EXPECT_NEAR(s.remainingSeconds(), 6.0, 1e-9);  // a quarter in 2 s: three quarters in 6 s
  s.stageSeconds = 0.2;
  EXPECT_LT(s.remainingSeconds(), 0.0) << "too early to judge";
  s.stageSeconds = 2.0;
  s.done = 1;
  EXPECT_LT(s.remainingSeconds(), 0.0) << "too little done to judge";
  s.done = 100;
  EXPECT_LT(s.remainingSeconds(), 0.0) << "all counted: what is left is not counted";
}

TEST(Progress, AStageDelayWaitsAndACancelCutsItShort) {
  Progress p;
  p.setStageDelay(0.05);
  auto t0 = std::chrono::steady_clock::now();
  p.stage("Reading %s", "a", 0, ProgressUnit::None);
  EXPECT_GE(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 0.05);

  Progress slow;
  slow.setStageDelay(60.0);
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    slow.cancel();
  });
  t0 = std::chrono::steady_clock::now();
  EXPECT_THROW(slow.stage("Reading %s", "a", 0, ProgressUnit::None), Cancelled);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
  canceller.join();
}

}  // namespace
}  // namespace satlab
