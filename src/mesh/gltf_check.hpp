// What a glTF 2.0 file promises, checked before assimp reads it, so that no file can make
// the importer expand or allocate out of proportion to its bytes (docs/meshes.md, "What a
// glTF file is checked for"):
//   - a .glb's header and chunk lengths against the file's size;
//   - the JSON read as a stream (nothing of it kept but the few numbers below), at most
//     kMaxGltfDepth levels deep, no key twice in one object, asset.version 2.x;
//   - the nodes form trees (a node has at most one parent and is not its own ancestor, a
//     scene lists a root once and only a node without a parent), so every node is placed
//     at most once per scene: a file whose nodes name each other twice over cannot stand
//     for 2^40 placements;
//   - every buffer a file refers to is allowed by the MeshReadScope (in the file's folder
//     or below, a regular file) and holds the byteLength it claims; every buffer view
//     lies inside its buffer, every accessor inside its view;
//   - what the importer would expand the accessors into (each primitive's attributes,
//     indices and morph targets, each animation channel's keys, each skinned placement,
//     accessors without a view that stand for zeros) stays within kGltfExpansionFactor
//     times the bytes read plus kGltfExpansionSlack.
// Desktop only, like the importer it guards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "mesh/mesh_read_scope.hpp"

namespace satlab {

inline constexpr std::size_t kMaxGltfDepth = 128;
inline constexpr std::uint64_t kGltfExpansionFactor = 32;
inline constexpr std::uint64_t kGltfExpansionSlack = 64ull << 20;

/// Checks `bytes`, the whole mesh file (`binary`: a .glb), whose references `scope` rules
/// on. Returns "" when the importer may read it, else the reason, naming the field
/// ("nodes[3].children[0]: node 1 already has a parent (nodes[0]); glTF's nodes form
/// trees").
std::string gltfProblem(std::string_view bytes, bool binary, const MeshReadScope& scope);

}  // namespace satlab
