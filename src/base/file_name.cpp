#include "base/file_name.hpp"

#include <filesystem>

namespace satlab {

std::string lowerExtension(std::string_view path) {
  std::string ext = std::filesystem::path(std::string(path)).extension().string();
  for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return ext;
}

}  // namespace satlab
