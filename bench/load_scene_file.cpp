// Loads one scene file and prints its shape count: the loading part of `satlab check`,
// timed as a whole process beside other readers of the same file (docs/performance.md):
//
//   /usr/bin/time -v build/bench/load_scene_file SCENE              loadScene (the fast path)
//   /usr/bin/time -v build/bench/load_scene_file SCENE --reference  the reference reader
//
// Exit code 1 when the file does not load (the error is printed).
#include <cstdio>
#include <cstring>
#include <string>

#include "document/file_reader.hpp"
#include "document/scene_load.hpp"

int main(int argc, char** argv) {
  using namespace satlab;
  if (argc < 2) {
    std::fprintf(stderr, "usage: load_scene_file SCENE [--reference]\n");
    return 2;
  }
  const std::string path = argv[1];
  SceneLoadResult r;
  if (argc > 2 && std::strcmp(argv[2], "--reference") == 0) {
    std::string text;
    if (auto error = readWholeFile(path, FileKind{kMaxSceneFileBytes, kMaxSceneFileText, "a scene file"}, text)) {
      std::fprintf(stderr, "%s\n", error->text().c_str());
      return 1;
    }
    SceneLoadOptions options;
    options.baseDirectory = folderOf(path);
    r = parseSceneWithReferenceReader(text, path, options);
  } else {
    r = loadScene(path);
  }
  if (!r.ok()) {
    std::fprintf(stderr, "%s\n", r.error->text().c_str());
    return 1;
  }
  std::printf("%zu shapes, %zu warnings\n", r.scene.shapes.size(), r.warnings.size());
  return 0;
}
