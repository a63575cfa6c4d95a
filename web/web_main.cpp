// satlab in the browser: the page's entry point. No command line: the scene comes from
// the page (a lesson, a shared link, a file), the window is the page's canvas.
#include "options.hpp"
#include "web_page.hpp"

#include <cstdlib>

int main() {
  // The page's CJK glyphs: the subset of WenQuanYi Micro Hei it embeds at this path
  // (web/page.cmake), named as any run names its CJK font (ui/font_atlas.hpp).
  setenv("SATLAB_CJK_FONT", "/fonts/wqy-microhei-subset.ttf", 0);
  satlab::webRestoreKeptFiles();
  satlab::GuiOptions gui;
  gui.program = "satlab (web)";
  // The link's #lang=, else View > Language's (the settings), else the browser's.
  gui.language = satlab::webStartLanguage();
  return satlab::runGui(gui);
}
