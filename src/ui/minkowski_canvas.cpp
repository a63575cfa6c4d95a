#include "ui/minkowski_canvas.hpp"

#include "i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace satlab {

namespace {

constexpr float kSide = 15.0f;     // the square, in text heights
constexpr float kTitleRow = 1.4f;  // the title above it
constexpr float kNoteRow = 1.2f;   // the line below it (the rounding, the lit face's distance)

}  // namespace

glm::vec2 minkowskiCanvasSize(const CanvasStyle& st) {
  return glm::vec2(kSide * st.text + 2.0f * st.pad, (kTitleRow + kSide + kNoteRow) * st.text + 2.0f * st.pad);
}

void drawMinkowskiCanvas(const CanvasPainter& p, const ScreenRect& rect, const MinkowskiPicture& pic,
                         const glm::vec3& right, const glm::vec3& up, const MinkowskiMarks& marks,
                         const std::string& title) {
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  // Words wider than the picture (a longer language) are drawn smaller, not cut.
  const float room = rect.hi.x - st.pad - o.x;
  const auto fit = [&](const std::string& text, float scale) {
    return std::min(scale, scale * room / std::max(p.measure(text, scale).x, 1.0f));
  };
  p.text(o, st.ink, title, fit(title, 1.0f));
  if (!pic.valid) {
    char buf[192];
    std::snprintf(buf, sizeof buf,
                  trn("too many corners to draw (%zu difference)", "too many corners to draw (%zu differences)",
                      static_cast<long long>(pic.points)),
                  pic.points);
    p.text(o + glm::vec2(0.0f, kTitleRow * u), st.dim, buf, fit(buf, 1.0f));
    return;
  }
  // The square the picture fits in, and the map from A - B's space onto it (y up on screen).
  const glm::vec2 lo = o + glm::vec2(0.0f, kTitleRow * u);
  const float side = std::min(rect.hi.x - st.pad - lo.x, rect.hi.y - st.pad - kNoteRow * u - lo.y);
  const auto flat = [&](const glm::vec3& q) { return glm::vec2(glm::dot(q, right), glm::dot(q, up)); };
  glm::vec2 bmin(0.0f), bmax(0.0f);  // the origin is always in the picture
  const auto grow = [&](const glm::vec3& q) {
    const glm::vec2 f = flat(q);
    bmin = glm::min(bmin, f);
    bmax = glm::max(bmax, f);
  };
  for (const glm::vec3& c : pic.corners) grow(c);
  for (const glm::vec3& c : marks.polytope) grow(c);
  if (marks.support) grow(*marks.support);
  const float pad = std::max(pic.rounding, 0.0f);
  bmin -= glm::vec2(pad), bmax += glm::vec2(pad);
  float span = std::max(bmax.x - bmin.x, bmax.y - bmin.y);
  if (!(span > 0.0f) || !std::isfinite(span)) span = 1.0f;
  const float scale = side * 0.9f / span;
  const glm::vec2 mid = (bmin + bmax) * 0.5f;
  const glm::vec2 centre = lo + glm::vec2(side * 0.5f);
  const auto at = [&](const glm::vec3& q) {
    const glm::vec2 f = (flat(q) - mid) * scale;
    return centre + glm::vec2(f.x, -f.y);
  };
  p.pushClip(ScreenRect{lo, lo + glm::vec2(side)});

  // EPA's polytope under everything: its nearest face filled, its edges thin.
  const std::size_t faces = marks.polytope.size() / 3;
  for (std::size_t f = 0; f < faces; ++f) {
    const glm::vec2 a = at(marks.polytope[3 * f]), b = at(marks.polytope[3 * f + 1]), c = at(marks.polytope[3 * f + 2]);
    if (static_cast<int>(f) == marks.nearestFace) p.triangle(a, b, c, st.overlap & 0x60FFFFFFu);
  }
  for (std::size_t f = 0; f < faces; ++f) {
    const glm::vec2 a = at(marks.polytope[3 * f]), b = at(marks.polytope[3 * f + 1]), c = at(marks.polytope[3 * f + 2]);
    const bool near = static_cast<int>(f) == marks.nearestFace;
    const ImU32 col = near ? st.overlap : st.dim;
    const float w = near ? st.line * 1.5f : st.line * 0.6f;
    p.line(a, b, col, w);
    p.line(b, c, col, w);
    p.line(c, a, col, w);
  }

  // Spheres and capsules: A - B is the core's difference grown by rA + rB, drawn as what the
  // growing adds on screen, a circle of that radius about each corner and each edge moved
  // out by it on both sides (their outer rim is the rounded outline), under the core.
  if (pic.rounding > 0.0f) {
    const float r = pic.rounding * scale;
    const int segments = 32;
    const auto circle = [&](glm::vec2 c) {
      std::vector<glm::vec2> ring;
      for (int i = 0; i <= segments; ++i) {
        const float a = 6.2831853f * static_cast<float>(i) / static_cast<float>(segments);
        ring.push_back(c + r * glm::vec2(std::cos(a), std::sin(a)));
      }
      p.polyline(ring, st.dim, st.line * 0.75f);
    };
    for (const glm::vec3& c : pic.corners) circle(at(c));
    if (pic.corners.empty()) circle(at(glm::vec3(0.0f)));
    for (const auto& e : pic.edges) {
      const glm::vec2 a = at(e[0]), b = at(e[1]);
      const glm::vec2 d = b - a;
      const float len = glm::length(d);
      if (!(len > 0.0f)) continue;
      const glm::vec2 n = glm::vec2(-d.y, d.x) / len * r;
      p.line(a + n, b + n, st.dim, st.line * 0.75f);
      p.line(a - n, b - n, st.dim, st.line * 0.75f);
    }
  }

  // A - B's edges.
  for (const auto& e : pic.edges) p.line(at(e[0]), at(e[1]), st.ink, st.line);

  // The lit face (a SAT axis): its outline thick, and the origin's distance to its plane.
  if (marks.litFace >= 0 && marks.litFace < static_cast<int>(pic.faces.size())) {
    const MinkowskiFace& f = pic.faces[static_cast<std::size_t>(marks.litFace)];
    const bool outside = f.offset < 0.0f;
    const ImU32 col = outside ? st.gap : st.overlap;
    for (std::size_t k = 0; k < f.corners.size(); ++k) {
      p.line(at(f.corners[k]), at(f.corners[(k + 1) % f.corners.size()]), col, st.line * 2.5f);
    }
    // The foot of the perpendicular from the origin onto the face's plane: offset * n.
    p.line(at(glm::vec3(0.0f)), at(f.normal * f.offset), col, st.line * 1.5f);
  }

  // Each face facing the eye named by its SAT axis, at its middle (two boxes): the lit face
  // first, then the faces most squarely facing the eye; a name that would run into one
  // already placed is left out, so the names never pile up.
  if (marks.showFaceAxes) {
    const glm::vec3 toEye = glm::cross(right, up);
    std::vector<std::pair<float, std::size_t>> order;
    for (std::size_t k = 0; k < pic.faces.size(); ++k) {
      const MinkowskiFace& f = pic.faces[k];
      if (!f.axis.valid() || f.corners.empty()) continue;
      const bool lit = static_cast<int>(k) == marks.litFace;
      const float facing = pic.flat ? 1.0f : glm::dot(f.normal, toEye);
      if (!lit && facing < 0.25f) continue;
      order.emplace_back(lit ? 2.0f : facing, k);
    }
    std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
    std::vector<ScreenRect> placed;
    for (const auto& [facing, k] : order) {
      const MinkowskiFace& f = pic.faces[k];
      glm::vec3 c(0.0f);
      for (const glm::vec3& q : f.corners) c += q;
      c /= static_cast<float>(f.corners.size());
      const std::string name(label(f.axis));
      const glm::vec2 sz = p.measure(name, 0.75f);
      const glm::vec2 where = at(c + (pic.flat ? f.normal * (8.0f / scale) : glm::vec3(0.0f)));
      const ScreenRect box{where - sz * 0.5f - glm::vec2(0.15f * u), where + sz * 0.5f + glm::vec2(0.15f * u)};
      const bool clash = std::any_of(placed.begin(), placed.end(), [&](const ScreenRect& o) {
        return box.lo.x < o.hi.x && o.lo.x < box.hi.x && box.lo.y < o.hi.y && o.lo.y < box.hi.y;
      });
      if (clash) continue;
      placed.push_back(box);
      p.text(where - sz * 0.5f, static_cast<int>(k) == marks.litFace ? st.ink : st.dim, name, 0.75f);
    }
  }

  // GJK's simplex (its edges and corners), v and the way to the support point.
  const ImU32 simplexCol = st.marker;
  for (std::size_t i = 0; i < marks.simplex.size(); ++i) {
    for (std::size_t j = i + 1; j < marks.simplex.size(); ++j) {
      p.line(at(marks.simplex[i]), at(marks.simplex[j]), simplexCol, st.line * 1.5f);
    }
  }
  for (const glm::vec3& q : marks.simplex) {
    const glm::vec2 c = at(q);
    p.rectFilled(c - glm::vec2(0.3f * u), c + glm::vec2(0.3f * u), simplexCol);
  }
  if (marks.v) {
    p.line(at(glm::vec3(0.0f)), at(*marks.v), st.gap, st.line * 1.5f);
    const glm::vec2 c = at(*marks.v);
    p.rectOutline(c - glm::vec2(0.35f * u), c + glm::vec2(0.35f * u), st.gap, st.line);
  }
  if (marks.support) {
    const glm::vec2 c = at(*marks.support);
    p.triangle(c + glm::vec2(0.0f, -0.45f * u), c + glm::vec2(-0.4f * u, 0.3f * u), c + glm::vec2(0.4f * u, 0.3f * u),
               st.axis[2]);
    if (marks.v) p.line(at(*marks.v), c, st.axis[2], st.line);
  }

  // The origin: a cross, named.
  const glm::vec2 z = at(glm::vec3(0.0f));
  const float arm = 0.55f * u;
  p.line(z - glm::vec2(arm, arm), z + glm::vec2(arm, arm), st.ink, st.line * 1.5f);
  p.line(z - glm::vec2(arm, -arm), z + glm::vec2(arm, -arm), st.ink, st.line * 1.5f);
  // Named on the side with room (inside the square).
  const bool leftOfIt = z.x > lo.x + side * 0.5f;
  p.text(z + glm::vec2(leftOfIt ? -1.2f * u : 0.6f * u, 0.1f * u), st.ink, "0", 0.8f);
  p.popClip();

  // Below: the rounding and the lit face's measure.
  std::string note;
  char buf[192];
  if (pic.rounding > 0.0f) {
    std::snprintf(buf, sizeof buf, tr("grown by rA + rB = %.3g"), pic.rounding);
    note += buf;
    note += "  ";
  }
  if (marks.litFace >= 0 && marks.litFace < static_cast<int>(pic.faces.size())) {
    const MinkowskiFace& f = pic.faces[static_cast<std::size_t>(marks.litFace)];
    std::snprintf(buf, sizeof buf,
                  f.offset < 0.0f ? tr("origin %.3g outside this face") : tr("origin %.3g inside this face"),
                  std::abs(f.offset));
    note += buf;
  }
  if (!note.empty()) p.text(glm::vec2(o.x, lo.y + side + 0.15f * u), st.dim, note, fit(note, 0.85f));
}

}  // namespace satlab
