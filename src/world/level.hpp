// A seeded level generator: a big scene in motion to try the broad phase, the pipeline,
// wall sliding and culling on. A floor, four walls, thousands of static colliders (boxes,
// a share of them turned, which makes them OBBs, and some spheres) and hundreds of movers
// on looping paths that stay inside the walls, some of them spinning.
//
// Deterministic: the same options give the same scene, bit for bit, on every machine (the
// generator draws from its own random number generator, never from std::*_distribution,
// whose results differ between standard libraries). Names are stable: "floor", "wall_n",
// "wall_e", "wall_s", "wall_w", "static_00000"..., "mover_0000"..., numbered in the order
// they are generated, so a level made with more statics keeps the first ones' names.
// World Z is up; the floor is the XY plane (z = 0 is its top face).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "document/scene.hpp"

namespace satlab {

struct LevelOptions {
  std::uint32_t seed = 1;
  std::size_t statics = 2000;  ///< static colliders besides the floor and the walls
  std::size_t movers = 200;    ///< shapes on looping paths
  float rotatedShare = 0.25f;  ///< share of the static boxes that are turned (OBBs), in [0, 1]
  float sphereShare = 0.1f;    ///< share of the statics that are spheres, in [0, 1]
  /// Half the width of the floor (the level is [-halfSize, halfSize] in X and Y); 0 picks
  /// one from the number of statics: about 25 square units of floor per static, at least 20.
  float halfSize = 0.0f;
};

/// Largest halfSize; the level, walls included, stays far inside the scene range.
inline constexpr float kMaxLevelHalfSize = 1e6f;

/// Why `options` cannot make a level, or nullopt: the counts together with the floor and
/// the walls must fit a scene (kMaxSceneShapes), the shares lie in [0, 1], halfSize is 0
/// or in [10, kMaxLevelHalfSize]. E.g. "statics + movers is 2000009; a scene holds at most 1999995 besides the floor
/// and walls".
std::optional<std::string> levelOptionsProblem(const LevelOptions& options);

/// The half width generateLevel uses for `options` (halfSize, or the one chosen from the counts).
float levelHalfSize(const LevelOptions& options);

/// The level for `options` (checked with levelOptionsProblem first; invalid options give a
/// level of the nearest valid ones). Colours are explicit, expectations none; the title
/// and notes say how to make the same level again ("satlab level --seed 1 ...").
Scene generateLevel(const LevelOptions& options);

}  // namespace satlab
