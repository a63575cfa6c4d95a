// satlab scene model: named, coloured shapes, the view they are shown in, and the
// verdicts a scene expects. Plain data, no GL; loaded and saved by scene_load.hpp and
// scene_save.hpp (the file format is docs/scene-format.md).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "document/hull_shape.hpp"
#include "document/mesh_shape.hpp"
#include "document/motion.hpp"
#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The scene file format version this build reads and writes.
inline constexpr int kSceneFormatVersion = 1;

/// The range of lengths and coordinates (centres, half extents, radii, segment end
/// points) a scene may hold: the loader rejects |v| > kMaxSceneCoordinate, reads a
/// nonzero |v| < kMinSceneLength as 0, and every editor clamps to the same range, so
/// that what the app saves always loads again. The contract behind the numbers is in
/// scene_load.hpp and docs/scene-format.md ("Numbers").
inline constexpr float kMaxSceneCoordinate = 1e9f;
inline constexpr float kMinSceneLength = 1e-9f;

/// Longest shape name (and expectation name, separating-axis label), in bytes of UTF-8.
inline constexpr std::size_t kMaxShapeNameBytes = 256;

/// The eight shape types. The order matches the alternatives of ShapeGeometry, so
/// `ShapeKind(geometry.index())` is the kind (SceneShape::kind() does exactly that).
enum class ShapeKind { Aabb, Obb, Sphere, Segment, Triangle, Mesh, Capsule, Hull };

/// Number of shape kinds.
inline constexpr int kShapeKindCount = 8;

using ShapeGeometry = std::variant<Aabb, Obb, Sphere, Segment, Triangle, MeshShape, Capsule, HullShape>;

/// The mesh body of a mesh or a hull (both are placed by a MeshPose, drawn and picked
/// alike), or nullptr for the other shapes.
inline MeshShape* meshBodyOf(ShapeGeometry& g) {
  if (auto* m = std::get_if<MeshShape>(&g)) return m;
  if (auto* h = std::get_if<HullShape>(&g)) return &h->body;
  return nullptr;
}
inline const MeshShape* meshBodyOf(const ShapeGeometry& g) { return meshBodyOf(const_cast<ShapeGeometry&>(g)); }

/// How a scene file wrote an OBB's rotation; saving writes it back in the same form.
enum class RotationForm {
  None,        ///< no rotation field: identity
  Axes,        ///< "axes": the three unit local axes in world space
  Quaternion,  ///< "quaternion": [w, x, y, z]
  EulerDeg,    ///< "euler_deg": [x, y, z] degrees, R = Rz * Ry * Rx (see rotation.hpp)
  AngleDeg,    ///< "angle_deg": degrees about +Z (2D scenes only)
};

/// The rotation of an OBB as its file gave it. The authoritative rotation is always
/// `Obb::axes`; these values are only what the file said. When saving, they are written
/// back unchanged if they still produce exactly `Obb::axes`; if the axes were edited
/// since, the same form is recomputed from the axes (an `angle_deg` OBB that is no
/// longer a pure rotation about Z is written as `axes`). So an editor only ever changes
/// `Obb::axes` and never has to keep this in step.
struct RotationSource {
  RotationForm form = RotationForm::None;
  glm::quat quaternion{1.0f, 0.0f, 0.0f, 0.0f};  ///< valid when form == Quaternion (unit)
  glm::vec3 eulerDeg{0.0f};                      ///< valid when form == EulerDeg
  float angleDeg = 0.0f;                         ///< valid when form == AngleDeg
  /// The values exactly as the file gave them, before the loader re-normalised them
  /// (valid when `given`): the axes for form == Axes, [w, x, y, z] for form == Quaternion.
  /// While the rotation is unchanged, saving writes these, so a file is written back in
  /// its own digits (and never longer than it was; see scene_save.hpp).
  bool given = false;
  glm::mat3 givenAxes{1.0f};
  glm::vec4 givenQuaternion{1.0f, 0.0f, 0.0f, 0.0f};
};

/// One named shape of a scene.
struct SceneShape {
  std::string name;        ///< unique within its scene, never empty
  ShapeGeometry geometry;  ///< switch on kind() or use std::visit
  glm::vec4 color{1.0f};   ///< straight (not premultiplied) RGBA, each in [0, 1]
  /// True when the file gave no colour and `color` came from the default palette.
  /// Saving omits the colour again only while it still equals the palette entry the
  /// loader would give it, so an edited colour is always written.
  bool paletteColor = false;
  /// True when the file gave the colour as "#rrggbb" or "#rrggbbaa": saving writes it in
  /// hex again while every component is still exactly n / 255 (an edited colour that is
  /// not is written as [r, g, b]).
  bool hexColor = false;
  RotationSource rotation;  ///< meaningful for OBBs, meshes and hulls only
  /// How the shape moves over time (motion.hpp); the geometry is its pose at t = 0.
  std::optional<Motion> motion;

  ShapeKind kind() const { return static_cast<ShapeKind>(geometry.index()); }
};

/// A verdict the scene expects for one pair (checked by `satlab check`).
struct Expectation {
  std::string a, b;                           ///< shape names, in the order of the test
  std::optional<bool> overlap;                ///< expected overlap verdict, if any
  std::optional<std::string> separatingAxis;  ///< expected first separating axis label ("A0xB1")
  /// The deepest overlap allowed ("max_depth"): resting contact penetrates a little in
  /// every engine. Checked by GJK/EPA's depth; needs no verdict besides.
  std::optional<float> maxDepth;
  /// "exact": true: the core's verdict (float) must be the exact one (rational arithmetic on
  /// the same float inputs, evaluation/pair_margin.hpp): float precision must not decide it.
  bool exact = false;
};

enum class ViewMode { ThreeD, TwoD };

/// A top-level field this build does not know (for instance a lesson), kept so that
/// load -> save does not lose it.
struct ExtraField {
  std::string key;
  std::string json;  ///< the value as compact JSON text
};

/// A scene's title or notes in a language besides English: a member of the object form
/// `"title": {"en": "...", "ru": "...", "zh": "..."}` other than "en" (docs/scene-format.md).
struct LanguageText {
  std::string language;  ///< the member's key as written: "ru", "zh", or a code satlab does not show
  std::string text;

  bool operator==(const LanguageText& o) const { return language == o.language && text == o.text; }
  bool operator!=(const LanguageText& o) const { return !(*this == o); }
};

struct Scene {
  int version = kSceneFormatVersion;
  /// The English title and notes: the file's plain string, or its object's "en" member
  /// (empty when the object has none). What the command line prints and names files after.
  std::string title, notes;
  ViewMode view = ViewMode::ThreeD;
  std::vector<SceneShape> shapes;
  std::vector<Expectation> expect;
  std::vector<ExtraField> extras;  ///< in file order
  /// The title's and the notes' other languages (their object form's members besides
  /// "en"), in file order; empty for a plain string. The window shows sceneTitleIn /
  /// sceneNotesIn for its language. (Last, so that Scene{version, title, notes, view, ...}
  /// still reads as it did.)
  std::vector<LanguageText> titleLanguages{}, notesLanguages{};
};

/// The languages satlab shows a scene's text in: what the object form may fall back to.
/// A member with another code is kept (loaded and saved) but never shown.
inline constexpr const char* kSceneTextLanguages[] = {"en", "ru", "zh"};

/// The text of a title or notes to show in `language` ("en", "ru", "zh"): that language's
/// own, else the English, else the first of the others in file order that satlab shows. An
/// empty text counts as absent. `english` is Scene::title or notes, `others` the matching
/// titleLanguages or notesLanguages. Empty when there is none.
const std::string& textInLanguage(const std::string& english, const std::vector<LanguageText>& others,
                                  std::string_view language);
/// The scene's title and notes as the window shows them in `language` (textInLanguage).
inline const std::string& sceneTitleIn(const Scene& scene, std::string_view language) {
  return textInLanguage(scene.title, scene.titleLanguages, language);
}
inline const std::string& sceneNotesIn(const Scene& scene, std::string_view language) {
  return textInLanguage(scene.notes, scene.notesLanguages, language);
}
/// The text `language` has of its own: `english` for "en", else the member of `others`
/// (nullptr when it has none).
const std::string* ownTextInLanguage(const std::string& english, const std::vector<LanguageText>& others,
                                     std::string_view language);
/// Writes `text` as `language`'s text, leaving every other language as it is: `english`
/// for "en"; else the member of `others` is replaced, or added at the end, or removed when
/// `text` is empty (the language then falls back again). A language with no text of its
/// own that is given exactly what it shows now (the fallback, unedited) gets none.
void setTextInLanguage(std::string& english, std::vector<LanguageText>& others, std::string_view language,
                       std::string text);

/// "aabb", "obb", "sphere", "segment", "triangle", "mesh", "capsule", "hull": the file's
/// spelling of each type.
std::string_view shapeKindName(ShapeKind kind);
/// "3d" or "2d".
std::string_view viewModeName(ViewMode view);

/// Why `name` cannot name a shape, or nullopt when it can: it must be non-empty, at most
/// kMaxShapeNameBytes bytes of valid UTF-8, and free of control characters (U+0000 to
/// U+001F, U+007F and U+0080 to U+009F), so that two different names never print alike
/// and a name never acts on a terminal. E.g. "contains the control character U+0000
/// (at byte 3)".
std::optional<std::string> shapeNameProblem(std::string_view name);

/// The shape called `name`, or nullptr. Linear search: callers look up a name once per
/// action (a lesson's focus, a rename), never per pair or per frame of many shapes.
const SceneShape* findShape(const Scene& scene, std::string_view name);
SceneShape* findShape(Scene& scene, std::string_view name);

/// Number of colours in the default palette; shapes without a colour take entry 0, 1, 2,
/// ... in file order, wrapping after the last.
inline constexpr std::size_t kPaletteSize = 10;
/// Default colour number `index` (taken modulo kPaletteSize); alpha is 1.
glm::vec4 paletteColor(std::size_t index);

}  // namespace satlab
