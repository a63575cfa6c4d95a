// The student view (`satlab --student`, a page link's `#lesson=N&student`): a lesson on a
// student's own laptop, or from the class link, with nothing to change by accident. It is
// presentation mode with the panels away for good (Tab and F5 do nothing), the lesson's
// pair fixed (clicks and drags turn the camera, never pick, move or edit a shape; no gizmo,
// no undo, no file commands, no drops), predict-then-reveal always on (P does not turn it
// off) and the predictions' score kept across lessons and runs. PgUp / PgDn still go from
// lesson to lesson. A line at the window's bottom left says how a teacher leaves it: F10,
// or Esc twice within a second.
//
// This class is the mode and its keys and line; the app carries the rules out where they
// apply (app/viewer.cpp, app/scene_view.cpp, ViewportTools::locked, Explorer::predictLocked).
#pragma once

#include "i18n/i18n.hpp"
#include "render/label_layout.hpp"

namespace satlab {

class StudentView {
 public:
  bool on() const { return on_; }
  void setOn(bool on) {
    on_ = on;
    lastEscape_ = -10.0;
  }

  /// Whether the keys that leave it were pressed this frame: F10, or Esc a second time
  /// within a second of the first. `now` is ImGui's clock (a scripted run's fixed step).
  bool leavePressed(double now);

  /// The line saying how to leave, at the window's bottom left, at most `maxWidth` wide
  /// (its words wrap), in the window's UI font. Its rectangle, in window pixels.
  ScreenRect drawKeyLine(float maxWidth) const;

  static constexpr const char* kKeyLine = N_("Student view. F10 or Esc twice: teacher view");  // shown through tr
  static constexpr double kEscapeTwiceSeconds = 1.0;

 private:
  bool on_ = false;
  double lastEscape_ = -10.0;
};

}  // namespace satlab
