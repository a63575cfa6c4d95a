#include "mesh/mesh_load.hpp"

#include <sys/stat.h>
#include <unistd.h>
#ifndef __EMSCRIPTEN__
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "mesh/assimp_import.hpp"
#include "mesh/mesh_wire.hpp"
#include "mesh/plain_import.hpp"
#include "mesh/plain_parse.hpp"

// Sanitizers reserve terabytes of address space for their shadow memory, so an address-space
// limit would stop the child before it starts.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SATLAB_MESH_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define SATLAB_MESH_SANITIZED 1
#endif
#endif

namespace satlab {
namespace {

using Clock = std::chrono::steady_clock;

MeshLoadResult failure(const std::string& path, std::string message) {
  MeshLoadResult r;
  r.error = MeshDiagnostic{path, "", std::move(message)};
  return r;
}

std::string sizeText(unsigned long long bytes) {
  char buf[48];
  if (bytes >= (1ull << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  } else {
    std::snprintf(buf, sizeof buf, "%llu bytes", bytes);
  }
  return buf;
}

#ifndef __EMSCRIPTEN__
std::string secondsText(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}
#endif

// Counts a header declares that are over the limits or more than the file holds, found
// without asking assimp (which would reserve memory for them first): a PLY's elements
// (plyPromiseProblem), a binary STL's triangle count. Returns the reason, or "".
std::string declaredCountProblem(const std::string& path, unsigned long long fileBytes) {
  std::ifstream in(path, std::ios::binary);
  // A PLY header may be long (comments, many properties): the first 64 KiB are read.
  std::string head(64 * 1024, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (head.compare(0, 3, "ply") == 0) {
    const std::size_t endHeader = head.find("end_header");
    std::size_t pos = 0;
    while (pos < head.size() && pos < endHeader) {
      std::size_t eol = head.find('\n', pos);
      if (eol == std::string::npos) eol = head.size();
      const std::string line = head.substr(pos, eol - pos);
      pos = eol + 1;
      char what[16] = {0};
      unsigned long long n = 0;
      if (std::sscanf(line.c_str(), "element %15s %llu", what, &n) != 2) continue;
      if (std::strcmp(what, "vertex") == 0 && n > kMaxMeshVertices) {
        return "the file declares " + std::to_string(n) + " vertices; the limit is " + std::to_string(kMaxMeshVertices);
      }
      if (std::strcmp(what, "face") == 0 && n > kMaxMeshTriangles) {
        return "the file declares " + std::to_string(n) + " faces; the limit is " + std::to_string(kMaxMeshTriangles) +
               " triangles";
      }
    }
    // Within the limits, the data after the header must still hold what it declares.
    if (endHeader == std::string::npos && head.size() < fileBytes) {
      return "the PLY header does not end within the file's first " + std::to_string(head.size() / 1024) + " KiB";
    }
    return plain::plyPromiseProblem(head, fileBytes);
  }
  if (head.size() >= 84 && head.compare(0, 5, "solid") != 0) {
    std::uint32_t n = 0;
    std::memcpy(&n, head.data() + 80, 4);
    if (n > kMaxMeshTriangles && 84ull + 50ull * n == fileBytes) {
      return "the file declares " + std::to_string(n) + " triangles; the limit is " + std::to_string(kMaxMeshTriangles);
    }
  }
  return "";
}

#ifndef __EMSCRIPTEN__
unsigned long long currentAddressSpace() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  unsigned long long pages = 0;
  if (f != nullptr) {
    if (std::fscanf(f, "%llu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  return pages * static_cast<unsigned long long>(sysconf(_SC_PAGESIZE));
}

[[noreturn]] void runChild(const std::string& path, const MeshLoadOptions& options, int out,
                           unsigned long long addressSpace, pid_t parent) {
  // Nothing the importer prints reaches the terminal; no core file is left behind.
  const int devnull = ::open("/dev/null", O_RDWR);
  if (devnull >= 0) {
    ::dup2(devnull, 0);
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
  }
  // The parent stops the child at the wall-clock limit. Should the parent die first, the
  // child gets SIGKILL, and the CPU limit (a second later than the wall clock's) ends it
  // anyway.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(4);  // the parent died before that took hold
  // A crash ends the child by its signal, whatever handlers it inherited (a caller's crash
  // handler, a sanitizer's report-and-exit), so the parent can name the signal.
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGXCPU, SIGPIPE}) ::signal(sig, SIG_DFL);
  rlimit core{0, 0};
  ::setrlimit(RLIMIT_CORE, &core);
  const rlim_t cpu = static_cast<rlim_t>(std::ceil(std::max(0.01, options.timeoutSeconds))) + 1;
  rlimit cpuLimit{cpu, cpu + 1};
  ::setrlimit(RLIMIT_CPU, &cpuLimit);
#ifndef SATLAB_MESH_SANITIZED
  rlimit as{static_cast<rlim_t>(addressSpace), static_cast<rlim_t>(addressSpace)};
  ::setrlimit(RLIMIT_AS, &as);
#else
  (void)addressSpace;
#endif
  const std::string bytes = (options.childImport != nullptr ? options.childImport : importMeshWithAssimp)(path);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(out, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(3);
    done += static_cast<std::size_t>(n);
  }
  ::_exit(0);
}

const char* signalName(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGXCPU: return "SIGXCPU";
    case SIGTERM: return "SIGTERM";
    case SIGPIPE: return "SIGPIPE";
    case SIGTRAP: return "SIGTRAP";
    default: return "";
  }
}

// Waits for the child until `deadline`, then kills it. Returns its wait status, or -1.
int reap(pid_t pid, Clock::time_point deadline, bool& killed) {
  int status = 0;
  for (;;) {
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) return status;
    if (r < 0 && errno != EINTR) return -1;
    if (Clock::now() >= deadline && !killed) {
      ::kill(pid, SIGKILL);
      killed = true;
      deadline = Clock::now() + std::chrono::seconds(10);
      continue;
    }
    if (killed && Clock::now() >= deadline) return -1;
    ::usleep(1000);
  }
}

#endif  // __EMSCRIPTEN__

}  // namespace

bool isMeshFileName(const std::string& path) {
  const std::string ext = lowerExtension(path);
  return ext == ".obj" || ext == ".stl" || ext == ".ply" || ext == ".gltf" || ext == ".glb";
}

MeshLoadResult loadMeshFile(const std::string& path, const MeshLoadOptions& options) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return failure(path, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) return failure(path, "is a folder, not a mesh file");
  if (!S_ISREG(st.st_mode)) return failure(path, "not a regular file");
  if (::access(path.c_str(), R_OK) != 0) return failure(path, std::string("cannot open: ") + std::strerror(errno));
  if (!isMeshFileName(path)) {
    const std::string ext = lowerExtension(path);
    return failure(path, (ext.empty() ? std::string("no file extension") : "unknown mesh format '" + ext + "'") +
                             " (satlab reads .obj, .stl, .ply, .gltf and .glb)");
  }
  const auto bytes = static_cast<unsigned long long>(st.st_size);
  if (bytes == 0) return failure(path, "the file is empty");
  if (bytes > kMaxMeshFileBytes) {
    return failure(path, "file too large (" + sizeText(bytes) + "; the limit is " + sizeText(kMaxMeshFileBytes) + ")");
  }
  if (std::string problem = declaredCountProblem(path, bytes); !problem.empty()) return failure(path, problem);

#ifdef __EMSCRIPTEN__
  // No processes in a browser: satlab's own reader, in-process (plain_import.hpp).
  (void)options;
  const std::string received = importMeshInProcess(path);
#else
  const double seconds = std::max(0.01, options.timeoutSeconds);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    return failure(path, std::string("cannot start the mesh importer: ") + std::strerror(errno));
  }
  const unsigned long long addressSpace = currentAddressSpace() + kMeshImportAddressSpace;
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int err = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    return failure(path, std::string("cannot start the mesh importer: ") + std::strerror(err));
  }
  if (pid == 0) {
    ::close(fds[0]);
    runChild(path, options, fds[1], addressSpace, parent);
  }
  ::close(fds[1]);

  // Read everything the child writes, up to what the limits allow, until the deadline.
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  const std::size_t cap = maxMeshWireBytes();
  std::string received;
  bool timedOut = false, tooLong = false;
  char buffer[1 << 16];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      timedOut = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) break;  // end of the pipe: the child is done (or died)
    if (received.size() + static_cast<std::size_t>(n) > cap) {
      tooLong = true;
      break;
    }
    received.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);
  bool killed = false;
  if (timedOut || tooLong) {
    ::kill(pid, SIGKILL);
    killed = true;
  }
  const int status = reap(pid, deadline, killed);
  const double took = std::chrono::duration<double>(Clock::now() - start).count();

  if (timedOut || (killed && !tooLong && took >= seconds)) {
    return failure(path, "the mesh importer (assimp) took longer than " + secondsText(seconds) +
                             " s reading this file, and was stopped");
  }
  if (tooLong) return failure(path, "the mesh importer (assimp) wrote more than the limits allow, and was stopped");
  if (status == -1) return failure(path, "the mesh importer (assimp) could not be waited for");
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    if (sig == SIGXCPU || (sig == SIGKILL && !killed)) {
      return failure(path, "the mesh importer (assimp) used more than " + secondsText(seconds) +
                               " s of CPU time reading this file, and was stopped");
    }
    const char* name = signalName(sig);
    return failure(path, "the mesh importer (assimp) stopped on signal " + std::to_string(sig) +
                             (name[0] != '\0' ? std::string(" (") + name + ")" : std::string()) + " reading this file");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return failure(path, "the mesh importer (assimp) ended without a result (exit code " +
                             std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
  }
#endif
  MeshLoadResult result = decodeMeshWire(received);
  if (result.error) {
    result.error->source = path;
    return result;
  }
  if (result.file.meshes.empty()) {
    std::string why = "the file holds no triangles";
    if (!result.file.notes.empty()) why += " (" + result.file.notes.front() + ")";
    return failure(path, why);
  }
  return result;
}

TriangleMesh meshInFileFrame(const FileMesh& mesh) {
  TriangleMesh out;
  out.indices = mesh.mesh.indices;
  out.vertices.reserve(mesh.mesh.vertices.size());
  // In double: the loader checked the double result against the range, and a float product
  // could overflow where the sum does not.
  const glm::dmat4 t(mesh.transform);
  for (const glm::vec3& v : mesh.mesh.vertices)
    out.vertices.emplace_back(glm::dvec3(t * glm::dvec4(glm::dvec3(v), 1.0)));
  return out;
}

TriangleMesh mergeMeshes(const MeshFile& file) {
  TriangleMesh out;
  out.vertices.reserve(file.vertexCount());
  out.indices.reserve(file.triangleCount() * 3);
  for (const FileMesh& m : file.meshes) {
    const TriangleMesh placed = meshInFileFrame(m);
    const auto base = static_cast<std::uint32_t>(out.vertices.size());
    out.vertices.insert(out.vertices.end(), placed.vertices.begin(), placed.vertices.end());
    for (std::uint32_t i : placed.indices) out.indices.push_back(base + i);
  }
  return out;
}

}  // namespace satlab
