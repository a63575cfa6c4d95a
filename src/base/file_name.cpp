#include "base/file_name.hpp"

#include <filesystem>

namespace satlab {

std::string lowerExtension(std::string_view path) {
  std::string ext = std::filesystem::path(std::string(path)).extension().string();
  for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return ext;
}

std::string_view fileNameOf(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace satlab
