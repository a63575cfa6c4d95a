#include "model/pair_framing.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "document/scene_edit.hpp"
#include "evaluation/convex_measure.hpp"

namespace satlab {

namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

float largestSide(const FramingBox& b) {
  const glm::vec3 d = b.hi - b.lo;
  return std::max({d.x, d.y, d.z});
}

void grow(FramingBox& box, const glm::vec3& p) {
  box.lo = glm::min(box.lo, p);
  box.hi = glm::max(box.hi, p);
}

}  // namespace

FramingBox pairFramingBox(const Scene& scene, std::size_t a, std::size_t b) {
  FramingBox box[2];
  bool ok[2];
  const std::size_t index[2] = {a, b};
  for (int k = 0; k < 2; ++k) {
    shapeBounds(scene.shapes[index[k]], box[k].lo, box[k].hi);
    ok[k] = finite(box[k].lo) && finite(box[k].hi);
  }
  if (!ok[0] || !ok[1]) return ok[0] ? box[0] : box[1];  // (both unframeable: the caller's default)
  const float size[2] = {largestSide(box[0]), largestSide(box[1])};
  const int small = size[0] <= size[1] ? 0 : 1, big = 1 - small;
  if (!(size[big] >= kFramingSizeRatio * size[small])) {
    FramingBox out = box[0];
    grow(out, box[1].lo);
    grow(out, box[1].hi);
    return out;
  }
  // The smaller shape and where the pair is closest (or deepest inside each other).
  FramingBox out = box[small];
  const SceneShape& sa = scene.shapes[a];
  const SceneShape& sb = scene.shapes[b];
  const std::optional<ConvexResult> m = measureConvexPair(sa, sb, scene.view);
  if (m && finite(m->pointA) && finite(m->pointB)) {
    grow(out, m->pointA);
    grow(out, m->pointB);
  } else {
    // A mesh: the point of the larger shape's bounds nearest the smaller one's middle.
    const glm::vec3 middle = 0.5f * (box[small].lo + box[small].hi);
    grow(out, glm::clamp(middle, box[big].lo, box[big].hi));
  }
  // The larger shape near them: its bounds within a margin of the smaller one's size.
  const float margin = std::max(0.5f * size[small], 1e-3f);
  const glm::vec3 lo = glm::max(box[big].lo, out.lo - glm::vec3(margin));
  const glm::vec3 hi = glm::min(box[big].hi, out.hi + glm::vec3(margin));
  if (lo.x <= hi.x && lo.y <= hi.y && lo.z <= hi.z) {
    grow(out, lo);
    grow(out, hi);
  }
  return out;
}

}  // namespace satlab
