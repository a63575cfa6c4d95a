#include "figure_font.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdint>

namespace satlab {

FigureFont::~FigureFont() { release(); }

void FigureFont::release() {
  if (texture_ != 0) glDeleteTextures(1, &texture_);
  texture_ = 0;
  atlas_.reset();
  font_ = nullptr;
  source_ = nullptr;
  pixels_ = 0.0f;
}

ImFont* FigureFont::fontFor(float scale) {
  ImFont* source = ImGui::GetFont();
  if (source == nullptr || source->ContainerAtlas == nullptr || !(source->FontSize > 0.0f)) return nullptr;
  // The glyphs' size in the figure's pixels: the font's size in window units, times the scale.
  const float base = ImGui::GetIO().FontGlobalScale * source->FontSize * source->Scale;
  const float pixels = std::round(base * scale);
  if (!(pixels > source->FontSize * 1.05f)) return nullptr;  // the UI's bitmaps are large enough
  if (font_ != nullptr && source_ == source && pixels_ == pixels) return font_;
  release();
  atlas_ = std::make_unique<ImFontAtlas>();
  const float grow = pixels / source->FontSize;
  bool any = false;
  for (const ImFontConfig& from : source->ContainerAtlas->ConfigData) {
    if (from.DstFont != source || from.FontData == nullptr) continue;
    ImFontConfig c = from;
    c.FontDataOwnedByAtlas = false;  // the UI's atlas keeps the file's bytes
    c.DstFont = nullptr;
    c.MergeMode = any && from.MergeMode;
    c.SizePixels = from.SizePixels * grow;
    atlas_->AddFont(&c);
    any = true;
  }
  unsigned char* rgba = nullptr;
  int w = 0, h = 0;
  if (!any || !atlas_->Build() || atlas_->Fonts.empty()) {
    release();
    return nullptr;
  }
  atlas_->GetTexDataAsRGBA32(&rgba, &w, &h);
  if (rgba == nullptr || w <= 0 || h <= 0) {
    release();
    return nullptr;
  }
  GLint bound = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
  atlas_->SetTexID(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture_)));
  font_ = atlas_->Fonts[0];
  // Measured in window units as the UI's font is: its size times Scale is the source's.
  font_->Scale = source->FontSize * source->Scale / font_->FontSize;
  source_ = source;
  pixels_ = pixels;
  return font_;
}

}  // namespace satlab
