// One reader for the files satlab loads, scenes (scene_load.hpp) and recordings
// (world/recording.hpp): the checks on the named file before anything is read (it exists,
// is a regular file, within its kind's size limit), reading it whole or in chunks, and its
// JSON checked by precheckJson before a tree is built. Every failure comes back as a
// SceneDiagnostic naming the file (and, for JSON, the field or the line and column), with
// the same words for both kinds of file.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "document/json_fields.hpp"
#include "document/scene_diagnostic.hpp"

namespace satlab {

/// What the reader needs to know of one kind of file, for its checks and its messages.
struct FileKind {
  std::size_t maxBytes = 0;  ///< the most a file of this kind may hold
  const char* maxText = "";  ///< that limit as the messages name it: "16 MiB"
  const char* noun = "";     ///< what a folder is not: "a scene file" ("is a directory, not a scene file")
};

/// An open file, closed when it goes.
using FilePtr = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

/// The checks of readWholeFile before anything is read, then the file opened: nullopt with
/// `file` and `size` (what stat reported) set, or why not, in readWholeFile's words.
std::optional<SceneDiagnostic> openFileChecked(const std::string& path, const FileKind& kind, FilePtr& file,
                                               std::size_t& size);

/// Reads the regular file at `path` whole into `text`. Nullopt when it was read; else why
/// not, naming `path`: "cannot open: <strerror>", "is a directory, not <noun>", "not a
/// regular file", "file too large (N bytes; the limit is <maxText>)", "read error", "the
/// file changed while it was read" (it grew past the size it had when it was opened).
std::optional<SceneDiagnostic> readWholeFile(const std::string& path, const FileKind& kind, std::string& text);

/// Reads the regular file at `path` in pieces of at most `chunkBytes` (1 or more), handing
/// each in order to `take`, until the file ends or `take` returns false. The same checks as
/// readWholeFile before anything is read; then "read error", or "the file grew beyond
/// <maxText> while it was read". Exceptions from `take` pass through.
std::optional<SceneDiagnostic> readFileInChunks(const std::string& path, const FileKind& kind, std::size_t chunkBytes,
                                                const std::function<bool(std::string_view)>& take);

/// `text` checked by precheckJson and then parsed. On failure `error` holds the precheck's
/// diagnostic (a syntax error's line and column, or a JSON path), or "not valid JSON";
/// `sourceName` is the file they name. Never throws for what the text holds.
struct CheckedJson {
  OrderedJson root;
  std::optional<SceneDiagnostic> error;
};
CheckedJson parseCheckedJson(std::string_view text, const std::string& sourceName);

}  // namespace satlab
