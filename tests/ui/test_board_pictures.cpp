// The board pictures: the separating plane sits in the gap and covers the pair, is drawn only
// for an axis that separates (never for a degenerate one), and an edge x edge axis names the
// two edges it is made of, the extreme ones along the axis. No display needed: the batches
// only queue.
#include "document/scene_load.hpp"
#include "evaluation/pair_trace.hpp"
#include "render/palette.hpp"
#include "render/view_setup.hpp"
#include "ui/board_pictures.hpp"
#include "ui/explorer_overlay.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace satlab::test {
namespace {

Scene lesson(const std::string& file) {
  SceneLoadResult r = loadScene(std::string(SATLAB_SOURCE_DIR) + "/scenes/lessons/" + file);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

Scene inlineScene(const std::string& json) {
  SceneLoadResult r = parseScene(json, "inline.json");
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->text() : "");
  return r.scene;
}

PairTrace traceFull(const Scene& scene, bool preferSlab = true) {
  ExplorerOptions o;
  o.mode = SatMode::Full;
  o.preferSlab = preferSlab;
  return tracePair(scene, 0, 1, o);
}

int rowNamed(const PairTrace& t, const std::string& name) {
  for (size_t i = 0; i < t.sat.rows.size(); ++i) {
    if (label(t.sat.rows[i].id) == name) return static_cast<int>(i);
  }
  return -1;
}

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

/// Every corner of A on the near side of the plane, every corner of B on the far side, and
/// all of them inside the quad's extent when moved onto the plane.
void expectBetweenAndCovering(const Scene& scene, const PairTrace& t, const SeparatingPlane& p) {
  const float d = glm::dot(p.center, p.normal);
  const float uLen = glm::length(p.halfU), vLen = glm::length(p.halfV);
  for (int role = 0; role < 2; ++role) {
    const SceneShape& s = scene.shapes[static_cast<size_t>(role == 0 ? t.shapeA : t.shapeB)];
    for (glm::vec3 q : supportPoints(s)) {
      if (p.line) q.z = p.center.z;
      const float side = glm::dot(q, p.normal) - d;
      if (role == 0) {
        EXPECT_LT(side, 0.0f) << s.name;
      } else {
        EXPECT_GT(side, 0.0f) << s.name;
      }
      EXPECT_LE(std::abs(glm::dot(q - p.center, p.halfU / uLen)), uLen) << s.name;
      if (!p.line) {
        EXPECT_LE(std::abs(glm::dot(q - p.center, p.halfV / vLen)), vLen) << s.name;
      }
    }
  }
}

TEST(SeparatingPlane, LessonOneHasItsPlaneInTheMiddleOfTheGapOnY) {
  const Scene scene = lesson("01_aabb_aabb_three_axes.json");
  const PairTrace t = traceFull(scene);
  ASSERT_FALSE(t.overlap);
  const int row = separatingPlaneRow(t, 0, true);  // at step 0 (X overlaps) the result's plane
  ASSERT_EQ(row, rowNamed(t, "A1"));
  const std::optional<SeparatingPlane> p = separatingPlane(scene, t, row);
  ASSERT_TRUE(p);
  EXPECT_FALSE(p->line);
  EXPECT_NEAR(p->normal.y, 1.0f, 1e-6f);  // from A towards B
  // A reaches y = 1, B starts at y = 2.6 - 0.5 = 2.1: the middle is 1.55.
  EXPECT_NEAR(p->center.y, 1.55f, 1e-5f);
  EXPECT_NEAR(glm::dot(p->halfU, p->normal), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::dot(p->halfV, p->normal), 0.0f, 1e-6f);
  expectBetweenAndCovering(scene, t, *p);
}

TEST(SeparatingPlane, StepsThatDoNotSeparateShowTheResultOnlyWhenAskedTo) {
  const Scene scene = lesson("01_aabb_aabb_three_axes.json");
  const PairTrace t = traceFull(scene);
  const int y = rowNamed(t, "A1");
  EXPECT_EQ(separatingPlaneRow(t, 0, false), -1);  // X does not separate: nothing yet
  EXPECT_EQ(separatingPlaneRow(t, y, false), y);   // stepped onto Y: its plane
  EXPECT_EQ(separatingPlaneRow(t, 2, true), y);
  EXPECT_EQ(separatingPlaneRow(t, 99, true), y);  // a step past the rows is no row
  EXPECT_EQ(separatingPlaneRow(t, -5, false), -1);
}

TEST(SeparatingPlane, AnOverlappingPairHasNone) {
  const Scene scene = inlineScene(R"({"version": 1, "shapes": [
    {"name": "A", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "B", "type": "obb", "center": [1.2, 0.3, 0], "half_extents": [1, 1, 1], "euler_deg": [10, 20, 30]}]})");
  const PairTrace t = traceFull(scene);
  ASSERT_TRUE(t.overlap);
  for (int step = -1; step <= static_cast<int>(t.sat.rows.size()); ++step) {
    EXPECT_EQ(separatingPlaneRow(t, step, true), -1) << step;
    EXPECT_FALSE(separatingPlane(scene, t, step)) << step;
  }
  LineBatch lines;
  FillBatch fills;
  LabelLayer labels;
  OrbitCamera camera;
  const ViewMapping view{makeViewSetup(camera, ViewMode::ThreeD, 16.0f / 9.0f).viewProj, glm::vec2(1280, 720)};
  drawBoardPictures(lines, fills, labels, view, scene, t, BoardOptions{-1, true, 1.0f, glm::vec3(0.13f)});
  EXPECT_EQ(fills.triangles(), 0u);
  EXPECT_EQ(lines.size(), 0u);
  EXPECT_EQ(labels.size(), 0u);
}

TEST(SeparatingPlane, ParallelEdgesGiveNoPlaneAndNoNaN) {
  // Two boxes turned alike: every Ai x Bi is a zero vector. Whatever step, nothing drawn is NaN.
  const Scene scene = inlineScene(R"({"version": 1, "shapes": [
    {"name": "A", "type": "obb", "center": [0, 0, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 30]},
    {"name": "B", "type": "obb", "center": [3, 0.5, 0], "half_extents": [1, 1, 1], "euler_deg": [0, 0, 30]}]})");
  const PairTrace t = traceFull(scene);
  ASSERT_FALSE(t.overlap);
  int degenerate = 0;
  for (int step = 0; step < static_cast<int>(t.sat.rows.size()); ++step) {
    const SatAxisRow& r = t.sat.rows[static_cast<size_t>(step)];
    const int row = separatingPlaneRow(t, step, false);
    if (r.degenerate) {
      ++degenerate;
      EXPECT_EQ(row, -1) << label(r.id);
      EXPECT_FALSE(separatingPlane(scene, t, step)) << label(r.id);
      EXPECT_FALSE(crossAxisEdges(scene, t, step)) << label(r.id);
    }
    if (const std::optional<SeparatingPlane> p = separatingPlane(scene, t, row)) {
      EXPECT_TRUE(finite3(p->center) && finite3(p->normal) && finite3(p->halfU) && finite3(p->halfV));
      expectBetweenAndCovering(scene, t, *p);
    }
  }
  EXPECT_GE(degenerate, 3);  // A0xB0, A1xB1, A2xB2 at least
}

TEST(SeparatingPlane, LessonTenDrawsALineBetweenTheRectangles) {
  const Scene scene = lesson("10_rotated_rectangles_2d.json");
  const PairTrace t = traceFull(scene);
  ASSERT_TRUE(t.twoD);
  ASSERT_FALSE(t.overlap);
  const int row = separatingPlaneRow(t, 0, true);
  ASSERT_EQ(row, rowNamed(t, "B1"));
  const std::optional<SeparatingPlane> p = separatingPlane(scene, t, row);
  ASSERT_TRUE(p);
  EXPECT_TRUE(p->line);
  EXPECT_EQ(p->halfV, glm::vec3(0.0f));
  EXPECT_EQ(p->normal.z, 0.0f);
  EXPECT_EQ(p->halfU.z, 0.0f);
  expectBetweenAndCovering(scene, t, *p);
}

TEST(CrossAxisEdges, LessonEightNamesTheEdgeOfAAlongA2AndOfBAlongB1) {
  const Scene scene = lesson("08_obb_obb_edge_axis.json");
  const PairTrace t = traceFull(scene);
  const int row = rowNamed(t, "A2xB1");
  ASSERT_GE(row, 0);
  EXPECT_EQ(crossEdgesRow(t, 0, true), row);  // the separating axis is the cross axis
  EXPECT_EQ(crossEdgesRow(t, 0, false), -1);  // A0 is a face axis and nothing is revealed
  const std::optional<CrossEdges> e = crossAxisEdges(scene, t, row);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->axisA, "A2");
  EXPECT_EQ(e->axisB, "B1");
  const Obb& a = std::get<Obb>(scene.shapes[static_cast<size_t>(t.shapeA)].geometry);
  const Obb& b = std::get<Obb>(scene.shapes[static_cast<size_t>(t.shapeB)].geometry);
  // Each edge runs along its axis, a box's full length.
  EXPECT_NEAR(std::abs(glm::dot(glm::normalize(e->a1 - e->a0), a.axes[2])), 1.0f, 1e-5f);
  EXPECT_NEAR(glm::length(e->a1 - e->a0), 2.0f * a.half[2], 1e-5f);
  EXPECT_NEAR(std::abs(glm::dot(glm::normalize(e->b1 - e->b0), b.axes[1])), 1.0f, 1e-5f);
  EXPECT_NEAR(glm::length(e->b1 - e->b0), 2.0f * b.half[1], 1e-5f);
  // And they are the extreme ones: A's lies at the end of A's interval facing B, B's at
  // the end of B's facing A (both ends of an edge project alike: the edge is perpendicular).
  const SatAxisRow& r = t.sat.rows[static_cast<size_t>(row)];
  const bool bAfter = r.minB > r.maxA;
  EXPECT_NEAR(glm::dot(e->a0, r.axis), bAfter ? r.maxA : r.minA, 1e-4f);
  EXPECT_NEAR(glm::dot(e->a1, r.axis), bAfter ? r.maxA : r.minA, 1e-4f);
  EXPECT_NEAR(glm::dot(e->b0, r.axis), bAfter ? r.minB : r.maxB, 1e-4f);
  EXPECT_NEAR(glm::dot(e->b1, r.axis), bAfter ? r.minB : r.maxB, 1e-4f);
}

TEST(CrossAxisEdges, NoLabelMayCoverTheHighlightedEdges) {
  const Scene scene = lesson("08_obb_obb_edge_axis.json");
  const PairTrace t = traceFull(scene);
  OrbitCamera camera;
  camera.target = glm::vec3(1.15f, 1.15f, 1.0f);
  const ViewMapping view{makeViewSetup(camera, ViewMode::ThreeD, 16.0f / 9.0f).viewProj, glm::vec2(1280, 720)};
  LineBatch lines;
  LabelLayer labels;
  drawCrossAxisEdges(lines, labels, view, scene, t, BoardOptions{rowNamed(t, "A2xB1"), true, 1.0f, glm::vec3(0.13f)});
  EXPECT_EQ(labels.size(), 2u);  // "edge of A along A2", "edge of B along B1"
  const std::optional<CrossEdges> e = crossAxisEdges(scene, t, rowNamed(t, "A2xB1"));
  ASSERT_TRUE(e);
  // The middle of each edge on screen is blocked for labels.
  for (const glm::vec3& mid : {(e->a0 + e->a1) * 0.5f, (e->b0 + e->b1) * 0.5f}) {
    glm::vec2 px;
    ASSERT_TRUE(view.toPixel(mid, px));
    bool blocked = false;
    for (const ScreenRect& r : labels.lineRects()) {
      blocked = blocked || (px.x >= r.lo.x && px.x <= r.hi.x && px.y >= r.lo.y && px.y <= r.hi.y);
    }
    EXPECT_TRUE(blocked);
  }
}

TEST(CrossAxisEdges, AStepOnAnyCrossAxisShowsItsEdgesEvenWhenTheBoxesOverlapOnIt) {
  const Scene scene = lesson("08_obb_obb_edge_axis.json");
  const PairTrace t = traceFull(scene);
  const int row = rowNamed(t, "A0xB1");
  ASSERT_GE(row, 0);
  ASSERT_FALSE(t.sat.rows[static_cast<size_t>(row)].separating);
  EXPECT_EQ(crossEdgesRow(t, row, false), row);
  const std::optional<CrossEdges> e = crossAxisEdges(scene, t, row);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->axisA, "A0");
}

TEST(CrossAxisEdges, AnAabbEdgeAndTheSegmentForWorldAxisCrossD) {
  // A segment passing the box's (+1, +1) vertical edge: only Z x d separates.
  const Scene scene = inlineScene(R"({"version": 1, "shapes": [
    {"name": "box", "type": "aabb", "center": [0, 0, 0], "half_extents": [1, 1, 1]},
    {"name": "seg", "type": "segment", "p0": [2.2, 0, 0], "p1": [0, 2.2, 0]}]})");
  const PairTrace t = traceFull(scene, false);
  ASSERT_EQ(t.kind, ExplorerKind::Sat);
  ASSERT_FALSE(t.overlap);
  const int row = separatingPlaneRow(t, 0, true);
  ASSERT_EQ(row, rowNamed(t, "Zxd"));
  const std::optional<CrossEdges> e = crossAxisEdges(scene, t, row);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->axisA, "Z");
  EXPECT_EQ(e->axisB, "d");
  EXPECT_NEAR(e->a0.x, 1.0f, 1e-6f);
  EXPECT_NEAR(e->a0.y, 1.0f, 1e-6f);
  EXPECT_NEAR(std::abs(e->a1.z - e->a0.z), 2.0f, 1e-6f);
  EXPECT_EQ(e->b0, glm::vec3(2.2f, 0.0f, 0.0f));
  const std::optional<SeparatingPlane> p = separatingPlane(scene, t, row);
  ASSERT_TRUE(p);
  expectBetweenAndCovering(scene, t, *p);
}

TEST(BoardPictures, QueuesTheQuadItsOutlineAndOneLabel) {
  const Scene scene = lesson("01_aabb_aabb_three_axes.json");
  const PairTrace t = traceFull(scene);
  OrbitCamera camera;
  camera.target = glm::vec3(0.75f, 1.3f, 1.25f);
  const ViewMapping view{makeViewSetup(camera, ViewMode::ThreeD, 16.0f / 9.0f).viewProj, glm::vec2(1280, 720)};
  LineBatch lines;
  FillBatch fills;
  LabelLayer labels;
  drawBoardPictures(lines, fills, labels, view, scene, t, BoardOptions{0, true, 1.0f, glm::vec3(0.13f)});
  EXPECT_EQ(fills.triangles(), 2u);
  EXPECT_EQ(lines.size(), 4u);  // the outline; A1 is a face axis: no edges
  EXPECT_EQ(labels.size(), 1u);
  // Not a SAT trace (a slab one): nothing at all.
  PairTrace slab = t;
  slab.kind = ExplorerKind::Slab;
  drawBoardPictures(lines, fills, labels, view, scene, slab, BoardOptions{});
  EXPECT_EQ(fills.triangles(), 2u);
  EXPECT_EQ(labels.size(), 1u);
}

TEST(BoardPictures, HostileTracesDrawNothingAndNeverNaN) {
  const Scene scene = lesson("08_obb_obb_edge_axis.json");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  PairTrace t = traceFull(scene);
  const int row = rowNamed(t, "A2xB1");
  PairTrace badShapes = t;
  badShapes.shapeA = 7;  // beyond the scene
  EXPECT_FALSE(separatingPlane(scene, badShapes, row));
  EXPECT_FALSE(crossAxisEdges(scene, badShapes, row));
  PairTrace badAxis = t;
  badAxis.sat.rows[static_cast<size_t>(row)].axis = glm::vec3(nan, 0.0f, 0.0f);
  EXPECT_FALSE(separatingPlane(scene, badAxis, row));
  EXPECT_FALSE(crossAxisEdges(scene, badAxis, row));
  PairTrace badInterval = t;
  badInterval.sat.rows[static_cast<size_t>(row)].minB = nan;
  badInterval.sat.rows[static_cast<size_t>(row)].maxB = nan;
  EXPECT_FALSE(separatingPlane(scene, badInterval, row));
  PairTrace badIndex = t;
  badIndex.sat.rows[static_cast<size_t>(row)].id = AxisId::edge(7, 1);
  EXPECT_FALSE(crossAxisEdges(scene, badIndex, row));
  Scene hugeScene = scene;
  std::get<Obb>(hugeScene.shapes[0].geometry).half = glm::vec3(3e38f);
  if (const std::optional<SeparatingPlane> p = separatingPlane(hugeScene, t, row)) {
    EXPECT_TRUE(finite3(p->center) && finite3(p->halfU) && finite3(p->halfV));
  }
  LineBatch lines;
  FillBatch fills;
  LabelLayer labels;
  const ViewMapping view{glm::mat4(nan), glm::vec2(1280, 720)};
  drawBoardPictures(lines, fills, labels, view, scene, t, BoardOptions{row, true, nan, glm::vec3(nan)});
  for (const FillBatch::Vertex& v : fills.vertices()) EXPECT_TRUE(finite3(v.pos));
  EXPECT_EQ(labels.size(), 0u);  // nothing can be placed through a NaN matrix
}

TEST(BoardPictures, DrawnInTheThemesPalette) {
  // The plane, its fill and the edges' halo are the palette's colours of the theme whose
  // background the view has (docs/contrast.md checks those against the view).
  const Scene one = lesson("01_aabb_aabb_three_axes.json");
  const Scene eight = lesson("08_obb_obb_edge_axis.json");
  const PairTrace t1 = traceFull(one), t8 = traceFull(eight);
  OrbitCamera camera;
  camera.target = glm::vec3(0.75f, 1.3f, 1.25f);
  const ViewMapping view{makeViewSetup(camera, ViewMode::ThreeD, 16.0f / 9.0f).viewProj, glm::vec2(1280, 720)};
  for (const Palette* pal : {&darkPalette(), &lightPalette()}) {
    LineBatch lines;
    FillBatch fills;
    LabelLayer labels;
    drawSeparatingPlane(lines, fills, labels, view, one, t1, BoardOptions{0, true, 1.0f, pal->background});
    ASSERT_EQ(lines.size(), 4u) << pal->name;
    for (const LineInstance& l : lines.lines()) EXPECT_EQ(l.color, pal->separatingPlane) << pal->name;
    ASSERT_EQ(fills.triangles(), 2u);
    const glm::vec4 f = pal->separatingPlaneFill;
    auto byte = [](float v) { return static_cast<std::uint32_t>(std::lround(v * 255.0f)); };
    const std::uint32_t fill = byte(f.r) | (byte(f.g) << 8) | (byte(f.b) << 16) | (byte(f.a) << 24);  // RGBA8
    for (const FillBatch::Vertex& v : fills.vertices()) EXPECT_EQ(v.color, fill) << pal->name;
    EXPECT_GT(f.a, 0.05f);
    EXPECT_LT(f.a, 0.35f);  // translucent: the shapes behind stay visible
    LineBatch edges;
    drawCrossAxisEdges(edges, labels, view, eight, t8,
                       BoardOptions{rowNamed(t8, "A2xB1"), true, 1.0f, pal->background});
    ASSERT_FALSE(edges.lines().empty());
    EXPECT_EQ(edges.lines().front().color, pal->edgeHalo) << pal->name;
  }
}

}  // namespace
}  // namespace satlab::test
