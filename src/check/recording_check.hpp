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
/// CheckOptions::allPairs changes nothing: a recording lists the pairs that overlap.
int writeRecordingReport(const Recording& rec, const std::string& path, const CheckOptions& options, std::FILE* out,
                         std::FILE* err);

/// `satlab check FILE.jsonl`: loads the recording (warnings to `err`) and writes its report.
/// Returns kCheckOk, kCheckExpectationFailed or kCheckInvalidScene (the file does not load).
int checkRecordingFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err);

}  // namespace satlab
