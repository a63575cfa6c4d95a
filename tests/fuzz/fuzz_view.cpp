// libFuzzer target for the view code without GL (build with -DSATLAB_FUZZ=ON, clang only;
// run with tools/fuzz.sh fuzz_view): the camera framed on the input's scene, the
// world-to-pixel mappings, picking and the label layout (view_checks.hpp).
#include "fuzz_input.hpp"
#include "view_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text;
  const std::optional<satlab::Scene> scene = satlab::fuzz::loadFuzzScene(data, size, &text);
  if (!scene) return 0;
  const std::string problem = satlab::fuzz::checkSceneViews(*scene);
  if (!problem.empty()) satlab::fuzz::fail("fuzz_view", problem, text);
  return 0;
}
