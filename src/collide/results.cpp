// satlab collision core: the spelling of test and axis names (results.hpp).
#include "satlab/collide/results.hpp"

#include <array>

namespace satlab {

std::string_view testName(TestId test) {
  switch (test) {
    case TestId::None: return "";
    case TestId::AabbAabb: return "AABB-AABB";
    case TestId::AabbObb: return "AABB-OBB";
    case TestId::ObbObb: return "OBB-OBB";
    case TestId::AabbSegment: return "AABB-segment";
    case TestId::SegmentAabb: return "segment-AABB";
    case TestId::SegmentObb: return "segment-OBB";
    case TestId::SphereAabb: return "sphere-AABB";
    case TestId::SphereObb: return "sphere-OBB";
    case TestId::SegmentSphere: return "segment-sphere";
    case TestId::SphereSphere: return "sphere-sphere";
    case TestId::SegmentSegment: return "segment-segment";
    case TestId::RectRect: return "Rect2-Rect2";
    case TestId::RectOrientedRect: return "Rect2-OrientedRect2";
    case TestId::OrientedRectOrientedRect: return "OrientedRect2-OrientedRect2";
    case TestId::SegmentRect: return "Segment2-Rect2";
    case TestId::SegmentOrientedRect: return "Segment2-OrientedRect2";
    case TestId::CircleRect: return "Circle2-Rect2";
    case TestId::CircleOrientedRect: return "Circle2-OrientedRect2";
    case TestId::CircleCircle: return "Circle2-Circle2";
    case TestId::CircleSegment: return "Circle2-Segment2";
  }
  return "";
}

std::string_view label(AxisId axis) {
  static constexpr std::array<std::string_view, 3> kFaceA = {"A0", "A1", "A2"};
  static constexpr std::array<std::string_view, 3> kFaceB = {"B0", "B1", "B2"};
  static constexpr std::array<std::string_view, 9> kEdge = {"A0xB0", "A0xB1", "A0xB2", "A1xB0", "A1xB1",
                                                            "A1xB2", "A2xB0", "A2xB1", "A2xB2"};
  static constexpr std::array<std::string_view, 3> kWorld = {"X", "Y", "Z"};
  static constexpr std::array<std::string_view, 3> kWorldCross = {"Xxd", "Yxd", "Zxd"};
  if (axis.i > 2 || axis.j > 2) return "";
  switch (axis.kind) {
    case AxisId::Kind::None: return "";
    case AxisId::Kind::FaceA: return kFaceA[axis.i];
    case AxisId::Kind::FaceB: return kFaceB[axis.i];
    case AxisId::Kind::EdgeEdge: return kEdge[3 * axis.i + axis.j];
    case AxisId::Kind::World: return kWorld[axis.i];
    case AxisId::Kind::WorldCrossSegment: return kWorldCross[axis.i];
  }
  return "";
}

std::string_view axisKindName(AxisId axis) {
  switch (axis.kind) {
    case AxisId::Kind::FaceA: return "face of A";
    case AxisId::Kind::FaceB: return "face of B";
    case AxisId::Kind::EdgeEdge: return "edge x edge";
    case AxisId::Kind::World: return "face";
    case AxisId::Kind::WorldCrossSegment: return "edge x d";
    case AxisId::Kind::None: break;
  }
  return "";
}

}  // namespace satlab
