#include "mesh/mesh_read_scope.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "base/mesh_validate.hpp"
#include "mesh/mesh_limits.hpp"
#include "mesh/mesh_load.hpp"

namespace satlab {
namespace {

// The longest reference quoted in a message.
constexpr std::size_t kMaxQuotedReference = 200;

std::string workingFolder() {
  char buf[PATH_MAX];
  return ::getcwd(buf, sizeof buf) != nullptr ? std::string(buf) : std::string("/");
}

// `path` made absolute (against the working folder) with ".", ".." and repeated slashes
// removed, by its text alone: no link is followed and nothing is touched.
std::string lexicallyAbsolute(const std::string& path) {
  const std::string full = !path.empty() && path[0] == '/' ? path : workingFolder() + "/" + path;
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (at <= full.size()) {
    std::size_t slash = full.find('/', at);
    if (slash == std::string::npos) slash = full.size();
    const std::string part = full.substr(at, slash - at);
    at = slash + 1;
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (const std::string& p : parts) out += "/" + p;
  return out.empty() ? "/" : out;
}

bool within(const std::string& path, const std::string& folder) {
  if (folder == "/") return true;
  return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 && path[folder.size()] == '/';
}

const char* kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

}  // namespace

MeshReadScope::MeshReadScope(std::string meshPath) : meshPath_(std::move(meshPath)) {
  const std::size_t slash = meshPath_.find_last_of('/');
  folderPrefix_ = slash == std::string::npos ? std::string() : meshPath_.substr(0, slash + 1);
  const std::string ext = lowerExtension(meshPath_);
  readsOthers_ = ext == ".gltf" || ext == ".glb";
  char buf[PATH_MAX];
  const std::string folder = folderPrefix_.empty() ? std::string(".") : folderPrefix_;
  if (::realpath(folder.c_str(), buf) != nullptr) realFolder_ = buf;
  struct stat st {};
  if (::stat(meshPath_.c_str(), &st) == 0) {
    meshDevice_ = st.st_dev;
    meshInode_ = st.st_ino;
    meshKnown_ = true;
  }
}

std::string MeshReadScope::referenceOf(const std::string& request) const {
  if (!folderPrefix_.empty() && request.size() > folderPrefix_.size() &&
      request.compare(0, folderPrefix_.size(), folderPrefix_) == 0) {
    return request.substr(folderPrefix_.size());
  }
  return request;
}

bool MeshReadScope::check(const std::string& request, Allowed& out, std::string& why) const {
  const std::string quoted = "\"" + printable(referenceOf(request), kMaxQuotedReference) + "\"";
  auto refuse = [&](const std::string& reason) {
    why = "it refers to " + quoted + ", " + reason;
    return false;
  };
  if (request.empty()) return refuse("an empty name");
  const std::string lexical = lexicallyAbsolute(request);
  const bool namesMeshFile = lexical == lexicallyAbsolute(meshPath_);
  if (!namesMeshFile && !readsOthers_) {
    return refuse(
        "another file: OBJ, STL and PLY files are read on their own (satlab draws no materials, so an OBJ's "
        "material library is not opened)");
  }
  const std::string folder = lexicallyAbsolute(folderPrefix_.empty() ? std::string(".") : folderPrefix_);
  if (!namesMeshFile && !within(lexical, folder)) {
    return refuse("which lies outside the file's folder: a glTF file may read buffers only in its own folder or below");
  }
  char buf[PATH_MAX];
  if (::realpath(request.c_str(), buf) == nullptr) {
    const int err = errno;
    if (err == ENOENT) return refuse("which does not exist");
    return refuse(std::string("which cannot be found: ") + std::strerror(err));
  }
  const std::string resolved = buf;
  struct stat st {};
  if (::lstat(resolved.c_str(), &st) != 0) return refuse(std::string("which cannot be read: ") + std::strerror(errno));
  const bool isMesh = meshKnown_ && st.st_dev == meshDevice_ && st.st_ino == meshInode_;
  if (!isMesh && (realFolder_.empty() || !within(resolved, realFolder_))) {
    return refuse(
        "a link that leads outside the file's folder: a glTF file may read buffers only in its own folder or below");
  }
  if (!S_ISREG(st.st_mode)) return refuse(std::string("which is ") + kindOf(st.st_mode) + ", not a regular file");
  out.resolved = resolved;
  out.bytes = static_cast<std::uint64_t>(st.st_size);
  out.device = st.st_dev;
  out.inode = st.st_ino;
  out.isMeshFile = isMesh;
  return true;
}

int MeshReadScope::open(const std::string& request, std::uint64_t& bytes, std::string& why) {
  Allowed allowed;
  if (!check(request, allowed, why)) return -1;
  const std::string quoted = "\"" + printable(referenceOf(request), kMaxQuotedReference) + "\"";
  const int fd = ::open(allowed.resolved.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    why = "it refers to " + quoted + ", which cannot be opened: " + std::strerror(errno);
    return -1;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_dev != allowed.device || st.st_ino != allowed.inode) {
    ::close(fd);
    why = "it refers to " + quoted + ", which changed while it was being opened";
    return -1;
  }
  bytes = static_cast<std::uint64_t>(st.st_size);
  bool seen = false;
  for (const auto& c : counted_) seen = seen || (c.first == st.st_dev && c.second == st.st_ino);
  if (!seen) {
    if (bytes > kMaxMeshFileBytes - std::min<std::uint64_t>(bytesRead_, kMaxMeshFileBytes)) {
      ::close(fd);
      why = "it refers to " + quoted + ": the file and the buffers it reads add up to more than " +
            std::to_string(kMaxMeshFileBytes >> 20) + " MiB (the limit)";
      return -1;
    }
    bytesRead_ += bytes;
    counted_.emplace_back(st.st_dev, st.st_ino);
    if (!allowed.isMeshFile) others_.push_back(allowed.resolved);
  }
  return fd;
}

}  // namespace satlab
