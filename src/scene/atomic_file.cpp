#include "scene/atomic_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace satlab {
namespace {

std::string errorText(int err) { return std::strerror(err); }

// Follows a symbolic link so that rename replaces the link's target, not the link.
std::string resolveTarget(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
  char buf[PATH_MAX];
  if (::realpath(path.c_str(), buf) == nullptr) return path;
  return buf;
}

std::string folderOf(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string baseOf(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool writeAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool allDigits(const std::string& s, std::size_t from, std::size_t to) {
  if (from >= to || to - from > 18) return false;  // 18 digits fit a long long
  for (std::size_t i = from; i < to; ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
  }
  return true;
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

}  // namespace

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
  const std::string target = resolveTarget(path);
  if (target != path) removed += removeStaleIn(folderOf(target), baseOf(target));
  return removed;
}

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view contents) {
  if (path.empty()) return std::string("cannot save: no file name given");
  const std::string target = resolveTarget(path);
  if (!target.empty() && target.back() == '/') return path + ": cannot save: the name is a folder";
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

  const auto abandon = [&](const std::string& what) {
    const int err = errno;
    ::close(fd);
    ::unlink(temp.c_str());
    return std::optional<std::string>(path + ": cannot save: " + what + ": " + errorText(err));
  };

  struct stat old {};
  if (::stat(target.c_str(), &old) == 0 && S_ISREG(old.st_mode)) ::fchmod(fd, old.st_mode & 07777);

  if (!writeAll(fd, contents)) return abandon("write failed");
  if (::fsync(fd) != 0) return abandon("flushing to disk failed");
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    return path + ": cannot save: closing the temporary file failed: " + errorText(err);
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

}  // namespace satlab
