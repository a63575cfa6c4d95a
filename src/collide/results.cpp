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
    case TestId::ObbSegment: return "OBB-segment";
    case TestId::SphereAabb: return "sphere-AABB";
    case TestId::SphereObb: return "sphere-OBB";
    case TestId::SegmentSphere: return "segment-sphere";
    case TestId::SphereSphere: return "sphere-sphere";
    case TestId::SegmentSegment: return "segment-segment";
    case TestId::AabbTriangle: return "AABB-triangle";
    case TestId::ObbTriangle: return "OBB-triangle";
    case TestId::SphereTriangle: return "sphere-triangle";
    case TestId::SegmentTriangle: return "segment-triangle";
    case TestId::TriangleTriangle: return "triangle-triangle";
    case TestId::MeshMesh: return "mesh-mesh";
    case TestId::MeshAabb: return "mesh-AABB";
    case TestId::MeshObb: return "mesh-OBB";
    case TestId::MeshSphere: return "mesh-sphere";
    case TestId::MeshSegment: return "mesh-segment";
    case TestId::MeshTriangle: return "mesh-triangle";
    case TestId::RectRect: return "Rect2-Rect2";
    case TestId::RectOrientedRect: return "Rect2-OrientedRect2";
    case TestId::OrientedRectOrientedRect: return "OrientedRect2-OrientedRect2";
    case TestId::SegmentRect: return "Segment2-Rect2";
    case TestId::SegmentOrientedRect: return "Segment2-OrientedRect2";
    case TestId::CircleRect: return "Circle2-Rect2";
    case TestId::CircleOrientedRect: return "Circle2-OrientedRect2";
    case TestId::CircleCircle: return "Circle2-Circle2";
    case TestId::CircleSegment: return "Circle2-Segment2";
    case TestId::SweptAabbAabb: return "AABB-AABB in time";
    case TestId::SweptAabbObb: return "AABB-OBB in time";
    case TestId::SweptObbObb: return "OBB-OBB in time";
    case TestId::MinkowskiAabbAabb: return "AABB-AABB as a ray against A+B";
    case TestId::SweptSphereSphere: return "moving sphere-sphere";
    case TestId::SweptSphereAabb: return "moving sphere-AABB";
    case TestId::SweptSphereObb: return "moving sphere-OBB";
    case TestId::SweptSphereTriangle: return "moving sphere-triangle";
    case TestId::AdvanceObbObb: return "turning OBB-OBB";
    case TestId::AdvanceSphereObb: return "turning sphere-OBB";
    case TestId::CapsuleSphere: return "capsule-sphere";
    case TestId::CapsuleCapsule: return "capsule-capsule";
    case TestId::CapsuleSegment: return "capsule-segment";
    case TestId::CapsuleAabb: return "capsule-AABB";
    case TestId::CapsuleObb: return "capsule-OBB";
    case TestId::CapsuleTriangle: return "capsule-triangle";
    case TestId::MeshCapsule: return "mesh-capsule";
    case TestId::AdvanceCapsuleCapsule: return "capsule-capsule by advancement";
    case TestId::AdvanceCapsuleSphere: return "capsule-sphere by advancement";
    case TestId::AdvanceCapsuleObb: return "capsule-OBB by advancement";
    case TestId::HullHull: return "hull-hull";
    case TestId::HullAabb: return "hull-AABB";
    case TestId::HullObb: return "hull-OBB";
    case TestId::HullSphere: return "hull-sphere";
    case TestId::HullCapsule: return "hull-capsule";
    case TestId::HullSegment: return "hull-segment";
    case TestId::HullTriangle: return "hull-triangle";
    case TestId::MeshHull: return "mesh-hull";
    case TestId::ConvexConvex: return "GJK/EPA";
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
  static constexpr std::array<std::string_view, 3> kFaceACross = {"A0xd", "A1xd", "A2xd"};
  static constexpr std::array<std::string_view, 3> kFaceBCross = {"B0xd", "B1xd", "B2xd"};
  // Against a triangle: the box's or the world's axis i x the triangle's edge j, at 3 i + j.
  static constexpr std::array<std::string_view, 9> kWorldEdge = {"Xxe0", "Xxe1", "Xxe2", "Yxe0", "Yxe1",
                                                                 "Yxe2", "Zxe0", "Zxe1", "Zxe2"};
  static constexpr std::array<std::string_view, 9> kFaceAEdge = {"A0xe0", "A0xe1", "A0xe2", "A1xe0", "A1xe1",
                                                                 "A1xe2", "A2xe0", "A2xe1", "A2xe2"};
  static constexpr std::array<std::string_view, 9> kFaceBEdge = {"B0xe0", "B0xe1", "B0xe2", "B1xe0", "B1xe1",
                                                                 "B1xe2", "B2xe0", "B2xe1", "B2xe2"};
  static constexpr std::array<std::string_view, 9> kEdgeEdge = {"eA0xeB0", "eA0xeB1", "eA0xeB2", "eA1xeB0", "eA1xeB1",
                                                                "eA1xeB2", "eA2xeB0", "eA2xeB1", "eA2xeB2"};
  static constexpr std::array<std::string_view, 3> kEdgeNormalA = {"nAxeA0", "nAxeA1", "nAxeA2"};
  static constexpr std::array<std::string_view, 3> kEdgeNormalB = {"nBxeB0", "nBxeB1", "nBxeB2"};
  if (axis.i > 2 || axis.j > 2) return "";
  switch (axis.kind) {
    case AxisId::Kind::None: return "";
    case AxisId::Kind::FaceA: return kFaceA[axis.i];
    case AxisId::Kind::FaceB: return kFaceB[axis.i];
    case AxisId::Kind::EdgeEdge: return kEdge[3 * axis.i + axis.j];
    case AxisId::Kind::World: return kWorld[axis.i];
    case AxisId::Kind::WorldCrossSegment: return kWorldCross[axis.i];
    case AxisId::Kind::TriangleNormal: return "n";
    case AxisId::Kind::WorldCrossEdge: return kWorldEdge[3 * axis.i + axis.j];
    case AxisId::Kind::FaceACrossEdge: return kFaceAEdge[3 * axis.i + axis.j];
    case AxisId::Kind::FaceBCrossEdge: return kFaceBEdge[3 * axis.i + axis.j];
    case AxisId::Kind::NormalA: return "nA";
    case AxisId::Kind::NormalB: return "nB";
    case AxisId::Kind::EdgeACrossEdgeB: return kEdgeEdge[3 * axis.i + axis.j];
    case AxisId::Kind::EdgeNormalA: return kEdgeNormalA[axis.i];
    case AxisId::Kind::EdgeNormalB: return kEdgeNormalB[axis.i];
    case AxisId::Kind::FaceACrossSegment: return kFaceACross[axis.i];
    case AxisId::Kind::FaceBCrossSegment: return kFaceBCross[axis.i];
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
    case AxisId::Kind::TriangleNormal: return "triangle normal";
    case AxisId::Kind::WorldCrossEdge: return "axis x triangle edge";
    case AxisId::Kind::FaceACrossEdge: return "face of A x triangle edge";
    case AxisId::Kind::FaceBCrossEdge: return "face of B x triangle edge";
    case AxisId::Kind::NormalA: return "normal of A";
    case AxisId::Kind::NormalB: return "normal of B";
    case AxisId::Kind::EdgeACrossEdgeB: return "edge of A x edge of B";
    case AxisId::Kind::EdgeNormalA: return "edge normal of A";
    case AxisId::Kind::EdgeNormalB: return "edge normal of B";
    case AxisId::Kind::FaceACrossSegment: return "face of A x d";
    case AxisId::Kind::FaceBCrossSegment: return "face of B x d";
    case AxisId::Kind::None: break;
  }
  return "";
}

std::string_view label(TriangleRegion region) {
  switch (region) {
    case TriangleRegion::None: return "";
    case TriangleRegion::VertexA: return "a";
    case TriangleRegion::VertexB: return "b";
    case TriangleRegion::VertexC: return "c";
    case TriangleRegion::EdgeAB: return "ab";
    case TriangleRegion::EdgeAC: return "ac";
    case TriangleRegion::EdgeBC: return "bc";
    case TriangleRegion::Face: return "face";
  }
  return "";
}

std::string_view label(GjkEnd end) {
  switch (end) {
    case GjkEnd::None: return "";
    case GjkEnd::Converged: return "distance converged";
    case GjkEnd::Enclosed: return "origin enclosed";
    case GjkEnd::Touching: return "origin on the simplex";
    case GjkEnd::NoProgress: return "no progress";
    case GjkEnd::IterationLimit: return "iteration limit";
  }
  return "";
}

std::string_view label(EpaEnd end) {
  switch (end) {
    case EpaEnd::None: return "";
    case EpaEnd::Converged: return "depth converged";
    case EpaEnd::Flat: return "flat difference";
    case EpaEnd::NoProgress: return "no progress";
    case EpaEnd::IterationLimit: return "expansion limit";
  }
  return "";
}

}  // namespace satlab
