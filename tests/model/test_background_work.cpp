// model/background_work.hpp: work off the window's frame, applied on the window's thread
// when it has finished, and never when it was cancelled.
#include "model/background_work.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace satlab {
namespace {

/// Polls as the window does, a frame at a time, until the work ends (at most 10 s).
bool pollUntilDone(BackgroundWork& work) {
  for (int frame = 0; frame < 10000; ++frame) {
    if (work.poll()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

TEST(BackgroundWork, TheResultIsAppliedOnTheCallersThreadOnceFinished) {
  int document = 1;  // what the window shows: only apply() may change it
  std::thread::id appliedOn;
  BackgroundWork work("Generating the level", "", [&]() -> BackgroundWork::Apply {
    progressStage("Generating the level", "", 3, ProgressUnit::Shapes);
    for (int i = 0; i < 3; ++i) progressAt(static_cast<std::uint64_t>(i + 1));
    const int computed = 42;  // computed here, handed back
    return [&document, &appliedOn, computed] {
      document = computed;
      appliedOn = std::this_thread::get_id();
    };
  });
  ASSERT_TRUE(pollUntilDone(work));
  EXPECT_EQ(document, 1) << "nothing changes before apply()";
  EXPECT_TRUE(work.error().empty());
  EXPECT_FALSE(work.cancelled());
  const ProgressSnapshot s = work.progress();
  EXPECT_STREQ(s.what, "Generating the level");
  EXPECT_EQ(s.done, 3u);
  work.apply();
  EXPECT_EQ(document, 42);
  EXPECT_EQ(appliedOn, std::this_thread::get_id());
}

TEST(BackgroundWork, CancelledTheResultIsNeverApplied) {
  int document = 1;
  std::atomic<bool> started{false};
  BackgroundWork work("Generating the level", "", [&]() -> BackgroundWork::Apply {
    started = true;
    for (std::uint64_t i = 0;; ++i) progressAt(i);  // ends only by a cancel
    return [&document] { document = 2; };
  });
  if constexpr (SATLAB_THREADS) {
    while (!started) std::this_thread::yield();
  }
  work.cancel();
  EXPECT_TRUE(work.cancelled());
  ASSERT_TRUE(pollUntilDone(work));
  work.apply();
  EXPECT_EQ(document, 1) << "cancelled: the document is as it was";
  EXPECT_TRUE(work.cancelled());
}

TEST(BackgroundWork, AFailureIsReportedAndNothingIsApplied) {
  int document = 1;
  BackgroundWork work("Generating the level", "", [&]() -> BackgroundWork::Apply {
    throw std::runtime_error("the disk went away");
    return [&document] { document = 2; };
  });
  ASSERT_TRUE(pollUntilDone(work));
  EXPECT_EQ(work.error(), "the disk went away");
  work.apply();
  EXPECT_EQ(document, 1);
}

TEST(BackgroundWork, DroppedWhileRunningTheWorkerStopsOnItsOwn) {
  std::atomic<bool> started{false}, ended{false};
  {
    auto work = std::make_unique<BackgroundWork>("Generating the level", "", [&]() -> BackgroundWork::Apply {
      started = true;
      try {
        for (std::uint64_t i = 0;; ++i) progressAt(i);
      } catch (const Cancelled&) {
        ended = true;
        throw;
      }
    });
    while (!started) std::this_thread::yield();
  }  // the window closed, or other work replaced it
  for (int i = 0; i < 5000 && !ended; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_TRUE(ended);
}

}  // namespace
}  // namespace satlab
