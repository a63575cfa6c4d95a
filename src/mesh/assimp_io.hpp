// assimp's file access, through a MeshReadScope: every file assimp opens (the mesh file,
// a glTF's buffers, an OBJ's material library) is asked for here, and only what the scope
// allows is opened. Internal to the importer's child process (assimp_import.cpp).
#pragma once

#include <assimp/IOStream.hpp>
#include <assimp/IOSystem.hpp>

#include <string>

#include "mesh/mesh_read_scope.hpp"

namespace satlab {

class ScopedIoSystem : public Assimp::IOSystem {
 public:
  explicit ScopedIoSystem(MeshReadScope& scope) : scope_(scope) {}

  bool Exists(const char* file) const override;
  char getOsSeparator() const override { return '/'; }
  Assimp::IOStream* Open(const char* file, const char* mode = "rb") override;
  void Close(Assimp::IOStream* stream) override;

  /// The first request the scope refused ("it refers to ..."), or "".
  const std::string& firstRefusal() const { return refusal_; }

 private:
  void refused(const std::string& why) const;

  MeshReadScope& scope_;
  mutable std::string refusal_;
};

}  // namespace satlab
