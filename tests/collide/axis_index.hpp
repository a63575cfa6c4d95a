// The position of an axis in its test's order, for tests that walk the axes by number.
#pragma once

#include "satlab/collide/results.hpp"

namespace satlab::test {

/// 3D: A0..A2 = 0..2, B0..B2 = 3..5, AixBj = 6 + 3 i + j; the AABB-segment SAT's X, Y, Z =
/// 0..2 and Xxd, Yxd, Zxd = 3..5 (A0xd.. for OBB-segment). -1 for AxisId{}.
inline int boxAxisIndex(AxisId a) {
  switch (a.kind) {
    case AxisId::Kind::FaceA: return a.i;
    case AxisId::Kind::FaceB: return 3 + a.i;
    case AxisId::Kind::EdgeEdge: return 6 + 3 * a.i + a.j;
    case AxisId::Kind::World: return a.i;
    case AxisId::Kind::WorldCrossSegment:
    case AxisId::Kind::FaceACrossSegment: return 3 + a.i;
    default: break;  // not an axis of these tests (None, the triangle tests' axes)
  }
  return -1;
}

/// The triangle tests. Box–triangle: the cross axes i x ej = 3 j + i (0..8), the box's faces
/// X, Y, Z or A0, A1, A2 = 9..11, n = 12. Triangle–triangle: nA = 0, nB = 1, eAi x eBj =
/// 2 + 3 i + j, nA x eAi = 11 + i, nB x eBj = 14 + j. -1 for AxisId{}.
inline int triangleAxisIndex(AxisId a) {
  switch (a.kind) {
    case AxisId::Kind::WorldCrossEdge:
    case AxisId::Kind::FaceACrossEdge: return 3 * a.j + a.i;
    case AxisId::Kind::World:
    case AxisId::Kind::FaceA: return 9 + a.i;
    case AxisId::Kind::TriangleNormal: return 12;
    case AxisId::Kind::NormalA: return 0;
    case AxisId::Kind::NormalB: return 1;
    case AxisId::Kind::EdgeACrossEdgeB: return 2 + 3 * a.i + a.j;
    case AxisId::Kind::EdgeNormalA: return 11 + a.i;
    case AxisId::Kind::EdgeNormalB: return 14 + a.i;
    default: break;
  }
  return -1;
}

/// 2D rects: A0, A1, B0, B1 = 0..3. -1 for AxisId{}.
inline int rectAxisIndex(AxisId a) {
  switch (a.kind) {
    case AxisId::Kind::FaceA: return a.i;
    case AxisId::Kind::FaceB: return 2 + a.i;
    default: break;
  }
  return -1;
}

}  // namespace satlab::test
