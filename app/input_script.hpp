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
//   lang en|ru|zh          the window speaks this language from the next frame (View > Language)
//   slow SECONDS           long work (opening, importing, the lab's build) waits SECONDS at
//                          each stage and runs off the frame, with its indicator and Cancel
//
// Numbers are checked: X, Y within ±kMaxCoordinate, STEPS 1..kMaxDragSteps, wheel notches
// within ±kMaxWheel, frames (wait 0.., minimize 1..) up to kMaxFrames, W and H 64..8192;
// whole numbers are decimal digits only. Anything else (a value out of range, "10x", "1e3"
// where a whole number is due, too many or too few values) fails the whole script with the
// file, the line and the reason; satlab then exits with code 2.
//
// A hostile script costs memory in proportion to its size, never to what it claims: the file
// is at most kMaxScriptBytes (its size checked before it is read), a line at most
// kMaxScriptLineBytes, no line keeps more than the three values the longest command takes
// (the rest are counted, not stored), a drag is one stored step interpolated as it runs, and
// the frames the whole script asks for (a frame a command, two for a key, three for a click,
// a drag's steps, a wait's frames, a minimise's frames) are at most kMaxScriptFrames. Script
// text quoted in a message is an excerpt (quotedExcerpt: 40 characters, escaped).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace satlab {

inline constexpr double kMaxCoordinate = 1e6;  // window pixels
inline constexpr long long kMaxDragSteps = 10000;
inline constexpr double kMaxWheel = 1000.0;
inline constexpr long long kMaxFrames = 100000;
/// The largest script file (bytes): far more than any test or bug report needs.
inline constexpr std::size_t kMaxScriptBytes = 4u << 20;
/// The longest line (bytes), comment included: room for a `text` or a `drop` path.
inline constexpr std::size_t kMaxScriptLineBytes = 8192;
/// The most frames a whole script may ask for: about 4.6 hours at 60 frames a second.
inline constexpr long long kMaxScriptFrames = 1000000;

/// The limits a script is held to (tests lower or raise them).
struct ScriptLimits {
  std::size_t fileBytes = kMaxScriptBytes;
  std::size_t lineBytes = kMaxScriptLineBytes;
  long long frames = kMaxScriptFrames;
};

class InputScript {
 public:
  /// Parses the script text; returns false with `error` naming the line on failure.
  bool parse(const std::string& text, const std::string& sourceName, std::string& error,
             const ScriptLimits& limits = {});
  /// Reads and parses the file at `path`: a regular file of at most limits.fileBytes (a
  /// folder, a FIFO or a device is refused without reading it).
  bool load(const std::string& path, std::string& error, const ScriptLimits& limits = {});

  /// Writes this frame's input into ImGui's IO (call after the platform backend's
  /// NewFrame and before ImGui::NewFrame). Returns false once the script is over.
  bool apply();
  /// A window change the script asks for this frame (consumed by the caller).
  struct WindowRequest {
    int resizeWidth = 0, resizeHeight = 0;  // > 0: resize
    int minimizeFrames = 0;                 // > 0: treat as minimised for this many frames
    std::string dropPath;                   // non-empty: a file dropped onto the window
    int language = -1;                      // >= 0: the window's language (a Language)
    double slowWork = -1.0;                 // >= 0: long work waits this long at each stage
  };
  WindowRequest takeWindowRequest() {
    WindowRequest r = window_;
    window_ = WindowRequest{};
    return r;
  }
  bool finished() const { return next_ >= steps_.size() && pendingRelease_ < 0 && waitLeft_ == 0 && dragLeft_ == 0; }

  /// Steps stored (a drag is one) and the frames the script asks for in all.
  std::size_t stepCount() const { return steps_.size(); }
  long long frameCount() const { return frames_; }

 private:
  struct Step {
    enum class Kind : std::uint8_t {
      Mouse,
      Drag,
      Press,
      Release,
      Key,
      Ctrl,
      Shift,
      Wheel,
      Wait,
      Text,
      Resize,
      Minimize,
      Drop,
      Lang,
      Slow
    };
    Step(Kind k, float px = 0, float py = 0, int v = 0) : kind(k), value(v), x(px), y(py) {}
    Kind kind;
    int value = 0;  // button, Key (keys.hpp), on/off, frames, drag steps, or an index into texts_
    float x = 0, y = 0;
    float fromX = 0, fromY = 0;  // a drag's start
  };
  /// Puts the cursor where `drag` has it with `framesLeft` of its frames still to come.
  void moveAlongDrag(const Step& drag, int framesLeft);

  std::vector<Step> steps_;
  std::vector<std::string> texts_;  // what `text` types and the paths `drop` drops
  long long frames_ = 0;
  size_t next_ = 0;
  int waitLeft_ = 0;
  int dragLeft_ = 0;                       // frames of the current drag still to come
  int pendingRelease_ = -1;                // Key to release on the next frame (-1: none)
  float mouseX_ = -1e9f, mouseY_ = -1e9f;  // -1e9: no cursor yet
  bool buttons_[3] = {false, false, false};
  bool ctrl_ = false, shift_ = false;
  WindowRequest window_;
};

}  // namespace satlab
