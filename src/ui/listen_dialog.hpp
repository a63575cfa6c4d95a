// File > Listen for an engine...: the port a running engine streams its recording to
// (docs/recording-format.md, "Live"), and Listen / Stop. It draws and reports; the app
// listens (app/live_listener.hpp).
#pragma once

#include <string>

namespace satlab {

/// What the dialog shows.
struct ListenDialogState {
  bool listening = false;
  int port = 0;        ///< the port listened on, while listening
  std::string status;  ///< "live: 12 frames, following", "live: listening on ..."
};

struct ListenDialogAction {
  bool listen = false;  ///< start listening on `port`
  bool stop = false;
  int port = 0;
};

class ListenDialog {
 public:
  explicit ListenDialog(int port) : port_(port) {}
  void open() { openPending_ = true; }
  ListenDialogAction draw(const ListenDialogState& state);

 private:
  bool openPending_ = false;
  int port_;
};

}  // namespace satlab
