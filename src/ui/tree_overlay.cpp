#include "ui/tree_overlay.hpp"

namespace satlab {

namespace {

void addBox(LineBatch& batch, const Aabb& b, const glm::vec4& color, float width, float dash) {
  const glm::vec3 lo = b.center - b.half, hi = b.center + b.half;
  const auto corner = [&](int i) {
    return glm::vec3((i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z);
  };
  // The 12 edges: the corner pairs that differ in one coordinate.
  for (int i = 0; i < 8; ++i) {
    for (int bit = 1; bit < 8; bit <<= 1) {
      if ((i & bit) == 0) batch.add(corner(i), corner(i | bit), color, width, dash);
    }
  }
}

}  // namespace

TreeOverlayCounts drawTreeOverlay(const TreePicture& picture, LineBatch& batch, float pixelScale) {
  TreeOverlayCounts counts;
  const float w = 1.5f * pixelScale;
  // One hue per depth, so neighbouring levels read apart when stepped through.
  static const glm::vec4 kLevelColors[] = {
      {0.35f, 0.75f, 0.95f, 0.9f}, {0.55f, 0.85f, 0.45f, 0.9f}, {0.85f, 0.6f, 0.95f, 0.9f}, {0.95f, 0.8f, 0.35f, 0.9f}};
  const glm::vec4 levelColor = kLevelColors[picture.level % 4];
  for (const Aabb& box : picture.levelBoxes) {
    addBox(batch, box, levelColor, w, 0.0f);
    ++counts.boxes;
  }
  const glm::vec4 entered(1.0f, 0.55f, 0.2f, 1.0f), skipped(0.6f, 0.6f, 0.6f, 0.9f);
  for (const TreePicture::PathStep& step : picture.path) {
    ++counts.pathTested;
    if (step.overlapped) ++counts.pathEntered;
    addBox(batch, step.box, step.overlapped ? entered : skipped, step.overlapped ? 2.5f * w : w,
           step.overlapped ? 0.0f : 6.0f * pixelScale);
  }
  return counts;
}

}  // namespace satlab
