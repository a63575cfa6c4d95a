// The Minkowski difference A - B on the canvas (model/minkowski_picture.hpp), seen along the
// view's direction (in 2D the XY plane): its edges, the origin, and what a test marks in it.
// The GJK explorer marks its simplex, v, the search direction and the support point, or
// EPA's polytope and its nearest face; the SAT explorer lights the face of the current axis
// and the origin's distance to it, which is SAT's gap on that axis.
#pragma once

#include "model/minkowski_picture.hpp"
#include "ui/canvas_overlay.hpp"

#include <glm/glm.hpp>

#include <optional>
#include <string>
#include <vector>

namespace satlab {

/// What a test marks in the picture. Points are in A - B's space (a - b).
struct MinkowskiMarks {
  std::vector<glm::vec3> simplex;    ///< GJK's simplex (1 to 4 points): drawn with its edges
  std::optional<glm::vec3> v;        ///< the simplex's point closest to the origin
  std::optional<glm::vec3> support;  ///< the support point found along -v
  std::vector<glm::vec3> polytope;   ///< EPA's faces, 3 corners each
  int nearestFace = -1;              ///< of the polytope: the face nearest the origin, filled
  int litFace = -1;                  ///< of the picture: the face a SAT axis is, with the origin's distance to it
  bool showFaceAxes = true;          ///< name each face facing the eye by its SAT axis (two boxes)
};

/// The picture's size in `style` (a square under a title row), the same at every step.
glm::vec2 minkowskiCanvasSize(const CanvasStyle& style);

/// Draws the picture into `rect` (its backing drawn already) seen with the screen's right and
/// up directions `right`, `up` (unit, orthogonal), under `title`.
void drawMinkowskiCanvas(const CanvasPainter& p, const ScreenRect& rect, const MinkowskiPicture& picture,
                         const glm::vec3& right, const glm::vec3& up, const MinkowskiMarks& marks,
                         const std::string& title);

}  // namespace satlab
