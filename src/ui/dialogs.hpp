// Modal dialogs: choose a file to open or save, confirm discarding unsaved work, offer
// to restore a recovery file, show an error. Each is an ImGui popup: open it once with
// ImGui::OpenPopup(id), then call the function every frame until it returns a result.
#pragma once

#include <string>
#include <vector>

namespace satlab {

enum class DialogResult { None, Ok, Cancel, Save, Discard };

inline constexpr const char* kOpenDialog = "Open scene";
inline constexpr const char* kSaveDialog = "Save scene as";
inline constexpr const char* kExportDialog = "Export GoogleTest case";
inline constexpr const char* kSaveLessonDialog = "Save lesson as";
inline constexpr const char* kDiscardDialog = "Unsaved changes";
inline constexpr const char* kRecoveryDialog = "Restore unsaved work?";
inline constexpr const char* kMessageDialog = "satlab";
inline constexpr const char* kOverwriteDialog = "Save over the original?";
inline constexpr const char* kImportMeshDialog = "Import mesh";

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
