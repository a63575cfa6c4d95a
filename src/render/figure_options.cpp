#include "render/figure_options.hpp"

#include "base/file_name.hpp"
#include "render/palette.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace satlab {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<FigureFormat> figureFormatOf(std::string_view path) {
  const std::string ext = lowerExtension(path);
  if (ext == ".png") return FigureFormat::Png;
  if (ext == ".svg") return FigureFormat::Svg;
  return std::nullopt;
}

std::string withFigureExtension(const std::string& path, FigureFormat format) {
  std::filesystem::path p(path);
  const std::string want = format == FigureFormat::Svg ? ".svg" : ".png";
  if (p.filename().empty() || p.filename() == "." || p.filename() == "..") return path;
  p.replace_extension(want);
  return p.string();
}

std::optional<FigureBackground> figureBackgroundNamed(std::string_view name) {
  const std::string n = lower(name);
  if (n == "white") return FigureBackground::White;
  if (n == "dark") return FigureBackground::Dark;
  if (n == "transparent") return FigureBackground::Transparent;
  return std::nullopt;
}

const char* figureBackgroundName(FigureBackground background) {
  switch (background) {
    case FigureBackground::Theme: return "the view's";
    case FigureBackground::White: return "white";
    case FigureBackground::Dark: return "dark";
    case FigureBackground::Transparent: return "transparent";
  }
  return "?";
}

glm::vec4 figureBackgroundColor(FigureBackground background, const glm::vec3& theme) {
  switch (background) {
    case FigureBackground::White: return glm::vec4(1.0f);
    case FigureBackground::Dark: return glm::vec4(darkPalette().background, 1.0f);
    case FigureBackground::Transparent: return glm::vec4(theme, 0.0f);
    case FigureBackground::Theme: break;
  }
  return glm::vec4(theme, 1.0f);
}

std::string figureStepPath(const std::string& path, int step, int count) {
  const std::filesystem::path p(path);
  int digits = 2;
  for (int c = std::max(count, 1); c >= 100; c /= 10) ++digits;
  std::string number = std::to_string(std::max(step, 0));
  if (static_cast<int>(number.size()) < digits) number.insert(0, static_cast<size_t>(digits) - number.size(), '0');
  const std::string name = p.stem().string() + "-step-" + number + p.extension().string();
  return (p.parent_path() / name).string();
}

}  // namespace satlab
