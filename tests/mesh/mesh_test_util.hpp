// Writing small mesh files for the mesh tests.
#pragma once

#include <unistd.h>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

namespace satlab::test {

/// A fresh empty temporary folder.
inline std::string meshTempDir() {
  char tmpl[] = "/tmp/satlab-mesh-XXXXXX";
  const char* d = ::mkdtemp(tmpl);
  return d != nullptr ? std::string(d) : std::string("/tmp");
}

/// Writes `bytes` to dir/name and returns the path.
inline std::string writeFile(const std::string& dir, const std::string& name, const std::string& bytes) {
  const std::string path = dir + "/" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

template <class T>
void appendRaw(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

/// A unit cube [0,1]^3 as OBJ text (8 vertices, 6 quads).
inline const char* kCubeObj =
    "o Cube\n"
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

}  // namespace satlab::test
