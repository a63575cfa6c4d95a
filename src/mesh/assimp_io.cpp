#include "mesh/assimp_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace satlab {
namespace {

// A file opened through the scope, read with plain read/lseek. Writing is refused.
class FdStream : public Assimp::IOStream {
 public:
  FdStream(int fd, std::uint64_t bytes) : fd_(fd), bytes_(static_cast<std::size_t>(bytes)) {}
  ~FdStream() override { ::close(fd_); }

  std::size_t Read(void* buffer, std::size_t size, std::size_t count) override {
    if (size == 0 || count == 0) return 0;
    if (count > static_cast<std::size_t>(-1) / size) return 0;
    const std::size_t want = size * count;
    std::size_t done = 0;
    auto* out = static_cast<char*>(buffer);
    while (done < want) {
      const ssize_t n = ::read(fd_, out + done, want - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    // Whole items only, as fread counts them; the position stays after the bytes read.
    return done / size;
  }
  std::size_t Write(const void*, std::size_t, std::size_t) override { return 0; }
  aiReturn Seek(std::size_t offset, aiOrigin origin) override {
    const int whence = origin == aiOrigin_SET ? SEEK_SET : origin == aiOrigin_CUR ? SEEK_CUR : SEEK_END;
    if (offset > static_cast<std::size_t>(INT64_MAX)) return aiReturn_FAILURE;
    return ::lseek(fd_, static_cast<off_t>(offset), whence) < 0 ? aiReturn_FAILURE : aiReturn_SUCCESS;
  }
  std::size_t Tell() const override {
    const off_t at = ::lseek(fd_, 0, SEEK_CUR);
    return at < 0 ? 0 : static_cast<std::size_t>(at);
  }
  std::size_t FileSize() const override { return bytes_; }
  void Flush() override {}

 private:
  int fd_;
  std::size_t bytes_;
};

}  // namespace

void ScopedIoSystem::refused(const std::string& why) const {
  if (refusal_.empty()) refusal_ = why;
}

bool ScopedIoSystem::Exists(const char* file) const {
  if (file == nullptr) return false;
  MeshReadScope::Allowed allowed;
  std::string why;
  if (scope_.check(file, allowed, why)) return true;
  refused(why);
  return false;
}

Assimp::IOStream* ScopedIoSystem::Open(const char* file, const char* mode) {
  if (file == nullptr) return nullptr;
  // Reading only: nothing an import does writes a file.
  if (mode == nullptr || std::strchr(mode, 'w') != nullptr || std::strchr(mode, 'a') != nullptr ||
      std::strchr(mode, '+') != nullptr) {
    return nullptr;
  }
  std::string why;
  std::uint64_t bytes = 0;
  const int fd = scope_.open(file, bytes, why);
  if (fd < 0) {
    refused(why);
    return nullptr;
  }
  return new FdStream(fd, bytes);
}

void ScopedIoSystem::Close(Assimp::IOStream* stream) { delete stream; }

}  // namespace satlab
