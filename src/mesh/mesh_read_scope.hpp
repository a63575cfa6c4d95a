// What reading a mesh file may open: the file the user named and, for glTF, the buffers it
// refers to when they are regular files in the file's own folder or below, within the size
// limit; nothing else (docs/meshes.md, "What a mesh file may read"). The importer's every
// open goes through one of these (assimp_io.hpp), and so does the glTF check that runs
// before it (gltf_check.hpp). Desktop only: the browser's reader opens nothing but the file.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace satlab {

class MeshReadScope {
 public:
  /// The scope of `meshPath`, the file the user named (as they gave it, relative to the
  /// working folder or absolute). Whether it may read other files follows from its
  /// extension: .gltf and .glb may, .obj, .stl and .ply may not (satlab draws no materials,
  /// so an OBJ's mtllib is never opened).
  explicit MeshReadScope(std::string meshPath);

  /// Where `request` (a path as the importer forms it: the file's own folder joined with a
  /// reference, or the mesh file itself) leads when the rule lets the import read it.
  struct Allowed {
    std::string resolved;     ///< the path with every link and ".." resolved
    std::uint64_t bytes = 0;  ///< its size
    dev_t device = 0;
    ino_t inode = 0;
    bool isMeshFile = false;  ///< the file the user named
  };

  /// Checks `request` without opening anything (links are resolved with lstat and
  /// readlink only, so a FIFO or a device is never opened, and nothing outside the folder
  /// is). On refusal returns false with `why`: the reason, naming the reference as the
  /// file wrote it and the rule (e.g. "it refers to \"../secret.bin\", which lies outside
  /// the file's folder: a glTF file may read buffers only in its own folder or below").
  bool check(const std::string& request, Allowed& out, std::string& why) const;

  /// Opens what check() allows for reading (O_NONBLOCK, O_NOFOLLOW, O_CLOEXEC) and makes
  /// sure the descriptor is that same regular file (a file swapped in between is refused);
  /// counts its bytes against the limit on what one import reads (the mesh file and its
  /// buffers together, kMaxMeshFileBytes, each file once). Returns the descriptor, or -1
  /// with `why`.
  int open(const std::string& request, std::uint64_t& bytes, std::string& why);

  /// The reference as the mesh file wrote it: `request` without the file's own folder in
  /// front (the importer forms requests as folder + reference).
  std::string referenceOf(const std::string& request) const;

  const std::string& meshPath() const { return meshPath_; }
  /// True for glTF, whose buffers may lie in other files.
  bool readsOtherFiles() const { return readsOthers_; }
  /// The resolved paths of the files other than the mesh file that open() gave out.
  const std::vector<std::string>& otherFilesRead() const { return others_; }

 private:
  std::string meshPath_;
  std::string folderPrefix_;  ///< the mesh file's folder as the importer writes it, with "/"
  std::string realFolder_;    ///< the folder with every link resolved (empty: unknown)
  bool readsOthers_ = false;
  dev_t meshDevice_ = 0;
  ino_t meshInode_ = 0;
  bool meshKnown_ = false;
  std::uint64_t bytesRead_ = 0;
  std::vector<std::pair<dev_t, ino_t>> counted_;
  std::vector<std::string> others_;
};

}  // namespace satlab
