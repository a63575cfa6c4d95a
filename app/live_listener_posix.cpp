// The desktop's listener (live_listener.hpp): POSIX sockets, non-blocking.
#include "live_listener.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace satlab {

namespace {

std::string systemError(int err) { return std::strerror(err); }

}  // namespace

bool LiveListener::available() { return true; }

LiveListener::~LiveListener() { stop(); }

bool LiveListener::listen(int port, std::string& error) {
  stop();
  if (port < 1 || port > 65535) {
    error = "port " + std::to_string(port) + ": expected 1 to 65535";
    return false;
  }
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    error = "cannot make a socket: " + systemError(errno);
    return false;
  }
  const int yes = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);  // listen again at once after a restart
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_port = htons(static_cast<std::uint16_t>(port));
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // 127.0.0.1: never another machine
  if (::bind(fd, reinterpret_cast<const sockaddr*>(&at), sizeof at) != 0 || ::listen(fd, 4) != 0) {
    error = "port " + std::to_string(port) + " on 127.0.0.1: " + systemError(errno);
    ::close(fd);
    return false;
  }
  listenFd_ = fd;
  port_ = port;
  return true;
}

void LiveListener::disconnect() {
  if (connFd_ >= 0) ::close(connFd_);
  connFd_ = -1;
}

void LiveListener::stop() {
  disconnect();
  if (listenFd_ >= 0) ::close(listenFd_);
  listenFd_ = -1;
}

LiveListener::Events LiveListener::poll(std::size_t maxBytes) {
  Events ev;
  if (listenFd_ < 0) return ev;
  for (;;) {
    const int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) break;  // EAGAIN: nobody waiting (or a connection that failed before it was taken)
    if (connFd_ < 0) {
      connFd_ = fd;
      ev.connected = true;
      continue;
    }
    // One engine at a time: the other is told why, then closed.
    static const char kRefused[] = "satlab: refused: another engine is connected\n";
    (void)::send(fd, kRefused, sizeof kRefused - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    ::close(fd);
    ++ev.refused;
  }
  char buf[65536];
  while (connFd_ >= 0 && ev.bytes.size() < maxBytes) {
    const std::size_t want = std::min(sizeof buf, maxBytes - ev.bytes.size());
    const ssize_t n = ::recv(connFd_, buf, want, 0);
    if (n > 0) {
      ev.bytes.append(buf, static_cast<std::size_t>(n));
    } else if (n == 0) {
      ev.closed = true;
      disconnect();
    } else if (errno == EINTR) {
      continue;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      break;
    } else {
      ev.closed = true;
      ev.error = systemError(errno);
      disconnect();
    }
  }
  return ev;
}

}  // namespace satlab
