#include "render/view_culler.hpp"

#include <cmath>

namespace satlab {

ViewCuller::ViewCuller(const glm::mat4& viewProj, bool flat, double guard) {
  const glm::dmat4 m(viewProj);
  // Row i of the matrix: clip coordinate i as a function of the world point.
  auto row = [&](int i) { return glm::dvec4(m[0][i], m[1][i], m[2][i], m[3][i]); };
  const glm::dvec4 x = row(0), y = row(1), z = row(2), w = row(3) * (1.0 + guard);
  const glm::dvec4 raw[5] = {w + x, w - x, w + y, w - y, row(3) + z};
  count_ = flat ? 4 : 5;
  enabled_ = true;
  for (int i = 0; i < count_; ++i) {
    const double len = glm::length(glm::dvec3(raw[i]));
    planes_[i] = raw[i] / len;
    if (!(len > 0.0) || !std::isfinite(planes_[i].x) || !std::isfinite(planes_[i].y) || !std::isfinite(planes_[i].z) ||
        !std::isfinite(planes_[i].w)) {
      enabled_ = false;
    }
  }
}

bool ViewCuller::outside(const glm::vec3& center, float radius) const {
  if (!enabled_) return false;
  const glm::dvec3 c(center);
  for (int i = 0; i < count_; ++i) {
    // Signed distance of the centre from the plane, positive on the view's side.
    const double d = glm::dot(glm::dvec3(planes_[i]), c) + planes_[i].w;
    if (d < -static_cast<double>(radius)) return true;  // false for NaN
  }
  return false;
}

}  // namespace satlab
