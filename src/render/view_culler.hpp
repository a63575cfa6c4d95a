// Which shapes can show in a view: a bounding sphere against the view's side planes (and,
// in perspective, the near plane), widened by a guard band so that what reaches past a
// shape's geometry on screen (thick edges, selection halos, the name label above it) still
// shows for a shape just outside the picture. Pure geometry, no GL.
#pragma once

#include <glm/glm.hpp>

namespace satlab {

class ViewCuller {
 public:
  /// The planes of `viewProj` (Gribb and Hartmann, "Fast Extraction of Viewing Frustum
  /// Planes from the World-View-Projection Matrix", 2001): x and y within ±(1 + guard) w,
  /// and z >= -w unless `flat` (the top-down 2D view draws every shape whatever its height).
  /// Formed in double and normalised; a matrix whose planes do not come out finite disables
  /// culling (enabled() is false).
  explicit ViewCuller(const glm::mat4& viewProj, bool flat, double guard = 0.25);

  bool enabled() const { return enabled_; }
  /// True when the sphere (centre, radius) lies wholly outside one of the planes. A
  /// non-finite centre or radius is never outside (the shape's own drawing decides).
  bool outside(const glm::vec3& center, float radius) const;

 private:
  glm::dvec4 planes_[5]{};  // xyz unit normal pointing into the view, w offset
  int count_ = 0;
  bool enabled_ = false;
};

}  // namespace satlab
