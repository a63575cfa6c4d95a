// The position of an axis in its test's order, for tests that walk the axes by number.
#pragma once

#include "satlab/collide/results.hpp"

namespace satlab::test {

/// 3D: A0..A2 = 0..2, B0..B2 = 3..5, AixBj = 6 + 3 i + j; the AABB-segment SAT's X, Y, Z =
/// 0..2 and Xxd, Yxd, Zxd = 3..5. -1 for AxisId{}.
inline int boxAxisIndex(AxisId a) {
  switch (a.kind) {
    case AxisId::Kind::FaceA: return a.i;
    case AxisId::Kind::FaceB: return 3 + a.i;
    case AxisId::Kind::EdgeEdge: return 6 + 3 * a.i + a.j;
    case AxisId::Kind::World: return a.i;
    case AxisId::Kind::WorldCrossSegment: return 3 + a.i;
    case AxisId::Kind::None: break;
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
