#include "ui/item_rects.hpp"

#include <imgui.h>

#include <map>

namespace satlab {

namespace {
struct Drawn {
  ScreenRect rect;
  int frame = -1;
};
std::map<std::string, Drawn>& items() {
  static std::map<std::string, Drawn> all;
  return all;
}
bool recent(const Drawn& d) { return d.frame >= ImGui::GetFrameCount() - 1; }
}  // namespace

void rememberItem(const char* name) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  items()[name] = Drawn{ScreenRect{glm::vec2(lo.x, lo.y), glm::vec2(hi.x, hi.y)}, ImGui::GetFrameCount()};
}

std::optional<ScreenRect> rememberedItem(const std::string& name) {
  if (ImGui::GetCurrentContext() == nullptr) return std::nullopt;
  const auto it = items().find(name);
  if (it == items().end() || !recent(it->second)) return std::nullopt;
  return it->second.rect;
}

std::vector<std::pair<std::string, ScreenRect>> rememberedItems() {
  std::vector<std::pair<std::string, ScreenRect>> out;
  if (ImGui::GetCurrentContext() == nullptr) return out;
  for (const auto& [name, d] : items()) {
    if (recent(d)) out.emplace_back(name, d.rect);
  }
  return out;
}

}  // namespace satlab
