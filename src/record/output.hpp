// Where a recording's lines go: a file, or a TCP connection to satlab on this machine.
// Each line is handed over whole (one write, repeated only for what the system did not
// take), so a reader of the file or the stream never sees half a line from a write that
// succeeded. POSIX only; no signal is ever raised (a closed connection is an error, not a
// SIGPIPE).
#pragma once

#include <string>
#include <string_view>

namespace satlab::record {

class Output {
 public:
  Output() = default;
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  ~Output();

  /// Creates or truncates the file at `path`. False with `error` set when it cannot.
  bool openFile(const char* path, std::string& error);
  /// Connects to 127.0.0.1:`port` (1 to 65535). `host` must be null, "127.0.0.1" or
  /// "localhost": a recording goes to this machine only. False with `error` set otherwise.
  bool connectLocal(const char* host, int port, std::string& error);
  /// Writes all of `bytes`. False with `error` set ("No space left on device", "the
  /// connection was closed") when the system refuses.
  bool write(std::string_view bytes, std::string& error);
  /// Closes the file or the connection. False with `error` set when closing reports a
  /// failure (a file's last data not written). Closing twice does nothing.
  bool close(std::string& error);

 private:
  int fd_ = -1;
  bool socket_ = false;
  std::string what_;  // "'PATH'" or "127.0.0.1:PORT", for messages
};

}  // namespace satlab::record
