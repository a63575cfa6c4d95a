// Test oracle: exact answers for shapes on an integer grid, in integer arithmetic, written
// independently of the code under test (no separating axes, no Möller–Trumbore, no Voronoi
// regions here).
//
// Points are integer vectors (grid units); a test converts them to floats by a power-of-two
// scale, which is exact. Two convex sets described by parameters meet iff a system of
// linear equations and inequalities in those parameters has a solution (a point of one equal
// to a point of the other): a triangle's points are a + u (b - a) + v (c - a), u, v >= 0,
// u + v <= 1; a segment's p0 + t (p1 - p0), 0 <= t <= 1; a box's lo <= x <= hi. The feasible
// set is a bounded polytope, so when it is not empty it has a vertex, where n independent
// constraints hold with equality (n parameters). `feasibleVertices` enumerates every choice of
// n constraints, solves it by Cramer's rule in 128-bit integers and keeps the solutions that
// satisfy every constraint: exact, slow and simple.
//
// The sphere's squared distance to a triangle is the least of the squared distances to the
// triangle's points that can be closest: its vertices, the feet of perpendiculars on its
// edges that fall on them, and the foot on its plane when it falls inside. Each is an exact
// rational.
#pragma once

#include <array>
#include <vector>

namespace satlab::exact {

__extension__ typedef __int128 Int;

struct IVec {
  Int x = 0, y = 0, z = 0;
};

inline IVec operator-(const IVec& a, const IVec& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline IVec operator+(const IVec& a, const IVec& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Int dot(const IVec& a, const IVec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline IVec cross(const IVec& a, const IVec& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

struct ITriangle {
  IVec a, b, c;
};
struct ISegment {
  IVec p0, p1;
};
struct IBox {
  IVec lo, hi;
};

/// A rational number num / den, den > 0.
struct Rational {
  Int num = 0, den = 1;
  double value() const { return double(num) / double(den); }
};
inline bool operator<(const Rational& a, const Rational& b) { return a.num * b.den < b.num * a.den; }
inline bool operator<=(const Rational& a, const Rational& b) { return a.num * b.den <= b.num * a.den; }

/// One linear constraint a . x (== or <=) b over up to 4 parameters.
struct Constraint {
  std::array<Int, 4> a{};
  Int b = 0;
  bool equality = false;
};

/// A solution x = num / den of n parameters.
struct Vertex {
  std::array<Int, 4> num{};
  Int den = 1;
  Rational at(int i) const { return {num[static_cast<std::size_t>(i)], den}; }
};

/// Every vertex of { x : constraints } (with repeats), n <= 4 parameters.
std::vector<Vertex> feasibleVertices(const std::vector<Constraint>& constraints, int n);

/// Whether the shapes share a point (closed sets: touching counts).
bool meet(const IBox& box, const ITriangle& t);
bool meet(const ITriangle& a, const ITriangle& b);

/// The t-interval of the segment on the triangle, exact; empty (false) when they do not meet.
bool segmentOnTriangle(const ISegment& s, const ITriangle& t, Rational* tEnter, Rational* tExit);

/// The squared distance from p to the triangle, exact.
Rational squaredDistance(const IVec& p, const ITriangle& t);

}  // namespace satlab::exact
