// Where a live recording arrives (docs/recording-format.md, "Live"): a TCP port on the
// loopback address (127.0.0.1 only: nothing from another machine reaches it), one engine at
// a time. Non-blocking sockets polled once per UI frame; no threads. What arrives goes to a
// LiveRecording (world/live_recording.hpp), which knows nothing of sockets.
//
// The desktop's (app/live_listener_posix.cpp); the web page has no listening socket
// (web/live_listener_web.cpp refuses, and the menus hide File > Listen).
#pragma once

#include <cstddef>
#include <string>

namespace satlab {

/// The port satlab listens on when none is given (`satlab --listen`).
inline constexpr int kDefaultListenPort = 47410;
/// The most bytes taken from the engine in one UI frame, so that a fast engine cannot stall
/// the window: the rest waits in the socket for the next frame (and the engine waits too).
inline constexpr std::size_t kLiveBytesPerFrame = 16u * 1024u * 1024u;

class LiveListener {
 public:
  LiveListener() = default;
  ~LiveListener();
  LiveListener(const LiveListener&) = delete;
  LiveListener& operator=(const LiveListener&) = delete;

  /// Whether this platform can listen at all (false in the web page).
  static bool available();

  /// Listens on 127.0.0.1:`port` (1 to 65535), closing what was open before. False with
  /// `error` ("port 47410 on 127.0.0.1: Address already in use") when it cannot.
  bool listen(int port, std::string& error);
  /// Stops listening and closes the engine's connection, if any.
  void stop();
  /// Closes the engine's connection and goes on listening.
  void disconnect();
  bool listening() const { return listenFd_ >= 0; }
  bool connected() const { return connFd_ >= 0; }
  int port() const { return port_; }

  /// What happened since the last poll.
  struct Events {
    bool connected = false;  ///< an engine connected (its bytes may follow in `bytes`)
    std::string bytes;       ///< what it sent, as it came
    bool closed = false;     ///< it closed the stream (after `bytes`), or the connection failed
    std::string error;       ///< why the connection failed, when it did (empty: closed by the engine)
    int refused = 0;         ///< connections refused because an engine was connected
  };
  /// Once per UI frame: accepts an engine (refusing any other while one is connected) and
  /// reads at most `maxBytes` of what it sent.
  Events poll(std::size_t maxBytes = kLiveBytesPerFrame);

 private:
  int listenFd_ = -1;
  int connFd_ = -1;
  int port_ = 0;
};

}  // namespace satlab
