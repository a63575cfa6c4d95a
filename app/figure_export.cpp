#include "figure_export.hpp"

#include "render/display_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace satlab {

namespace {

namespace fs = std::filesystem;

std::string pixelText(glm::vec2 p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f,%.1f", static_cast<double>(p.x), static_cast<double>(p.y));
  return buf;
}

/// What a figure holds, for the "wrote" line.
std::string contents(const Scene& scene, const SceneView::Figure& f, FigureFormat format) {
  std::string s =
      std::to_string(f.width) + "x" + std::to_string(f.height) + (format == FigureFormat::Svg ? " SVG" : " PNG");
  if (format == FigureFormat::Svg) {
    s += scene.view == ViewMode::TwoD ? ": the 2D view" : ": the 3D view projected";
    s += ", " + std::to_string(f.counts.lines) + " lines, " + std::to_string(f.counts.polygons) + " surfaces, " +
         std::to_string(f.counts.texts) + " texts";
  }
  if (f.picture) s += ", with the step's picture";
  return s + ")";
}

std::string figureTitle(const Scene& scene, const std::string& path) {
  const std::string name = scene.title.empty() ? fs::path(path).stem().string() : scene.title;
  return oneLineText(name, kMaxShownTitleBytes);
}

/// Draws one figure and writes it to `path`; false with `out.error` set when it fails.
bool writeOne(SceneView& view, const Scene& scene, const FigureRequest& request, FigureFormat format,
              const std::string& path, NonRegularTarget nonRegular, FigureOutcome& out) {
  SceneView::FigureSpec spec;
  spec.windowSize = request.windowSize;
  spec.options = request.options;
  spec.vector = format == FigureFormat::Svg;
  spec.title = figureTitle(scene, path);
  SceneView::Figure figure;
  std::string error;
  if (!view.drawFigure(scene, spec, figure, error)) {
    out.refused = true;
    const int scale = std::clamp(request.options.scale, 1, kMaxFigureScale);
    out.error = path + ": cannot render a figure of " +
                std::to_string(static_cast<long>(std::lround(request.windowSize.x * static_cast<float>(scale)))) + "x" +
                std::to_string(static_cast<long>(std::lround(request.windowSize.y * static_cast<float>(scale)))) +
                ": " + error;
    return false;
  }
  const fs::path parent = fs::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::exists(parent, ec)) fs::create_directories(parent, ec);
  if (ec) {
    out.error = parent.string() + ": cannot make the folder: " + ec.message();
    return false;
  }
  if (format == FigureFormat::Svg) {
    if (auto e = writeFileAtomically(path, figure.svg, nonRegular)) {
      out.error = *e;
      return false;
    }
  } else if (!writePng(path, figure.width, figure.height, figure.rgba, error, nonRegular)) {
    out.error = error;
    return false;
  }
  out.written.push_back(path);
  out.report.push_back("wrote " + path + " (" + contents(scene, figure, format));
  for (const SceneView::ShapeOnScreen& s : figure.shapes) {
    out.report.push_back("figure " + path + ": shape " + oneLineText(s.name, kMaxShownNameBytes) + " at " +
                         pixelText(s.px));
  }
  if (figure.picture) {
    out.report.push_back("figure " + path + ": picture at " + pixelText(figure.picture->lo) + " to " +
                         pixelText(figure.picture->hi));
  }
  return true;
}

}  // namespace

FigureOutcome exportFigures(SceneView& view, const Scene& scene, const FigureRequest& request,
                            NonRegularTarget nonRegular) {
  FigureOutcome out;
  const std::optional<FigureFormat> format = figureFormatOf(request.path);
  if (!format) {
    out.refused = true;
    out.error = request.path + ": a figure is a .png or an .svg file";
    return out;
  }
  Explorer& explorer = view.explorer();
  const int count = explorer.hasFocus() ? explorer.stepCount() : 0;
  if ((request.everyStep || request.step > 0) && count == 0) {
    out.refused = true;
    out.error = std::string(request.everyStep ? "every step" : "step " + std::to_string(request.step)) +
                ": no explorer steps to show (" +
                (explorer.hasFocus() ? "the focused pair's test has none" : "no pair is focused") + ")";
    return out;
  }
  if (!request.everyStep && request.step > count) {
    out.refused = true;
    out.error = "step " + std::to_string(request.step) + ": the explorer has " + std::to_string(count) +
                (count == 1 ? " step" : " steps");
    return out;
  }
  const int shown = explorer.step;
  if (request.everyStep) {
    for (int k = 1; k <= count && out.error.empty(); ++k) {
      explorer.step = k - 1;
      writeOne(view, scene, request, *format, figureStepPath(request.path, k, count), nonRegular, out);
    }
  } else {
    if (request.step > 0) explorer.step = request.step - 1;
    writeOne(view, scene, request, *format, request.path, nonRegular, out);
  }
  explorer.step = shown;
  view.releaseFigureTarget();
  out.ok = out.error.empty();
  return out;
}

}  // namespace satlab
