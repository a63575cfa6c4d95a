// `satlab check` on a recording (recording.hpp): the recording's frames and names, every
// pair that overlaps in some frame with the frames where its verdict flips, and the first
// frame that breaks an expectation. Table or JSON (CheckOptions::json); terminal-safe like
// check_report.hpp. No display, no GL.
#pragma once

#include <cstdio>
#include <string>

#include "check/check_report.hpp"
#include "world/recording.hpp"

namespace satlab {

/// Writes the report on a loaded recording to `out`, and to `err` one line for the first
/// broken expectation ("satlab: PATH: expectation N failed in frame F (t = T s): ...").
/// Returns kCheckOk, or kCheckExpectationFailed when an expectation breaks in some frame.
/// CheckOptions::allPairs adds each frame's verdicts (every pair near enough to test, with
/// its signed distance and the engine's verdict); CheckOptions::frames each frame's counts;
/// CheckOptions::only filters the pairs listed; CheckOptions::staticPairs lists the static
/// shapes' overlaps. The disagreements with the engine's verdicts are always listed.
/// `framesInFile`: the recording's frames before the caller kept only the first ones.
int writeRecordingReport(const Recording& rec, const std::string& path, const CheckOptions& options, std::FILE* out,
                         std::FILE* err, std::size_t framesInFile = 0);

/// `satlab check FILE.jsonl`: loads the recording (warnings to `err`) and writes its report
/// (with CheckOptions::frames N, on its first N frames).
/// Returns kCheckOk, kCheckExpectationFailed or kCheckInvalidScene (the file does not load).
int checkRecordingFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err);

}  // namespace satlab
