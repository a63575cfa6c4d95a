#include "level_cmd.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>

#include "document/atomic_file.hpp"
#include "document/json_path.hpp"
#include "document/scene_save.hpp"

namespace satlab {

namespace {

/// A count or a seed as written: decimal digits that fit `max`. CLI11 reads an unsigned
/// option with strtoull, which takes "-5" for 2^64 - 5 (so `--movers -5` was refused as
/// 1995 shapes), "010" for 8 and an overflow for 2^64 - 1; this check runs first and names
/// the value as it was given.
CLI::Validator wholeCount(const std::string& noun, std::uint64_t max) {
  const std::string range = noun + (noun == "a count" ? " is 0 or more (at most " + std::to_string(max) + ")"
                                                      : " is from 0 to " + std::to_string(max));
  return CLI::Validator(
      [max, range](std::string& text) -> std::string {
        const std::string shown = quotedExcerpt(text);
        const std::size_t first = text.find_first_not_of(" \t");
        if (first != std::string::npos && text[first] == '-') return shown + " is negative; " + range;
        std::uint64_t v = 0;
        const char* begin = text.data();
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(begin, end, v);
        if (begin == end || stop != end || (ec != std::errc() && ec != std::errc::result_out_of_range)) {
          return "expected a whole number in decimal digits, got " + shown;
        }
        if (ec == std::errc::result_out_of_range || v > max) return shown + " is too large; " + range;
        return std::string();
      },
      "UINT");
}

}  // namespace

CLI::App* addLevelCommand(CLI::App& app, LevelCommand& command) {
  LevelOptions& o = command.options;
  CLI::App* level = app.add_subcommand(
      "level", "Write a generated level (a floor, walls, static colliders and movers) as a scene file");
  level->add_option("--seed", o.seed, "Random seed; the same seed gives the same level (default 1)")
      ->check(wholeCount("a seed", std::numeric_limits<std::uint32_t>::max()));
  level->add_option("--statics", o.statics, "Static colliders besides the floor and the walls (default 2000)")
      ->check(wholeCount("a count", std::numeric_limits<std::size_t>::max()));
  level->add_option("--movers", o.movers, "Shapes on looping paths (default 200)")
      ->check(wholeCount("a count", std::numeric_limits<std::size_t>::max()));
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
    // that one happened); through the FILE where it has none (the terminal's progress line
    // clears itself before the text: app/terminal_progress.hpp).
    const int fd = fileno(out);
    int err = 0;
    if (fd >= 0) {
      err = std::fflush(out) != 0 ? errno : writeAllTo(fd, text);
    } else if (std::fwrite(text.data(), 1, text.size(), out) != text.size() || std::fflush(out) != 0) {
      err = errno != 0 ? errno : EIO;
    }
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
