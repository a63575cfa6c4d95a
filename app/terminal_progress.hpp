// The progress line of `satlab check`, `bounds` and `level` (docs/progress.md): one line on
// standard error that rewrites itself ("satlab check: Opening level.json: 61.2 of 160.0 MB,
// 1.3 s, about 2 s left"), shown only when standard error is a terminal, the work has run
// for a second and --quiet was not given; cleared when the work ends, so that what the
// command prints is all that stays. Ctrl+C asks the work to stop at its next progress call
// (base/progress.hpp): the command says so and ends with 130, an --output it was writing is
// left as it was, and a second Ctrl+C ends satlab at once.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>

#include "base/progress.hpp"

namespace satlab {

/// The exit code of a command stopped by Ctrl+C (128 + SIGINT, as a shell reports it).
inline constexpr int kStoppedByUser = 130;

/// The work shows no line before this many seconds.
inline constexpr double kTerminalProgressDelaySeconds = 1.0;

/// Whether a command shows its progress line: `err` is a terminal (and TERM is not "dumb")
/// and --quiet was not given.
bool terminalProgressWanted(std::FILE* err, bool quiet);

/// The line for `progress`, English, cut to `columns` - 1 characters (a line as wide as the
/// terminal would wrap on some terminals): "WHO: WHAT: AMOUNT, TIME".
std::string terminalProgressLine(const std::string& who, const ProgressSnapshot& progress, std::size_t columns);

/// Runs `body` (a command) with a Progress current on this thread and Ctrl+C stopping it.
/// `shown`: terminalProgressWanted. The command prints to the `out` and `err` it is given:
/// with the line shown, they clear it before any text (standard output only where it is the
/// same terminal; a file or a pipe gets stdout itself). Returns body's exit code, or
/// kStoppedByUser after "WHO: STOPPED" on `err` ("stopped (Ctrl+C); level.json was left as
/// it was").
int runWithProgress(const std::string& who, const std::string& stopped, bool shown, std::FILE* err,
                    const std::function<int(std::FILE* out, std::FILE* err)>& body);

}  // namespace satlab
