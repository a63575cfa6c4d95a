#include "level_cmd.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>

#include "scene/atomic_file.hpp"
#include "scene/scene_save.hpp"

namespace satlab {

CLI::App* addLevelCommand(CLI::App& app, LevelCommand& command) {
  LevelOptions& o = command.options;
  CLI::App* level = app.add_subcommand(
      "level", "Write a generated level (a floor, walls, static colliders and movers) as a scene file");
  level->add_option("--seed", o.seed, "Random seed; the same seed gives the same level (default 1)");
  level->add_option("--statics", o.statics, "Static colliders besides the floor and the walls (default 2000)");
  level->add_option("--movers", o.movers, "Shapes on looping paths (default 200)");
  level->add_option("--rotated", o.rotatedShare, "Share of the static boxes turned into OBBs, 0 to 1 (default 0.25)");
  level->add_option("--spheres", o.sphereShare, "Share of the statics that are spheres, 0 to 1 (default 0.1)");
  level->add_option("--size", o.halfSize,
                    "Half the width of the floor; 0 picks it from the number of statics (default 0)");
  level->add_option("--output,-o", command.output, "Write the scene to this file (default: standard output)");
  return level;
}

int runLevel(const LevelCommand& command, std::FILE* out, std::FILE* errOut) {
  if (auto problem = levelOptionsProblem(command.options)) {
    std::fprintf(errOut, "satlab level: %s\n", problem->c_str());
    return 2;
  }
  const std::string text = sceneToJson(generateLevel(command.options));
  if (command.output.empty()) {
    // Straight to the descriptor, with the reason of a failure at hand (a FILE keeps only
    // that one happened).
    const int err = std::fflush(out) != 0 ? errno : writeAllTo(fileno(out), text);
    if (err != 0) {
      std::fprintf(errOut, "satlab level: writing standard output failed: %s\n", std::strerror(err));
      return 2;
    }
    return 0;
  }
  // Named on the command line: /dev/stdout, /dev/null, a FIFO are written, not replaced.
  if (auto error = writeFileAtomically(command.output, text, NonRegularTarget::WriteInPlace)) {
    std::fprintf(errOut, "satlab level: %s\n", error->c_str());
    return 2;
  }
  return 0;
}

}  // namespace satlab
