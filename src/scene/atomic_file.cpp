#include "scene/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

}  // namespace

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
