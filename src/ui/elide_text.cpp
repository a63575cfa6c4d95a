#include "ui/elide_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <utility>

namespace satlab {

std::string elideMiddle(std::string_view text, float width, const std::function<float(std::string_view)>& measure) {
  if (measure(text) <= width) return std::string(text);
  const std::string_view dots = "...";
  const float room = width - measure(dots);
  if (!(room > 0.0f)) return std::string(dots);
  const auto lead = [](unsigned char c) { return (c & 0xC0u) != 0x80u; };
  // The head and the tail of `keep` bytes in all (the head the larger half), each at a
  // character boundary.
  const auto cut = [&](std::size_t keep) {
    std::size_t head = (keep + 1) / 2, tail = text.size() - keep / 2;
    while (head > 0 && !lead(static_cast<unsigned char>(text[head]))) --head;
    while (tail < text.size() && !lead(static_cast<unsigned char>(text[tail]))) ++tail;
    return std::make_pair(text.substr(0, head), text.substr(tail));
  };
  std::size_t lo = 0, hi = text.size();
  while (lo < hi) {  // the most bytes kept that fit beside the dots
    const std::size_t mid = (lo + hi + 1) / 2;
    const auto [head, tail] = cut(mid);
    if (measure(head) + measure(tail) <= room)
      lo = mid;
    else
      hi = mid - 1;
  }
  const auto [head, tail] = cut(lo);
  return std::string(head) + std::string(dots) + std::string(tail);
}

std::string fitPairNames(std::string_view a, std::string_view b, float width,
                         const std::function<float(std::string_view)>& measure) {
  const std::string_view sep = " / ";
  const std::string whole = std::string(a) + std::string(sep) + std::string(b);
  if (measure(whole) <= width) return whole;
  const float room = std::max(width - measure(sep), 0.0f);
  const float wa = measure(a), wb = measure(b);
  float ra = 0.5f * room, rb = 0.5f * room;
  if (wa <= ra) {
    ra = wa, rb = room - wa;
  } else if (wb <= rb) {
    rb = wb, ra = room - wb;
  }
  return elideMiddle(a, ra, measure) + std::string(sep) + elideMiddle(b, rb, measure);
}

float imguiTextWidth(std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; }

}  // namespace satlab
