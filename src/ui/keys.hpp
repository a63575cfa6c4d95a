// The keys satlab's shortcuts and its input scripts name, and the one place that turns them
// into what Dear ImGui reads.
//
// Why a module of its own: satlab builds against Debian 12's Dear ImGui, version 1.86. That
// version predates the named-key API of 1.87 (ImGuiKey_F1, ImGuiKey_O, io.AddKeyEvent ...):
// ImGui::IsKeyPressed() takes an index into io.KeysDown[], whose meaning the platform backend
// decides, and the ImGuiKey_ enum names only the 22 keys ImGui itself needs for navigation and
// text editing (Tab, arrows, PageUp/PageDown, Home, End, Insert, Delete, Backspace, Space,
// Enter, Escape, keypad Enter, A C V X Y Z). So:
//   - a key ImGui 1.86 names is looked up through ImGui::GetKeyIndex(ImGuiKey_...), i.e. the
//     io.KeyMap[] the backend fills in;
//   - every other key (F1-F12, the other letters, digits, keypad digits, [ ]) is the GLFW key
//     code, because that is what imgui_impl_glfw writes into io.KeysDown[].
// keys.cpp is the only file besides the GLFW backend that knows GLFW key codes; the rest of
// satlab says Key::E or Key::F1. Moving to ImGui 1.87 or later means changing keys.cpp alone:
// each Key becomes its ImGuiKey_ value, pressed() calls IsKeyPressed(ImGuiKey), and
// setKeyDown() / setModifiers() become io.AddKeyEvent().
#pragma once

#include <optional>
#include <string_view>

namespace satlab {

/// A key on the keyboard, in satlab's own names (Ctrl and Shift are modifiers, not keys: see
/// setModifiers()).
enum class Key {
  // clang-format off
  A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z,
  Digit0, Digit1, Digit2, Digit3, Digit4, Digit5, Digit6, Digit7, Digit8, Digit9,
  F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12,
  Keypad0, Keypad1, Keypad2, Keypad3, Keypad4, Keypad5, Keypad6, Keypad7, Keypad8, Keypad9,
  Home, Delete, Escape, Tab, Space, Enter, Backspace, LeftBracket, RightBracket,
  Left, Right, Up, Down, PageUp, PageDown,
  // clang-format on
  Count
};

/// The key's name in input scripts: "A", "0", "F1", "KP_5", "HOME", "LEFT_BRACKET", ...
std::string_view keyName(Key key);
/// The key a script name stands for (exact, upper case, as keyName() writes it).
std::optional<Key> keyByName(std::string_view name);

enum class Repeat { No, Yes };

/// The key went down this frame (with Repeat::Yes: or auto-repeats while held), whatever
/// modifiers are held.
bool pressed(Key key, Repeat repeat = Repeat::No);
/// A plain shortcut: the key went down this frame with neither Ctrl, Alt nor Super held (Shift
/// does not matter), so that Ctrl+E, which exports, is not also E, which picks the rotate gizmo.
bool plainPressed(Key key, Repeat repeat = Repeat::No);
/// The key is held down this frame (for a key that acts as long as it is held: driving).
bool held(Key key);
/// Ctrl+key (Ctrl+Shift+key when `shift`): the key went down this frame with Ctrl held and
/// Shift held exactly when asked for.
bool ctrlPressed(Key key, bool shift = false);

/// Scripted input: writes the key's state into ImGui's IO as the platform backend would.
/// Call between the backend's NewFrame and ImGui::NewFrame.
void setKeyDown(Key key, bool down);
/// Scripted input: Ctrl and Shift held or not (the flags and the left-hand keys).
void setModifiers(bool ctrl, bool shift);

}  // namespace satlab
