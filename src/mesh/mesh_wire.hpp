// The bytes the importer's child process sends its parent (mesh_load.hpp): a compact
// binary form of a MeshFile, or an error. Written and read on the same machine, so
// numbers are in the machine's own byte order.
//
//   "SLMW" u32 version=1, u32 kind (0 = meshes, 1 = error)
//   error:  u32 length, the message
//   meshes: u32 meshCount, u64 points dropped, u64 lines dropped, then per mesh:
//           u32 name length, the name, 16 f32 transform (column-major),
//           u32 vertexCount, u32 triangleCount, 3 f32 per vertex, 3 u32 per triangle
//   "END!"
//
// The decoder treats the bytes as untrusted (the child ran assimp on a hostile file):
// every count is checked against the bytes left and the limits before anything is
// allocated, every index against its mesh's vertex count, every coordinate (and every
// coordinate moved by its transform) by meshCoordinateOk, names made valid UTF-8 without
// control characters.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mesh/mesh_load.hpp"

namespace satlab {

/// What the child found, before it is encoded.
struct WireMeshes {
  MeshFile file;
  std::uint64_t droppedPoints = 0;
  std::uint64_t droppedLines = 0;
};

std::string encodeMeshWire(const WireMeshes& meshes);
std::string encodeMeshWireError(std::string_view message);

/// The decoded file (with the dropped points and lines as a note), or the error: either the
/// child's message or what is wrong with the bytes or the meshes. `error->source` is empty;
/// the caller sets it to the file name.
MeshLoadResult decodeMeshWire(std::string_view bytes);

/// The most bytes a valid message can have (the limits' worth of meshes), so that the
/// parent stops reading beyond it.
std::size_t maxMeshWireBytes();

}  // namespace satlab
