// Wrapped lesson text: numbers stay whole at every panel width (ImGui's own word wrap may
// break after the point of "0.94", leaving "0." at the end of one line and "94" on the next).
#include "ui/long_text.hpp"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cctype>
#include <string>

namespace satlab::test {
namespace {

/// An ImGui context with its built-in font, no display and no ini file.
class ImGuiFrames {
 public:
  ImGuiFrames() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 720.0f);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds the atlas
  }
  ~ImGuiFrames() { ImGui::DestroyContext(); }
  ImGuiFrames(const ImGuiFrames&) = delete;
  ImGuiFrames& operator=(const ImGuiFrames&) = delete;

  /// One frame with a window `width` pixels wide showing `text` in `view`.
  void show(WrappedTextView& view, const std::string& text, float width) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(width, 600.0f));
    ImGui::Begin("lesson");
    view.draw("##text", text, 0.0f);
    ImGui::End();
    ImGui::Render();
  }
};

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

TEST(WrappedText, NumbersAreNeverCutAtTheirPointAtAnyWidth) {
  const std::string text =
      "The red segment is inside the Y slab from t 0 to 0.25 and inside the X slab from 0.5 to 1. In the X "
      "slab from 0.29 to 0.86, in the Y slab from 0.31 to 0.94, so inside the rectangle from 0.31 to 0.86; "
      "the sum is 0.64 + 0.64 = 1.28, more than 1.0, and the epsilon 1e-6 widens 0.0000001 to 0.000001.";
  ImGuiFrames frames;
  int widths = 0;
  for (float width = 80.0f; width <= 420.0f; width += 1.0f) {
    WrappedTextView view;
    frames.show(view, text, width);
    ASSERT_GT(view.lineCount(), 1u) << width;
    ++widths;
    for (std::size_t i = 0; i + 1 < view.lineCount(); ++i) {
      const std::string_view line = view.line(i), next = view.line(i + 1);
      ASSERT_FALSE(line.empty());
      // A line that ends in "<digit>." or "<digit>," followed by a line starting with a
      // digit has cut a number in two.
      const bool cutNumber = line.size() >= 2 && (line.back() == '.' || line.back() == ',') &&
                             isDigit(line[line.size() - 2]) && !next.empty() && isDigit(next.front());
      EXPECT_FALSE(cutNumber) << "at " << width << " px: \"" << line << "\" / \"" << next << "\"";
    }
  }
  EXPECT_EQ(widths, 341);
}

TEST(WrappedText, AWordWiderThanTheLineIsStillCut) {
  // No blank to break at: the long run is cut where it must be, and nothing is lost.
  const std::string text = "0.1234567890.1234567890.1234567890.1234567890.1234567890.1234567890";
  ImGuiFrames frames;
  WrappedTextView view;
  frames.show(view, text, 90.0f);
  ASSERT_GT(view.lineCount(), 1u);
  std::string joined;
  for (std::size_t i = 0; i < view.lineCount(); ++i) joined += std::string(view.line(i));
  EXPECT_EQ(joined, text);
}

}  // namespace
}  // namespace satlab::test
