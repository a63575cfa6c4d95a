#include "imgui_webgl.hpp"

#include <GLES3/gl3.h>
#include <imgui.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace satlab::webui {

namespace {

constexpr const char* kVertex = R"(#version 300 es
precision highp float;
layout(location = 0) in vec2 aPos;
layout(location = 1) in vec2 aUV;
layout(location = 2) in vec4 aColor;
uniform mat4 uProjection;
out vec2 vUV;
out vec4 vColor;
void main() {
  vUV = aUV;
  vColor = aColor;
  gl_Position = uProjection * vec4(aPos, 0.0, 1.0);
}
)";

constexpr const char* kFragment = R"(#version 300 es
precision mediump float;
uniform sampler2D uTexture;
in vec2 vUV;
in vec4 vColor;
out vec4 outColor;
void main() { outColor = vColor * texture(uTexture, vUV); }
)";

struct Objects {
  GLuint program = 0, vao = 0, vbo = 0, ebo = 0, font = 0;
  GLint projection = -1, texture = -1;
  const void* fontPixels = nullptr;  // the atlas uploaded (a rebuilt atlas has new pixels)
};
Objects g;

GLuint compile(GLenum type, const char* source, std::string& error) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[1024] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    error = std::string("the UI's shader does not compile: ") + log;
    glDeleteShader(s);
    return 0;
  }
  return s;
}

void uploadFont() {
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  if (g.font == 0) glGenTextures(1, &g.font);
  glBindTexture(GL_TEXTURE_2D, g.font);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(g.font)));
  g.fontPixels = pixels;
}

}  // namespace

bool init(std::string& error) {
  const GLuint vs = compile(GL_VERTEX_SHADER, kVertex, error);
  if (vs == 0) return false;
  const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragment, error);
  if (fs == 0) {
    glDeleteShader(vs);
    return false;
  }
  g.program = glCreateProgram();
  glAttachShader(g.program, vs);
  glAttachShader(g.program, fs);
  glLinkProgram(g.program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(g.program, GL_LINK_STATUS, &ok);
  if (!ok) {
    error = "the UI's shaders do not link";
    return false;
  }
  g.projection = glGetUniformLocation(g.program, "uProjection");
  g.texture = glGetUniformLocation(g.program, "uTexture");

  glGenVertexArrays(1, &g.vao);
  glGenBuffers(1, &g.vbo);
  glGenBuffers(1, &g.ebo);
  glBindVertexArray(g.vao);
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g.ebo);
  const auto stride = static_cast<GLsizei>(sizeof(ImDrawVert));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
  glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
  glBindVertexArray(0);

  ImGuiIO& io = ImGui::GetIO();
  io.BackendRendererName = "satlab_webgl2";
  // No RendererHasVtxOffset: WebGL 2 has no base-vertex draws, so ImGui keeps each draw
  // list's indices within 16 bits.
  uploadFont();
  return true;
}

void render(const ImDrawData* data) {
  if (data == nullptr || g.program == 0) return;
  const float fbW = data->DisplaySize.x * data->FramebufferScale.x;
  const float fbH = data->DisplaySize.y * data->FramebufferScale.y;
  if (fbW <= 0.0f || fbH <= 0.0f) return;
  {
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    if (pixels != g.fontPixels) uploadFont();
  }

  glViewport(0, 0, static_cast<GLsizei>(fbW), static_cast<GLsizei>(fbH));
  glEnable(GL_BLEND);
  glBlendEquation(GL_FUNC_ADD);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDisable(GL_CULL_FACE);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  glEnable(GL_SCISSOR_TEST);
  glUseProgram(g.program);
  const float l = data->DisplayPos.x, r = data->DisplayPos.x + data->DisplaySize.x;
  const float t = data->DisplayPos.y, b = data->DisplayPos.y + data->DisplaySize.y;
  const float projection[16] = {
      2.0f / (r - l), 0, 0, 0, 0, 2.0f / (t - b), 0, 0, 0, 0, -1.0f, 0, (r + l) / (l - r), (t + b) / (b - t), 0, 1.0f};
  glUniformMatrix4fv(g.projection, 1, GL_FALSE, projection);
  glUniform1i(g.texture, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindVertexArray(g.vao);
  glBindBuffer(GL_ARRAY_BUFFER, g.vbo);

  const ImVec2 clipOff = data->DisplayPos, clipScale = data->FramebufferScale;
  constexpr GLenum kIndexType = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
  for (int n = 0; n < data->CmdListsCount; ++n) {
    const ImDrawList* list = data->CmdLists[n];
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size * sizeof(ImDrawVert)),
                 list->VtxBuffer.Data, GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size * sizeof(ImDrawIdx)),
                 list->IdxBuffer.Data, GL_STREAM_DRAW);
    for (int c = 0; c < list->CmdBuffer.Size; ++c) {
      const ImDrawCmd& cmd = list->CmdBuffer[c];
      if (cmd.UserCallback != nullptr) {
        // satlab adds no draw callbacks; ImGui's own reset needs nothing here.
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
        continue;
      }
      const float x0 = (cmd.ClipRect.x - clipOff.x) * clipScale.x, y0 = (cmd.ClipRect.y - clipOff.y) * clipScale.y;
      const float x1 = (cmd.ClipRect.z - clipOff.x) * clipScale.x, y1 = (cmd.ClipRect.w - clipOff.y) * clipScale.y;
      if (x1 <= x0 || y1 <= y0) continue;
      glScissor(static_cast<GLint>(x0), static_cast<GLint>(fbH - y1), static_cast<GLsizei>(x1 - x0),
                static_cast<GLsizei>(y1 - y0));
      glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(cmd.GetTexID())));
      glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount), kIndexType,
                     reinterpret_cast<void*>(static_cast<std::intptr_t>(cmd.IdxOffset * sizeof(ImDrawIdx))));
    }
  }
  glDisable(GL_SCISSOR_TEST);
  glBindVertexArray(0);
}

void fontAtlasRebuilt() { g.fontPixels = nullptr; }

void shutdown() {
  if (g.font != 0) glDeleteTextures(1, &g.font);
  if (g.vbo != 0) glDeleteBuffers(1, &g.vbo);
  if (g.ebo != 0) glDeleteBuffers(1, &g.ebo);
  if (g.vao != 0) glDeleteVertexArrays(1, &g.vao);
  if (g.program != 0) glDeleteProgram(g.program);
  g = Objects{};
}

}  // namespace satlab::webui
