// The exact test on a recorded pair as the engine's shapes are: each shape grown by its
// collision margin (docs/recording-format.md, "Margins"), and its verdict settled by the
// recording's tolerance. Plain data, no GL.
//
// The distance of two shapes grown by margins mA and mB is their distance less mA + mB,
// and their depth is their depth plus mA + mB (the Minkowski sums add: (A + rS) - (B + sS)
// is (A - B) grown by r + s), so one signed distance serves both: > 0 a gap, < 0 a depth.
// It comes from GJK and EPA (satlab/collide/gjk.hpp) for convex shapes, and for a mesh
// against a convex shape from its nearest triangle (a mesh is a surface: each triangle is
// met on its own, as an engine's mesh collider meets it).
#pragma once

#include <cstddef>
#include <string>

#include "document/scene.hpp"

namespace satlab {

struct Recording;

/// The signed distance of the scene's shapes a and b grown by marginA and marginB: > 0 the
/// gap between them, < 0 minus their depth; NaN when it is not measured (two meshes, a mesh
/// in a 2D scene). For a mesh, a value > `reach` may stand for any larger one (its far
/// triangles are not measured).
double recordedSignedDistance(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB,
                              float reach);

/// A signed distance in words: "gap 0.3", "depth 0.05", or "not measured" for NaN.
std::string signedDistanceText(double d);

/// The exact verdict on the pair grown by its margins, before the tolerance: the scene's
/// test of record (pairOverlaps) when neither has a margin, else a signed distance below 0
/// (or, unmeasured, the test of record).
bool recordedRawOverlap(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB);

/// The verdict of frame `frame`'s scene shapes a and b (indices into its scene, `scene`),
/// the tolerance applied: an overlap or a gap at or below Recording::tolerance keeps the
/// verdict `previous` (the pair's verdict in the frame before; false in the first), so a
/// pair resting in contact, a hair in and out, never flips.
bool settledOverlap(const Recording& rec, const Scene& scene, std::size_t frame, std::size_t a, std::size_t b,
                    bool previous);
/// The same with the two shapes' margins given (for a scene that holds the pair alone).
bool settledOverlap(const Scene& scene, std::size_t a, std::size_t b, float marginA, float marginB, float tolerance,
                    bool previous);

}  // namespace satlab
