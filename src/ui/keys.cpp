// satlab's keys in Dear ImGui 1.86 terms (see keys.hpp for why this file exists).
#include "ui/keys.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <array>
#include <iterator>
#include <string>
#include <utility>

namespace satlab {

namespace {

constexpr int kNone = -1;

/// How one Key reaches ImGui 1.86: through ImGui's own ImGuiKey_ (and the backend's
/// io.KeyMap) where 1.86 has one, else as the GLFW key code imgui_impl_glfw stores.
struct KeyEntry {
  std::string name;
  int imguiKey = kNone;  // an ImGuiKey_ value, or kNone
  int glfwKey = kNone;   // used only when imguiKey is kNone
};

constexpr int kKeyCount = static_cast<int>(Key::Count);

std::array<KeyEntry, kKeyCount> buildTable() {
  std::array<KeyEntry, kKeyCount> t;
  auto set = [&t](Key k, std::string name, int imguiKey, int glfwKey) {
    t[static_cast<size_t>(k)] = KeyEntry{std::move(name), imguiKey, glfwKey};
  };
  // Letters: ImGui 1.86 names A, C, V, X, Y and Z (for text editing); the rest are GLFW codes.
  for (int i = 0; i < 26; ++i) {
    set(static_cast<Key>(static_cast<int>(Key::A) + i), std::string(1, static_cast<char>('A' + i)), kNone,
        GLFW_KEY_A + i);
  }
  set(Key::A, "A", ImGuiKey_A, kNone);
  set(Key::C, "C", ImGuiKey_C, kNone);
  set(Key::V, "V", ImGuiKey_V, kNone);
  set(Key::X, "X", ImGuiKey_X, kNone);
  set(Key::Y, "Y", ImGuiKey_Y, kNone);
  set(Key::Z, "Z", ImGuiKey_Z, kNone);
  for (int i = 0; i < 10; ++i) {
    set(static_cast<Key>(static_cast<int>(Key::Digit0) + i), std::string(1, static_cast<char>('0' + i)), kNone,
        GLFW_KEY_0 + i);
    set(static_cast<Key>(static_cast<int>(Key::Keypad0) + i), "KP_" + std::to_string(i), kNone, GLFW_KEY_KP_0 + i);
  }
  for (int i = 0; i < 12; ++i) {
    set(static_cast<Key>(static_cast<int>(Key::F1) + i), "F" + std::to_string(i + 1), kNone, GLFW_KEY_F1 + i);
  }
  set(Key::Home, "HOME", ImGuiKey_Home, kNone);
  set(Key::Delete, "DELETE", ImGuiKey_Delete, kNone);
  set(Key::Escape, "ESCAPE", ImGuiKey_Escape, kNone);
  set(Key::Tab, "TAB", ImGuiKey_Tab, kNone);
  set(Key::Space, "SPACE", ImGuiKey_Space, kNone);
  set(Key::Enter, "ENTER", ImGuiKey_Enter, kNone);
  set(Key::Backspace, "BACKSPACE", ImGuiKey_Backspace, kNone);
  set(Key::LeftBracket, "LEFT_BRACKET", kNone, GLFW_KEY_LEFT_BRACKET);
  set(Key::RightBracket, "RIGHT_BRACKET", kNone, GLFW_KEY_RIGHT_BRACKET);
  set(Key::Left, "LEFT", ImGuiKey_LeftArrow, kNone);
  set(Key::Right, "RIGHT", ImGuiKey_RightArrow, kNone);
  set(Key::Up, "UP", ImGuiKey_UpArrow, kNone);
  set(Key::Down, "DOWN", ImGuiKey_DownArrow, kNone);
  set(Key::PageUp, "PAGE_UP", ImGuiKey_PageUp, kNone);
  set(Key::PageDown, "PAGE_DOWN", ImGuiKey_PageDown, kNone);
  return t;
}

const std::array<KeyEntry, kKeyCount>& table() {
  static const std::array<KeyEntry, kKeyCount> t = buildTable();
  return t;
}

/// The io.KeysDown[] index of `key`, or kNone when the backend has not mapped it.
int downIndex(Key key) {
  const int k = static_cast<int>(key);
  if (k < 0 || k >= kKeyCount) return kNone;
  const KeyEntry& e = table()[static_cast<size_t>(k)];
  const int index = e.imguiKey != kNone ? ImGui::GetKeyIndex(e.imguiKey) : e.glfwKey;
  const int size = static_cast<int>(std::size(ImGui::GetIO().KeysDown));
  return index >= 0 && index < size ? index : kNone;
}

void setDown(int index, bool down) {
  ImGuiIO& io = ImGui::GetIO();
  if (index >= 0 && index < static_cast<int>(std::size(io.KeysDown))) io.KeysDown[index] = down;
}

}  // namespace

std::string_view keyName(Key key) {
  const int k = static_cast<int>(key);
  if (k < 0 || k >= kKeyCount) return {};
  return table()[static_cast<size_t>(k)].name;
}

std::optional<Key> keyByName(std::string_view name) {
  for (int k = 0; k < kKeyCount; ++k) {
    if (table()[static_cast<size_t>(k)].name == name) return static_cast<Key>(k);
  }
  return std::nullopt;
}

bool pressed(Key key, Repeat repeat) {
  const int index = downIndex(key);
  return index != kNone && ImGui::IsKeyPressed(index, repeat == Repeat::Yes);
}

bool held(Key key) {
  const int index = downIndex(key);
  return index != kNone && ImGui::IsKeyDown(index);
}

bool plainPressed(Key key, Repeat repeat) {
  const ImGuiIO& io = ImGui::GetIO();
  return !io.KeyCtrl && !io.KeyAlt && !io.KeySuper && pressed(key, repeat);
}

bool ctrlPressed(Key key, bool shift) {
  const ImGuiIO& io = ImGui::GetIO();
  return io.KeyCtrl && io.KeyShift == shift && pressed(key, Repeat::No);
}

void setKeyDown(Key key, bool down) { setDown(downIndex(key), down); }

void setModifiers(bool ctrl, bool shift) {
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = ctrl;
  io.KeyShift = shift;
  // The left-hand keys too, as imgui_impl_glfw reports them.
  setDown(GLFW_KEY_LEFT_CONTROL, ctrl);
  setDown(GLFW_KEY_LEFT_SHIFT, shift);
}

}  // namespace satlab
