// The AABB of a large point array at memory speed (batch_bounds.hpp).
//
// The points are one array of 3 * count floats. Four points are 12 floats, three 4-float
// registers whose lanes hold the coordinates x y z x | y z x y | z x y z; a running minimum
// and maximum per register keeps each lane's axis fixed, and at the end the 12 lanes are
// folded into x, y and z by their index mod 3. The loop takes eight points (six loads) a
// turn and first combines its two halves, so each running value waits on one operation per
// turn. On x86-64 the registers are SSE's (always present there); elsewhere the same lanes
// are plain arrays, which compilers vectorise as they can.
#include "satlab/collide/batch_bounds.hpp"

#include <algorithm>

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define SATLAB_BATCH_SSE 1
#endif

namespace satlab {

namespace {

constexpr std::size_t kLanes = 12;  // four points

// The fold: lane k of the 12 holds axis k % 3.
void foldLanes(const float lo[kLanes], const float hi[kLanes], glm::vec3& mn, glm::vec3& mx) {
  for (std::size_t k = 0; k < kLanes; ++k) {
    const int axis = static_cast<int>(k % 3);
    mn[axis] = std::min(mn[axis], lo[k]);
    mx[axis] = std::max(mx[axis], hi[k]);
  }
}

}  // namespace

Aabb aabbFromPointsBatch(const glm::vec3* points, std::size_t count) {
  if (count == 0 || points == nullptr) return Aabb{};
  static_assert(sizeof(glm::vec3) == 3 * sizeof(float), "glm::vec3 is three packed floats");
  const float* f = &points[0].x;
  const std::size_t pairs = count / 8;  // turns of eight points
  glm::vec3 mn = points[0], mx = points[0];
  float lo[kLanes], hi[kLanes];
  // Every lane starts at point 0's coordinate of its axis (no infinities needed).
  for (std::size_t k = 0; k < kLanes; ++k) lo[k] = hi[k] = points[0][static_cast<int>(k % 3)];

#ifdef SATLAB_BATCH_SSE
  __m128 lo0 = _mm_loadu_ps(lo), lo1 = _mm_loadu_ps(lo + 4), lo2 = _mm_loadu_ps(lo + 8);
  __m128 hi0 = lo0, hi1 = lo1, hi2 = lo2;
  for (std::size_t i = 0; i < pairs; ++i, f += 24) {
    const __m128 a0 = _mm_loadu_ps(f), a1 = _mm_loadu_ps(f + 4), a2 = _mm_loadu_ps(f + 8);
    const __m128 b0 = _mm_loadu_ps(f + 12), b1 = _mm_loadu_ps(f + 16), b2 = _mm_loadu_ps(f + 20);
    lo0 = _mm_min_ps(lo0, _mm_min_ps(a0, b0));
    lo1 = _mm_min_ps(lo1, _mm_min_ps(a1, b1));
    lo2 = _mm_min_ps(lo2, _mm_min_ps(a2, b2));
    hi0 = _mm_max_ps(hi0, _mm_max_ps(a0, b0));
    hi1 = _mm_max_ps(hi1, _mm_max_ps(a1, b1));
    hi2 = _mm_max_ps(hi2, _mm_max_ps(a2, b2));
  }
  _mm_storeu_ps(lo, lo0);
  _mm_storeu_ps(lo + 4, lo1);
  _mm_storeu_ps(lo + 8, lo2);
  _mm_storeu_ps(hi, hi0);
  _mm_storeu_ps(hi + 4, hi1);
  _mm_storeu_ps(hi + 8, hi2);
#else
  for (std::size_t i = 0; i < pairs; ++i, f += 24) {
    for (std::size_t k = 0; k < kLanes; ++k) {
      const float a = f[k], b = f[k + kLanes];
      const float l = a < b ? a : b, h = a > b ? a : b;
      lo[k] = l < lo[k] ? l : lo[k];
      hi[k] = h > hi[k] ? h : hi[k];
    }
  }
#endif

  foldLanes(lo, hi, mn, mx);
  for (std::size_t i = pairs * 8; i < count; ++i) {  // the last count % 8 points
    mn = glm::min(mn, points[i]);
    mx = glm::max(mx, points[i]);
  }
  return Aabb::fromMinMax(mn, mx);
}

Aabb aabbFromPointsBatch(const std::vector<glm::vec3>& points) {
  return aabbFromPointsBatch(points.data(), points.size());
}

}  // namespace satlab
