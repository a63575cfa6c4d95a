// Exporting frames from an engine as a satlab recording (docs/recording-format.md): one
// header line, then one JSON line per frame with every collider. This "engine" drops a
// crate through a thin floor and, like a game with the bug, never resolves the contact.
// Usage: recording_exporter [OUT.jsonl] (default: standard output).
#include <cstdio>

int main(int argc, char** argv) {
  std::FILE* out = argc > 1 ? std::fopen(argv[1], "w") : stdout;
  if (!out) return 1;
  std::fprintf(out, "{\"recording\": 1, \"title\": \"A crate falls through a thin floor\", \"expect\": ["
                    "{\"a\": \"crate\", \"b\": \"floor\", \"overlap\": false}]}\n");
  float z = 3.0f, vz = 0.0f, angle = 0.0f;  // the crate's height (Z is up), speed and turn (degrees)
  for (int frame = 0; frame < 120; ++frame, vz -= 9.81f / 60, z += vz / 60, angle += 0.5f) {
    std::fprintf(out, "{\"frame\": %d, \"time\": %.4f, \"shapes\": [", frame, frame / 60.0);
    std::fprintf(out, "{\"name\": \"floor\", \"type\": \"aabb\", \"center\": [0, 0, 0], \"half_extents\": [4, 4, 0.02]}, ");
    std::fprintf(out, "{\"name\": \"crate\", \"type\": \"obb\", \"center\": [0, 0, %.9g], \"half_extents\": [0.5, 0.5, 0.5], "
                      "\"euler_deg\": [%.9g, 0, 0]}]}\n", static_cast<double>(z), static_cast<double>(angle));
  }
  return out == stdout || std::fclose(out) == 0 ? 0 : 1;
}
