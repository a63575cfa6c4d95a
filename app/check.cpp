// `satlab check SCENE [--json] [--all-pairs]`: the headless twin of the GUI. Loads the
// scene with the same loader, evaluates the pairs with the same code (scene/pair_eval,
// behind the broad phase), streams the verdicts and checks the scene's expectations. The
// report itself is check/check_report; this is the command's entry point. Needs no display.
#include "options.hpp"

#include "check/check_report.hpp"
#include "check/recording_check.hpp"

#include <cstdio>

namespace satlab {

int runCheck(const std::string& scenePath, const CheckOptions& options, std::FILE* out, std::FILE* err) {
  // A recording (docs/recording-format.md): its frames' flips and first broken expectation.
  if (isRecordingFile(scenePath)) return checkRecordingFile(scenePath, options, out, err);
  return checkSceneFile(scenePath, options, out, err);
}

}  // namespace satlab
