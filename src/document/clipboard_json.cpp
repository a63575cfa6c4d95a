#include "document/clipboard_json.hpp"

#include "document/json_fields.hpp"
#include "document/json_path.hpp"
#include "document/json_precheck.hpp"
#include "document/scene_edit.hpp"
#include "document/scene_load.hpp"
#include "document/scene_save.hpp"

namespace satlab {

namespace {

constexpr const char* kSource = "clipboard";
/// Most text a paste reads (a scene file of this size held whole as a JSON tree takes about
/// 130 MB).
constexpr std::size_t kMaxPastedBytes = 16u * 1024u * 1024u;

/// The pasted form: how it is wrapped into a scene, and how paths are given back.
enum class PasteForm { Scene, ShapeArray, SingleShape };

/// "shapes[3].radius" in the wrapped scene as the pasted text names it.
std::string unwrapPath(const std::string& path, PasteForm form) {
  if (form == PasteForm::Scene) return path;
  const std::string prefix = "shapes";
  if (path.compare(0, prefix.size(), prefix) != 0) return path;
  std::string rest = path.substr(prefix.size());  // "", "[3]", "[3].radius"
  if (form == PasteForm::ShapeArray) return rest;
  // A single shape is shapes[0]: drop "[0]" and the dot after it.
  if (rest.compare(0, 3, "[0]") == 0) rest = rest.substr(3);
  if (!rest.empty() && rest[0] == '.') rest = rest.substr(1);
  return rest;
}

PasteResult failure(std::string message) {
  PasteResult r;
  r.error = SceneDiagnostic{kSource, "", 0, 0, std::move(message)};
  return r;
}

}  // namespace

std::string shapesToJson(const Scene& scene, const std::vector<std::size_t>& indices) {
  Scene fragment;
  fragment.view = scene.view;
  std::size_t inlineTriangles = 0;
  for (std::size_t i : indices) {
    if (i >= scene.shapes.size()) continue;
    fragment.shapes.push_back(scene.shapes[i]);
    SceneShape& copy = fragment.shapes.back();
    copy.paletteColor = false;
    if (auto* hull = std::get_if<HullShape>(&copy.geometry); hull && hull->body.data) {
      hull->body.file.clear();  // written inline: its points, or its corners when it came from a file
    } else if (auto* mesh = std::get_if<MeshShape>(&copy.geometry)) {
      const std::size_t n = mesh->triangleCount();
      if (mesh->data && (mesh->file.empty() || inlineTriangles + n <= kMaxCopiedMeshTriangles)) {
        mesh->file.clear();  // written inline
        inlineTriangles += n;
      }
    }
  }
  return sceneToJson(fragment);
}

PasteResult parsePastedShapes(std::string_view text, const Scene& existing) {
  try {
    if (text.size() > kMaxPastedBytes) return failure("too much text (the limit is 16 MiB)");
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return failure("the clipboard is empty");
    // Syntax, depth, duplicate keys and number range exactly as the loader reports them,
    // with lines and columns of the pasted text itself.
    if (auto problem = precheckJson(text, kSource)) {
      PasteResult r;
      r.error = std::move(problem);
      return r;
    }
    OrderedJson root = OrderedJson::parse(text.begin(), text.end(), nullptr, false);
    if (root.is_discarded()) return failure("not valid JSON");

    PasteForm form;
    OrderedJson wrapped;
    if (root.is_array()) {
      form = PasteForm::ShapeArray;
      wrapped["version"] = kSceneFormatVersion;
      wrapped["view"] = std::string(viewModeName(existing.view));
      wrapped["shapes"] = std::move(root);
    } else if (root.is_object() && root.contains("shapes")) {
      form = PasteForm::Scene;
      wrapped = std::move(root);
      if (!wrapped.contains("version")) wrapped["version"] = kSceneFormatVersion;
      if (!wrapped.contains("view")) wrapped["view"] = std::string(viewModeName(existing.view));
      // Only the shapes are pasted: expectations name shapes that get new names, and
      // lessons or unknown fields belong to the scene they came from.
      for (auto it = wrapped.begin(); it != wrapped.end();) {
        const std::string& key = it.key();
        it = (key == "version" || key == "view" || key == "shapes") ? std::next(it) : wrapped.erase(it);
      }
    } else if (root.is_object()) {
      form = PasteForm::SingleShape;
      wrapped["version"] = kSceneFormatVersion;
      wrapped["view"] = std::string(viewModeName(existing.view));
      wrapped["shapes"] = OrderedJson::array({std::move(root)});
    } else {
      return failure("expected a scene, a {\"shapes\": [...]} object, a shape or an array of shapes (got " +
                     describeJson(root) + ")");
    }

    SceneLoadResult loaded = parseScene(wrapped.dump(), kSource);
    PasteResult result;
    for (SceneDiagnostic& w : loaded.warnings) {
      w.path = unwrapPath(w.path, form);
      result.warnings.push_back(std::move(w));
    }
    if (!loaded.ok()) {
      result.error = std::move(loaded.error);
      result.error->path = unwrapPath(result.error->path, form);
      return result;
    }

    ShapeNamer names(existing);
    result.shapes.reserve(loaded.scene.shapes.size());
    for (SceneShape& s : loaded.scene.shapes) {
      s.name = names.take(s.name);
      s.paletteColor = false;  // the colour it was shown with is the colour it keeps
      result.shapes.push_back(std::move(s));
    }
    // Not exactly onto the originals: a copy there could not be seen, picked or told apart.
    result.offset = pasteOffset(existing, result.shapes);
    if (result.offset != glm::vec3(0.0f)) {
      for (SceneShape& s : result.shapes) translateShape(s, result.offset);
    }
    return result;
  } catch (const std::exception& e) {
    return failure(std::string("internal error: ") + printable(e.what(), 200));
  } catch (...) {
    return failure("internal error");
  }
}

}  // namespace satlab
