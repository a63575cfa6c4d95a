// Which files of some folders were opened, by anyone (this process or its children), from
// the kernel's own account (inotify's IN_OPEN): a test can show that reading a mesh never
// opened a file it was not allowed to.
#pragma once

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <string>
#include <vector>

namespace satlab::test {

class OpenWatch {
 public:
  /// Watches each folder (not its subfolders: name those too) from now on.
  explicit OpenWatch(const std::vector<std::string>& folders) {
    fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    for (const std::string& f : folders) {
      const int wd = fd_ >= 0 ? ::inotify_add_watch(fd_, f.c_str(), IN_OPEN) : -1;
      if (wd >= 0) folders_[wd] = f;
    }
  }
  ~OpenWatch() {
    if (fd_ >= 0) ::close(fd_);
  }
  OpenWatch(const OpenWatch&) = delete;
  OpenWatch& operator=(const OpenWatch&) = delete;

  /// False when the kernel would not watch every folder (then opened() proves nothing).
  bool ok() const { return fd_ >= 0 && !folders_.empty(); }

  /// Every file and folder opened in a watched folder since the last call, as folder/name
  /// ("folder/" for the folder itself).
  std::vector<std::string> opened() {
    std::vector<std::string> out;
    alignas(inotify_event) char buf[16384];
    for (;;) {
      const ssize_t n = ::read(fd_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      for (ssize_t at = 0; at < n;) {
        const auto* e = reinterpret_cast<const inotify_event*>(buf + at);
        const auto f = folders_.find(e->wd);
        if (f != folders_.end()) out.push_back(f->second + "/" + (e->len > 0 ? std::string(e->name) : std::string()));
        at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
      }
    }
    return out;
  }

 private:
  int fd_ = -1;
  std::map<int, std::string> folders_;
};

}  // namespace satlab::test
