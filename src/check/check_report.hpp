// `satlab check`'s report, as a library: the verdicts of a scene's pairs as a table or as
// JSON, streamed as they are found, and its expectations checked. The app's `check`
// command and the fuzz targets call these; no display, no GL.
//
// Pairs: the two-phase pipeline (pipeline.hpp) runs once on the scene, over the broad
// phase (broad_phase.hpp): pairs whose padded bounds are apart are settled there, the rest
// get the exact test, and the overlapping pairs the report lists are the pipeline's
// colliding ones. By default overlapping pairs are listed and separated ones counted (how
// many by their bounds, how many by the exact test); CheckOptions::allPairs lists every
// pair, each one through the exact test. Either way the pairs come in file order (a
// ascending, then b). Memory is O(shapes + candidates): past the broad phase's limit of
// pairs (defaultPairLimit) the pipeline is not run and the candidates are streamed shape
// by shape instead, with O(shapes) memory.
//
// The report gives the pipeline's counts (pairs possible, after the tree, after the AABB
// test, exact tests, colliding) and the share of candidates the AABB test settled alone.
// With CheckOptions::frames it steps the scene's motion frame by frame and reports each
// frame.
//
// Output is safe for a terminal: names, title, path and messages have their control
// characters escaped (printable) in the table and on `err`; JSON strings are escaped by
// the JSON writer (invalid UTF-8 replaced). No number written is NaN or infinite.
#pragma once

#include "document/scene.hpp"
#include "document/scene_diagnostic.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace satlab {

struct CheckOptions {
  bool json = false;      // JSON instead of the table
  bool allPairs = false;  // list every pair (separated ones too), each through the exact test
  /// > 0: step the scene's motion this many frames (60 a second, from t = 0) through the
  /// two-phase pipeline (pipeline.hpp) after the report, and give its counts and time per
  /// frame ("frames" in JSON). A scene that does not move gives the same frame N times.
  int frames = 0;
  /// A recording's pairs reported (flips, contacts between frames, disagreements, verdicts):
  /// only those with a shape whose name or group matches one of these ('*' matches any run
  /// of characters); all when empty. Expectations are checked whatever the filter.
  std::vector<std::string> only;
  /// A recording: also list the pairs of two static shapes that overlap (skipped by default:
  /// they never move, so their verdict never changes).
  bool staticPairs = false;
  /// Each listed pair (a recording: each flip, in the frame of the flip) through the precision
  /// lens (evaluation/pair_margin.hpp): its verdict in double, exactly and moved to the
  /// origin beside the core's, flagged where float decided it. Off by default: the exact
  /// arithmetic runs only when asked.
  bool precision = false;
};

/// Exit codes of `satlab check`.
inline constexpr int kCheckOk = 0;
inline constexpr int kCheckExpectationFailed = 1;
inline constexpr int kCheckInvalidScene = 2;

/// Writes the report on a loaded scene to `out` (table or JSON) and one line per unmet
/// expectation to `err` ("satlab: PATH: expectation N failed: ..."). `path` names the scene
/// in the report. Returns kCheckOk, or kCheckExpectationFailed when an expectation of the
/// scene is not met. Throws only what allocation throws (std::bad_alloc).
int writeCheckReport(const Scene& scene, const std::string& path, const CheckOptions& options, std::FILE* out,
                     std::FILE* err);

/// A scene that did not load: "satlab: TEXT" on `err`, and with options.json the same
/// error as a JSON object {"error": {...}} on `out`. Returns kCheckInvalidScene.
int writeCheckLoadError(const SceneDiagnostic& error, const CheckOptions& options, std::FILE* out, std::FILE* err);

/// `satlab check PATH`: loads the file (warnings to `err`) and writes its report.
/// Returns kCheckOk, kCheckExpectationFailed or kCheckInvalidScene.
int checkSceneFile(const std::string& path, const CheckOptions& options, std::FILE* out, std::FILE* err);

}  // namespace satlab
