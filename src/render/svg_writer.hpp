// Writes a VectorFigure (vector_figure.hpp) as an SVG 1.1 document: one element per recorded
// shape, in the order they were drawn, lines of one look run together into one path; the
// figure's groups as <g id="...">, its clip rectangles as clip paths. Text is UTF-8 in
// DejaVu Sans (the font the app draws with), made valid XML whatever bytes it held.
#pragma once

#include "render/vector_figure.hpp"

#include <glm/glm.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace satlab {

/// The whole document: width and height in pixels and a viewBox of the figure's size,
/// `title`, then a background rectangle of `background` (none: transparent), then the items.
std::string svgDocument(const VectorFigure& figure, const std::optional<glm::vec3>& background, std::string_view title);

/// `text` as XML character data or attribute text: &, <, >, " and ' escaped, bytes that are
/// not UTF-8 and code points XML does not allow replaced by U+FFFD, control characters
/// other than tab and newline by spaces.
std::string xmlEscaped(std::string_view text);

}  // namespace satlab
