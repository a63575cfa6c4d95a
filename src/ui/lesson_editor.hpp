// Writing a lesson in the app: the lesson's title and text, and the state it opens in
// (the focused pair, the explorer's step, mode, epsilon and test, the camera), taken from
// what the view shows now; then "Save lesson as...". The panel takes the lesson panel's
// place in the layout while it is open. The file is written by the document
// (Document::saveLesson), through document/lesson.hpp's sceneWithLesson.
#pragma once

#include "document/lesson.hpp"
#include "document/scene.hpp"
#include "ui/wrapping_text_field.hpp"

#include <string>
#include <vector>

namespace satlab {

/// The camera a written lesson opens with: the view's direction with the focused pair filling
/// the picture (in any window, and in presentation mode's smaller free area), the camera
/// exactly as it is now, or none (the scene framed whole from its usual direction).
enum class LessonCamera { OnThePair, AsItIs, None };

class LessonEditor {
 public:
  /// Starts editing the scene's lesson: its title and notes as they are in the window's
  /// language (what the window shows: the English where the language has none). Saving
  /// writes that language's text only; the lesson's other languages stay as they are.
  void open(const Scene& scene);
  /// The language being edited ("en", "ru", "zh"): the window's when open() was called.
  const std::string& language() const { return language_; }
  bool isOpen() const { return open_; }
  void close() { open_ = false; }

  /// What the panel asks for this frame.
  struct Action {
    bool save = false;  // "Save lesson as...": draft() with the view's state
    bool close = false;
  };
  /// Draws the panel (placed by the layout, in the lesson panel's place). `now` is the
  /// state the view is in, shown as what the lesson will open with; `problems` are why it
  /// cannot be saved as it is (lessonDraftProblems), shown under it.
  Action draw(const LessonState& now, const std::vector<std::string>& problems);
  /// The title, the notes (in language()) and `now` (without the camera when the choice is None).
  LessonDraft draft(const LessonState& now) const;
  /// The camera chosen: OnThePair only while a pair is focused (`pairFocused`), else AsItIs
  /// in its place. The caller makes `now` with it (SceneView::lessonStateNow).
  LessonCamera camera(bool pairFocused) const {
    return camera_ == LessonCamera::OnThePair && !pairFocused ? LessonCamera::AsItIs : camera_;
  }

 private:
  bool open_ = false;
  LessonCamera camera_ = LessonCamera::OnThePair;
  std::string language_ = "en";
  std::string title_;
  std::string notes_;
  WrappingTextField notesField_;
};

/// One line saying what a lesson state opens with: "focus a / b, step 3, every axis,
/// epsilon 1e-06, camera yaw -40 pitch 25 distance 8".
std::string describeLessonState(const LessonState& state);

}  // namespace satlab
