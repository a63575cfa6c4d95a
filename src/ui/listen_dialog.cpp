#include "ui/listen_dialog.hpp"

#include <imgui.h>

#include <algorithm>

#include "i18n/i18n.hpp"
#include "ui/dialogs.hpp"
#include "ui/item_rects.hpp"

namespace satlab {

namespace {

constexpr const char* kTitle = N_("Listen for an engine");  // the id; dialogName(kTitle) the window

}  // namespace

ListenDialogAction ListenDialog::draw(const ListenDialogState& s) {
  if (openPending_) {
    ImGui::OpenPopup(dialogName(kTitle));
    openPending_ = false;
    if (s.listening) port_ = s.port;
  }
  ListenDialogAction act;
  if (!ImGui::BeginPopupModal(dialogName(kTitle), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return act;
  ImGui::TextUnformatted(
      tr("An engine connects to this port on 127.0.0.1 and streams a recording, a JSON line per frame."));
  ImGui::TextDisabled("%s",
                      tr("Only this machine can connect; one engine at a time (docs/recording-format.md, Live)."));
  ImGui::BeginDisabled(s.listening);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::InputInt(L("port"), &port_, 1, 100)) port_ = std::clamp(port_, 1, 65535);
  ImGui::EndDisabled();
  if (!s.status.empty()) ImGui::TextUnformatted(s.status.c_str());
  if (!s.listening) {
    if (ImGui::Button(L("Listen (Enter)")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
      act.listen = true;
      act.port = port_;
      ImGui::CloseCurrentPopup();
    }
    rememberItem("listen.listen");
  } else {
    if (ImGui::Button(L("Stop"))) {
      act.stop = true;
      ImGui::CloseCurrentPopup();
    }
    rememberItem("listen.stop");
  }
  ImGui::SameLine();
  if (ImGui::Button(L("Close (Esc)")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return act;
}

}  // namespace satlab
