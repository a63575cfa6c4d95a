// Scripted input for tests and demos: `satlab SCENE --script FILE` plays mouse and keyboard
// events frame by frame, as if a user did them, through the same ImGui input state the
// real devices feed. Coordinates are window pixels, origin top left.
//
//   # comment
//   mouse X Y              move the cursor (one frame)
//   drag X Y [STEPS]       move the cursor to (X, Y) in STEPS frames (default 10)
//   press [left|right|middle]     button down (one frame)
//   release [left|right|middle]   button up (one frame)
//   click X Y              move, press, release
//   key NAME               press and release a key: A-Z, 0-9, F1-F12, HOME, DELETE, ESCAPE,
//                          TAB, SPACE, ENTER, LEFT_BRACKET, RIGHT_BRACKET, KP_0-KP_9,
//                          PAGE_UP, PAGE_DOWN, arrow keys
//   ctrl on|off            hold or release Ctrl
//   shift on|off           hold or release Shift
//   wheel N                scroll N notches (positive zooms in)
//   text STRING            type STRING (the rest of the line) into the focused text field
//   wait N                 let N frames pass
//   resize W H             resize the window to W x H (window pixels)
//   minimize N             the window is minimised (a 0 x 0 framebuffer) for N frames
//   drop PATH              the file PATH (the rest of the line) is dropped onto the window
//
// Numbers are checked: X, Y within ±kMaxCoordinate, STEPS 1..kMaxDragSteps, wheel notches
// within ±kMaxWheel, frames (wait 0.., minimize 1..) up to kMaxFrames, W and H 64..8192;
// whole numbers are decimal digits only. Anything else (a value out of range, "10x", "1e3"
// where a whole number is due, too many or too few values) fails the whole script with the
// file, the line and the reason; satlab then exits with code 2.
#pragma once

#include <string>
#include <vector>

namespace satlab {

inline constexpr double kMaxCoordinate = 1e6;  // window pixels
inline constexpr long long kMaxDragSteps = 10000;
inline constexpr double kMaxWheel = 1000.0;
inline constexpr long long kMaxFrames = 100000;

class InputScript {
 public:
  /// Parses the script text; returns false with `error` naming the line on failure.
  bool parse(const std::string& text, const std::string& sourceName, std::string& error);
  bool load(const std::string& path, std::string& error);

  /// Writes this frame's input into ImGui's IO (call after the platform backend's
  /// NewFrame and before ImGui::NewFrame). Returns false once the script is over.
  bool apply();
  /// A window change the script asks for this frame (consumed by the caller).
  struct WindowRequest {
    int resizeWidth = 0, resizeHeight = 0;  // > 0: resize
    int minimizeFrames = 0;                 // > 0: treat as minimised for this many frames
    std::string dropPath;                   // non-empty: a file dropped onto the window
  };
  WindowRequest takeWindowRequest() {
    WindowRequest r = window_;
    window_ = WindowRequest{};
    return r;
  }
  bool finished() const { return next_ >= steps_.size() && pendingRelease_ < 0 && waitLeft_ == 0; }

 private:
  struct Step {
    enum class Kind { Mouse, Press, Release, Key, Ctrl, Shift, Wheel, Wait, Text, Resize, Minimize, Drop };
    Step(Kind k, float px = 0, float py = 0, int v = 0) : kind(k), x(px), y(py), value(v) {}
    Kind kind;
    float x = 0, y = 0;
    int value = 0;  // button, Key (keys.hpp), on/off, wheel notches or frames
    std::string text;
  };
  std::vector<Step> steps_;
  size_t next_ = 0;
  int waitLeft_ = 0;
  int pendingRelease_ = -1;                // Key to release on the next frame (-1: none)
  float mouseX_ = -1e9f, mouseY_ = -1e9f;  // -1e9: no cursor yet
  bool buttons_[3] = {false, false, false};
  bool ctrl_ = false, shift_ = false;
  WindowRequest window_;
};

}  // namespace satlab
