// The importer's half of mesh loading: runs assimp on a file and returns the result as
// mesh_wire.hpp's bytes. loadMeshFile calls it in a child process; calling it in-process
// is for the tests and for fuzzing assimp by hand (a hostile file can crash or hang it).
#pragma once

#include <string>

namespace satlab {

/// Reads `path` with assimp (triangulated, identical vertices joined, normals, texture
/// coordinates, colours, materials, animations and cameras removed) and encodes its
/// meshes, one per placement by a node, with the nodes' transforms: mesh_wire.hpp's bytes,
/// or its error bytes (assimp's message, a limit, an exception). Catches every exception.
std::string importMeshWithAssimp(const std::string& path);

}  // namespace satlab
