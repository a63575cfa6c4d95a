// What the recorder tests share: a temporary folder and a file's whole text.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace satlab::test {

/// A folder of its own under the system's temporary folder, removed with everything in it.
class RecordDir {
 public:
  RecordDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "satlab_record_XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
    path_ = pattern;
  }
  ~RecordDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  RecordDir(const RecordDir&) = delete;
  RecordDir& operator=(const RecordDir&) = delete;

  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

inline std::string fileText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace satlab::test
