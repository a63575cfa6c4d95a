// The GJK explorer (gjk.hpp): a hull against a convex shape, stepped through GJK's
// iterations in the Minkowski difference A - B, then EPA's expansions when the shapes overlap.
// Each GJK step shows the simplex, v (its point nearest the origin), the search direction -v
// and the support point w, on the canvas inside A - B and in the view on the shapes (w = a -
// b: the support point of A and the support point of B); each EPA step the polytope, its face
// nearest the origin and the support point along its normal. The last step gives the distance
// and the closest points, or the depth and the normal. Box2D's distance sample steps GJK the
// same way; A - B itself is drawn here too.
#pragma once

#include "model/minkowski_picture.hpp"
#include "ui/explorer_kind.hpp"

#include <vector>

namespace satlab {

/// The Minkowski picture of the pair `trace` names (its shapes as the test takes them),
/// built again only when their points change: shared by the GJK explorer and the SAT
/// explorer's "A - B" picture.
class MinkowskiCache {
 public:
  const MinkowskiPicture& of(const Scene& scene, int shapeA, int shapeB) const;

 private:
  mutable std::vector<glm::vec3> pointsA_, pointsB_;
  mutable float radiusA_ = -1.0f, radiusB_ = -1.0f;
  mutable MinkowskiPicture picture_;
};

/// The screen's right and up directions for a canvas picture of 3D space: the view's, or X
/// and Y in a 2D scene or without a camera.
void canvasBasis(const ExplorerInput& in, glm::vec3& right, glm::vec3& up);

class GjkExplorer final : public ExplorerView {
 public:
  int stepCount(const PairTrace& trace) const override {
    return static_cast<int>(trace.gjk.iterations.size() + trace.gjk.expansions.size());
  }
  void drawPanel(const ExplorerInput& in, ExplorerState& state, PanelRequests& out) override;
  std::string stepText(const ExplorerInput& in) const override;
  void drawOverlay(const ExplorerInput& in, const OverlayTarget& out) const override;
  std::string statusDetail(const ExplorerInput& in, const ViewMapping& view, const OrbitCamera& camera) const override;
  std::optional<glm::vec2> canvasSize(const ExplorerInput& in, const CanvasStyle& style) const override;
  void drawCanvas(const ExplorerInput& in, const CanvasPainter& p, const ScreenRect& rect) const override;

 private:
  MinkowskiCache cache_;
};

}  // namespace satlab
