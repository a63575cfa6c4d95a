// The web page's listener (app/live_listener.hpp): a page cannot listen on a port, so it
// never does; the menus hide File > Listen (MenuState::inBrowser).
#include "live_listener.hpp"

namespace satlab {

bool LiveListener::available() { return false; }

LiveListener::~LiveListener() = default;

bool LiveListener::listen(int, std::string& error) {
  error = "a web page cannot listen for an engine; run the desktop satlab (satlab --listen)";
  return false;
}

void LiveListener::stop() {}
void LiveListener::disconnect() {}
LiveListener::Events LiveListener::poll(std::size_t) { return {}; }

}  // namespace satlab
