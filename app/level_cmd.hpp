// `satlab level [--seed N] [--statics N] [--movers N] [--rotated F] [--spheres F] [--size H]
// [--output FILE]`: writes a generated level (world/level.hpp) as a scene file, to stdout
// without --output. No display needed.
#pragma once

#include <cstdio>
#include <string>

#include "world/level.hpp"

namespace CLI {
class App;
}

namespace satlab {

struct LevelCommand {
  LevelOptions options;
  std::string output;  ///< empty: stdout
};

/// Adds the "level" subcommand, its options read into `command`.
CLI::App* addLevelCommand(CLI::App& app, LevelCommand& command);

/// Generates the level and writes it. A bad option (levelOptionsProblem) or a file that
/// cannot be written gives one line on `err` and exit code 2; else 0.
int runLevel(const LevelCommand& command, std::FILE* out, std::FILE* err);

}  // namespace satlab
