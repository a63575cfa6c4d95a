// The browser's side of satlab (web/web_page.cpp): what the page asks of the app between
// frames (a file opened or dropped, a shared link, a lesson, the canvas's size) and what
// the app gives back (autosave to the browser's storage, downloads, satlab.state()).
#pragma once

#include "i18n/i18n.hpp"

#include <optional>

namespace satlab {

class PageHost;

/// Before the app starts (after webRestoreKeptFiles): the window's language when the page
/// decides it: the link's #lang=ru|zh|en, else, when no language was picked in View >
/// Language (the settings, which the app applies itself), the first of the browser's
/// languages (navigator.languages) satlab speaks, English when none. nullopt: the settings'.
std::optional<Language> webStartLanguage();
/// Before the app starts: the files the browser keeps between visits (the recovery file,
/// the settings, the panel layout) back from local storage into the page's file system.
void webRestoreKeptFiles();
/// Once, after the session has started and before the first frame.
void webPageStarted(PageHost& viewer);
/// Before each frame: the page's requests.
void webBeforeFrame(PageHost& viewer);
/// After each frame: autosave to local storage, the state the page reads.
void webAfterFrame(PageHost& viewer);

}  // namespace satlab
