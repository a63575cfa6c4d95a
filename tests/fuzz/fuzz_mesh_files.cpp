// libFuzzer target for what a mesh file may read besides itself (mesh_read_scope.hpp,
// gltf_check.hpp, assimp_io.hpp). Every input is a small file tree:
//
//   ROOT/above.bin, ROOT/fifo_above        files above the model's folder
//   ROOT/outside/secret.bin, fifo, dir/     a secret beside it: a tetrahedron at x >= 777.25,
//                                           then "b_password=hunter2"
//   ROOT/model/                             made anew for each input: good.bin, sub/inner.bin
//                                           (tetrahedra in [0, 1]), links in, out, to a
//                                           folder outside, absolute, looping and to
//                                           /dev/zero, a FIFO, a folder, and the mesh file
//
// The first byte picks the mesh file: a glTF or a GLB built from the bytes (its buffers'
// uris from a table of the references above and bytes of the input, their byteLengths,
// its nodes' children and its scene's roots), an OBJ whose mtllib lines are such
// references, or the rest of the input as the text of a .gltf or an .obj itself. The file
// is read with loadMeshFile (assimp in its child, through the scope), from outside the
// folder or from inside it by a relative name; then each reference is put to a scope in
// this process, and the glTF check run on the file.
//
// What must hold, from the kernel's own account of what was opened (inotify): nothing
// above the model's folder or outside it is ever opened, and nothing in it that is not a
// regular file; what the scope allows or opens is a regular file in the folder (or the
// mesh file); a loaded mesh has no vertex of the secret; no error quotes the secret; no
// read waits on a FIFO (an import that runs into its time limit is a finding).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../mesh/open_watch.hpp"
#include "mesh/gltf_check.hpp"
#include "mesh/mesh_load.hpp"
#include "mesh/mesh_read_scope.hpp"

namespace {

using satlab::test::OpenWatch;

[[noreturn]] void fail(const std::string& what, const std::string& detail = "") {
  std::fprintf(stderr, "fuzz_mesh_files: %s\n%.4000s\n", what.c_str(), detail.c_str());
  std::abort();
}

template <class T>
void put(std::string& out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out.append(b, sizeof(T));
}

// A tetrahedron's positions (shifted by dx) and indices, as a glTF buffer: 96 bytes.
std::string tetraBuffer(float dx) {
  std::string bin;
  const float v[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (const auto& p : v) {
    put(bin, p[0] + dx);
    put(bin, p[1]);
    put(bin, p[2]);
  }
  for (std::uint32_t i : {0u, 2u, 1u, 0u, 1u, 3u, 0u, 3u, 2u, 1u, 2u, 3u}) put(bin, i);
  return bin;
}

void writeFile(const std::string& path, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail("cannot write " + path);
  if (::write(fd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) fail("cannot write " + path);
  ::close(fd);
}

std::string realPath(const std::string& path) {
  char buf[PATH_MAX];
  return ::realpath(path.c_str(), buf) != nullptr ? std::string(buf) : std::string();
}

// The tree above the model's folder, made once.
struct Tree {
  std::string root, outside, model;
  std::string realModel;
};

const Tree& tree() {
  static const Tree t = [] {
    Tree made;
    char tmpl[] = "/tmp/satlab-fuzz-mesh-XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) fail("cannot make a folder in /tmp");
    made.root = tmpl;
    made.outside = made.root + "/outside";
    made.model = made.root + "/model";
    ::mkdir(made.outside.c_str(), 0755);
    ::mkdir((made.outside + "/dir").c_str(), 0755);
    ::mkdir(made.model.c_str(), 0755);
    made.realModel = realPath(made.model);
    const std::string secret = tetraBuffer(777.25f) + "b_password=hunter2\n";
    writeFile(made.outside + "/secret.bin", secret);
    writeFile(made.root + "/above.bin", secret);
    ::mkfifo((made.outside + "/fifo").c_str(), 0644);
    ::mkfifo((made.root + "/fifo_above").c_str(), 0644);
    return made;
  }();
  return t;
}

// The model's folder for one input; removed (what it holds) by clear().
struct ModelFolder {
  std::vector<std::string> made;  // in the order made

  void file(const std::string& name, const std::string& bytes) {
    writeFile(tree().model + "/" + name, bytes);
    made.push_back(name);
  }
  void link(const std::string& name, const std::string& target) {
    if (::symlink(target.c_str(), (tree().model + "/" + name).c_str()) != 0) fail("cannot make link " + name);
    made.push_back(name);
  }
  void folder(const std::string& name) {
    ::mkdir((tree().model + "/" + name).c_str(), 0755);
    made.push_back(name);
  }
  void fifo(const std::string& name) {
    ::mkfifo((tree().model + "/" + name).c_str(), 0644);
    made.push_back(name);
  }
  void clear() {
    for (auto it = made.rbegin(); it != made.rend(); ++it) {
      const std::string path = tree().model + "/" + *it;
      if (::unlink(path.c_str()) != 0) ::rmdir(path.c_str());
    }
    made.clear();
  }
};

// The input, read a byte at a time (zeros once it runs out).
struct Bytes {
  const std::uint8_t* data;
  std::size_t size;
  std::size_t at = 0;
  std::uint8_t next() { return at < size ? data[at++] : 0; }
  std::string take(std::size_t n) {
    const std::size_t k = std::min(n, size - std::min(size, at));
    std::string out(reinterpret_cast<const char*>(data + at), k);
    at += k;
    return out;
  }
  std::string rest() { return take(size); }
};

// A reference a mesh file may make, by the input's choice.
std::string reference(Bytes& in, const std::string& meshName) {
  const std::string root = tree().root;
  switch (in.next() % 27) {
    case 0: return "good.bin";
    case 1: return "sub/inner.bin";
    case 2: return "../outside/secret.bin";
    case 3: return root + "/outside/secret.bin";
    case 4: return "link_in";
    case 5: return "link_out";
    case 6: return "link_dir/secret.bin";
    case 7: return "link_abs";
    case 8: return "link_loop";
    case 9: return "link_dev";
    case 10: return "fifo.bin";
    case 11: return "dir.bin";
    case 12: return "../model/good.bin";
    case 13: return "./good.bin";
    case 14: return "sub/../../outside/secret.bin";
    case 15: return "../above.bin";
    case 16: return "../fifo_above";
    case 17: return "/etc/passwd";
    case 18: return "missing.bin";
    case 19: return meshName;
    case 20: return "sub/";
    case 21: return "";
    case 22: return "link_dir/fifo";
    case 23: return "../outside/fifo";
    case 24: return "../outside/dir";
    case 25: return "sub//inner.bin";
    default: return in.take(in.next() % 48);
  }
}

std::uint64_t byteLength(Bytes& in) {
  switch (in.next() % 6) {
    case 0: return 96;
    case 1: return 0;
    case 2: return 1000000000;
    case 3: return 116;  // the secret's whole length
    case 4: return in.next();
    default: return 0xFFFFFFFFu;
  }
}

std::string gltfText(Bytes& in, const std::string& meshName, bool binary) {
  nlohmann::json j;
  j["asset"]["version"] = in.next() % 16 == 0 ? "1.0" : "2.0";
  const int buffers = 1 + in.next() % 3;
  for (int b = 0; b < buffers; ++b) {
    nlohmann::json buffer;
    buffer["byteLength"] = byteLength(in);
    const std::uint8_t how = in.next() % 4;
    if (!(binary && b == 0 && how == 0)) buffer["uri"] = reference(in, meshName);
    j["buffers"].push_back(buffer);
  }
  const int use = in.next() % buffers;
  j["bufferViews"] = {{{"buffer", use}, {"byteLength", 48}}, {{"buffer", use}, {"byteOffset", 48}, {"byteLength", 48}}};
  j["accessors"] = {
      {{"bufferView", 0}, {"componentType", 5126}, {"count", 4}, {"type", "VEC3"}},
      {{"bufferView", 1}, {"componentType", in.next() % 4 == 0 ? 5121 : 5125}, {"count", 12}, {"type", "SCALAR"}}};
  j["meshes"] = {{{"primitives", {{{"attributes", {{"POSITION", 0}}}, {"indices", 1}}}}}};
  const int nodes = 1 + in.next() % 6;
  for (int n = 0; n < nodes; ++n) {
    nlohmann::json node;
    if (in.next() % 2 == 0) node["mesh"] = 0;
    const int children = in.next() % 4;
    for (int c = 0; c < children; ++c) node["children"].push_back(in.next() % (nodes + 1));
    j["nodes"].push_back(node);
  }
  nlohmann::json roots = nlohmann::json::array();
  const int rootCount = 1 + in.next() % 3;
  for (int r = 0; r < rootCount; ++r) roots.push_back(in.next() % (nodes + 1));
  j["scenes"] = {{{"nodes", roots}}};
  j["scene"] = 0;
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string glbOf(std::string json, const std::string& bin) {
  while (json.size() % 4 != 0) json += ' ';
  std::string out = "glTF";
  put(out, std::uint32_t{2});
  put(out, static_cast<std::uint32_t>(12 + 8 + json.size() + 8 + bin.size()));
  put(out, static_cast<std::uint32_t>(json.size()));
  out += "JSON" + json;
  put(out, static_cast<std::uint32_t>(bin.size()));
  out.append("BIN\0", 4);
  return out + bin;
}

const char* kCubeObj =
    "o Cube\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

void checkNoSecret(const std::string& text, const std::string& where) {
  if (text.find("hunter2") != std::string::npos || text.find("777.25") != std::string::npos) {
    fail("the secret appears in " + where, text);
  }
}

// What was opened, by the kernel's account: only regular files of the model's folder.
void checkOpened(OpenWatch& watch, const std::string& context) {
  for (const std::string& path : watch.opened()) {
    const std::string model = tree().model + "/";
    if (path.compare(0, model.size(), model) != 0) {
      fail("opened outside the model's folder: " + path, context);
    }
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      fail("opened something not a regular file: " + path, context);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Tree& t = tree();
  Bytes in{data, size};
  ModelFolder folder;
  folder.file("good.bin", tetraBuffer(0.0f));
  folder.folder("sub");
  folder.file("sub/inner.bin", tetraBuffer(0.0f));
  folder.link("link_in", "good.bin");
  folder.link("link_out", "../outside/secret.bin");
  folder.link("link_dir", "../outside");
  folder.link("link_abs", t.outside + "/secret.bin");
  folder.link("link_loop", "link_loop");
  folder.link("link_dev", "/dev/zero");
  folder.fifo("fifo.bin");
  folder.folder("dir.bin");

  const std::uint8_t form = in.next();
  const bool relative = (form & 0x80) != 0;
  std::string name, text;
  std::vector<std::string> references;
  switch (form % 5) {
    case 0: name = "m.gltf"; break;
    case 1: name = "m.glb"; break;
    case 2: name = "m.obj"; break;
    case 3: name = "r.gltf"; break;
    default: name = "r.obj"; break;
  }
  if (form % 5 == 0) {
    text = gltfText(in, name, false);
  } else if (form % 5 == 1) {
    text = glbOf(gltfText(in, name, true), tetraBuffer(0.0f));
  } else if (form % 5 == 2) {
    const int libraries = 1 + in.next() % 3;
    for (int k = 0; k < libraries; ++k) {
      const std::string ref = reference(in, name);
      if (ref.find('\n') == std::string::npos) text += "mtllib " + ref + "\n";
    }
    text += kCubeObj;
  } else {
    text = in.rest();
  }
  folder.file(name, text);

  OpenWatch watch({t.root, t.outside, t.outside + "/dir", t.model, t.model + "/sub"});
  if (!watch.ok()) fail("inotify is not available");
  watch.opened();  // the tree as it was made

  // The whole read, as satlab does it: assimp in its child, through the scope.
  satlab::MeshLoadOptions options;
  options.timeoutSeconds = 8;
  char previous[PATH_MAX];
  if (::getcwd(previous, sizeof previous) == nullptr) fail("no working folder");
  const std::string path = relative ? name : t.model + "/" + name;
  if (relative && ::chdir(t.model.c_str()) != 0) fail("cannot enter the model's folder");
  const satlab::MeshLoadResult loaded = satlab::loadMeshFile(path, options);
  if (relative && ::chdir(previous) != 0) fail("cannot return to the working folder");
  const std::string context = "file " + name + ": " + text.substr(0, 2000);
  checkOpened(watch, context);
  if (loaded.ok()) {
    for (const satlab::FileMesh& m : loaded.file.meshes) {
      for (const glm::vec3& v : m.mesh.vertices) {
        if (v.x > 700.0f) fail("a vertex of the secret was loaded", context);
      }
      checkNoSecret(m.name, "a mesh name");
    }
  } else {
    const std::string error = loaded.error->text();
    checkNoSecret(error, "an error");
    if (error.find("took longer than") != std::string::npos || error.find("CPU time") != std::string::npos) {
      fail("the import ran into its time limit (a read that waits?)", error + "\n" + context);
    }
  }

  // The scope and the glTF check in this process, on the same file.
  satlab::MeshReadScope scope(t.model + "/" + name);
  const bool gltf = name.size() > 5 && (name.compare(name.size() - 5, 5, ".gltf") == 0);
  if (gltf || name == "m.glb") {
    const std::string problem = satlab::gltfProblem(text, name == "m.glb", scope);
    checkNoSecret(problem, "the glTF check's reason");
  }
  for (int k = 0; k < 3; ++k) {
    const std::string request = t.model + "/" + reference(in, name);
    satlab::MeshReadScope::Allowed allowed;
    std::string why;
    if (scope.check(request, allowed, why)) {
      struct stat st {};
      if (::lstat(allowed.resolved.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        fail("allowed a non-regular file", request);
      if (!allowed.isMeshFile && allowed.resolved.compare(0, t.realModel.size() + 1, t.realModel + "/") != 0) {
        fail("allowed a file outside the folder: " + allowed.resolved, request);
      }
      std::uint64_t bytes = 0;
      const int fd = scope.open(request, bytes, why);
      if (fd >= 0) {
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) fail("opened a non-regular file", request);
        ::close(fd);
      }
    }
    checkNoSecret(why, "the scope's reason");
  }
  checkOpened(watch, context);
  folder.clear();
  return 0;
}
