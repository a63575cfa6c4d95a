#include "mesh/plain_import.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "mesh/mesh_limits.hpp"
#include "mesh/mesh_load.hpp"
#include "mesh/mesh_wire.hpp"
#include "mesh/plain_parse.hpp"

namespace satlab {
namespace {

// The whole file, at most kMaxMeshFileBytes; "" and `error` set when it cannot be read.
std::string readFile(const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return "";
  }
  struct stat st {};
  std::string bytes;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = "not a regular file";
  } else if (static_cast<unsigned long long>(st.st_size) > kMaxMeshFileBytes) {
    error = "file too large (the limit is " + std::to_string(kMaxMeshFileBytes) + " bytes)";
  } else {
    bytes.resize(static_cast<std::size_t>(st.st_size));
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::read(fd, &bytes[done], bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        error = std::string("cannot read: ") + std::strerror(errno);
        break;
      }
      if (n == 0) break;  // shorter than when it was measured: read what is there
      done += static_cast<std::size_t>(n);
    }
    bytes.resize(done);
  }
  ::close(fd);
  if (!error.empty()) bytes.clear();
  return bytes;
}

}  // namespace

std::string importMeshFromBytes(std::string_view bytes, PlainMeshFormat format) {
  if (bytes.empty()) return encodeMeshWireError("the file is empty");
  switch (format) {
    case PlainMeshFormat::Obj: return plain::importObj(bytes);
    case PlainMeshFormat::Stl: return plain::importStl(bytes);
    case PlainMeshFormat::Ply: return plain::importPly(bytes);
  }
  return encodeMeshWireError("unknown format");
}

std::string importMeshInProcess(const std::string& path) {
  const std::string ext = lowerExtension(path);
  PlainMeshFormat format;
  if (ext == ".obj") {
    format = PlainMeshFormat::Obj;
  } else if (ext == ".stl") {
    format = PlainMeshFormat::Stl;
  } else if (ext == ".ply") {
    format = PlainMeshFormat::Ply;
  } else if (ext == ".gltf" || ext == ".glb") {
    return encodeMeshWireError(
        "the browser version of satlab reads OBJ, STL and PLY files; glTF files (.gltf, .glb) open in the desktop app");
  } else {
    return encodeMeshWireError("unknown mesh format '" + ext + "' (the browser version reads .obj, .stl and .ply)");
  }
  std::string error;
  const std::string bytes = readFile(path, error);
  if (!error.empty()) return encodeMeshWireError(error);
  return importMeshFromBytes(bytes, format);
}

}  // namespace satlab
