#include "ui/explorer_swept.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <tuple>
#include <vector>

#include "i18n/i18n.hpp"
#include "render/camera.hpp"
#include "render/line_batch.hpp"
#include "render/wire_shapes.hpp"
#include "ui/canvas_overlay.hpp"
#include "ui/explorer_kind.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

namespace satlab {

namespace {

constexpr float kViewLo = -0.25f, kViewHi = 1.25f;  // the t range of the number line: the step and a margin

/// printf of one axis's or coordinate's name into a translated format ("above %s").
std::string fmtAxis(const char* format, std::string_view name) {
  char buf[128];
  std::snprintf(buf, sizeof buf, format, std::string(name).c_str());
  return buf;
}

std::string seconds(double t) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g s", t);
  return buf;
}

/// "touches at t = 0.6819 s (0.713 of the step)", "already touching", "no contact": in the
/// window's language, or (`translated` false) in English, as the status line says it.
std::string verdictText(const SweptView& v, bool translated = true) {
  const auto say = [translated](const char* english) { return translated ? tr(english) : english; };
  const SweptResult& r = v.record.result;
  if (!r.tested) {
    return say(N_("no test between two frames covers this pair (segments and meshes are tested at the frames)"));
  }
  if (!r.hit) return say(N_("no contact during the step"));
  if (r.toi <= 0.0f) return say(N_("already touching at the start of the step"));
  char buf[192];
  std::snprintf(
      buf, sizeof buf,
      translated ? tr("first touch at t = %s (%.4g of the step)") : "first touch at t = %s (%.4g of the step)",
      seconds(v.t0 + double(r.toi) * (v.t1 - v.t0)).c_str(), static_cast<double>(r.toi));
  return buf;
}

void satInTime(const SweptSatTrace& t) {
  textWrappedDisabled("%s", tr("Each axis: the times the two projections overlap. They touch while all do: from the "
                               "latest entry to the earliest exit."));
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const SweptAxisRow& r = t.rows[i];
    const std::string name(label(r.id));
    const ImVec4 c = r.rejects ? imVec4(currentPalette().rejects) : imVec4(currentPalette().panelText);
    if (r.degenerate) {
      textWrappedDisabled(tr("%s: parallel edges, skipped"), name.c_str());
    } else if (r.parallel) {
      textWrappedColored(c,
                         r.t1 <= r.t2 ? tr("%s: s = %.4g stays (speed 0), reach %.4g: overlap the whole step")
                                      : tr("%s: s = %.4g stays (speed 0), reach %.4g: never overlap"),
                         name.c_str(), double(r.distance), double(r.radiusA + r.radiusB));
    } else {
      textWrappedColored(c, tr("%s: s(t) = %.4g %+.4g t, reach %.4g: t in [%.4g, %.4g]%s%s"), name.c_str(),
                         double(r.distance), double(r.speed), double(r.radiusA + r.radiusB), double(r.t1), double(r.t2),
                         static_cast<int>(i) == t.decidingRow ? tr(", latest entry: decides") : "",
                         r.rejects ? tr(", nothing left: separated for the whole step") : "");
    }
  }
}

void minkowski(const SlabTrace& t) {
  textWrappedDisabled("%s", tr("B's centre moves through A grown by B's half extents (their Minkowski sum): the slab "
                               "test, the same three intervals seen as a ray."));
  for (const SlabAxisRow& r : t.rows) {
    textWrappedColored(imVec4(currentPalette().panelAxis[std::clamp(r.index, 0, 2)]),
                       tr("%s: the sum's slab [%.4g, %.4g], the centre from %.4g by %+.4g: t in [%.4g, %.4g]"),
                       std::string(label(r.id)).c_str(), double(r.lo), double(r.hi), double(r.origin),
                       double(r.direction), double(r.t1), double(r.t2));
  }
}

void quadratic(const SegmentSphereTrace& q) {
  textWrappedDisabled("%s",
                      tr("B's centre against the sphere of radius rA + rB about A's: |m + t d|^2 = (rA + rB)^2."));
  textWrapped("a = d.d = %.4g, b = m.d = %.4g, c = m.m - r^2 = %.4g", double(q.a), double(q.b), double(q.c));
  if (q.point) {
    textWrapped("%s", tr("No relative motion: the start decides."));
  } else if (!q.hasRoots) {
    textWrapped(tr("(b^2 - a c) / a = %.4g < 0: the centres' line passes wide."), double(q.discriminant));
  } else {
    textWrapped(tr("Roots t = %.4g and %.4g: they touch from the first to the second, within the step."), double(q.t0),
                double(q.t1));
  }
}

void pieces(const SweptSphereBoxTrace& t) {
  textWrappedDisabled(tr("The centre's path against the box grown by r (%.4g), its edges and corners rounded: "
                         "between the times it crosses a face's plane the squared distance is one quadratic."),
                      double(t.radius));
  static const char* kAxis[3] = {"x", "y", "z"};
  for (const SweptPieceRow& r : t.rows) {
    std::string outside;
    for (int k = 0; k < 3; ++k) {
      if (r.side[k] == 0) continue;
      outside += outside.empty() ? "" : ", ";
      outside += fmtAxis(r.side[k] < 0 ? tr("below %s") : tr("above %s"), kAxis[k]);
    }
    if (outside.empty()) outside = tr("inside the box");
    textWrappedColored(r.touches ? penetratesColor() : imVec4(currentPalette().panelText),
                       r.touches ? tr("t in [%.4g, %.4g]: %s; %.4g t^2 %+.4g t %+.4g reaches 0: first touch")
                                 : tr("t in [%.4g, %.4g]: %s; %.4g t^2 %+.4g t %+.4g > 0"),
                       double(r.t0), double(r.t1), outside.c_str(), double(r.a), double(r.b), double(r.c));
    if (r.touches) textWrappedColored(penetratesColor(), tr("  at t = %.4g"), double(r.t));
  }
}

void features(const SweptSphereTriangleTrace& t) {
  if (t.touchesAtStart) {
    textWrapped("%s", tr("The sphere already touches the triangle at the start."));
    return;
  }
  textWrappedDisabled("%s",
                      tr("The sphere first touches the face (its plane at distance r, the foot inside), an edge "
                         "(the cylinder of radius r about it) or a corner (a sphere of radius r): the earliest."));
  if (t.noArea) textWrappedDisabled("%s", tr("The triangle has no area: no face, its edges and corners decide."));
  for (std::size_t i = 0; i < t.rows.size(); ++i) {
    const SweptFeatureRow& r = t.rows[i];
    const bool first = static_cast<int>(i) == t.firstRow;
    if (r.touches) {
      textWrappedColored(first ? penetratesColor() : imVec4(currentPalette().panelText),
                         first ? tr("%s: touches at t = %.4g: the first") : tr("%s: touches at t = %.4g"),
                         trCore(label(r.feature)).c_str(), double(r.t));
    } else {
      textWrappedDisabled(tr("%s: not touched in the step"), trCore(label(r.feature)).c_str());
    }
  }
}

void iterations(const AdvanceTrace& t) {
  textWrappedDisabled(tr("Conservative advancement: at least `distance` apart, closing at most `bound` a step, they "
                         "cannot touch before t + distance / bound. Stop within %.3g."),
                      double(t.tolerance));
  const std::size_t shown = std::min<std::size_t>(t.rows.size(), 40);
  for (std::size_t i = 0; i < shown; ++i) {
    const AdvanceRow& r = t.rows[i];
    if (r.axis.valid()) {
      textWrapped(tr("%zu. t = %.5g: distance %.4g on %s, bound %.4g, step %.4g"), i + 1, double(r.t),
                  double(r.distance), std::string(label(r.axis)).c_str(), double(r.bound), double(r.step));
    } else {
      textWrapped(tr("%zu. t = %.5g: distance %.4g, bound %.4g, step %.4g"), i + 1, double(r.t), double(r.distance),
                  double(r.bound), double(r.step));
    }
  }
  if (t.rows.size() > shown) {
    textWrappedDisabled(
        trn("... %zu more iteration", "... %zu more iterations", static_cast<long long>(t.rows.size() - shown)),
        t.rows.size() - shown);
  }
  if (t.exhausted)
    textWrappedColored(penetratesColor(), "%s", tr("The iterations ran out: reported as a contact, the safe side."));
}

/// The wire picture of a shape in the view, a sphere's and a capsule's outline facing the eye
/// (as the scene draws them).
void addShape(LineBatch& lines, const ShapeGeometry& g, const OrbitCamera& camera, const glm::vec4& color, float width,
              float dash) {
  if (const Aabb* a = std::get_if<Aabb>(&g))
    addBoxEdges(lines, a->center, glm::mat3(1.0f), a->half, color, width, dash);
  if (const Obb* o = std::get_if<Obb>(&g)) addBoxEdges(lines, o->center, o->axes, o->half, color, width, dash);
  if (const Sphere* s = std::get_if<Sphere>(&g)) {
    const Silhouette rim = sphereSilhouette(*s, camera.eye(), camera.forward(), camera.orthographic);
    if (rim.radius > 0.0f) addCircle(lines, rim.center, rim.normal, rim.radius, color, width, 48, dash);
  }
  if (const Capsule* c = std::get_if<Capsule>(&g))
    addCapsuleOutline(lines, *c, camera.eye(), camera.forward(), camera.orthographic, true, color, width, 48, dash);
  if (const Triangle* t = std::get_if<Triangle>(&g)) {
    lines.add(t->a, t->b, color, width, dash);
    lines.add(t->b, t->c, color, width, dash);
    lines.add(t->c, t->a, color, width, dash);
  }
  if (const Segment* s = std::get_if<Segment>(&g)) lines.add(s->p0, s->p1, color, width, dash);
}

/// The outline of the volume a shape sweeps moving straight by d: a box's corners joined to
/// where they end, a sphere's outline across the motion at both ends joined, a triangle's
/// corners joined.
void addSweptEdges(LineBatch& lines, const ShapeGeometry& g, const glm::vec3& d, const glm::vec4& color, float width) {
  if (d == glm::vec3(0.0f)) return;
  std::vector<glm::vec3> corners;
  if (const Aabb* a = std::get_if<Aabb>(&g)) {
    for (int i = 0; i < 8; ++i)
      corners.push_back(a->center + glm::vec3(i & 1 ? a->half.x : -a->half.x, i & 2 ? a->half.y : -a->half.y,
                                              i & 4 ? a->half.z : -a->half.z));
  }
  if (const Obb* o = std::get_if<Obb>(&g)) {
    for (int i = 0; i < 8; ++i)
      corners.push_back(o->center + (i & 1 ? 1.0f : -1.0f) * o->half.x * o->axes[0] +
                        (i & 2 ? 1.0f : -1.0f) * o->half.y * o->axes[1] +
                        (i & 4 ? 1.0f : -1.0f) * o->half.z * o->axes[2]);
  }
  if (const Triangle* t = std::get_if<Triangle>(&g)) corners = {t->a, t->b, t->c};
  if (const Segment* s = std::get_if<Segment>(&g)) corners = {s->p0, s->p1};
  if (const Capsule* c = std::get_if<Capsule>(&g)) corners = {c->p0, c->p1};
  if (const Sphere* s = std::get_if<Sphere>(&g)) {
    // Four points of its rim across the motion.
    const glm::vec3 u = glm::normalize(d);
    const glm::vec3 p =
        glm::normalize(std::abs(u.x) < 0.9f ? glm::cross(u, glm::vec3(1, 0, 0)) : glm::cross(u, glm::vec3(0, 1, 0)));
    const glm::vec3 q = glm::cross(u, p);
    for (const glm::vec3& k : {p, -p, q, -q}) corners.push_back(s->center + s->radius * k);
  }
  for (const glm::vec3& c : corners) lines.add(c, c + d, color, width);
}

glm::vec3 centreOf(const ShapeGeometry& g) {
  if (const Aabb* a = std::get_if<Aabb>(&g)) return a->center;
  if (const Obb* o = std::get_if<Obb>(&g)) return o->center;
  if (const Sphere* s = std::get_if<Sphere>(&g)) return s->center;
  if (const Triangle* t = std::get_if<Triangle>(&g)) return (t->a + t->b + t->c) / 3.0f;
  if (const Segment* s = std::get_if<Segment>(&g)) return 0.5f * (s->p0 + s->p1);
  if (const Capsule* c = std::get_if<Capsule>(&g)) return 0.5f * (c->p0 + c->p1);
  return glm::vec3(0.0f);
}

/// One row of the number line: an axis (or slab) and when the projections overlap on it.
struct IntervalRow {
  std::string name;
  float t1 = 0.0f, t2 = 0.0f;
  bool never = false;
  int axis = 0;  // its colour: X, Y or Z's
  bool rejects = false, decides = false;
};

std::vector<IntervalRow> intervalRows(const SweptView& v, bool ray, bool& hit, float& lo, float& hi) {
  std::vector<IntervalRow> rows;
  if (ray && v.record.minkowski) {
    const SlabTrace& t = *v.record.minkowski;
    for (const SlabAxisRow& r : t.rows) {
      const bool never = r.parallel && !r.originInside;
      rows.push_back(IntervalRow{std::string(label(r.id)), r.parallel ? 0.0f : r.t1, r.parallel ? 1.0f : r.t2, never,
                                 r.index, r.rejects, false});
    }
    hit = t.overlap;
    lo = t.tmin;
    hi = t.tmax;
  } else if (const auto* t = std::get_if<SweptSatTrace>(&v.record.trace)) {
    for (std::size_t i = 0; i < t->rows.size(); ++i) {
      const SweptAxisRow& r = t->rows[i];
      // An axis on which they overlap the whole step (or a skipped one) constrains nothing.
      if (r.degenerate || (r.parallel && r.t1 <= r.t2)) continue;
      rows.push_back(IntervalRow{std::string(label(r.id)), r.t1, r.t2, r.t1 > r.t2, r.index % 3, r.rejects,
                                 static_cast<int>(i) == t->decidingRow});
    }
    hit = t->hit;
    lo = t->toi;
    hi = t->tExit;
  }
  return rows;
}

/// SAT in time's axes left off the number line: they overlap the whole step.
std::size_t alwaysOverlapping(const SweptView& v, bool ray) {
  const auto* t = std::get_if<SweptSatTrace>(&v.record.trace);
  if (ray || t == nullptr) return 0;
  return static_cast<std::size_t>(std::count_if(t->rows.begin(), t->rows.end(), [](const SweptAxisRow& r) {
    return !r.degenerate && r.parallel && r.t1 <= r.t2;
  }));
}

std::string alwaysText(std::size_t always) {
  char buf[192];
  std::snprintf(buf, sizeof buf,
                trn("and %zu axis overlapping the whole step", "and %zu axes overlapping the whole step",
                    static_cast<long long>(always)),
                always);
  return buf;
}

/// The lines of text a record without a number line shows in its picture.
std::vector<std::string> recordLines(const SweptView& v) {
  std::vector<std::string> out;
  char buf[256];
  if (const auto* t = std::get_if<AdvanceTrace>(&v.record.trace)) {
    if (v.record.translationOnly) {
      out.push_back(v.record.translationOnly->hit ? tr("translation alone: a contact too")
                                                  : tr("translation alone: no contact"));
    }
    // The first iterations (long steps) and the last (short ones, closing in).
    const std::size_t n = t->rows.size();
    for (std::size_t i = 0; i < n; ++i) {
      if (n > 7 && i == 3) {
        std::snprintf(buf, sizeof buf, tr("... %zu more"), n - 6);
        out.push_back(buf);
        i = n - 4;
        continue;
      }
      const AdvanceRow& r = t->rows[i];
      std::snprintf(buf, sizeof buf, tr("%zu. t %.4f  d %.3g  step %.3g"), i + 1, double(r.t), double(r.distance),
                    double(r.step));
      out.push_back(buf);
    }
  } else if (const auto* t = std::get_if<SweptSphereBoxTrace>(&v.record.trace)) {
    for (const SweptPieceRow& r : t->rows) {
      if (r.touches) {
        std::snprintf(buf, sizeof buf, tr("[%.3f, %.3f]: touches at %s"), double(r.t0), double(r.t1),
                      std::to_string(r.t).substr(0, 6).c_str());
      } else {
        std::snprintf(buf, sizeof buf, tr("[%.3f, %.3f]: apart"), double(r.t0), double(r.t1));
      }
      out.push_back(buf);
    }
  } else if (const auto* t = std::get_if<SweptSphereTriangleTrace>(&v.record.trace)) {
    for (const SweptFeatureRow& r : t->rows) {
      if (r.touches) {
        std::snprintf(buf, sizeof buf, tr("%s: touches at %s"), trCore(label(r.feature)).c_str(),
                      std::to_string(r.t).substr(0, 6).c_str());
      } else {
        std::snprintf(buf, sizeof buf, "%s: -", trCore(label(r.feature)).c_str());
      }
      out.push_back(buf);
    }
  } else if (const auto* t = std::get_if<SegmentSphereTrace>(&v.record.trace)) {
    std::snprintf(buf, sizeof buf, "a %.3g  b %.3g  c %.3g", double(t->a), double(t->b), double(t->c));
    out.push_back(buf);
    if (t->hasRoots) {
      std::snprintf(buf, sizeof buf, tr("roots %.4f, %.4f"), double(t->t0), double(t->t1));
    } else {
      std::snprintf(buf, sizeof buf, "%s", tr("no roots: the line passes wide"));
    }
    out.push_back(buf);
  }
  return out;
}

constexpr float kRow = 1.25f;
constexpr float kWidth = 22.0f;

}  // namespace

std::optional<glm::vec2> SweptExplorer::canvasSize(const CanvasStyle& st) const {
  if (!view_ || !view_->record.result.tested) return std::nullopt;
  bool hit = false;
  float lo = 0.0f, hi = 0.0f;
  const std::size_t rows = intervalRows(*view_, showRay, hit, lo, hi).size();
  const std::vector<std::string> text = recordLines(*view_);
  const float lines = rows > 0
                          ? static_cast<float>(rows) + 1.0f + (alwaysOverlapping(*view_, showRay) > 0 ? 1.0f : 0.0f)
                          : static_cast<float>(text.size());
  // As wide as its longest line of words, at the picture's text size.
  const auto width = [&](const std::string& line) {
    return ImGui::GetFont()->CalcTextSizeA(st.text, FLT_MAX, 0.0f, line.c_str()).x;
  };
  float w = std::max(kWidth * st.text, width(view_->step + ": " + trCore(testName(view_->record.result.test))));
  w = std::max(w, width(verdictText(*view_)));
  if (const std::size_t always = alwaysOverlapping(*view_, showRay); always > 0)
    w = std::max(w, width(alwaysText(always)));
  for (const std::string& line : text) w = std::max(w, width(line));
  return glm::vec2(w + 2.0f * st.pad, (2.0f + lines) * kRow * st.text + 2.0f * st.pad);
}

void SweptExplorer::drawCanvas(const CanvasPainter& p, const ScreenRect& rect) const {
  if (!view_) return;
  const SweptView& v = *view_;
  const CanvasStyle& st = p.style();
  const float u = st.text, row = kRow * u;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  p.text(o, st.ink, formatted(tr("%s: %s"), v.stepShown.c_str(), trCore(testName(v.record.result.test)).c_str()));
  const bool touches = v.record.result.hit && v.record.result.toi > 0.0f;
  p.text(o + glm::vec2(0.0f, row), touches ? st.overlap : st.dim, verdictText(v));
  const float top = o.y + 2.0f * row;
  bool hit = false;
  float lo = 0.0f, hi = 0.0f;
  const std::vector<IntervalRow> rows = intervalRows(v, showRay, hit, lo, hi);
  if (rows.empty()) {
    const std::vector<std::string> lines = recordLines(v);
    for (std::size_t i = 0; i < lines.size(); ++i) p.text(glm::vec2(o.x, top + row * float(i)), st.ink, lines[i]);
    return;
  }
  float labelW = p.measure("A0xB0").x;
  for (const IntervalRow& r : rows) labelW = std::max(labelW, p.measure(r.name).x);
  const NumberScale scale{kViewLo, kViewHi, o.x + labelW + 0.6f * u, right - 0.4f * u};
  const float bottom = top + row * static_cast<float>(rows.size());
  // The step [0, 1], and where every axis overlaps: they touch.
  p.rectFilled(glm::vec2(scale.x(0.0f), top), glm::vec2(scale.x(1.0f), bottom), (st.dim & 0x00ffffffu) | 0x30000000u);
  if (hit) p.dashedBox(scale.x(lo), std::max(scale.x(hi), scale.x(lo) + 2.0f), top, bottom, st.overlap);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const IntervalRow& r = rows[i];
    const float y = top + row * (static_cast<float>(i) + 0.5f);
    const ImU32 c = r.rejects ? st.overlap : st.axis[std::clamp(r.axis, 0, 2)];
    p.text(glm::vec2(o.x, y - 0.5f * u), c, r.name);
    if (r.never) {
      p.text(glm::vec2(scale.x0, y - 0.5f * u), st.dim, tr("never"));
      continue;
    }
    p.barOn(scale, r.t1, r.t2, y, st.bar * 0.6f, c);
    if (r.decides)
      p.line(glm::vec2(scale.x(r.t1), y - 0.55f * row), glm::vec2(scale.x(r.t1), y + 0.55f * row), st.overlap,
             st.line * 1.5f);
  }
  p.textCentred(scale.x(0.0f), bottom + 0.1f * u, st.dim, "0");
  p.textCentred(scale.x(1.0f), bottom + 0.1f * u, st.dim, "1");
  if (const std::size_t always = alwaysOverlapping(v, showRay); always > 0) {
    p.text(glm::vec2(o.x, bottom + row), st.dim, alwaysText(always));
  }
}

std::optional<double> SweptExplorer::contactTime() const {
  if (!view_ || !view_->record.result.hit || view_->record.result.toi <= 0.0f) return std::nullopt;
  return view_->t0 + double(view_->record.result.toi) * (view_->t1 - view_->t0);
}

void SweptExplorer::drawSummary() {
  if (!view_ || !view_->record.result.hit || view_->record.result.toi <= 0.0f) return;
  textWrappedColored(penetratesColor(), tr("Between frames: %s"), verdictText(*view_).c_str());
}

void SweptExplorer::drawSection() {
  if (!view_) return;
  const SweptView& v = *view_;
  const SweptResult& r = v.record.result;
  if (!r.tested) {
    // (A tested pair's step and verdict head its picture, below.)
    textWrapped(tr("%s: %s"), v.stepShown.c_str(), verdictText(v).c_str());
    return;
  }
  if (r.hit && r.toi > 0.0f) {
    const std::string axis =
        r.axis.valid() ? fmtAxis(tr(", axis %s"), label(v.record.plan.swapped ? withRolesSwapped(r.axis) : r.axis))
                       : std::string();
    textWrapped(tr("contact (%.4g, %.4g, %.4g), normal A to B (%.3g, %.3g, %.3g)%s"), double(r.point.x),
                double(r.point.y), double(r.point.z), double(v.record.plan.swapped ? -r.normal.x : r.normal.x),
                double(v.record.plan.swapped ? -r.normal.y : r.normal.y),
                double(v.record.plan.swapped ? -r.normal.z : r.normal.z), axis.c_str());
  }
  // The picture the canvas shows, at the panel's text size.
  const CanvasStyle style = CanvasStyle::inPanel();
  if (const std::optional<glm::vec2> size = canvasSize(style)) {
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, style.text * 8.0f);
    drawCanvas(CanvasPainter(ImGui::GetWindowDrawList(), style),
               ScreenRect{glm::vec2(o.x, o.y), glm::vec2(o.x + width, o.y + size->y)});
    ImGui::Dummy(ImVec2(width, size->y));
  }
  ImGui::Checkbox(L("Show the step in the view"), &showInView);
  if (v.record.minkowski) {
    sameLineIfFits(ImGui::CalcTextSize(L("As a ray against A + B"), nullptr, true).x + ImGui::GetFrameHeight() * 2.0f);
    ImGui::Checkbox(L("As a ray against A + B"), &showRay);
  }
  if (showRay && v.record.minkowski) {
    minkowski(*v.record.minkowski);
    return;
  }
  if (const auto* t = std::get_if<SweptSatTrace>(&v.record.trace)) satInTime(*t);
  if (const auto* t = std::get_if<SegmentSphereTrace>(&v.record.trace)) quadratic(*t);
  if (const auto* t = std::get_if<SweptSphereBoxTrace>(&v.record.trace)) pieces(*t);
  if (const auto* t = std::get_if<SweptSphereTriangleTrace>(&v.record.trace)) features(*t);
  if (const auto* t = std::get_if<AdvanceTrace>(&v.record.trace)) {
    if (const std::optional<SweptHit>& straight = v.record.translationOnly) {
      if (straight->hit && straight->toi > 0.0f) {
        textWrapped(tr("Its translation alone, the turn left out: contact at %s of the step"),
                    std::to_string(straight->toi).c_str());
      } else {
        textWrapped("%s", straight->hit ? tr("Its translation alone, the turn left out: already touching")
                                        : tr("Its translation alone, the turn left out: no contact (a sweep of the "
                                             "translation misses it)"));
      }
    }
    iterations(*t);
  }
}

void SweptExplorer::drawOverlay(LineBatch& lines, const OrbitCamera& camera, float pixelScale) const {
  if (!view_ || !showInView || !view_->record.result.tested) return;
  const SweptView& v = *view_;
  const SweptPlan& plan = v.record.plan;
  const float w = 1.5f * pixelScale, dash = 6.0f * pixelScale;
  const ShapeGeometry a1 = poseAlongStep(v.record.a0, plan.first, 1.0f);
  const ShapeGeometry b1 = poseAlongStep(v.record.b0, plan.second, 1.0f);
  // The start and end of the step, dashed, and the volume each shape sweeps between them.
  for (const auto& [g0, g1, m, c] : {std::make_tuple(&v.record.a0, &a1, &plan.first, v.colorA),
                                     std::make_tuple(&v.record.b0, &b1, &plan.second, v.colorB)}) {
    const glm::vec4 faint(c.r, c.g, c.b, 0.55f), fainter(c.r, c.g, c.b, 0.3f);
    addShape(lines, *g0, camera, faint, w, dash);
    addShape(lines, *g1, camera, faint, w, dash);
    lines.add(centreOf(*g0), centreOf(*g1), faint, w, 2.0f * dash);
    if (m->rotation != glm::vec3(0.0f)) {
      // Turning: the shape at a few poses along the step.
      for (const float t : {0.25f, 0.5f, 0.75f}) addShape(lines, poseAlongStep(*g0, *m, t), camera, fainter, w, dash);
    } else {
      addSweptEdges(lines, *g0, m->displacement, fainter, w);
    }
  }
  const SweptResult& r = v.record.result;
  if (!r.hit || r.toi <= 0.0f) return;
  // The two shapes at the time of impact, the contact point and the normal.
  const glm::vec4 hot = currentPalette().overlap;
  addShape(lines, poseAlongStep(v.record.a0, plan.first, r.toi), camera, v.colorA, 2.5f * pixelScale, 0.0f);
  addShape(lines, poseAlongStep(v.record.b0, plan.second, r.toi), camera, v.colorB, 2.5f * pixelScale, 0.0f);
  lines.addPoint(r.point, hot, 10.0f * pixelScale);
  float size = 0.5f;
  for (const ShapeGeometry* g : {&v.record.a0, &v.record.b0}) {
    if (const Aabb* a = std::get_if<Aabb>(g)) size = std::max(size, glm::length(a->half));
    if (const Obb* o = std::get_if<Obb>(g)) size = std::max(size, glm::length(o->half));
    if (const Sphere* s = std::get_if<Sphere>(g)) size = std::max(size, s->radius);
  }
  // The result's normal reads from the pair's a to b; drawn from A's side to B's.
  const glm::vec3 n = plan.swapped ? -r.normal : r.normal;
  if (n != glm::vec3(0.0f)) lines.addArrow(r.point, r.point + n * (0.6f * size), hot, 2.5f * pixelScale);
}

std::string SweptExplorer::statusLine() const {
  if (!view_) return {};
  const SweptView& v = *view_;
  const SweptResult& r = v.record.result;
  std::string out = v.step + ": " + (r.tested ? std::string(r.code) : std::string("not tested"));
  if (!r.tested) return out;
  out += ", " + verdictText(v, false);
  if (const auto* t = std::get_if<SweptSatTrace>(&v.record.trace); t && t->decidingRow >= 0)
    out += ", decided by " + std::string(label(t->rows[static_cast<std::size_t>(t->decidingRow)].id));
  if (const auto* t = std::get_if<AdvanceTrace>(&v.record.trace))
    out += ", " + std::to_string(t->rows.size()) + " iterations";
  return out;
}

}  // namespace satlab
