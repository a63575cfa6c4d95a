// satlab's own reader of OBJ, STL (ASCII and binary) and PLY (ASCII and binary) files, in
// the calling process: the browser build's mesh importer (no processes, no assimp there),
// tested on the desktop against assimp's results. Gives mesh_wire.hpp's bytes, like the
// assimp child, so that loadMeshFile checks both the same way (docs/meshes.md, "The
// browser's reader").
#pragma once

#include <string>
#include <string_view>

namespace satlab {

/// The formats the reader knows.
enum class PlainMeshFormat { Obj, Stl, Ply };

/// Reads `path` and encodes its triangles (polygons fanned into triangles, identical
/// vertices joined; points and lines dropped and counted) as mesh_wire.hpp's bytes, or its
/// error bytes naming the reason (glTF is the desktop's alone). The format is the name's
/// extension's (case-insensitive). Never throws (but std::bad_alloc), never reads past the
/// limits of mesh_limits.hpp.
std::string importMeshInProcess(const std::string& path);

/// The same for a file's bytes in memory. Every count the bytes declare is checked against
/// the limits and against the bytes left before anything of that size is allocated; errors
/// in a text format name the line ("line 12: face index 7 is out of range (the file has 5
/// vertices so far)"). Coordinates are passed on as read: decodeMeshWire rejects NaN,
/// infinite and out-of-range ones.
std::string importMeshFromBytes(std::string_view bytes, PlainMeshFormat format);

}  // namespace satlab
