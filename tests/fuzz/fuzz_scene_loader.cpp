// libFuzzer target for the scene loader (build with -DSATLAB_FUZZ=ON, clang only; run with
// tools/fuzz.sh).
//
// Checks the loader's contract (docs/scene-format.md): whatever the bytes, parseScene
// returns (no crash, no sanitizer report, no exception). When a text loads, saving it
// must give text that loads again, and saving that must give the very same text (save is
// a fixed point after one round, since every float is written in its shortest exact form).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "scene/scene_load.hpp"
#include "scene/scene_save.hpp"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_scene_loader: %s\n%s\n", what, detail.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const satlab::SceneLoadResult first = satlab::parseScene(text, "fuzz");
  if (!first.ok()) return 0;

  const std::string saved = satlab::sceneToJson(first.scene);
  const satlab::SceneLoadResult second = satlab::parseScene(saved, "fuzz-resave");
  if (!second.ok()) fail("a loaded scene saved to text that does not load", second.error->text() + "\n" + saved);

  const std::string resaved = satlab::sceneToJson(second.scene);
  if (resaved != saved) fail("saving is not a fixed point after one round", saved + "\n---\n" + resaved);
  return 0;
}
