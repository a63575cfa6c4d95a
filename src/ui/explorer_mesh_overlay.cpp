// The mesh explorer's pictures: in the view, the node box(es) of the current step (dashed
// when rejected, with the axis that separated them and both intervals on it), the triangles
// tested at a leaf, the colliding triangles found so far and, when asked, one level of each
// tree; on the canvas, the node tests of the AABB tree and of the OBB tree side by side.
#include "ui/explorer_mesh.hpp"
#include "ui/explorer_overlay.hpp"

#include "i18n/i18n.hpp"
#include "render/contrast.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace satlab {

namespace {

void addBox(LineBatch& lines, const Obb& b, const glm::vec4& color, float width, float dash = 0.0f) {
  glm::vec3 c[8];
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 s((i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : -1.0f, (i & 4) ? 1.0f : -1.0f);
    c[i] = b.center + b.axes * (s * b.half);
  }
  for (int i = 0; i < 8; ++i) {
    for (int bit : {1, 2, 4}) {
      if ((i & bit) == 0) lines.add(c[i], c[i | bit], color, width, dash);
    }
  }
}

void addTriangle(LineBatch& lines, const Triangle& t, const glm::vec4& color, float width) {
  lines.add(t.a, t.b, color, width);
  lines.add(t.b, t.c, color, width);
  lines.add(t.c, t.a, color, width);
}

/// "depth 2: 4 boxes": a tree level's label.
std::string levelWords(int depth, size_t boxes) {
  char buf[128];
  std::snprintf(buf, sizeof buf, trn("depth %d: %zu box", "depth %d: %zu boxes", static_cast<long long>(boxes)), depth,
                boxes);
  return buf;
}

glm::vec4 shapeLineColor(const Scene& scene, int index) {
  const Palette& pal = currentPalette();
  glm::vec3 rgb(0.8f);
  if (index >= 0 && index < static_cast<int>(scene.shapes.size())) {
    rgb = glm::vec3(scene.shapes[static_cast<size_t>(index)].color);
  }
  return legibleOn(glm::vec4(rgb, 1.0f), pal.background, kMinLineContrast);
}

const MeshShape* meshShapeAt(const Scene& scene, int index) {
  if (index < 0 || index >= static_cast<int>(scene.shapes.size())) return nullptr;
  return std::get_if<MeshShape>(&scene.shapes[static_cast<size_t>(index)].geometry);
}

std::optional<Triangle> meshTriangleAt(const Scene& scene, int mesh, std::uint32_t triangle) {
  const MeshShape* m = meshShapeAt(scene, mesh);
  if (m == nullptr || triangle >= m->triangleCount()) return std::nullopt;
  return m->worldTriangle(triangle);
}

// Most boxes one level draws per tree: deeper levels of a large mesh hold thousands.
constexpr size_t kMaxLevelBoxes = 4096;

}  // namespace

void MeshExplorer::drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const {
  const Walk& w = shownWalk(in);
  if (!w.valid()) return;
  const Palette& pal = currentPalette();
  LineBatch& lines = out.lines;
  const glm::vec4 colA = shapeLineColor(in.scene, w.meshA);
  const glm::vec4 colB = shapeLineColor(in.scene, w.meshB);

  // One level of each tree, receded behind the current step's boxes but kept at a line's
  // contrast (it is what Draw level is asked for): the boxes the walk may open at that depth.
  if (shownLevel() >= 0) {
    const auto drawLevel = [&](const BvTree& tree, const MeshPose& pose, const glm::vec4& col) {
      const std::vector<Obb> boxes = meshLevelBoxes(tree, pose, shownLevel());
      const glm::vec4 c = recede(col, pal.background, kMinLineContrast);
      for (size_t i = 0; i < boxes.size() && i < kMaxLevelBoxes; ++i) addBox(lines, boxes[i], c, 2.0f);
      if (!boxes.empty()) {
        worldLabel(out.labels, out.view, out.fbPerWindow, boxes.front().center, levelWords(shownLevel(), boxes.size()),
                   c);
      }
    };
    drawLevel(*w.treeA, w.poseA, colA);
    if (w.treeB) drawLevel(*w.treeB, w.poseB, colB);
  }

  const int n = static_cast<int>(w.trace.nodes.size());
  if (n == 0) return;
  const int step = std::clamp(in.state.step, 0, n - 1);
  const TreeNodeRow& r = w.trace.nodes[static_cast<size_t>(step)];
  const bool hide = in.state.predict.hidesAnswer();
  const bool rejected = !hide && r.step == TreeStep::Rejected;

  // The box(es) of the current step: dashed when the test rejected them.
  const Obb boxA = worldBox(w.treeA->nodes[static_cast<size_t>(r.nodeA)], w.poseA);
  addBox(lines, boxA, colA, 2.5f, rejected ? 10.0f : 0.0f);
  std::optional<Obb> boxB;
  if (w.treeB && r.nodeB >= 0) {
    boxB = worldBox(w.treeB->nodes[static_cast<size_t>(r.nodeB)], w.poseB);
    addBox(lines, *boxB, colB, 2.5f, rejected ? 10.0f : 0.0f);
  }
  if (rejected) {
    const glm::vec3 at = boxA.center + boxA.axes * glm::vec3(0.0f, 0.0f, boxA.half.z);
    worldLabel(out.labels, out.view, out.fbPerWindow, at, meshWalkRowWords(w, step), pal.gap);
  }

  // The triangles tested at this step, and each colliding one found so far.
  if (!hide) {
    const auto [b, e] = w.leafTriangles[static_cast<size_t>(step)];
    for (int t = b; t < e; ++t) {
      const TreeTriangleRow& tri = w.trace.triangles[static_cast<size_t>(t)];
      if (const auto ta = meshTriangleAt(in.scene, w.meshA, tri.triangleA)) addTriangle(lines, *ta, colA, 3.0f);
      if (w.treeB) {
        if (const auto tb = meshTriangleAt(in.scene, w.meshB, tri.triangleB)) addTriangle(lines, *tb, colB, 3.0f);
      }
    }
    int lastHitRow = -1;
    for (int t = 0; t < e; ++t) {
      const TreeTriangleRow& tri = w.trace.triangles[static_cast<size_t>(t)];
      if (!tri.overlap) continue;
      lastHitRow = t;
      if (const auto ta = meshTriangleAt(in.scene, w.meshA, tri.triangleA)) addTriangle(lines, *ta, pal.overlap, 4.0f);
      if (w.treeB) {
        if (const auto tb = meshTriangleAt(in.scene, w.meshB, tri.triangleB)) {
          addTriangle(lines, *tb, pal.overlap, 4.0f);
        }
      }
    }
    if (lastHitRow >= 0) {
      const TreeTriangleRow& tri = w.trace.triangles[static_cast<size_t>(lastHitRow)];
      if (const auto ta = meshTriangleAt(in.scene, w.meshA, tri.triangleA)) {
        char name[128];
        if (w.treeB) {
          std::snprintf(name, sizeof name, tr("hit: triangles %u x %u"), tri.triangleA, tri.triangleB);
        } else {
          std::snprintf(name, sizeof name, tr("hit: triangle %u"), tri.triangleA);
        }
        worldLabel(out.labels, out.view, out.fbPerWindow, (ta->a + ta->b + ta->c) / 3.0f, name, pal.overlap);
      }
    }
  }

  // The axis that rejected the current step, beside the boxes, with both intervals on it.
  if (!rejected) return;
  const std::optional<SatAxisRow> axisRow = meshWalkRejectionAxis(in.scene, in.trace, w, step);
  if (!axisRow || glm::length(axisRow->axis) < 0.5f) return;
  const SatAxisRow& a = *axisRow;
  const glm::vec3 axis = a.axis;
  // The intervals' first argument is the node test's A: A's node (mesh-mesh, mesh-triangle)
  // or the other shape (mesh-AABB, mesh-OBB).
  const bool nodeFirst = w.test == TestId::MeshMesh || w.test == TestId::MeshTriangle;
  const glm::vec4 first = nodeFirst ? colA : shapeLineColor(in.scene, in.trace.shapeA);
  const glm::vec4 second = w.test == TestId::MeshMesh       ? colB
                           : w.test == TestId::MeshTriangle ? shapeLineColor(in.scene, in.trace.shapeA)
                                                            : colA;
  const glm::vec3 mid = boxB ? 0.5f * (boxA.center + boxB->center) : boxA.center;
  const glm::vec3 camUp = glm::normalize(
      glm::cross(glm::cross(out.camera.forward(), glm::vec3(0, 0, 1)) + glm::vec3(1e-6f), out.camera.forward()));
  glm::vec3 perp = -camUp - axis * glm::dot(-camUp, axis);
  if (glm::length(perp) < 1e-3f)
    perp = glm::cross(axis, std::abs(axis.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0));
  perp = glm::normalize(perp);
  const float reach = 0.5f * std::max(a.maxA - a.minA, a.maxB - a.minB) + glm::length(boxA.half);
  const glm::vec3 base = mid - axis * glm::dot(mid, axis) + perp * (reach * 0.75f + 0.25f);
  const float px = worldPerPixel(out.view, base, perp, out.camera.distance);
  const float lo = std::min(a.minA, a.minB), hi = std::max(a.maxA, a.maxB);
  const float pad = (hi - lo) * 0.35f + 0.25f;
  auto on = [&](float v) { return base + axis * v; };
  lines.add(on(lo - pad), on(hi + pad), pal.satAxis, 2.0f);
  worldLabel(out.labels, out.view, out.fbPerWindow, on(hi + pad), std::string(label(a.id)), pal.satAxis);
  lines.add(on(a.minA) - perp * (px * 5.0f), on(a.maxA) - perp * (px * 5.0f), first, 7.0f);
  lines.add(on(a.minB) + perp * (px * 5.0f), on(a.maxB) + perp * (px * 5.0f), second, 7.0f);
  if (a.maxA < a.minB || a.maxB < a.minA) {
    const float g0 = a.maxA < a.minB ? a.maxA : a.maxB;
    const float g1 = a.maxA < a.minB ? a.minB : a.minA;
    const glm::vec3 mark = perp * (px * 16.0f);
    lines.add(on(g0) + mark, on(g1) + mark, pal.gap, 3.0f);
    worldLabel(out.labels, out.view, out.fbPerWindow, 0.5f * (on(g0) + on(g1)) + mark, fmt(tr("gap %.3g"), a.gap),
               pal.gap);
  }
}

namespace {

constexpr float kTitleRow = 1.35f;
constexpr float kBarRow = 1.3f;
constexpr float kNoteRow = 1.25f;
constexpr float kWidth = 19.0f;
constexpr float kNameColumn = 3.4f;

}  // namespace

std::optional<glm::vec2> MeshExplorer::canvasSize(const ExplorerInput& in, const CanvasStyle& st) const {
  if (!shownWalk(in).valid()) return std::nullopt;
  return glm::vec2(kWidth * st.text, (kTitleRow + 2.0f * kBarRow + kNoteRow) * st.text + 2.0f * st.pad);
}

void MeshExplorer::drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const {
  const Walk& shown = shownWalk(in);
  if (!shown.valid()) return;
  const CanvasStyle& st = p.style();
  const float u = st.text;
  const glm::vec2 o = rect.lo + glm::vec2(st.pad);
  const float right = rect.hi.x - st.pad;
  const Walk& aabb = walk(in, BvKind::Aabb);
  const Walk& obb = walk(in, BvKind::Obb);
  const auto fitted = [&](const std::string& s) {
    return std::min(1.0f, (right - o.x) / std::max(p.measure(s).x, 1.0f));
  };
  const std::string title = tr("node tests, same query, two trees");
  p.text(o, st.ink, title, fitted(title));

  // One bar per tree, to one scale: the walk shown so far solid, the rest of it thinner.
  const size_t most = std::max<size_t>({aabb.result.nodeTests, obb.result.nodeTests, 1});
  char buf[64];
  std::snprintf(buf, sizeof buf, "%zu", most);
  const float numberW = p.measure(buf).x + 0.4f * u;
  NumberScale scale{0.0f, static_cast<float>(most), o.x + kNameColumn * u, right - numberW};
  const int step = std::max(in.state.step, 0);
  float y = o.y + kTitleRow * u + 0.5f * kBarRow * u;
  for (const Walk* w : {&aabb, &obb}) {
    const bool isShown = w->kind == shown_;
    const std::string name = std::string(bvShortName(w->kind)) + (isShown ? " >" : "");
    p.text(glm::vec2(o.x, y - 0.5f * u), isShown ? st.ink : st.dim, name);
    if (!w->valid()) continue;
    const float total = static_cast<float>(w->result.nodeTests);
    if (isShown) {
      const float done = static_cast<float>(meshWalkCountsUpTo(*w, step).nodeTests);
      p.bar(scale.x(0.0f), scale.x(total), y, st.bar * 0.45f, st.dim);
      p.bar(scale.x(0.0f), scale.x(done), y, st.bar, st.marker);
    } else {
      p.bar(scale.x(0.0f), scale.x(total), y, st.bar, st.dim);
    }
    std::snprintf(buf, sizeof buf, "%zu", w->result.nodeTests);
    p.text(glm::vec2(scale.x(total) + 0.3f * u, y - 0.5f * u), isShown ? st.ink : st.dim, buf);
    y += kBarRow * u;
  }
  char note[192];
  std::snprintf(note, sizeof note, tr("triangle tests: AABB %zu, OBB %zu"), aabb.result.triangleTests,
                obb.result.triangleTests);
  p.text(glm::vec2(o.x, y - 0.5f * u + 0.15f * u), st.ink, note, fitted(note));
}

}  // namespace satlab
