// Replacing a file so that readers and crashes see either the old or the new contents.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

/// Writes `contents` to a new temporary file in the same folder as `path`, flushes it
/// to disk (fsync), and renames it over `path`; then syncs the folder. A symbolic link
/// at `path` is followed: its target is replaced and the link kept. An existing file's
/// permissions carry over; a new file gets 0666 minus the umask.
/// Returns nullopt on success, otherwise a message naming the path and the reason; on
/// failure the file at `path` is untouched and the temporary file has been removed.
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view contents);

}  // namespace satlab
