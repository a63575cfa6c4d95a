// satlab collision core: the AABB of a large point array at memory speed.
//
// aabbFromPoints (builders.hpp) is the teaching builder: one point at a time, min and max per
// axis, as the "Using AABB" tutorial writes it. For a million points that loop is limited by
// its dependency chain, not by memory; this is the same box from a loop the compiler turns
// into SIMD min/max over the raw floats.
#pragma once

#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

#include "satlab/collide/shapes.hpp"

namespace satlab {

/// The same box as aabbFromPoints (bit for bit: a minimum or maximum is exact, whatever the
/// order), for large arrays: the points read as one array of 3 * count floats, eight points
/// a turn into twelve running minima and maxima (SSE registers on x86-64) whose lanes keep
/// one axis each, folded into x, y and z at the end (batch_bounds.cpp says how). Finite
/// coordinates expected (with a NaN the result is unspecified, as for aabbFromPoints).
/// No points: Aabb{}.
Aabb aabbFromPointsBatch(const glm::vec3* points, std::size_t count);
Aabb aabbFromPointsBatch(const std::vector<glm::vec3>& points);

}  // namespace satlab
