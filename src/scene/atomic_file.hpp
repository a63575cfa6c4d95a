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

/// Removes the temporary files that writeFileAtomically left beside `path` when its process
/// was killed mid-write: files named exactly ".NAME.tmp-PID-N" (NAME the file name of `path`
/// or of the file a symbolic link at `path` points to, PID and N decimal numbers), regular
/// files (not links), whose process PID no longer exists (kill(PID, 0) fails with ESRCH).
/// A live process's files, this process's own, and anything else in the folder are left
/// alone. Returns how many were removed. Never fails: a folder that cannot be read is skipped.
/// (Processes in another PID namespace sharing the folder look gone; their write would then
/// fail at its rename and report it, leaving the target untouched.)
int removeStaleTempFiles(const std::string& path);

/// True when `name` (a file name, no folder) is one of writeFileAtomically's temporary
/// names for `base`; sets `pid` to the process that made it.
bool isTempFileName(const std::string& name, const std::string& base, long long& pid);

}  // namespace satlab
