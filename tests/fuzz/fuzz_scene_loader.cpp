// libFuzzer target for the scene loader and the clipboard parser (build with
// -DSATLAB_FUZZ=ON, clang only; run with tools/fuzz.sh). The properties are in
// scene_text_checks.hpp: whatever the bytes, nothing crashes; what loads survives a save
// and a reload, and saving is a fixed point after one round.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "scene_text_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string problem = satlab::fuzz::checkSceneText(text);
  if (!problem.empty()) {
    std::fprintf(stderr, "fuzz_scene_loader: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
