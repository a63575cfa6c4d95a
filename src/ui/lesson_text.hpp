// The scene's title and notes as the window shows them: in the window's language
// (i18n/i18n.hpp's uiLanguage), from a title or notes written in several languages
// (document/scene.hpp's sceneTitleIn; docs/scene-format.md, "Text in several languages").
#pragma once

#include "document/scene.hpp"
#include "i18n/i18n.hpp"

#include <string>

namespace satlab {

inline const std::string& shownTitle(const Scene& scene) { return sceneTitleIn(scene, languageCode(uiLanguage())); }
inline const std::string& shownNotes(const Scene& scene) { return sceneNotesIn(scene, languageCode(uiLanguage())); }

}  // namespace satlab
