// The desktop's mesh importer (mesh_import_run.hpp): assimp in a child process, with a
// wall-clock limit, a CPU-time limit and an address-space limit, whose result comes back
// through a pipe as mesh_wire text. A file that crashes or hangs assimp ends the child,
// never satlab.
#include "mesh/mesh_import_run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "base/progress.hpp"
#include "mesh/assimp_import.hpp"
#include "mesh/mesh_wire.hpp"

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

MeshImportRun failure(const std::string&, std::string message) {
  MeshImportRun r;
  r.error = std::move(message);
  return r;
}

std::string secondsText(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

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

}  // namespace

MeshImportRun runMeshImporter(const std::string& path, const MeshLoadOptions& options) {
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
    const Progress* progress = currentProgress();
    if (progress != nullptr && progress->cancelRequested()) {
      // Stopped by the user (base/progress.hpp): the child goes, and nothing comes back.
      ::close(fds[0]);
      ::kill(pid, SIGKILL);
      bool killed = true;
      reap(pid, Clock::now() + std::chrono::seconds(10), killed);
      throw Cancelled{};
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, progress != nullptr ? 20 : 1000)));
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
  MeshImportRun result;
  result.received = std::move(received);
  return result;
}

}  // namespace satlab
