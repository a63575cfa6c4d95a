#include "ui/dialogs.hpp"

#include "base/file_name.hpp"
#include "render/display_text.hpp"
#include "ui/keys.hpp"
#include "ui/wrapped_text.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>

namespace satlab {

namespace {

namespace fs = std::filesystem;

void centreNext(float width) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.4f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Appearing);
}

/// Whether the extension of `path` ("a.json", "b.OBJ") is one of the space-separated
/// `extensions`, ignoring case.
bool listed(const std::string& path, const char* extensions) {
  const std::string ext = lowerExtension(path);
  const std::string all = std::string(" ") + extensions + " ";
  return !ext.empty() && all.find(" " + ext + " ") != std::string::npos;
}

std::vector<std::string> sceneFiles(const std::string& folder, const char* extensions) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (listed(it->path().string(), extensions) && it->is_regular_file(ec)) {
      out.push_back(it->path().string());
    }
    if (out.size() >= 500) break;
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The name of the dialog `id` as it was opened: under dialogName(id), or under its plain id.
const char* openedName(const char* id) { return ImGui::IsPopupOpen(id) ? id : dialogName(id); }

// The confirming buttons' labels the app passes to pathDialog (app/document.cpp), marked
// for the catalog here, where they are shown (through L).
[[maybe_unused]] const char* const kPathDialogButtons[] = {N_("Open"), N_("Save"), N_("Import"), N_("Export")};

struct Listing {
  std::string text;
  int frame = -10;
};
Listing& listing() {
  static Listing l;
  return l;
}

}  // namespace

const char* dialogName(const char* id) {
  const char* shown = tr(id);
  return std::strcmp(shown, id) == 0 ? id : L(id);
}

std::string fileDialogListing() {
  const Listing& l = listing();
  return ImGui::GetCurrentContext() != nullptr && l.frame >= ImGui::GetFrameCount() - 1 ? l.text : std::string();
}

DialogResult pathDialog(const char* id, std::string& path, const std::vector<std::string>& folders,
                        const std::vector<std::string>& recent, const char* okLabel, const char* extensions) {
  DialogResult result = DialogResult::None;
  centreNext(560.0f);
  if (!ImGui::BeginPopupModal(openedName(id), nullptr, ImGuiWindowFlags_NoSavedSettings)) return result;
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1);
  const bool enter =
      ImGui::InputText("##path", &path, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  ImGui::BeginChild("##files", ImVec2(0, 260), true);
  if (!recent.empty()) {
    // TRANSLATORS: a heading over the recently opened files
    ImGui::TextDisabled("%s", tr("Recent"));
    for (const std::string& r : recent) {
      if (ImGui::Selectable(r.c_str(), r == path, ImGuiSelectableFlags_AllowDoubleClick)) {
        path = r;
        if (ImGui::IsMouseDoubleClicked(0)) result = DialogResult::Ok;
      }
    }
  }
  std::string listed = std::string(id) + ":";
  bool any = false;
  for (const std::string& folder : folders) {
    const std::vector<std::string> files = sceneFiles(folder, extensions);
    listed += std::string(listed.back() == ':' ? " " : ", ") + folder + " (" + std::to_string(files.size()) +
              (files.size() == 1 ? " file)" : " files)");
    if (files.empty()) continue;
    any = true;
    ImGui::TextDisabled("%s", folder.c_str());
    for (const std::string& f : files) {
      ImGui::PushID(f.c_str());
      if (ImGui::Selectable(fs::path(f).filename().string().c_str(), f == path,
                            ImGuiSelectableFlags_AllowDoubleClick)) {
        path = f;
        if (ImGui::IsMouseDoubleClicked(0)) result = DialogResult::Ok;
      }
      ImGui::PopID();
    }
  }
  if (!any && !folders.empty()) {
    // Never an empty list without a word: where it looked, and that a path can be typed.
    std::string where;
    for (const std::string& folder : folders) where += (where.empty() ? "" : ", ") + folder;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled(tr("No %s files in %s. Type a file's path above."), extensions, where.c_str());
    ImGui::PopTextWrapPos();
  }
  listing() = Listing{listed, ImGui::GetFrameCount()};
  ImGui::EndChild();
  ImGui::BeginDisabled(path.empty());
  if (ImGui::Button(L(okLabel)) || (enter && !path.empty())) result = DialogResult::Ok;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(L("Cancel")) || pressed(Key::Escape, Repeat::Yes)) result = DialogResult::Cancel;
  if (result == DialogResult::Ok && path.empty()) result = DialogResult::None;
  if (result != DialogResult::None) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return result;
}

DialogResult discardDialog(const std::string& what) {
  DialogResult result = DialogResult::None;
  centreNext(460.0f);
  if (!ImGui::BeginPopupModal(openedName(kDiscardDialog), nullptr, ImGuiWindowFlags_NoSavedSettings)) return result;
  // TRANSLATORS: %s is a scene's or a file's name
  textWrapped(tr("%s has unsaved changes. Save them first?"), oneLineText(what, kMaxShownTitleBytes).c_str());
  if (ImGui::Button(L("Save"))) result = DialogResult::Save;
  ImGui::SameLine();
  if (ImGui::Button(L("Discard changes"))) result = DialogResult::Discard;
  ImGui::SameLine();
  if (ImGui::Button(L("Cancel")) || pressed(Key::Escape, Repeat::Yes)) result = DialogResult::Cancel;
  if (result != DialogResult::None) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return result;
}

DialogResult recoveryDialog(const std::string& text, bool putOff) {
  DialogResult result = DialogResult::None;
  centreNext(500.0f);
  if (!ImGui::BeginPopupModal(openedName(kRecoveryDialog), nullptr, ImGuiWindowFlags_NoSavedSettings)) return result;
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x);
  textWrappedUnformatted(shortenedText(text, kMaxShownMessageBytes));
  ImGui::PopTextWrapPos();
  if (ImGui::Button(L("Restore"))) result = DialogResult::Ok;
  ImGui::SameLine();
  if (ImGui::Button(L("Discard it"))) result = DialogResult::Discard;
  ImGui::SameLine();
  if (ImGui::Button(L("Not now")) || putOff) result = DialogResult::Cancel;
  if (result != DialogResult::None) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return result;
}

DialogResult overwriteDialog(const std::string& text) {
  DialogResult result = DialogResult::None;
  centreNext(520.0f);
  if (!ImGui::BeginPopupModal(openedName(kOverwriteDialog), nullptr, ImGuiWindowFlags_NoSavedSettings)) return result;
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x);
  textWrappedUnformatted(shortenedText(text, kMaxShownMessageBytes));
  ImGui::Spacing();
  textWrappedUnformatted(tr("Saving over it replaces what is there now with the restored work."));
  ImGui::PopTextWrapPos();
  const bool keys = !ImGui::GetIO().WantTextInput;
  if (ImGui::Button(L("Save over it (O)")) || (keys && plainPressed(Key::O))) {
    result = DialogResult::Ok;
  }
  ImGui::SameLine();
  if (ImGui::Button(L("Save as... (A)")) || (keys && plainPressed(Key::A))) result = DialogResult::Save;
  ImGui::SameLine();
  if (ImGui::Button(L("Cancel (Esc)")) || pressed(Key::Escape, Repeat::Yes)) {
    result = DialogResult::Cancel;
  }
  if (result != DialogResult::None) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return result;
}

DialogResult messageDialog(const std::string& text) {
  DialogResult result = DialogResult::None;
  centreNext(560.0f);
  if (!ImGui::BeginPopupModal(kMessageDialog, nullptr, ImGuiWindowFlags_NoSavedSettings)) return result;
  // Messages quote file names and scene text: cut, so that the dialog stays one screen and
  // the wrapped text stays far below ImGui's 64k-vertex limit.
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x);
  textWrappedUnformatted(shortenedText(text, kMaxShownMessageBytes));
  ImGui::PopTextWrapPos();
  if (ImGui::Button(L("OK")) || pressed(Key::Enter, Repeat::Yes)) result = DialogResult::Ok;
  if (result != DialogResult::None) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
  return result;
}

}  // namespace satlab
