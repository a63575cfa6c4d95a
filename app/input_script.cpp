#include "input_script.hpp"

#include "ui/keys.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>

namespace satlab {

namespace {

/// A whole number in [lo, hi], written in decimal digits with an optional sign and nothing
/// else: "4294967297" is out of range (not 1 after a silent wrap to 32 bits), "10x" and
/// "1e3" are not whole numbers.
std::optional<long long> wholeNumber(const std::string& word, long long lo, long long hi) {
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
std::optional<float> realNumber(const std::string& word, double lo, double hi) {
  if (word.empty()) return std::nullopt;
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
std::optional<Key> scriptKey(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
  if (name.size() >= 2 && name[0] == 'F' && std::isdigit(static_cast<unsigned char>(name[1]))) {
    // wholeNumber, not std::stoi: "F99999999999" is an unknown key, not an exception.
    const auto n = wholeNumber(name.substr(1), 1, 12);
    if (!n) return std::nullopt;
    name = "F" + std::to_string(*n);
  }
  return keyByName(name);
}

int buttonIndex(const std::string& name) {
  if (name.empty() || name == "left") return 0;
  if (name == "right") return 1;
  if (name == "middle") return 2;
  return -1;
}

}  // namespace

bool InputScript::load(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot read the script";
    return false;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return parse(ss.str(), path, error);
}

bool InputScript::parse(const std::string& text, const std::string& sourceName, std::string& error) {
  std::istringstream lines(text);
  std::string line;
  int lineNo = 0;
  auto fail = [&](const std::string& why) {
    error = sourceName + ": line " + std::to_string(lineNo) + ": " + why;
    return false;
  };
  while (std::getline(lines, line)) {
    ++lineNo;
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string cmd;
    if (!(words >> cmd)) continue;
    std::vector<std::string> args;
    for (std::string w; words >> w;) args.push_back(w);
    auto count = [&](size_t lo, size_t hi, const std::string& what) {
      if (args.size() < lo || args.size() > hi) {
        fail("'" + cmd + "' takes " + what + ", got " + std::to_string(args.size()) + " value(s)");
        return false;
      }
      return true;
    };
    // Every number is checked against its range; the message names it and the range.
    auto whole = [&](size_t i, long long lo, long long hi, const std::string& what, int& out) {
      const auto v = wholeNumber(args[i], lo, hi);
      if (!v) {
        fail(what + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got '" +
             args[i] + "'");
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
        fail(what + " must be a number from " + range + ", got '" + args[i] + "'");
        return false;
      }
      out = *v;
      return true;
    };
    if (cmd == "mouse" || cmd == "click" || cmd == "drag") {
      float x = 0, y = 0;
      if (!count(2, cmd == "drag" ? 3 : 2, cmd == "drag" ? "X Y [STEPS]" : "X Y")) return false;
      if (!real(0, -kMaxCoordinate, kMaxCoordinate, "X", x) || !real(1, -kMaxCoordinate, kMaxCoordinate, "Y", y)) {
        return false;
      }
      if (cmd == "drag") {
        int n = 10;
        if (args.size() == 3 && !whole(2, 1, kMaxDragSteps, "the number of drag steps", n)) return false;
        // Interpolated from wherever the cursor is when the step runs: store as N moves
        // resolved relative to the previous explicit position.
        const float fromX = steps_.empty() ? x : mouseX_, fromY = steps_.empty() ? y : mouseY_;
        for (int i = 1; i <= n; ++i) {
          const float t = static_cast<float>(i) / static_cast<float>(n);
          steps_.push_back(Step{Step::Kind::Mouse, fromX + (x - fromX) * t, fromY + (y - fromY) * t, 0});
        }
        mouseX_ = x, mouseY_ = y;
        continue;
      }
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
      const std::string b = args.empty() ? std::string() : args[0];
      const int idx = buttonIndex(b);
      if (idx < 0) return fail("unknown button '" + b + "' (left, right or middle)");
      steps_.push_back(Step{cmd == "press" ? Step::Kind::Press : Step::Kind::Release, 0, 0, idx});
    } else if (cmd == "key") {
      if (!count(1, 1, "a key name")) return false;
      const std::optional<Key> key = scriptKey(args[0]);
      if (!key) return fail("unknown key '" + args[0] + "'");
      steps_.push_back(Step{Step::Kind::Key, 0, 0, static_cast<int>(*key)});
    } else if (cmd == "ctrl" || cmd == "shift") {
      if (!count(1, 1, "on or off")) return false;
      if (args[0] != "on" && args[0] != "off") return fail("expected on or off after '" + cmd + "'");
      steps_.push_back(Step{cmd == "ctrl" ? Step::Kind::Ctrl : Step::Kind::Shift, 0, 0, args[0] == "on" ? 1 : 0});
    } else if (cmd == "wheel") {
      float n = 0;
      if (!count(1, 1, "N") || !real(0, -kMaxWheel, kMaxWheel, "the wheel notches", n)) return false;
      steps_.push_back(Step{Step::Kind::Wheel, n, 0, 0});
    } else if (cmd == "text") {
      const size_t at = line.find("text");
      std::string rest = line.substr(at + 4);
      if (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
      if (rest.empty()) return fail("expected the text to type after 'text'");
      Step t{Step::Kind::Text};
      t.text = rest;
      steps_.push_back(t);
    } else if (cmd == "drop") {
      const size_t at = line.find("drop");
      std::string rest = line.substr(at + 4);
      const size_t first = rest.find_first_not_of(" \t");
      rest = first == std::string::npos ? std::string() : rest.substr(first);
      while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r')) rest.pop_back();
      if (rest.empty()) return fail("expected the path of the dropped file after 'drop'");
      Step d(Step::Kind::Drop);
      d.text = rest;
      steps_.push_back(std::move(d));
    } else if (cmd == "resize") {
      int w = 0, h = 0;
      if (!count(2, 2, "W H") || !whole(0, 64, 8192, "the width", w) || !whole(1, 64, 8192, "the height", h)) {
        return false;
      }
      steps_.push_back(Step{Step::Kind::Resize, static_cast<float>(w), static_cast<float>(h)});
    } else if (cmd == "minimize") {
      int n = 0;
      if (!count(1, 1, "N") || !whole(0, 1, kMaxFrames, "the number of frames", n)) return false;
      steps_.push_back(Step{Step::Kind::Minimize, 0, 0, n});
    } else if (cmd == "wait") {
      int n = 0;
      if (!count(1, 1, "N") || !whole(0, 0, kMaxFrames, "the number of frames", n)) return false;
      steps_.push_back(Step{Step::Kind::Wait, 0, 0, n});
    } else {
      return fail("unknown command '" + cmd + "'");
    }
  }
  mouseX_ = mouseY_ = -1e9f;
  return true;
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
  } else if (next_ < steps_.size()) {
    const Step& s = steps_[next_++];
    switch (s.kind) {
      case Step::Kind::Mouse: mouseX_ = s.x, mouseY_ = s.y; break;
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
      case Step::Kind::Text: io.AddInputCharactersUTF8(s.text.c_str()); break;
      case Step::Kind::Drop: window_.dropPath = s.text; break;
      case Step::Kind::Resize:
        window_.resizeWidth = static_cast<int>(s.x);
        window_.resizeHeight = static_cast<int>(s.y);
        break;
      case Step::Kind::Minimize: window_.minimizeFrames = s.value; break;
    }
  }
  io.MousePos = mouseX_ > -1e8f ? ImVec2(mouseX_, mouseY_) : ImVec2(-FLT_MAX, -FLT_MAX);
  for (int i = 0; i < 3; ++i) io.MouseDown[i] = buttons_[i];
  setModifiers(ctrl_, shift_);
  return !finished();
}

}  // namespace satlab
