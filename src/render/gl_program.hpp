// A linked GLSL program built from the embedded shader sources.
#pragma once

#include <glm/glm.hpp>
#include "render/gl.hpp"

#include <string>
#include <string_view>

namespace satlab {

class GlProgram {
 public:
  GlProgram() = default;
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  ~GlProgram();

  /// Compiles and links the embedded shaders `vertexName` and `fragmentName`.
  /// Returns false and fills `error` with the compiler or linker log on failure.
  bool build(std::string_view vertexName, std::string_view fragmentName, std::string& error);

  void use() const { glUseProgram(id_); }
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }
  void set(const char* name, const glm::mat4& m) const;
  void set(const char* name, const glm::vec2& v) const;
  void set(const char* name, const glm::vec3& v) const;
  void set(const char* name, const glm::vec4& v) const;
  void set(const char* name, float v) const;

 private:
  GLuint id_ = 0;
};

}  // namespace satlab
