// The fast path of scene loading (internal to the loaders of scenes and recordings): plain,
// well-formed shapes read from a flat scan (json_scan.hpp) straight into SceneShape, with
// no JSON tree, reading a file a few MiB at a time so that memory follows the shapes, not
// the text. It words no message of its own: wherever the reference reader (scene_load.cpp
// over json_fields.hpp) would say anything (an error, a warning, a number note), the fast
// path leaves the element, or the whole file, to it, so every diagnostic comes from that
// one reader. What it does take, it takes to the same bits as the reference reader
// (tests/document/test_scene_fast_load.cpp and the scene fuzz target compare them).
#pragma once

#include <cstddef>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document/json_scan.hpp"
#include "document/scene.hpp"
#include "document/scene_load.hpp"

namespace satlab {

/// The object nodes[at] read as parseSceneShape reads a shape of a scene of `view`, into
/// `out`, when the reference reader would take it without a word: every field known (those
/// of its type, or one of `alsoKeys`, which the caller reads), every value valid, no number
/// it would note (tiny, or more digits than a float keeps); not a mesh or a hull. False
/// otherwise, `out` then undefined. A shape without a colour has paletteColor set.
bool fastSceneShape(const std::vector<ScanNode>& nodes, std::size_t at, ViewMode view, SceneShape& out,
                    std::initializer_list<std::string_view> alsoKeys = {});

/// Where and why the fast path left a file to the reference reader, for a file too large
/// for that reader (kMaxFullReaderBytes). With a message: an error the reference reader's
/// own functions found in one shape (its path and words). Without: where reading stopped
/// (the element of "shapes" being read, or none; the line and column of the next byte).
struct FastSceneDecline {
  std::string path;
  std::string message;
  int line = 0, column = 0;
};

/// parseScene's result for `text` by the fast path, or nullopt where the file is left to
/// the reference reader (anything unusual: see scene_fast_load.cpp), with `decline` (when
/// given) saying where. The caller has checked the size and that the text is not blank.
std::optional<SceneLoadResult> fastParseScene(std::string_view text, const std::string& sourceName,
                                              const SceneLoadOptions& options, FastSceneDecline* decline = nullptr);

/// The same for the open file `file` of `size` bytes (as stat gave it), read a few MiB at a
/// time; nullopt also when the file cannot be read or grows as it is read.
std::optional<SceneLoadResult> fastLoadScene(std::FILE* file, std::size_t size, const std::string& sourceName,
                                             const SceneLoadOptions& options, FastSceneDecline* decline = nullptr);

/// Bytes the fast path reads from a file at a time.
inline constexpr std::size_t kSceneChunkBytes = 4u * 1024u * 1024u;

}  // namespace satlab
