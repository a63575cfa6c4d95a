// satlab in the browser: the page's entry point. No command line: the scene comes from
// the page (a lesson, a shared link, a file), the window is the page's canvas.
#include "options.hpp"
#include "web_page.hpp"

int main() {
  satlab::webRestoreKeptFiles();
  satlab::GuiOptions gui;
  gui.program = "satlab (web)";
  return satlab::runGui(gui);
}
