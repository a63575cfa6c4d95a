// The limits a mesh file must stay within (docs/meshes.md, "Limits"); those of the mesh
// itself (vertices, triangles, coordinates: kMaxMeshVertices, kMaxMeshTriangles,
// kMaxMeshCoordinate), which a scene's inline mesh meets too, are the validator's
// (base/mesh_validate.hpp). They are chosen so that a 1M-triangle mesh loads, and so that what satlab
// holds stays proportional to the file: every count is checked before anything of that
// size is allocated.
#pragma once

#include <cstddef>

#include "base/mesh_validate.hpp"

namespace satlab {

/// Largest mesh file read (a binary STL of 1M triangles is 48 MiB, an OBJ of it about 45 MiB,
/// an ASCII STL about 250 MiB).
inline constexpr std::size_t kMaxMeshFileBytes = 512u * 1024u * 1024u;
/// Most meshes of one file (each placement of a mesh by a node counts once).
inline constexpr std::size_t kMaxMeshParts = 4096;
/// Longest mesh name kept, in bytes (longer names are cut, with "...").
inline constexpr std::size_t kMaxMeshNameBytes = 256;
/// Default wall-clock and CPU-time limits of the importer's child process, in seconds.
inline constexpr double kMeshImportSeconds = 60.0;
/// Address space the importer's child process may add to what it inherits, in bytes
/// (not applied in sanitizer builds, whose shadow memory needs terabytes of address space).
inline constexpr unsigned long long kMeshImportAddressSpace = 8ull * 1024u * 1024u * 1024u;

}  // namespace satlab
