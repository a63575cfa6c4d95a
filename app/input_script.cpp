#include "input_script.hpp"

#include "document/json_path.hpp"
#include "i18n/i18n.hpp"
#include "ui/keys.hpp"

#include <imgui.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

namespace satlab {

namespace {

/// A whole number in [lo, hi], written in decimal digits with an optional sign and nothing
/// else: "4294967297" is out of range (not 1 after a silent wrap to 32 bits), "10x" and
/// "1e3" are not whole numbers.
std::optional<long long> wholeNumber(std::string_view word, long long lo, long long hi) {
  long long v = 0;
  const char* first = word.data();
  const char* last = word.data() + word.size();
  if (first != last && *first == '+') ++first;
  const auto [end, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || end != last || first == last || v < lo || v > hi) return std::nullopt;
  return v;
}

/// A finite decimal number in [lo, hi], with nothing after it ("12abc", "nan", "1e99" are
/// refused).
std::optional<float> realNumber(std::string_view text, double lo, double hi) {
  if (text.empty()) return std::nullopt;
  const std::string word(text);  // strtod wants the terminating zero
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(word.c_str(), &end);
  if (end != word.c_str() + word.size() || errno == ERANGE || !std::isfinite(v) || v < lo || v > hi) {
    return std::nullopt;
  }
  return static_cast<float>(v);
}

/// The key a script names, case-insensitively: A-Z, 0-9, F1-F12, KP_0-KP_9 and the names in
/// keys.hpp's keyName() ("HOME", "LEFT_BRACKET", ...).
std::optional<Key> scriptKey(std::string_view word) {
  if (word.size() > 32) return std::nullopt;  // longer than any key's name
  std::string name(word);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
  if (name.size() >= 2 && name[0] == 'F' && std::isdigit(static_cast<unsigned char>(name[1]))) {
    // wholeNumber, not std::stoi: "F99999999999" is an unknown key, not an exception.
    const auto n = wholeNumber(name.substr(1), 1, 12);
    if (!n) return std::nullopt;
    name = "F" + std::to_string(*n);
  }
  return keyByName(name);
}

int buttonIndex(std::string_view name) {
  if (name.empty() || name == "left") return 0;
  if (name == "right") return 1;
  if (name == "middle") return 2;
  return -1;
}

}  // namespace

bool InputScript::load(const std::string& path, std::string& error, const ScriptLimits& limits) {
  const std::string name = printable(path, 4096);
  // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer; fstat then says what
  // the path is before a byte is read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = name + ": cannot read the script: " + std::strerror(errno);
    return false;
  }
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error = name + ": cannot read the script: " + std::strerror(errno);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    const char* what = S_ISDIR(st.st_mode)    ? "a folder"
                       : S_ISFIFO(st.st_mode) ? "a FIFO"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                                              : "not a regular file";
    error = name + ": not a script file: it is " + what + " (a script is a text file)";
    return false;
  }
  auto tooLarge = [&](std::uint64_t bytes, bool atLeast) {
    error = name + ": the script is " + (atLeast ? "more than " : "") + std::to_string(bytes) +
            " bytes; a script may be at most " + std::to_string(limits.fileBytes) + " bytes";
    return false;
  };
  if (st.st_size < 0 || static_cast<std::uint64_t>(st.st_size) > limits.fileBytes) {
    return tooLarge(static_cast<std::uint64_t>(st.st_size), false);
  }
  // Read no more than the limit allows, whatever the file has grown to meanwhile.
  std::string text;
  text.resize(static_cast<std::size_t>(st.st_size) + 1);
  std::size_t got = 0;
  for (;;) {
    if (got == text.size()) {
      if (text.size() > limits.fileBytes) return tooLarge(limits.fileBytes, true);
      text.resize(std::min(text.size() * 2, limits.fileBytes + 1));
    }
    const ssize_t n = ::read(fd, &text[got], text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = name + ": cannot read the script: " + std::strerror(errno);
      return false;
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return parse(text, path, error, limits);
}

namespace {

/// The white space that separates a line's words (what std::istream's >> skips in the C
/// locale).
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

/// The next word of `rest` (which loses it and the space before it), or an empty view.
std::string_view nextWord(std::string_view& rest) {
  std::size_t i = 0;
  while (i < rest.size() && isSpace(rest[i])) ++i;
  std::size_t j = i;
  while (j < rest.size() && !isSpace(rest[j])) ++j;
  const std::string_view word = rest.substr(i, j - i);
  rest.remove_prefix(j);
  return word;
}

/// The most values a command takes (drag X Y STEPS): a line's further words are counted,
/// not kept.
constexpr std::size_t kMaxValues = 3;

}  // namespace

bool InputScript::parse(const std::string& text, const std::string& sourceName, std::string& error,
                        const ScriptLimits& limits) {
  const std::string name = printable(sourceName, 4096);
  std::string_view remaining(text);
  long long lineNo = 0;
  auto fail = [&](const std::string& why) {
    error = name + ": line " + std::to_string(lineNo) + ": " + why;
    return false;
  };
  auto quoted = [](std::string_view word) { return quotedExcerpt(word); };
  // The frames a line asks for, added to the script's; refused past the limit.
  auto addFrames = [&](long long n) {
    if (frames_ + n > limits.frames) {
      fail("the script asks for more than " + std::to_string(limits.frames) +
           " frames in all (a frame a command, two for a key, three for a click, and the frames of every drag, "
           "wait and minimize); this line brings it to " +
           std::to_string(frames_ + n));
      return false;
    }
    frames_ += n;
    return true;
  };
  while (!remaining.empty()) {
    ++lineNo;
    const std::size_t newline = remaining.find('\n');
    std::string_view line = remaining.substr(0, newline);
    remaining.remove_prefix(newline == std::string_view::npos ? remaining.size() : newline + 1);
    if (line.size() > limits.lineBytes) {
      return fail("the line is " + std::to_string(line.size()) + " bytes long; a script line may be at most " +
                  std::to_string(limits.lineBytes) + " bytes");
    }
    if (const size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    std::string_view words = line;
    const std::string_view cmd = nextWord(words);
    if (cmd.empty()) continue;
    // The values after the command: the first kMaxValues kept, the rest only counted.
    std::string_view args[kMaxValues];
    std::size_t argCount = 0;
    for (std::string_view w = nextWord(words); !w.empty(); w = nextWord(words)) {
      if (argCount < kMaxValues) args[argCount] = w;
      ++argCount;
    }
    auto count = [&](size_t lo, size_t hi, const std::string& what) {
      if (argCount < lo || argCount > hi) {
        fail("'" + std::string(cmd) + "' takes " + what + ", got " + std::to_string(argCount) + " value(s)");
        return false;
      }
      return true;
    };
    // Every number is checked against its range; the message names it and the range.
    auto whole = [&](size_t i, long long lo, long long hi, const std::string& what, int& out) {
      const auto v = wholeNumber(args[i], lo, hi);
      if (!v) {
        fail(what + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " +
             quoted(args[i]));
        return false;
      }
      out = static_cast<int>(*v);
      return true;
    };
    auto real = [&](size_t i, double lo, double hi, const std::string& what, float& out) {
      const auto v = realNumber(args[i], lo, hi);
      if (!v) {
        char range[64];
        std::snprintf(range, sizeof range, "%g to %g", lo, hi);
        fail(what + " must be a number from " + range + ", got " + quoted(args[i]));
        return false;
      }
      out = *v;
      return true;
    };
    if (cmd == "mouse" || cmd == "click" || cmd == "drag") {
      const bool drag = cmd == "drag";
      float x = 0, y = 0;
      if (!count(2, drag ? 3 : 2, drag ? "X Y [STEPS]" : "X Y")) return false;
      if (!real(0, -kMaxCoordinate, kMaxCoordinate, "X", x) || !real(1, -kMaxCoordinate, kMaxCoordinate, "Y", y)) {
        return false;
      }
      if (drag) {
        int n = 10;
        if (argCount == 3 && !whole(2, 1, kMaxDragSteps, "the number of drag steps", n)) return false;
        if (!addFrames(n)) return false;
        // One step, N frames: it moves from the previous explicit position (the target
        // itself when the script has no step before it), interpolated as it runs.
        Step d{Step::Kind::Drag, x, y, n};
        d.fromX = steps_.empty() ? x : mouseX_;
        d.fromY = steps_.empty() ? y : mouseY_;
        steps_.push_back(d);
        mouseX_ = x, mouseY_ = y;
        continue;
      }
      if (!addFrames(cmd == "click" ? 3 : 1)) return false;
      steps_.push_back(Step{Step::Kind::Mouse, x, y, 0});
      mouseX_ = x, mouseY_ = y;
      if (cmd == "click") {
        steps_.push_back(Step{Step::Kind::Press, 0, 0, 0});
        steps_.push_back(Step{Step::Kind::Release, 0, 0, 0});
      }
      continue;
    }
    if (cmd == "press" || cmd == "release") {
      if (!count(0, 1, "[left|right|middle]")) return false;
      const std::string_view b = argCount == 0 ? std::string_view() : args[0];
      const int idx = buttonIndex(b);
      if (idx < 0) return fail("unknown button " + quoted(b) + " (left, right or middle)");
      if (!addFrames(1)) return false;
      steps_.push_back(Step{cmd == "press" ? Step::Kind::Press : Step::Kind::Release, 0, 0, idx});
    } else if (cmd == "key") {
      if (!count(1, 1, "a key name")) return false;
      const std::optional<Key> key = scriptKey(args[0]);
      if (!key) return fail("unknown key " + quoted(args[0]));
      if (!addFrames(2)) return false;  // down, then up on the next frame
      steps_.push_back(Step{Step::Kind::Key, 0, 0, static_cast<int>(*key)});
    } else if (cmd == "ctrl" || cmd == "shift") {
      if (!count(1, 1, "on or off")) return false;
      if (args[0] != "on" && args[0] != "off") return fail("expected on or off after '" + std::string(cmd) + "'");
      if (!addFrames(1)) return false;
      steps_.push_back(Step{cmd == "ctrl" ? Step::Kind::Ctrl : Step::Kind::Shift, 0, 0, args[0] == "on" ? 1 : 0});
    } else if (cmd == "wheel") {
      float n = 0;
      if (!count(1, 1, "N") || !real(0, -kMaxWheel, kMaxWheel, "the wheel notches", n)) return false;
      if (!addFrames(1)) return false;
      steps_.push_back(Step{Step::Kind::Wheel, n, 0, 0});
    } else if (cmd == "text") {
      const size_t at = line.find("text");
      std::string_view rest = line.substr(at + 4);
      if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      if (rest.empty()) return fail("expected the text to type after 'text'");
      if (!addFrames(1)) return false;
      steps_.push_back(Step{Step::Kind::Text, 0, 0, static_cast<int>(texts_.size())});
      texts_.emplace_back(rest);
    } else if (cmd == "drop") {
      const size_t at = line.find("drop");
      std::string_view rest = line.substr(at + 4);
      const size_t first = rest.find_first_not_of(" \t");
      rest = first == std::string_view::npos ? std::string_view() : rest.substr(first);
      while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r')) rest.remove_suffix(1);
      if (rest.empty()) return fail("expected the path of the dropped file after 'drop'");
      if (!addFrames(1)) return false;
      steps_.push_back(Step{Step::Kind::Drop, 0, 0, static_cast<int>(texts_.size())});
      texts_.emplace_back(rest);
    } else if (cmd == "lang") {
      if (!count(1, 1, "en, ru or zh")) return false;
      const auto lang = languageFromCode(args[0]);
      if (!lang || args[0].size() != 2) return fail("expected en, ru or zh after 'lang'");
      if (!addFrames(1)) return false;
      steps_.push_back(Step{Step::Kind::Lang, 0, 0, static_cast<int>(*lang)});
    } else if (cmd == "slow") {
      float seconds = 0.0f;
      if (!count(1, 1, "SECONDS") || !real(0, 0.0f, 600.0f, "the seconds", seconds)) return false;
      if (!addFrames(1)) return false;
      steps_.push_back(Step{Step::Kind::Slow, seconds, 0, 0});
    } else if (cmd == "resize") {
      int w = 0, h = 0;
      if (!count(2, 2, "W H") || !whole(0, 64, 8192, "the width", w) || !whole(1, 64, 8192, "the height", h)) {
        return false;
      }
      if (!addFrames(1)) return false;
      steps_.push_back(Step{Step::Kind::Resize, static_cast<float>(w), static_cast<float>(h)});
    } else if (cmd == "minimize") {
      int n = 0;
      if (!count(1, 1, "N") || !whole(0, 1, kMaxFrames, "the number of frames", n)) return false;
      if (!addFrames(1 + static_cast<long long>(n))) return false;  // the step's frame, then N minimised
      steps_.push_back(Step{Step::Kind::Minimize, 0, 0, n});
    } else if (cmd == "wait") {
      int n = 0;
      if (!count(1, 1, "N") || !whole(0, 0, kMaxFrames, "the number of frames", n)) return false;
      if (!addFrames(std::max(1, n))) return false;  // "wait 0" still takes its step's frame
      steps_.push_back(Step{Step::Kind::Wait, 0, 0, n});
    } else {
      return fail("unknown command " + quoted(cmd));
    }
  }
  mouseX_ = mouseY_ = -1e9f;
  return true;
}

void InputScript::moveAlongDrag(const Step& drag, int framesLeft) {
  // The i-th of N frames puts the cursor at from + (to - from) * i / N, in float as the
  // positions were computed when a drag was stored as N moves.
  const int i = drag.value - framesLeft;
  const float t = static_cast<float>(i) / static_cast<float>(drag.value);
  mouseX_ = drag.fromX + (drag.x - drag.fromX) * t;
  mouseY_ = drag.fromY + (drag.y - drag.fromY) * t;
}

bool InputScript::apply() {
  ImGuiIO& io = ImGui::GetIO();
  // Release a key pressed on the previous frame; that frame does nothing else, so two key
  // steps in a row are two presses, not one long one.
  if (pendingRelease_ >= 0) {
    setKeyDown(static_cast<Key>(pendingRelease_), false);
    pendingRelease_ = -1;
  } else if (waitLeft_ > 0) {
    --waitLeft_;
  } else if (dragLeft_ > 0) {
    moveAlongDrag(steps_[next_ - 1], --dragLeft_);
  } else if (next_ < steps_.size()) {
    const Step& s = steps_[next_++];
    switch (s.kind) {
      case Step::Kind::Mouse: mouseX_ = s.x, mouseY_ = s.y; break;
      case Step::Kind::Drag:
        dragLeft_ = s.value - 1;
        moveAlongDrag(s, dragLeft_);
        break;
      case Step::Kind::Press: buttons_[s.value] = true; break;
      case Step::Kind::Release: buttons_[s.value] = false; break;
      case Step::Kind::Key:
        setKeyDown(static_cast<Key>(s.value), true);
        pendingRelease_ = s.value;
        break;
      case Step::Kind::Ctrl: ctrl_ = s.value != 0; break;
      case Step::Kind::Shift: shift_ = s.value != 0; break;
      case Step::Kind::Wheel: io.MouseWheel += s.x; break;
      case Step::Kind::Wait: waitLeft_ = std::max(0, s.value - 1); break;
      case Step::Kind::Text: io.AddInputCharactersUTF8(texts_[static_cast<size_t>(s.value)].c_str()); break;
      case Step::Kind::Drop: window_.dropPath = texts_[static_cast<size_t>(s.value)]; break;
      case Step::Kind::Resize:
        window_.resizeWidth = static_cast<int>(s.x);
        window_.resizeHeight = static_cast<int>(s.y);
        break;
      case Step::Kind::Minimize: window_.minimizeFrames = s.value; break;
      case Step::Kind::Lang: window_.language = s.value; break;
      case Step::Kind::Slow: window_.slowWork = s.x; break;
    }
  }
  io.MousePos = mouseX_ > -1e8f ? ImVec2(mouseX_, mouseY_) : ImVec2(-FLT_MAX, -FLT_MAX);
  for (int i = 0; i < 3; ++i) io.MouseDown[i] = buttons_[i];
  setModifiers(ctrl_, shift_);
  return !finished();
}

}  // namespace satlab
