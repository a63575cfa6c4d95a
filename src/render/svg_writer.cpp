#include "render/svg_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace satlab {

namespace {

/// A coordinate or size with at most two decimals, no trailing zeros ("12", "3.5", "-0.25"):
/// a hundredth of a pixel is finer than any screen shows.
std::string num(float v) {
  if (!std::isfinite(v)) v = 0.0f;
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(v));
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

std::string hexColor(const glm::vec4& c) {
  auto byte = [](float v) {
    return static_cast<int>(std::lround(std::clamp(std::isfinite(v) ? v : 0.0f, 0.0f, 1.0f) * 255.0f));
  };
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", byte(c.r), byte(c.g), byte(c.b));
  return buf;
}

/// ` fill="#rrggbb"` with its opacity when it is not 1 (`what`: "fill" or "stroke").
std::string paint(const char* what, const glm::vec4& c) {
  std::string s = std::string(" ") + what + "=\"" + hexColor(c) + "\"";
  const float a = std::clamp(std::isfinite(c.a) ? c.a : 1.0f, 0.0f, 1.0f);
  if (a < 0.999f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " %s-opacity=\"%.3g\"", what, static_cast<double>(a));
    s += buf;
  }
  return s;
}

bool sameLook(const VectorItem& a, const VectorItem& b) {
  return a.stroke == b.stroke && a.width == b.width && a.dash == b.dash && a.roundCaps == b.roundCaps;
}

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::string xmlEscaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = s[i];
    std::uint32_t cp = 0xFFFD;
    std::size_t len = 1;
    if (c < 0x80) {
      cp = c;
    } else {
      // One UTF-8 sequence: its length from the lead byte, continuation bytes checked, no
      // overlong forms, no surrogates, nothing past U+10FFFF.
      const std::size_t need = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
      if (need > 0 && i + need <= n) {
        std::uint32_t v = c & (need == 2 ? 0x1F : need == 3 ? 0x0F : 0x07);
        bool ok = true;
        for (std::size_t k = 1; k < need && ok; ++k) {
          ok = (s[i + k] & 0xC0) == 0x80;
          v = (v << 6) | (s[i + k] & 0x3F);
        }
        const std::uint32_t least = need == 2 ? 0x80 : need == 3 ? 0x800 : 0x10000;
        if (ok && v >= least && v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF)) {
          cp = v;
          len = need;
        }
      }
    }
    i += len;
    switch (cp) {
      case '&': out += "&amp;"; continue;
      case '<': out += "&lt;"; continue;
      case '>': out += "&gt;"; continue;
      case '"': out += "&quot;"; continue;
      case '\'': out += "&apos;"; continue;
      default: break;
    }
    if (cp < 0x20 && cp != '\t' && cp != '\n') cp = ' ';
    if (cp == 0x7F || cp == 0xFFFE || cp == 0xFFFF) cp = 0xFFFD;
    appendUtf8(out, cp);
  }
  return out;
}

std::string svgDocument(const VectorFigure& figure, const std::optional<glm::vec3>& background,
                        std::string_view title) {
  const glm::vec2 size = figure.size();
  std::string out;
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + num(size.x) + "\" height=\"" +
         num(size.y) + "\" viewBox=\"0 0 " + num(size.x) + " " + num(size.y) + "\">\n";
  out += "<title>" + xmlEscaped(title) + "</title>\n";
  if (background) {
    out += "<rect id=\"background\" x=\"0\" y=\"0\" width=\"" + num(size.x) + "\" height=\"" + num(size.y) + "\"" +
           paint("fill", glm::vec4(*background, 1.0f)) + "/>\n";
  }
  int openGroups = 0, clips = 0;
  const std::vector<VectorItem>& items = figure.items();
  for (std::size_t i = 0; i < items.size(); ++i) {
    const VectorItem& it = items[i];
    switch (it.kind) {
      case VectorItem::Kind::Line: {
        // This line and the ones after it that look the same: one path of subpaths. SVG
        // starts a dash pattern again at each subpath, as the line shader does at each line.
        out += "<path d=\"";
        std::size_t j = i;
        for (; j < items.size() && items[j].kind == VectorItem::Kind::Line && sameLook(items[j], it); ++j) {
          const VectorItem& l = items[j];
          out += "M" + num(l.a.x) + " " + num(l.a.y) + "L" + num(l.b.x) + " " + num(l.b.y);
        }
        i = j - 1;
        out += "\" fill=\"none\"" + paint("stroke", it.stroke) + " stroke-width=\"" + num(it.width) +
               "\" stroke-linecap=\"" + (it.roundCaps && it.dash <= 0.0f ? "round" : "butt") + "\"";
        if (it.dash > 0.0f) out += " stroke-dasharray=\"" + num(it.dash * 0.5f) + " " + num(it.dash * 0.5f) + "\"";
        out += "/>\n";
        break;
      }
      case VectorItem::Kind::Polygon: {
        out += "<path d=\"M";
        for (std::size_t k = 0; k < it.points.size(); ++k) {
          out += (k == 0 ? "" : "L") + num(it.points[k].x) + " " + num(it.points[k].y);
        }
        out += "Z\"" + paint("fill", it.fill) + "/>\n";
        break;
      }
      case VectorItem::Kind::Dot:
        out += "<circle cx=\"" + num(it.a.x) + "\" cy=\"" + num(it.a.y) + "\" r=\"" + num(it.radius) + "\"" +
               paint("fill", it.fill) + "/>\n";
        break;
      case VectorItem::Kind::Rect: {
        out += "<rect x=\"" + num(it.a.x) + "\" y=\"" + num(it.a.y) + "\" width=\"" + num(it.b.x - it.a.x) +
               "\" height=\"" + num(it.b.y - it.a.y) + "\"";
        if (it.radius > 0.0f) out += " rx=\"" + num(it.radius) + "\"";
        out += it.fill.a > 0.0f ? paint("fill", it.fill) : std::string(" fill=\"none\"");
        if (it.stroke.a > 0.0f) out += paint("stroke", it.stroke) + " stroke-width=\"" + num(it.width) + "\"";
        out += "/>\n";
        break;
      }
      case VectorItem::Kind::Text:
        out += "<text x=\"" + num(it.a.x) + "\" y=\"" + num(it.a.y + it.ascent) + "\" font-size=\"" + num(it.size) +
               "\"" + paint("fill", it.fill) + " font-family=\"DejaVu Sans, Verdana, sans-serif\"";
        // As wide as on screen, whatever font draws it here: the layout around it assumed that.
        if (it.width > 0.0f) out += " textLength=\"" + num(it.width) + "\" lengthAdjust=\"spacingAndGlyphs\"";
        out += " xml:space=\"preserve\">" + xmlEscaped(it.text) + "</text>\n";
        break;
      case VectorItem::Kind::GroupBegin:
        out += "<g id=\"" + xmlEscaped(it.text) + "\">\n";
        ++openGroups;
        break;
      case VectorItem::Kind::GroupEnd:
        if (openGroups > 0) {
          out += "</g>\n";
          --openGroups;
        }
        break;
      case VectorItem::Kind::ClipBegin: {
        const std::string id = "clip" + std::to_string(++clips);
        out += "<clipPath id=\"" + id + "\"><rect x=\"" + num(it.a.x) + "\" y=\"" + num(it.a.y) + "\" width=\"" +
               num(std::max(0.0f, it.b.x - it.a.x)) + "\" height=\"" + num(std::max(0.0f, it.b.y - it.a.y)) +
               "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
        ++openGroups;
        break;
      }
      case VectorItem::Kind::ClipEnd:
        if (openGroups > 0) {
          out += "</g>\n";
          --openGroups;
        }
        break;
    }
  }
  for (; openGroups > 0; --openGroups) out += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace satlab
