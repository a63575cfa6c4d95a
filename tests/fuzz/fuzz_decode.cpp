// Prints the scene file a fuzz input stands for (scene_gen.hpp): its own text, or the
// scene its bytes decode to. For turning a crashing input into a readable fixture:
//   build-fuzz/tests/fuzz/fuzz_decode crash-... > tests/fuzz/findings/fuzz_pairs/what.json
#include "scene_gen.hpp"

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_decode INPUT\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fuzz_decode: cannot read %s\n", argv[1]);
    return 2;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string text = satlab::fuzz::sceneTextOf(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fputc('\n', stdout);
  return 0;
}
