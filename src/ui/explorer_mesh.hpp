// The mesh explorer (a mesh against a shape or another mesh): the walk through the mesh's
// bounding-volume tree (Gottschalk, Lin, Manocha 1996, "OBBTree"; collide/mesh_query.hpp),
// recorded by model/mesh_walk.hpp, one step per node (pair) tested. For the current step the view shows the node boxes
// in the world, a rejected box dashed with the axis that separated it, the triangles tested at a leaf and every
// colliding triangle found so far; a depth slider draws a tree level by level. The same query runs with the AABB tree
// and with the OBB tree, side by side: the panel and the canvas picture compare the nodes each visits and the triangles
// each tests, and a toggle picks the walk the steps follow.
//
// Roles (evaluation/pair_tests.hpp): two meshes are A and B in the file's order, and a row's
// nodeA is a node of A's tree, nodeB of B's; against another shape the mesh is the test's
// B, yet the rows name its nodes nodeA (the core's TreeTrace: "the mesh's tree").
#pragma once

#include "model/mesh_walk.hpp"
#include "ui/explorer_kind.hpp"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace satlab {

class MeshExplorer final : public ExplorerView {
 public:
  using Walk = MeshWalk;
  using Counts = MeshWalkCounts;

  int stepCount(const PairTrace& trace) const override;
  void reset() override;
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
  /// The two trees compared: a bar per tree for the node tests, its triangle tests beside.
  std::optional<glm::vec2> canvasSize(const ExplorerInput& in, const CanvasStyle& style) const override;
  void drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const override;

  /// The kind of tree whose walk the steps follow (the OBB tree unless chosen otherwise).
  BvKind shownKind() const { return shown_; }
  void setShownKind(BvKind kind) { shown_ = kind; }
  /// The tree level drawn (all boxes of that depth of each mesh's tree), or -1 for none.
  int shownLevel() const { return showLevel_ ? level_ : -1; }
  void setShownLevel(int depth) { showLevel_ = depth >= 0, level_ = depth < 0 ? 0 : depth; }

  /// The walk of `kind` for `in`'s pair, run again only when the pair, its shapes or the
  /// options changed since the last call.
  const Walk& walk(const ExplorerInput& in, BvKind kind) const;

 private:
  const Walk& shownWalk(const ExplorerInput& in) const { return walk(in, shown_); }
  void drawNodeTable(ExplorerState& state, const Walk& w);
  void drawComparison(const ExplorerInput& in);

  BvKind shown_ = BvKind::Obb;
  bool showLevel_ = false;
  int level_ = 0;
  int scrolledTo_ = -1;
  /// The middles of the panel's walk and mode controls (window pixels), in an ImGui frame.
  struct Place {
    glm::vec2 at{0.0f};
    int frame = -10;
  };
  Place aabbButton_, obbButton_, allHitsButton_, drawLevelButton_, levelSliderLeft_, levelSliderRight_;

  /// What the cached walks were run for.
  struct Key {
    TestId test = TestId::None;
    int shapeA = -1, shapeB = -1;
    MeshQueryMode mode = MeshQueryMode::FirstHit;
    float epsilon = 0.0f;
    std::vector<unsigned char> bytes;  // the two shapes' geometry (a mesh: its data and pose)
    bool operator==(const Key& o) const;
  };
  static Key keyOf(const Scene& scene, const PairTrace& trace, MeshQueryMode mode, float epsilon);
  mutable std::array<std::optional<Key>, 2> keys_;
  mutable std::array<Walk, 2> walks_;
};

/// "AABB" or "OBB".
const char* bvShortName(BvKind kind);

}  // namespace satlab
