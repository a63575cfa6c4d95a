// `satlab shrink RECORDING.jsonl [--pair A B] [--output DIR]`: from a recording to a failing
// test in one command (docs/debugging-workflow.md). It finds the first place the recording
// fails (the earliest of: a disagreement between the engine's verdict and the exact test, an
// expectation broken in a frame, an expectation "overlap": false broken between two frames),
// or the first frame of the pair named, and writes two files:
//  - a minimal scene: the pair alone as it stood there (a static mesh cut down to its
//    triangles near the other shape; the margins and what failed in its notes), which the
//    app opens and `satlab check` runs;
//  - a GoogleTest case (export_gtest.hpp) that builds the pair with the collision core's
//    public API, asserts the exact test's verdict, its deciding axis and the gap or depth, and
//    then the claim that failed (the engine's verdict, the expectation), so that it fails
//    where the engine failed. A comment names the recording and the frame. It compiles
//    against the installed package (find_package(satlab), satlab::collide).
// No display, no GL.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "evaluation/export_gtest.hpp"
#include "world/recording.hpp"

namespace satlab {

struct ShrinkOptions {
  std::optional<std::pair<std::string, std::string>> pair;  ///< --pair A B
  std::string outputDir = ".";                              ///< --output DIR
};

/// Where a recording fails, for one pair.
struct ShrinkCase {
  std::size_t frame = 0;       ///< index; for a contact between frames, the frame before it
  std::uint32_t a = 0, b = 0;  ///< name indices
  RecordedClaim claim;
  bool failing = true;  ///< false: the pair named, where it first is, with nothing failing
  std::string what;     ///< what failed, in words
};

/// The first place the recording fails (with options.pair, for that pair), or nullopt with
/// `why` set (nothing fails, a name the recording does not have).
std::optional<ShrinkCase> findShrinkCase(const Recording& rec, const ShrinkOptions& options, std::string& why);

struct ShrunkFiles {
  std::string sceneText;  ///< the minimal scene, JSON
  std::string testText;   ///< the GoogleTest case, C++
  std::string stem;       ///< "<recording>_frame<N>_<a>_<b>"
};

/// The two files for `c`; `recordingName` names the recording in the comments.
ShrunkFiles shrinkCase(const Recording& rec, const ShrinkCase& c, const std::string& recordingName);

/// The command: loads the recording, finds the case, writes DIR/STEM.json and
/// DIR/STEM_test.cpp (each atomically: a failed write leaves what was there), says what it
/// wrote on `out`. Returns 0, 1 when nothing fails (and no pair was named), 2 for an error.
int runShrink(const std::string& path, const ShrinkOptions& options, std::FILE* out, std::FILE* err);

}  // namespace satlab
