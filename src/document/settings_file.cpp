#include "document/settings_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>

#include "document/atomic_file.hpp"

namespace satlab {
namespace {

std::string limitText(std::size_t bytes) {
  if (bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes % (1u << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

SettingsFileRead ignored(const std::string& path, const std::string& why, bool notRegular = false) {
  SettingsFileRead r;
  r.status = SettingsFileRead::Status::Ignored;
  r.problem = path + ": " + why;
  r.notRegular = notRegular;
  return r;
}

SettingsFileRead checkStat(const std::string& path, const struct stat& st, std::size_t maxBytes) {
  if (!S_ISREG(st.st_mode)) {
    return ignored(path, "is " + fileTypeText(static_cast<unsigned>(st.st_mode)) + ", not a regular file", true);
  }
  if (st.st_size < 0 || static_cast<unsigned long long>(st.st_size) > maxBytes) {
    return ignored(path, "larger than " + limitText(maxBytes) + " (" + std::to_string(st.st_size) + " bytes)");
  }
  return SettingsFileRead{SettingsFileRead::Status::Ok, {}, {}, false};
}

}  // namespace

SettingsFileRead readSettingsFile(const std::string& path, std::size_t maxBytes) {
  // A look before opening: a device is never opened (opening some has effects of its own).
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return {};
    return ignored(path, std::string("cannot read: ") + std::strerror(errno));
  }
  if (SettingsFileRead bad = checkStat(path, st, maxBytes); bad.status != SettingsFileRead::Status::Ok) return bad;

  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno == ENOENT) return {};
    return ignored(path, std::string("cannot read: ") + std::strerror(errno));
  }
  // What was opened is what counts: the name may lead elsewhere by now.
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    return ignored(path, std::string("cannot read: ") + std::strerror(err));
  }
  if (SettingsFileRead bad = checkStat(path, st, maxBytes); bad.status != SettingsFileRead::Status::Ok) {
    ::close(fd);
    return bad;
  }
  SettingsFileRead r;
  r.status = SettingsFileRead::Status::Ok;
  r.text.resize(maxBytes + 1);
  std::size_t done = 0;
  while (done < r.text.size()) {
    const ssize_t n = ::read(fd, &r.text[done], r.text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      return ignored(path, std::string("cannot read: ") + std::strerror(err));
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (done > maxBytes) return ignored(path, "larger than " + limitText(maxBytes) + " (it grew while it was read)");
  r.text.resize(done);
  return r;
}

}  // namespace satlab
