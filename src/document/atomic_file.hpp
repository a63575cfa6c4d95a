// Replacing a file so that readers and crashes see either the old or the new contents, and
// never replacing what is not a file.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

/// What writeFileAtomically does when `path` (after its symbolic links) is neither a regular
/// file nor absent.
enum class NonRegularTarget {
  /// An error naming the path and what it is ("is a character device, not a regular file;
  /// satlab does not replace it"), and nothing is written: the app's own files (settings,
  /// recovery, the layout) and the window's Save and Save As.
  Refuse,
  /// Written in place, never replaced: a character device (/dev/null) or a FIFO is opened
  /// for writing (O_NONBLOCK, so a FIFO without a reader is an error at once, not a hang)
  /// and written; a name for one of this process's own descriptors (/dev/stdout,
  /// /dev/stderr, /dev/fd/N, /proc/self/fd/N, also at the end of a chain of links) is
  /// written through that descriptor, so a shell's redirection, its offset and its append
  /// mode are kept. For outputs named on the command line (`satlab level --output`).
  WriteInPlace,
};

/// Writes `contents` to a new temporary file in the same folder as the target, flushes it to
/// disk (fsync), and renames it over the target; then syncs the folder. A symbolic link at
/// `path` is followed, the whole chain (up to 40 links), also when its last link dangles: the
/// file at its end is replaced (or created) in its own folder and the links are kept. An
/// existing file's permissions carry over; a new file gets 0666 minus the umask. A folder is
/// an error; any other target that is not a regular file is never renamed over: see
/// NonRegularTarget.
/// Returns nullopt on success, otherwise a message naming the path and the reason; on
/// failure the file at `path` is untouched and the temporary file has been removed.
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view contents,
                                               NonRegularTarget nonRegular = NonRegularTarget::Refuse);

/// The descriptor of this process that `path` names, also at the end of a chain of
/// symbolic links: 1 for /dev/stdout, N for /dev/fd/N or /proc/self/fd/N; nullopt for any
/// other path.
std::optional<int> descriptorNamedBy(const std::string& path);

/// Writes all of `data` to the open descriptor `fd` (retrying short writes, EINTR, and
/// EAGAIN on a descriptor in non-blocking mode). Returns 0, or the errno of the failure.
int writeAllTo(int fd, std::string_view data);

/// What a file of type `mode` (st_mode) is, in words: "a folder", "a character device",
/// "a block device", "a FIFO", "a socket", "a symbolic link", "a regular file".
std::string fileTypeText(unsigned mode);

/// Removes the temporary files that writeFileAtomically left beside `path` when its process
/// was killed mid-write: files named exactly ".NAME.tmp-PID-N" (NAME the file name of `path`
/// or of the file at the end of a chain of symbolic links at `path`, PID and N decimal
/// numbers), regular files (not links), whose process PID no longer exists (kill(PID, 0)
/// fails with ESRCH). A live process's files, this process's own, and anything else in the
/// folder are left alone. Returns how many were removed. Never fails: a folder that cannot be
/// read is skipped.
/// (Processes in another PID namespace sharing the folder look gone; their write would then
/// fail at its rename and report it, leaving the target untouched.)
int removeStaleTempFiles(const std::string& path);

/// True when `name` (a file name, no folder) is one of writeFileAtomically's temporary
/// names for `base`; sets `pid` to the process that made it.
bool isTempFileName(const std::string& name, const std::string& base, long long& pid);

}  // namespace satlab
