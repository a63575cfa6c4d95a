#include "document/atomic_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "base/file_name.hpp"
#include "base/progress.hpp"

namespace satlab {
namespace {

std::string errorText(int err) { return std::strerror(err); }

/// As many links in a row as the kernel follows (MAXSYMLINKS); more is a loop.
constexpr int kMaxLinks = 40;

std::string folderOf(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string baseOf(const std::string& path) { return std::string(fileNameOf(path)); }

bool allDigits(const std::string& s, std::size_t from, std::size_t to) {
  if (from >= to || to - from > 18) return false;  // 18 digits fit a long long
  for (std::size_t i = from; i < to; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  return true;
}

/// N when `path` names one of this process's own open descriptors: /dev/stdin, /dev/stdout,
/// /dev/stderr, or N in /dev/fd, /proc/self/fd, /proc/thread-self/fd or any folder that is
/// one of those (/proc/PID/fd with this PID, /proc/PID/task/TID/fd). Those are links the
/// kernel makes up ("pipe:[1234]", or the file a shell opened): following them would
/// replace the shell's file, or create a file named after the pipe.
std::optional<int> ownDescriptor(const std::string& path) {
  std::string p = path;
  if (!p.empty() && p.front() == '/') p = std::filesystem::path(p).lexically_normal().string();
  if (p == "/dev/stdin") return 0;
  if (p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  const std::string name = baseOf(p);
  if (name.size() > 9 || !allDigits(name, 0, name.size()) || (name.size() > 1 && name[0] == '0')) {
    return std::nullopt;
  }
  const int fd = std::atoi(name.c_str());
  const std::string folder = folderOf(p);
  if (folder == "/dev/fd" || folder == "/proc/self/fd" || folder == "/proc/thread-self/fd") return fd;
  char buf[PATH_MAX];
  if (::realpath(folder.c_str(), buf) == nullptr) return std::nullopt;
  const std::string real = buf;
  const std::string own = "/proc/" + std::to_string(::getpid());
  if (real == own + "/fd" || real == "/proc/self/fd") return fd;
  const std::string task = own + "/task/";
  if (real.size() > task.size() + 3 && real.compare(0, task.size(), task) == 0 &&
      real.compare(real.size() - 3, 3, "/fd") == 0 && allDigits(real, task.size(), real.size() - 3)) {
    return fd;
  }
  return std::nullopt;
}

/// Where a path leads: the end of its chain of symbolic links.
struct Resolved {
  std::string path;       ///< the end of the chain: the file to replace, write or create
  std::optional<int> fd;  ///< the chain ends in this process's own descriptor
  bool exists = false;    ///< `path` exists (and is no link)
  unsigned mode = 0;      ///< its st_mode when it exists
  std::string error;      ///< non-empty: the chain could not be followed
};

Resolved resolve(const std::string& path) {
  Resolved r;
  std::string p = path;
  for (int links = 0;; ++links) {
    if (const std::optional<int> fd = ownDescriptor(p)) {
      r.path = p;
      r.fd = fd;
      return r;
    }
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) {
      r.path = p;  // absent: a dangling link's target is created (ENOENT from a missing folder fails later)
      if (errno != ENOENT) r.error = "cannot look at " + p + ": " + errorText(errno);
      return r;
    }
    if (!S_ISLNK(st.st_mode)) {
      r.path = p;
      r.exists = true;
      r.mode = static_cast<unsigned>(st.st_mode);
      return r;
    }
    if (links == kMaxLinks) {
      r.path = p;
      r.error = "more than " + std::to_string(kMaxLinks) + " symbolic links in a row";
      return r;
    }
    char buf[PATH_MAX];
    const ssize_t n = ::readlink(p.c_str(), buf, sizeof buf);
    if (n <= 0 || n >= static_cast<ssize_t>(sizeof buf)) {
      r.path = p;
      r.error = "cannot read the symbolic link " + p + (n < 0 ? ": " + errorText(errno) : std::string());
      return r;
    }
    const std::string target(buf, static_cast<std::size_t>(n));
    p = target.front() == '/' ? target : folderOf(p) + "/" + target;
  }
}

/// "it leads to X, which " when the chain of links ends elsewhere than `path`.
std::string leadsTo(const std::string& path, const Resolved& r) {
  return r.path == path ? std::string() : "it leads to " + r.path + ", which ";
}

std::string descriptorName(int fd) {
  if (fd == 0) return "standard input";
  if (fd == 1) return "standard output";
  if (fd == 2) return "standard error";
  return "descriptor " + std::to_string(fd);
}

int removeStaleIn(const std::string& folder, const std::string& base) {
  DIR* dir = ::opendir(folder.c_str());
  if (dir == nullptr) return 0;
  int removed = 0;
  const long long self = ::getpid();
  while (const dirent* e = ::readdir(dir)) {
    long long pid = 0;
    const std::string name = e->d_name;
    if (!isTempFileName(name, base, pid) || pid == self || pid <= 0 || pid > INT_MAX) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to ask)
    const std::string full = folder + "/" + name;
    struct stat st {};
    if (::lstat(full.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    if (::unlink(full.c_str()) == 0) ++removed;
  }
  ::closedir(dir);
  return removed;
}

/// This process's descriptor `fd`, written at its offset (an append-mode descriptor appends).
std::optional<std::string> writeToDescriptor(const std::string& path, int fd, std::string_view contents) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return path + ": cannot write: " + descriptorName(fd) + " is not open";
  if (S_ISDIR(st.st_mode)) return path + ": cannot write: " + descriptorName(fd) + " is a folder";
  if (const int err = writeAllTo(fd, contents)) return path + ": cannot write: " + errorText(err);
  return std::nullopt;
}

/// A character device or a FIFO, opened and written; never created, truncated or replaced.
std::optional<std::string> writeInPlace(const std::string& path, const Resolved& r, std::string_view contents) {
  // O_NONBLOCK: opening a FIFO that no process reads fails at once (ENXIO) instead of
  // waiting for a reader forever; a device that would block on open does not either.
  const int fd = ::open(r.path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    if (err == ENXIO && S_ISFIFO(r.mode)) {
      return path + ": cannot write: no process is reading the FIFO" + (r.path == path ? "" : " " + r.path);
    }
    return path + ": cannot write: " + errorText(err);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
    ::close(fd);
    return path + ": cannot write: it changed while it was opened";
  }
  // Opened: now writes wait for the reader like any other program's.
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  int err = writeAllTo(fd, contents);
  if (::close(fd) != 0 && err == 0 && errno != EINTR) err = errno;
  if (err != 0) return path + ": cannot write: " + errorText(err);
  return std::nullopt;
}

/// A regular file (or none yet) at `target`: a temporary file beside it, renamed over it.
std::optional<std::string> replaceAtomically(const std::string& path, const Resolved& r, std::string_view contents) {
  const std::string& target = r.path;
  const std::string folder = folderOf(target);

  // A hidden name beside the target, unique to this process and call; O_EXCL makes
  // sure an existing file is never reused.
  static std::atomic<unsigned> counter{0};
  std::string temp;
  int fd = -1;
  for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
    temp = folder + "/." + baseOf(target) + ".tmp-" + std::to_string(::getpid()) + "-" +
           std::to_string(counter.fetch_add(1));
    fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    return path + ": cannot save: cannot create a temporary file in " + folder + ": " + errorText(errno);
  }

  const auto abandon = [&](const std::string& what, int err) {
    ::close(fd);
    ::unlink(temp.c_str());
    return std::optional<std::string>(path + ": cannot save: " + what + (err != 0 ? ": " + errorText(err) : ""));
  };

  if (r.exists) ::fchmod(fd, r.mode & 07777);

  try {
    // In pieces, so that the work's progress (base/progress.hpp) counts them; stopped, the
    // temporary file goes and the target is left as it was.
    progressStage("Writing %s", baseOf(target), contents.size(), ProgressUnit::Bytes);
    constexpr std::size_t kPiece = std::size_t(4) << 20;
    for (std::size_t written = 0; written < contents.size();) {
      const std::size_t piece = std::min(contents.size() - written, kPiece);
      if (const int err = writeAllTo(fd, contents.substr(written, piece))) return abandon("write failed", err);
      written += piece;
      progressAt(written);
    }
    if (::fsync(fd) != 0) return abandon("flushing to disk failed", errno);
    progressCheck();
  } catch (const Cancelled&) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw;
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return path + ": cannot save: closing the temporary file failed: " + errorText(err);
  }
  // What was a file or nothing a moment ago may be something else now: it is not replaced.
  struct stat now {};
  if (::lstat(target.c_str(), &now) == 0 && !S_ISREG(now.st_mode)) {
    ::unlink(temp.c_str());
    return path + ": cannot save: " + leadsTo(path, r) + "is now " + fileTypeText(now.st_mode) +
           ", not a regular file; satlab does not replace it";
  }
  if (::rename(temp.c_str(), target.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return path + ": cannot save: replacing the file failed: " + errorText(err);
  }
  // Make the rename itself durable; failing here no longer loses data, so it is ignored.
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return std::nullopt;
}

}  // namespace

int writeAllTo(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        // A descriptor someone else set non-blocking (a shared pipe): wait until it drains.
        pollfd p{fd, POLLOUT, 0};
        if (::poll(&p, 1, -1) < 0 && errno != EINTR) return errno;
        continue;
      }
      return errno;
    }
    if (n == 0) return EIO;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

std::optional<int> descriptorNamedBy(const std::string& path) {
  if (path.empty()) return std::nullopt;
  const Resolved r = resolve(path);
  return r.error.empty() ? r.fd : std::nullopt;
}

std::string fileTypeText(unsigned mode) {
  const auto m = static_cast<mode_t>(mode);
  if (S_ISREG(m)) return "a regular file";
  if (S_ISDIR(m)) return "a folder";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISSOCK(m)) return "a socket";
  if (S_ISLNK(m)) return "a symbolic link";
  return "a file of an unknown type";
}

bool isTempFileName(const std::string& name, const std::string& base, long long& pid) {
  // "." + base + ".tmp-" + PID + "-" + N
  const std::string prefix = "." + base + ".tmp-";
  if (base.empty() || name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return false;
  const std::size_t dash = name.find('-', prefix.size());
  if (dash == std::string::npos || !allDigits(name, prefix.size(), dash) || !allDigits(name, dash + 1, name.size())) {
    return false;
  }
  pid = std::stoll(name.substr(prefix.size(), dash - prefix.size()));
  return true;
}

int removeStaleTempFiles(const std::string& path) {
  if (path.empty() || path.back() == '/') return 0;
  int removed = removeStaleIn(folderOf(path), baseOf(path));
  const Resolved r = resolve(path);
  if (!r.fd && r.error.empty() && !r.path.empty() && r.path.back() != '/' &&
      (folderOf(r.path) != folderOf(path) || baseOf(r.path) != baseOf(path))) {
    removed += removeStaleIn(folderOf(r.path), baseOf(r.path));
  }
  return removed;
}

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view contents,
                                               NonRegularTarget nonRegular) {
  if (path.empty()) return std::string("cannot save: no file name given");
  if (path.back() == '/') return path + ": cannot save: the name is a folder";
  const Resolved r = resolve(path);
  if (!r.error.empty()) return path + ": cannot save: " + r.error;
  if (r.fd) {
    if (nonRegular == NonRegularTarget::WriteInPlace) return writeToDescriptor(path, *r.fd, contents);
    return path + ": cannot save: " + leadsTo(path, r) + "names satlab's own " + descriptorName(*r.fd) +
           ", not a regular file; satlab does not replace it";
  }
  if (r.path.back() == '/') return path + ": cannot save: " + leadsTo(path, r) + "is a folder";
  if (!r.exists || S_ISREG(static_cast<mode_t>(r.mode))) return replaceAtomically(path, r, contents);
  const auto m = static_cast<mode_t>(r.mode);
  if (S_ISDIR(m)) return path + ": cannot save: " + leadsTo(path, r) + "is a folder, not a file";
  if (nonRegular == NonRegularTarget::WriteInPlace && (S_ISCHR(m) || S_ISFIFO(m))) {
    return writeInPlace(path, r, contents);
  }
  return path + ": cannot save: " + leadsTo(path, r) + "is " + fileTypeText(r.mode) +
         ", not a regular file; satlab does not replace it";
}

}  // namespace satlab
