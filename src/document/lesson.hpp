// A lesson scene's opening state: the scene file's optional top-level "lesson" object
// (docs/scene-format.md), which the loader keeps as an extra field.
//
//   "lesson": {"focus": ["A", "B"] | "select": "L", "step": 0, "mode": "early" | "full", "epsilon": 1e-6,
//              "explorer": "sat" | "slab", "picture": "axis" | "minkowski",
//              "camera": {"yaw_deg": -40, "pitch_deg": 25, "distance": 8, "target": [x, y, z]}}
//
// Every member is optional. The lesson's text is the scene's "title" and "notes", each a
// string or an object of languages (Scene::titleLanguages, sceneTitleIn).
//
// Authoring (the app's "save as lesson"): fill a LessonDraft from the current view and call
// saveLesson. It writes the scene through saveScene with the draft's title, notes and a
// new "lesson" block, and what it writes loads back through lessonOf as exactly the
// draft's LessonState (every float in its shortest exact form). A draft that could not
// load back so (a NaN camera, a pitch the loader would clamp, a focus naming a shape the
// scene lacks) is refused with the JSON path and the reason; nothing invalid is written.
#pragma once

#include "document/scene.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace satlab {

/// Which shapes' names a lesson labels in the view (the Pairs panel's "labels" setting):
/// every shape's, the selected ones', none.
enum class LessonLabels { All, Selected, None };

/// The bounding-volume lab's rows a lesson may name in "volumes" (the lab's report keys,
/// model/bv_lab.hpp's labRowKey): the mesh's own box, then bounding_volumes.hpp's eight.
inline constexpr const char* kLessonVolumeKeys[] = {"mesh_box", "aabb",           "aabb_of_obb",
                                                    "cube",     "obb_covariance", "obb_area_weighted",
                                                    "obb_min",  "sphere_ritter",  "sphere_min"};

struct LessonState {
  std::vector<std::string> focus;  // the two shapes whose test the explorer opens on
  /// One shape selected alone, in place of a focused pair (a mesh: the bounding-volume lab
  /// opens on it). Ignored when `focus` is set.
  std::optional<std::string> select;
  std::optional<int> step;         // the explorer's current row
  std::optional<bool> fullMode;    // true: every axis; false: early exit
  std::optional<float> epsilon;    // the SAT epsilon
  std::optional<bool> preferSlab;  // a box and a segment: slab (true) or 6-axis SAT (false)
  std::optional<bool> minkowski;   // the SAT explorer's picture: A - B (true) or the axis's number line
  std::optional<float> yawDeg, pitchDeg, distance;
  std::optional<glm::vec3> target;
  /// Whose names the view labels at the start (a crowded lesson labels only its selection).
  std::optional<LessonLabels> labels;
  /// The volumes the bounding-volume lab draws and plots at the start (kLessonVolumeKeys;
  /// every one when absent): a lesson shows the ones its text is about.
  std::optional<std::vector<std::string>> volumes;

  bool operator==(const LessonState& o) const {
    return focus == o.focus && select == o.select && step == o.step && fullMode == o.fullMode && epsilon == o.epsilon &&
           preferSlab == o.preferSlab && minkowski == o.minkowski && yawDeg == o.yawDeg && pitchDeg == o.pitchDeg &&
           distance == o.distance && target == o.target && labels == o.labels && volumes == o.volumes;
  }
  bool operator!=(const LessonState& o) const { return !(*this == o); }
};

/// The ranges lessonOf accepts (a value outside is skipped with a warning, or for the
/// pitch clamped): what saveLesson refuses outside them.
inline constexpr int kMaxLessonStep = 999;
inline constexpr float kMaxLessonPitchDeg = 89.0f;

/// The scene's lesson, if it has one. Members that are present but malformed are skipped
/// with a message in `warnings` (naming the scene and the JSON path); the rest still apply.
std::optional<LessonState> lessonOf(const Scene& scene, const std::string& sourceName,
                                    std::vector<std::string>& warnings);

/// The scene-file text's top-level "title" in `language` ("en", "ru", "zh"), read without
/// loading the scene: a streaming pass that stops at that member (a lesson has it on its
/// second line, so its title costs a few hundred bytes however long the file). A title in
/// several languages ({"en": ..., "ru": ...}) gives the text sceneTitleIn would give the
/// loaded scene (that language's, else the English, else the first shown one). nullopt when
/// the text has no top-level "title" string or object of strings before a syntax error or
/// the end, when the text to show is empty, or when a text is longer than the loader
/// accepts (kMaxTitleBytes). The text is as written (it may hold line breaks or control
/// characters): show it through oneLineText (render/display_text.hpp).
std::optional<std::string> sceneTitleOf(std::string_view jsonText, std::string_view language = "en");

/// What the Lessons menu lists for a lesson file: its title in `language` (sceneTitleOf),
/// or the file name without ".json" when it has none. For the built-in lessons:
///   for (const EmbeddedFile& f : embeddedLessons()) lessonMenuTitle(f.text, f.name, "ru")
std::string lessonMenuTitle(std::string_view jsonText, std::string_view fileName, std::string_view language = "en");

/// A lesson as its author sets it in the app.
struct LessonDraft {
  std::string title;  ///< the scene's "title" (the lesson's heading) in `language`, at most kMaxTitleBytes
  std::string notes;  ///< the scene's "notes" (the text for students) in `language`, at most kMaxNotesBytes
  /// The "lesson" block. An empty member (optional without a value, focus {}) is left
  /// out of the file; focus is empty or two different names of shapes in the scene.
  LessonState state;
  /// The language the title and notes are written in ("en", "ru", "zh"): saving changes
  /// that language's text only (setTextInLanguage), the lesson's others stay as they are.
  std::string language = "en";
};

/// Everything in `draft` that would not load back as it is, each as "JSON path: reason"
/// ("lesson.camera.yaw_deg: must be a finite number (got nan)", "lesson.focus[1]: no shape
/// is named \"C\""); empty when the draft can be saved.
std::vector<std::string> lessonDraftProblems(const Scene& scene, const LessonDraft& draft);

/// The "lesson" block for `state` as compact JSON text, members in the order of the file
/// format (focus, step, mode, epsilon, explorer, camera, labels, volumes); empty members left out. Only
/// for a state without problems (lessonDraftProblems): a non-finite number would be null.
std::string lessonJson(const LessonState& state);

/// `scene` with the draft's title and notes as its text in the draft's language (its other
/// languages kept) and its "lesson" block in place of any earlier one (the rest of the
/// scene, its other extra fields included, unchanged). On a
/// problem: nullopt, and `error` holds lessonDraftProblems' first message.
std::optional<Scene> sceneWithLesson(const Scene& scene, const LessonDraft& draft, std::string& error);

/// Saves sceneWithLesson(scene, draft) to `path` with saveScene (atomic, checked by
/// loading it back). Returns nullopt on success, else a message naming the file and the
/// reason: "PATH: not saved: lesson.camera.pitch_deg: must be from -89 to 89 (got 120)",
/// or saveScene's own message. The file is not touched on an error.
std::optional<std::string> saveLesson(const Scene& scene, const LessonDraft& draft, const std::string& path);

}  // namespace satlab
