// libFuzzer target for pair evaluation and the traced tests (build with -DSATLAB_FUZZ=ON,
// clang only; run with tools/fuzz.sh fuzz_pairs). Loads the input's scene (its text or
// the scene its bytes decode to, scene_gen.hpp) and runs pair_checks.hpp on it: every pair,
// and every pair between two frames.
#include "fuzz_input.hpp"
#include "pair_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text;
  const std::optional<satlab::Scene> scene = satlab::fuzz::loadFuzzScene(data, size, &text);
  if (!scene) return 0;
  std::string problem = satlab::fuzz::checkScenePairs(*scene);
  if (problem.empty()) problem = satlab::fuzz::checkSceneSweeps(*scene);
  if (!problem.empty()) satlab::fuzz::fail("fuzz_pairs", problem, text);
  return 0;
}
