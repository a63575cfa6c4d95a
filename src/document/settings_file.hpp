// Reading the small files satlab keeps between runs (settings.json, imgui.ini) so that
// whatever sits at their names cannot slow the start down or stop it: a device, a FIFO or
// a file of gigabytes is ignored with a reason, never read whole.
#pragma once

#include <cstddef>
#include <string>

namespace satlab {

/// The largest settings file read (settings.json, imgui.ini): 1 MiB. satlab writes a few
/// hundred bytes to a few kilobytes.
inline constexpr std::size_t kMaxSettingsFileBytes = 1u << 20;

struct SettingsFileRead {
  enum class Status {
    Ok,       ///< `text` holds the file
    Missing,  ///< there is no file (a first start): nothing to say
    Ignored,  ///< not a regular file, too large or unreadable: `problem` says which
  };
  Status status = Status::Missing;
  std::string text;
  /// For Ignored: "PATH: is a character device, not a regular file",
  /// "PATH: larger than 1 MiB (2097152 bytes)", "PATH: cannot read: ...".
  std::string problem;
  /// For Ignored: the file is not a regular file (a device, a FIFO, a folder, a socket),
  /// so it is not satlab's to replace either.
  bool notRegular = false;
};

/// Reads the file at `path` (following symbolic links) if it is a regular file of at most
/// `maxBytes`: checked with stat before it is opened, opened with O_NONBLOCK (a FIFO never
/// blocks the open), checked again on the open descriptor, and read up to `maxBytes` + 1
/// bytes (a file that grows meanwhile is too large, not read on).
SettingsFileRead readSettingsFile(const std::string& path, std::size_t maxBytes = kMaxSettingsFileBytes);

}  // namespace satlab
