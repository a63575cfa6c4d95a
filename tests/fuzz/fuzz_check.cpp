// libFuzzer target for `satlab check`'s report (build with -DSATLAB_FUZZ=ON, clang only;
// run with tools/fuzz.sh fuzz_check): the input's scene (its text or the scene its bytes
// decode to, scene_gen.hpp) reported as a table and as JSON, or its load error reported
// (check_checks.hpp).
#include "check_checks.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = satlab::fuzz::sceneTextOf(data, size);
  const satlab::SceneLoadResult loaded = satlab::parseScene(text, "fuzz.json");
  const std::string problem =
      loaded.ok() ? satlab::fuzz::checkSceneReports(loaded.scene) : satlab::fuzz::checkLoadErrorReports(*loaded.error);
  if (!problem.empty()) satlab::fuzz::fail("fuzz_check", problem, text);
  return 0;
}
