// The common front of the scene fuzz targets: an input's scene (its text, or the scene the
// bytes decode to, scene_gen.hpp) loaded with the app's own loader, and the way a target
// reports a broken property (a message and abort(), which libFuzzer records as a crash).
#pragma once

#include "document/scene_load.hpp"
#include "scene_gen.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace satlab::fuzz {

/// The loaded scene, or nothing when the loader rejects the text (which is the loader's
/// fuzz target's business, not this one's).
inline std::optional<Scene> loadFuzzScene(const std::uint8_t* data, std::size_t size, std::string* text = nullptr) {
  std::string scene = sceneTextOf(data, size);
  SceneLoadResult loaded = parseScene(scene, "fuzz");
  if (text) *text = std::move(scene);
  if (!loaded.ok()) return std::nullopt;
  return std::move(loaded.scene);
}

[[noreturn]] inline void fail(const char* target, const std::string& problem, const std::string& sceneText) {
  std::fprintf(stderr, "%s: %s\nscene: %.4000s\n", target, problem.c_str(), sceneText.c_str());
  std::abort();
}

}  // namespace satlab::fuzz
