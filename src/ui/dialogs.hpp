// Modal dialogs: choose a file to open or save, confirm discarding unsaved work, offer
// to restore a recovery file, show an error. Each is an ImGui popup: open it once with
// ImGui::OpenPopup(id), then call the function every frame until it returns a result.
#pragma once

#include "i18n/i18n.hpp"

#include <string>
#include <vector>

namespace satlab {

enum class DialogResult { None, Ok, Cancel, Save, Discard };

// The dialogs' ids, English; their titles are these, translated (dialogName).
inline constexpr const char* kOpenDialog = N_("Open scene");
inline constexpr const char* kSaveDialog = N_("Save scene as");
inline constexpr const char* kExportDialog = N_("Export GoogleTest case");
inline constexpr const char* kSaveLessonDialog = N_("Save lesson as");
inline constexpr const char* kDiscardDialog = N_("Unsaved changes");
inline constexpr const char* kRecoveryDialog = N_("Restore unsaved work?");
inline constexpr const char* kMessageDialog = "satlab";  // the program's name: never translated
inline constexpr const char* kOverwriteDialog = N_("Save over the original?");
inline constexpr const char* kImportMeshDialog = N_("Import mesh");

/// A dialog's ImGui name for its id (one of the above, or another dialog's): the id itself
/// in English (what scripts and the page's state read), else "translated title###id". Open
/// the dialog with ImGui::OpenPopup(dialogName(id)) (and ask ImGui::IsPopupOpen the same)
/// for a translated title; a dialog opened under its plain id is still drawn, with its
/// English title. The language must not change while the dialog is open (it is modal).
const char* dialogName(const char* id);

/// The files a mesh dialog lists (the mesh library's formats).
inline constexpr const char* kMeshFileExtensions = ".obj .stl .ply .gltf .glb";

/// A path field, the files of `folders` whose extension is one of `extensions` (space
/// separated, any case; one click fills the field) and the recent files; when none of the
/// folders has such a file, a line naming the folders looked in. Ok when the user confirms
/// a non-empty path.
DialogResult pathDialog(const char* id, std::string& path, const std::vector<std::string>& folders,
                        const std::vector<std::string>& recent, const char* okLabel, const char* extensions = ".json");

/// What the file dialog drawn last (this frame or the last) listed: its title and each
/// folder with the number of files shown from it, "Import mesh: /home/ann/meshes (3 files),
/// /home/ann (0 files)"; empty when no file dialog is open. For scripted runs' report.
std::string fileDialogListing();

/// "`what` has unsaved changes": Save, Discard or Cancel.
DialogResult discardDialog(const std::string& what);

/// Offers the recovery file described by `text`: Ok restores it, Discard deletes it,
/// Cancel ("Not now", or at once with `putOff`) leaves it for the next start.
DialogResult recoveryDialog(const std::string& text, bool putOff = false);

/// Restored work whose original file has changed or gone since the work began: `text` says
/// which. Ok saves over it (O), Save opens "save as" (A), Cancel saves nothing (Esc). The
/// keys let a script answer it.
DialogResult overwriteDialog(const std::string& text);

/// A message with an OK button (errors name the file, the JSON path and the reason).
DialogResult messageDialog(const std::string& text);

}  // namespace satlab
