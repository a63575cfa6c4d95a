#include "input_script.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace satlab {

namespace {

int keyCode(std::string name) {
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
  if (name.size() == 1 && std::isalpha(static_cast<unsigned char>(name[0]))) return GLFW_KEY_A + (name[0] - 'A');
  if (name.size() == 1 && std::isdigit(static_cast<unsigned char>(name[0]))) return GLFW_KEY_0 + (name[0] - '0');
  if (name.size() >= 2 && name[0] == 'F' && std::all_of(name.begin() + 1, name.end(), ::isdigit)) {
    const int n = std::stoi(name.substr(1));
    if (n >= 1 && n <= 12) return GLFW_KEY_F1 + n - 1;
  }
  if (name.size() == 4 && name.rfind("KP_", 0) == 0 && std::isdigit(static_cast<unsigned char>(name[3]))) {
    return GLFW_KEY_KP_0 + (name[3] - '0');
  }
  static const std::map<std::string, int> kNamed = {
      {"HOME", GLFW_KEY_HOME},           {"DELETE", GLFW_KEY_DELETE},   {"ESCAPE", GLFW_KEY_ESCAPE},
      {"TAB", GLFW_KEY_TAB},             {"SPACE", GLFW_KEY_SPACE},     {"ENTER", GLFW_KEY_ENTER},
      {"LEFT_BRACKET", GLFW_KEY_LEFT_BRACKET}, {"RIGHT_BRACKET", GLFW_KEY_RIGHT_BRACKET},
      {"BACKSPACE", GLFW_KEY_BACKSPACE}, {"LEFT", GLFW_KEY_LEFT},       {"RIGHT", GLFW_KEY_RIGHT},
      {"UP", GLFW_KEY_UP},               {"DOWN", GLFW_KEY_DOWN},
      {"PAGE_UP", GLFW_KEY_PAGE_UP},     {"PAGE_DOWN", GLFW_KEY_PAGE_DOWN}};
  const auto it = kNamed.find(name);
  return it == kNamed.end() ? -1 : it->second;
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
    auto noMore = [&]() {
      std::string extra;
      return !(words >> extra);
    };
    if (cmd == "mouse" || cmd == "click" || cmd == "drag") {
      float x = 0, y = 0;
      if (!(words >> x >> y) || !std::isfinite(x) || !std::isfinite(y)) return fail("expected X Y after '" + cmd + "'");
      if (cmd == "drag") {
        int n = 10;
        std::string steps;
        if (words >> steps) {
          char* end = nullptr;
          const long v = std::strtol(steps.c_str(), &end, 10);
          if (*end != '\0') return fail("expected a number of steps after 'drag X Y'");
          n = static_cast<int>(v);
        }
        if (!noMore()) return fail("too many values after 'drag'");
        if (n < 1 || n > 10000) return fail("drag steps must be 1..10000");
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
      if (!noMore()) return fail("too many values after '" + cmd + "'");
      steps_.push_back(Step{Step::Kind::Mouse, x, y, 0});
      mouseX_ = x, mouseY_ = y;
      if (cmd == "click") {
        steps_.push_back(Step{Step::Kind::Press, 0, 0, 0});
        steps_.push_back(Step{Step::Kind::Release, 0, 0, 0});
      }
      continue;
    }
    if (cmd == "press" || cmd == "release") {
      std::string b;
      words >> b;
      const int idx = buttonIndex(b);
      if (idx < 0) return fail("unknown button '" + b + "' (left, right or middle)");
      steps_.push_back(Step{cmd == "press" ? Step::Kind::Press : Step::Kind::Release, 0, 0, idx});
    } else if (cmd == "key") {
      std::string name;
      words >> name;
      const int code = keyCode(name);
      if (code < 0) return fail("unknown key '" + name + "'");
      steps_.push_back(Step{Step::Kind::Key, 0, 0, code});
    } else if (cmd == "ctrl" || cmd == "shift") {
      std::string v;
      words >> v;
      if (v != "on" && v != "off") return fail("expected on or off after '" + cmd + "'");
      steps_.push_back(Step{cmd == "ctrl" ? Step::Kind::Ctrl : Step::Kind::Shift, 0, 0, v == "on" ? 1 : 0});
    } else if (cmd == "wheel") {
      float n = 0;
      if (!(words >> n) || !std::isfinite(n)) return fail("expected a number after 'wheel'");
      steps_.push_back(Step{Step::Kind::Wheel, n, 0, 0});
    } else if (cmd == "text") {
      std::string rest;
      std::getline(words, rest);
      if (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
      if (rest.empty()) return fail("expected the text to type after 'text'");
      Step t{Step::Kind::Text};
      t.text = rest;
      steps_.push_back(t);
    } else if (cmd == "resize") {
      int w = 0, h = 0;
      if (!(words >> w >> h) || w < 64 || h < 64 || w > 8192 || h > 8192) return fail("expected W H (64..8192) after 'resize'");
      steps_.push_back(Step{Step::Kind::Resize, static_cast<float>(w), static_cast<float>(h)});
    } else if (cmd == "minimize") {
      int n = 0;
      if (!(words >> n) || n < 1 || n > 100000) return fail("expected 1..100000 frames after 'minimize'");
      steps_.push_back(Step{Step::Kind::Minimize, 0, 0, n});
    } else if (cmd == "wait") {
      int n = 0;
      if (!(words >> n) || n < 0 || n > 100000) return fail("expected 0..100000 frames after 'wait'");
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
    io.KeysDown[pendingRelease_] = false;
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
        io.KeysDown[s.value] = true;
        pendingRelease_ = s.value;
        break;
      case Step::Kind::Ctrl: ctrl_ = s.value != 0; break;
      case Step::Kind::Shift: shift_ = s.value != 0; break;
      case Step::Kind::Wheel: io.MouseWheel += s.x; break;
      case Step::Kind::Wait: waitLeft_ = std::max(0, s.value - 1); break;
      case Step::Kind::Text: io.AddInputCharactersUTF8(s.text.c_str()); break;
      case Step::Kind::Resize:
        window_.resizeWidth = static_cast<int>(s.x);
        window_.resizeHeight = static_cast<int>(s.y);
        break;
      case Step::Kind::Minimize: window_.minimizeFrames = s.value; break;
    }
  }
  io.MousePos = mouseX_ > -1e8f ? ImVec2(mouseX_, mouseY_) : ImVec2(-FLT_MAX, -FLT_MAX);
  for (int i = 0; i < 3; ++i) io.MouseDown[i] = buttons_[i];
  io.KeyCtrl = ctrl_;
  io.KeyShift = shift_;
  io.KeysDown[GLFW_KEY_LEFT_CONTROL] = ctrl_;
  io.KeysDown[GLFW_KEY_LEFT_SHIFT] = shift_;
  return !finished();
}

}  // namespace satlab
