// Between two frames: every pair of shapes that first touches after one frame and by the
// next, with the time and whether it passed through (apart in both frames: tunnelling, which
// no check at the frames alone can see). `satlab check --frames N`, `satlab check` on a
// recording and the recording's timeline use it.
//
// The shapes of the two frames are matched by the caller (a scene stepped: by index; a
// recording: by name). Each pair gets the test between two frames that the table gives it
// (evaluation/swept_tests.hpp); pairs it does not cover (segments, meshes, a shape that
// changed kind or size between the frames) are counted, not tested.
//
// Candidates: each matched shape's swept bounds (moving straight, the box around its bounds
// in both frames; turning, the box around its centre's path grown by its farthest point's
// distance). The shapes that moved go into a dynamic AABB tree, and every shape queries it:
// two shapes that both stayed put cannot start touching. O(n log m + k) for n shapes, m of
// them moving, and k candidates; memory O(n + k).
#pragma once

#include <cstddef>
#include <vector>

#include "document/scene.hpp"
#include "evaluation/swept_eval.hpp"

namespace satlab {

/// A pair that first touches during the step: apart in the first frame, touching at
/// result.toi in (0, 1].
struct SweptContact {
  std::size_t a = 0, b = 0;  ///< Indices into the second frame's scene, in its file order (a < b).
  SweptResult result;        ///< Read from a to b; toi and tExit in steps (0 = the first frame).
  bool through = false;      ///< Apart in the second frame too: it passed through between them.
};

struct SweptContacts {
  std::vector<SweptContact> contacts;  ///< Ordered by (a, b).
  std::size_t candidates = 0;          ///< Pairs whose swept bounds overlap.
  std::size_t untested = 0;            ///< Of those, pairs no test between two frames covers.
};

/// The pairs of `after` that first touch between `before` and `after`. `beforeIndex[i]` is
/// the index in `before` of after's shape i, or kNotInFrame when it is not there (a shape
/// that appears has no motion to test). A 2D scene's boxes and spheres are taken in the
/// plane z = 0, as its pair tests take them.
inline constexpr std::size_t kNotInFrame = static_cast<std::size_t>(-1);
SweptContacts sweptContacts(const Scene& before, const Scene& after, const std::vector<std::size_t>& beforeIndex);

/// The same for a scene whose shapes are the same in both frames, index for index.
SweptContacts sweptContacts(const Scene& before, const Scene& after);

}  // namespace satlab
