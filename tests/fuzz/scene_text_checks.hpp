// The properties the scene fuzz target checks on every input, shared with the regression
// test that replays fixtures (tests/document/test_fuzz_regression.cpp), so a crash found by
// the fuzzer becomes a test by dropping its input into tests/document/data/fuzz/.
#pragma once

#include <string>
#include <string_view>

#include "document/clipboard_json.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"
#include "scene_bits.hpp"

namespace satlab::fuzz {

/// Empty when `text` passes, else what went wrong:
///  - parseScene and parsePastedShapes return (a crash, a sanitizer report or an escaping
///    exception ends the process, which the fuzzer reports);
///  - a text that loads saves to text that loads again, and saving that gives the very
///    same text (save is a fixed point after one round: floats are written in their
///    shortest exact form, rotations in the form they were read);
///  - pasted shapes have unique, non-empty names;
///  - the fast path of loading and the reference reader give the same scene, to the bit,
///    with the same warnings and the same error (scene_bits.hpp).
inline std::string checkSceneText(std::string_view text) {
  const PasteResult pasted = parsePastedShapes(text, Scene{});
  for (std::size_t i = 0; i < pasted.shapes.size(); ++i) {
    if (pasted.shapes[i].name.empty()) return "a pasted shape has an empty name";
    for (std::size_t j = 0; j < i; ++j) {
      if (pasted.shapes[i].name == pasted.shapes[j].name) return "pasted names clash: " + pasted.shapes[i].name;
    }
  }

  if (std::string why = compareWithReference(text, "fuzz"); !why.empty()) return why;
  const SceneLoadResult first = parseScene(text, "fuzz");
  if (!first.ok()) return {};
  const std::string saved = sceneToJson(first.scene);
  const SceneLoadResult second = parseScene(saved, "fuzz-resave");
  if (!second.ok()) return "a loaded scene saved to text that does not load: " + second.error->text() + "\n" + saved;
  const std::string resaved = sceneToJson(second.scene);
  if (resaved != saved) return "saving is not a fixed point after one round:\n" + saved + "\n---\n" + resaved;
  return {};
}

}  // namespace satlab::fuzz
