#include "ui/explorer_gjk.hpp"

#include "evaluation/convex_measure.hpp"
#include "i18n/i18n.hpp"
#include "ui/explorer_overlay.hpp"
#include "ui/minkowski_canvas.hpp"
#include "ui/theme.hpp"
#include "ui/wrapped_text.hpp"

#include <algorithm>
#include <cstdio>

namespace satlab {

namespace {

/// The GJK row of `step`, or null when the step is EPA's.
const GjkIterationRow* gjkRow(const GjkTrace& t, int step) {
  if (step < 0 || step >= static_cast<int>(t.iterations.size())) return nullptr;
  return &t.iterations[static_cast<std::size_t>(step)];
}

const EpaExpansionRow* epaRow(const GjkTrace& t, int step) {
  const int k = step - static_cast<int>(t.iterations.size());
  if (k < 0 || k >= static_cast<int>(t.expansions.size())) return nullptr;
  return &t.expansions[static_cast<std::size_t>(k)];
}

bool lastStep(const GjkTrace& t, int step) {
  return step + 1 >= static_cast<int>(t.iterations.size() + t.expansions.size());
}

/// A step's line in the window's language, or (`translated` false) in English for the status line.
std::string iterationText(const GjkIterationRow& r, bool translated = true) {
  char buf[256];
  std::snprintf(
      buf, sizeof buf,
      translated ? tr("GJK %d: |v| %.4g, bound %.4g, simplex %d") : "GJK %d: |v| %.4g, bound %.4g, simplex %d",
      r.iteration, r.distance, r.lowerBound, r.keptCount);
  return buf;
}

std::string expansionText(const EpaExpansionRow& r, bool translated = true) {
  char buf[256];
  const size_t faces = r.triangles.size() / 3;
  std::snprintf(buf, sizeof buf,
                translated ? trn("EPA %d: %zu face, nearest %.4g, +%.3g", "EPA %d: %zu faces, nearest %.4g, +%.3g",
                                 static_cast<long long>(faces))
                           : "EPA %d: %zu faces, nearest %.4g, +%.3g",
                r.expansion, faces, r.distance, r.gain);
  return buf;
}

}  // namespace

const MinkowskiPicture& MinkowskiCache::of(const Scene& scene, int shapeA, int shapeB) const {
  const int n = static_cast<int>(scene.shapes.size());
  if (shapeA < 0 || shapeB < 0 || shapeA >= n || shapeB >= n) {
    picture_ = MinkowskiPicture{};
    return picture_;
  }
  const SceneShape& sa = scene.shapes[static_cast<std::size_t>(shapeA)];
  const SceneShape& sb = scene.shapes[static_cast<std::size_t>(shapeB)];
  ConvexHull ha, hb;
  const std::optional<ConvexShape> a = convexOfShape(sa, ha), b = convexOfShape(sb, hb);
  if (!a || !b) {
    picture_ = MinkowskiPicture{};
    return picture_;
  }
  const std::vector<glm::vec3> pa(a->points(), a->points() + a->count()), pb(b->points(), b->points() + b->count());
  if (pa == pointsA_ && pb == pointsB_ && a->radius == radiusA_ && b->radius == radiusB_) return picture_;
  pointsA_ = pa, pointsB_ = pb, radiusA_ = a->radius, radiusB_ = b->radius;
  // Two boxes: name each face by its SAT axis.
  const auto axesOf = [](const SceneShape& s) -> std::optional<glm::mat3> {
    if (std::holds_alternative<Aabb>(s.geometry)) return glm::mat3(1.0f);
    if (const auto* o = std::get_if<Obb>(&s.geometry)) return o->axes;
    return std::nullopt;
  };
  const std::optional<glm::mat3> xa = axesOf(sa), xb = axesOf(sb);
  picture_ = minkowskiPicture(*a, *b, xa && xb ? &*xa : nullptr, xa && xb ? &*xb : nullptr);
  return picture_;
}

void canvasBasis(const ExplorerInput& in, glm::vec3& right, glm::vec3& up) {
  right = glm::vec3(1, 0, 0), up = glm::vec3(0, 1, 0);
  if (in.scene.view == ViewMode::TwoD || in.camera == nullptr) return;
  const glm::mat4 v = in.camera->view();
  right = glm::vec3(v[0][0], v[1][0], v[2][0]);
  up = glm::vec3(v[0][1], v[1][1], v[2][1]);
}

std::string GjkExplorer::stepText(const ExplorerInput& in) const {
  const GjkTrace& t = in.trace.gjk;
  if (in.state.predict.hidesAnswer()) return {};
  if (const GjkIterationRow* r = gjkRow(t, in.state.step)) return iterationText(*r);
  if (const EpaExpansionRow* r = epaRow(t, in.state.step)) return expansionText(*r);
  return {};
}

std::string GjkExplorer::statusDetail(const ExplorerInput& in, const ViewMapping&, const OrbitCamera&) const {
  const GjkTrace& t = in.trace.gjk;
  std::string current;
  if (!in.state.predict.hidesAnswer()) {
    if (const GjkIterationRow* r = gjkRow(t, in.state.step)) current = iterationText(*r, false);
    if (const EpaExpansionRow* r = epaRow(t, in.state.step)) current = expansionText(*r, false);
  }
  return current.empty() ? current : ", current " + current;
}

void GjkExplorer::drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests&) {
  const GjkTrace& t = in.trace.gjk;
  drawStepper(state, stepCount(in.trace));
  textWrapped("%s", tr("GJK (Ericson 9.5): A and B meet when their Minkowski difference A - B holds the origin, and "
                       "their distance is the origin's distance to A - B. Each step asks for the support point w = "
                       "sA(-v) - sB(v) farthest toward the origin from v, then keeps the part of the simplex "
                       "nearest the origin."));
  if (!t.expansions.empty()) {
    textWrapped("%s", tr("EPA (van den Bergen 2001) then grows a polytope inside A - B toward its surface: the face "
                         "nearest the origin gives the depth once the support point along its normal adds nothing."));
  }
  if (state.predict.hidesAnswer()) {
    textWrappedColored(dimColor(), tr("The iterations and the distance: %s"), tr(kHiddenUntilPredicted));
    return;
  }
  drawPictureInPanel(*this, in);
  textWrappedColored(dimColor(), "%s",
                     tr("|v|: the simplex's distance to the origin, an upper bound; bound: v.w / |v|, a lower one; "
                        "simplex: the points kept"));
  const int step = state.step;
  for (int i = 0; i < stepCount(in.trace); ++i) {
    if (i > step) ImGui::PushStyleColor(ImGuiCol_Text, dimColor());
    const GjkIterationRow* g = gjkRow(t, i);
    const EpaExpansionRow* e = epaRow(t, i);
    // Wrapped: a narrow panel folds the line rather than cutting it.
    ImGui::Bullet();
    ImGui::SameLine();
    textWrappedUnformatted(g ? iterationText(*g) : e ? expansionText(*e) : std::string());
    if (i > step) ImGui::PopStyleColor();
  }
  if (!lastStep(t, step)) {
    textWrapped("%s", tr("step on: GJK stops when w brings the origin no nearer, or the simplex holds it"));
    return;
  }
  const ConvexResult& r = t.result;
  if (t.epaEnd != EpaEnd::None) {
    textWrapped(trn("GJK: %s after %d iteration", "GJK: %s after %d iterations", r.iterations),
                trCore(label(t.gjkEnd)).c_str(), r.iterations);
    textWrapped(trn("EPA: %s after %d expansion.", "EPA: %s after %d expansions.", r.expansions),
                trCore(label(t.epaEnd)).c_str(), r.expansions);
  } else {
    textWrapped(trn("GJK: %s after %d iteration.", "GJK: %s after %d iterations.", r.iterations),
                trCore(label(t.gjkEnd)).c_str(), r.iterations);
  }
  if (r.overlap) {
    textWrappedColored(penetratesColor(), tr("overlap: depth %.4g along (%.3g, %.3g, %.3g)"), r.depth, r.normal.x,
                       r.normal.y, r.normal.z);
  } else {
    textWrappedColored(separatesColor(), tr("apart by %.4g: closest points (%.3g, %.3g, %.3g) and (%.3g, %.3g, %.3g)"),
                       r.distance, r.pointA.x, r.pointA.y, r.pointA.z, r.pointB.x, r.pointB.y, r.pointB.z);
  }
  if (t.radiusA + t.radiusB > 0.0f) {
    textWrapped(tr("measured between the cores, then less the radii %.4g"), t.radiusA + t.radiusB);
  }
}

void GjkExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  // On the shapes: the support points of A and of B whose difference is each simplex point;
  // at the last step the closest points and the distance, or the depth along the normal.
  const GjkTrace& t = in.trace.gjk;
  if (in.state.predict.hidesAnswer() || stepCount(in.trace) == 0) return;
  const Palette& pal = currentPalette();
  const int step = std::clamp(in.state.step, 0, stepCount(in.trace) - 1);
  if (const GjkIterationRow* r = gjkRow(t, step)) {
    for (int k = 0; k < r->keptCount; ++k) {
      const SupportPoint& s = r->kept[static_cast<std::size_t>(k)];
      out.lines.add(s.a, s.a, pal.satAxis, 9.0f);
      out.lines.add(s.b, s.b, pal.satAxis, 9.0f);
      out.lines.add(s.a, s.b, pal.satAxisPreview, 1.5f, 6.0f);
    }
    out.lines.add(r->support.a, r->support.b, pal.satAxis, 2.0f);
    worldLabel(out.labels, out.view, out.fbPerWindow, r->support.a, "sA(-v)", pal.satAxis);
    worldLabel(out.labels, out.view, out.fbPerWindow, r->support.b, "sB(v)", pal.satAxis);
  }
  if (!lastStep(t, step)) return;
  const ConvexResult& c = t.result;
  if (c.overlap) {
    out.lines.add(c.pointB, c.pointA, pal.overlap, 3.0f);
    worldLabel(out.labels, out.view, out.fbPerWindow, (c.pointA + c.pointB) * 0.5f, fmt(tr("depth %.3g"), c.depth),
               pal.overlap);
  } else {
    out.lines.add(c.pointA, c.pointA, pal.gap, 9.0f);
    out.lines.add(c.pointB, c.pointB, pal.gap, 9.0f);
    out.lines.add(c.pointA, c.pointB, pal.gap, 2.0f, 8.0f);
    worldLabel(out.labels, out.view, out.fbPerWindow, (c.pointA + c.pointB) * 0.5f,
               fmt(tr("distance %.3g"), c.distance), pal.gap);
  }
}

std::optional<glm::vec2> GjkExplorer::canvasSize(const ExplorerInput&, const CanvasStyle& style) const {
  return minkowskiCanvasSize(style);
}

void GjkExplorer::drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const {
  const GjkTrace& t = in.trace.gjk;
  const MinkowskiPicture& pic = cache_.of(in.scene, in.trace.shapeA, in.trace.shapeB);
  MinkowskiMarks marks;
  marks.showFaceAxes = false;
  std::string title = "A - B";
  if (!in.state.predict.hidesAnswer() && stepCount(in.trace) > 0) {
    const int step = std::clamp(in.state.step, 0, stepCount(in.trace) - 1);
    if (const GjkIterationRow* r = gjkRow(t, step)) {
      for (int k = 0; k < r->keptCount; ++k) marks.simplex.push_back(r->kept[static_cast<std::size_t>(k)].w);
      marks.v = r->closest;
      marks.support = r->support.w;
      char buf[128];
      std::snprintf(buf, sizeof buf, tr("A - B, GJK step %d"), r->iteration);
      title = buf;
    } else if (const EpaExpansionRow* e = epaRow(t, step)) {
      marks.polytope = e->triangles;
      marks.nearestFace = e->nearest;
      marks.support = e->support.w;
      char buf[128];
      std::snprintf(buf, sizeof buf, tr("A - B, EPA step %d"), e->expansion);
      title = buf;
    }
  }
  glm::vec3 right, up;
  canvasBasis(in, right, up);
  drawMinkowskiCanvas(p, rect, pic, right, up, marks, title);
}

}  // namespace satlab
