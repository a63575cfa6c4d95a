#include "output.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace satlab::record {
namespace {

#ifdef MSG_NOSIGNAL
constexpr int kSendFlags = MSG_NOSIGNAL;  // a closed peer gives EPIPE, not SIGPIPE
#else
constexpr int kSendFlags = 0;  // macOS: SO_NOSIGPIPE on the socket instead
#endif

std::string systemReason(int err) { return std::strerror(err); }

}  // namespace

Output::~Output() {
  std::string ignored;
  close(ignored);
}

bool Output::openFile(const char* path, std::string& error) {
  if (!path || !*path) {
    error = "no file name";
    return false;
  }
  what_ = std::string("'") + path + "'";
  do {
    fd_ = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  } while (fd_ < 0 && errno == EINTR);
  if (fd_ < 0) {
    error = "cannot create " + what_ + ": " + systemReason(errno);
    return false;
  }
  socket_ = false;
  return true;
}

bool Output::connectLocal(const char* host, int port, std::string& error) {
  if (host && std::strcmp(host, "127.0.0.1") != 0 && std::strcmp(host, "localhost") != 0) {
    error = std::string("host '") + host + "' refused: a recording goes to 127.0.0.1 only";
    return false;
  }
  if (port < 1 || port > 65535) {
    error = "port " + std::to_string(port) + " is not 1 to 65535";
    return false;
  }
  what_ = "127.0.0.1:" + std::to_string(port);
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) {
    error = "cannot make a socket: " + systemReason(errno);
    return false;
  }
  socket_ = true;
#ifdef SO_NOSIGPIPE
  const int one = 1;
  ::setsockopt(fd_, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int rc;
  do {
    rc = ::connect(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
  } while (rc != 0 && errno == EINTR);
  if (rc != 0) {
    const int err = errno;
    error = "cannot connect to satlab at " + what_ + ": " + systemReason(err) +
            (err == ECONNREFUSED ? " (is satlab listening for a live recording?)" : "");
    ::close(fd_);
    fd_ = -1;
    return false;
  }
  return true;
}

bool Output::write(std::string_view bytes, std::string& error) {
  if (fd_ < 0) {
    error = "the output is closed";
    return false;
  }
  while (!bytes.empty()) {
    const ssize_t n =
        socket_ ? ::send(fd_, bytes.data(), bytes.size(), kSendFlags) : ::write(fd_, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      if (socket_ && (err == EPIPE || err == ECONNRESET)) {
        error = "satlab closed the connection at " + what_;
      } else {
        error = "writing " + what_ + ": " + systemReason(err);
      }
      return false;
    }
    if (n == 0) {
      error = "writing " + what_ + ": nothing was written";
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool Output::close(std::string& error) {
  if (fd_ < 0) return true;
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0 && errno != EINTR) {
    error = "closing " + what_ + ": " + systemReason(errno);
    return false;
  }
  return true;
}

}  // namespace satlab::record
