#include "render/gl_program.hpp"

#include "render/shader_sources.hpp"

#include <glm/gtc/type_ptr.hpp>

#include <vector>

namespace satlab {

std::string_view shaderSource(std::string_view name) {
  for (const EmbeddedFile& s : embeddedShaders()) {
    if (s.name == name) return s.text;
  }
  return {};
}

namespace {

/// The info log of a shader or program (glGetShaderiv/glGetShaderInfoLog or the program
/// pair), as text.
template <class GetIv, class GetLog>
std::string infoLog(GLuint id, GetIv getIv, GetLog getLog) {
  GLint logLen = 0;
  getIv(id, GL_INFO_LOG_LENGTH, &logLen);
  std::vector<char> log(static_cast<size_t>(logLen > 1 ? logLen : 1), '\0');
  getLog(id, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return log.data();
}

GLuint compile(GLenum type, std::string_view name, std::string& error) {
  const std::string_view text = shaderSource(name);
  if (text.empty()) {
    error = "shader '" + std::string(name) + "' is not embedded";
    return 0;
  }
  // The version line (and, in GLSL ES, the default precision) first, then the file:
  // one set of sources for the desktop and the browser (render/gl.hpp).
  GLuint shader = glCreateShader(type);
  const char* parts[2] = {gl::kShaderPreamble, text.data()};
  const GLint lengths[2] = {-1, static_cast<GLint>(text.size())};
  glShaderSource(shader, 2, parts, lengths);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    error = std::string(name) + ": " + infoLog(shader, glGetShaderiv, glGetShaderInfoLog);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

GlProgram::~GlProgram() {
  if (id_ != 0) glDeleteProgram(id_);
}

bool GlProgram::build(std::string_view vertexName, std::string_view fragmentName, std::string& error) {
  GLuint vs = compile(GL_VERTEX_SHADER, vertexName, error);
  if (vs == 0) return false;
  GLuint fs = compile(GL_FRAGMENT_SHADER, fragmentName, error);
  if (fs == 0) {
    glDeleteShader(vs);
    return false;
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    error = std::string(vertexName) + " + " + std::string(fragmentName) + ": " +
            infoLog(program, glGetProgramiv, glGetProgramInfoLog);
    glDeleteProgram(program);
    return false;
  }
  if (id_ != 0) glDeleteProgram(id_);
  id_ = program;
  return true;
}

void GlProgram::set(const char* name, const glm::mat4& m) const {
  glUniformMatrix4fv(uniform(name), 1, GL_FALSE, glm::value_ptr(m));
}
void GlProgram::set(const char* name, const glm::vec2& v) const { glUniform2f(uniform(name), v.x, v.y); }
void GlProgram::set(const char* name, const glm::vec3& v) const { glUniform3f(uniform(name), v.x, v.y, v.z); }
void GlProgram::set(const char* name, const glm::vec4& v) const { glUniform4f(uniform(name), v.x, v.y, v.z, v.w); }
void GlProgram::set(const char* name, float v) const { glUniform1f(uniform(name), v); }

}  // namespace satlab
