// satlab: interactive visual debugger and teaching app for bounding-volume collision tests.
//   satlab [SCENE] [--screenshot FILE.png] [--size WxH] [--frames N] [--presentation | --student]
//   satlab --listen [PORT]
//   satlab SCENE --figure OUT.svg|OUT.png [--step N|all] [--size WxH] [--scale K] [--background B]
//   satlab check SCENE [--json] [--all-pairs] [--frames N] [--only NAME] [--static-pairs] [--precision]
//   satlab shrink RECORDING.jsonl [--pair A B] [--output DIR]
//   satlab bounds FILE... [--json] [--split]
//   satlab level [--seed N] [--statics N] [--movers N] [--output FILE]
#include "bounds.hpp"
#include "level_cmd.hpp"
#include "live_listener.hpp"
#include "mesh_scene/mesh_import.hpp"
#include "options.hpp"
#include "terminal_progress.hpp"

#include "check/check_report.hpp"
#include "check/output_check.hpp"
#include "check/shrink.hpp"
#include "document/atomic_file.hpp"
#include "document/json_path.hpp"

#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace {

constexpr int kUsageError = 2;
constexpr int kRuntimeError = 1;

bool parseSize(const std::string& text, int& w, int& h) {
  static const std::regex kSize(R"(^\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*$)");
  std::smatch m;
  if (!std::regex_match(text, m, kSize)) return false;
  w = std::stoi(m[1].str());
  h = std::stoi(m[2].str());
  return w >= 16 && h >= 16 && w <= 16384 && h <= 16384;
}

/// Memory held back for the way out of an allocation failure. The first operator new that
/// fails frees it and throws std::bad_alloc, so that the unwinding and the one-line message
/// have memory to use: nlohmann's ~basic_json allocates a stack as long as the array it
/// frees, and an allocation failing there (a noexcept destructor) would be std::terminate.
/// Never touched, so it costs address space, not resident memory. (Enough for the
/// unwinding of a 100,000-shape scene's JSON, which needs a few MB.)
constexpr std::size_t kEmergencyReserveBytes = 64u << 20;
void* g_emergencyReserve = nullptr;

void releaseReserveAndThrow() {
  if (g_emergencyReserve != nullptr) {
    std::free(g_emergencyReserve);
    g_emergencyReserve = nullptr;
  }
  throw std::bad_alloc();
}

/// Runs `body` with every exception caught: an allocation failure (or any other error that
/// escapes) ends satlab with one line and exit code 2, never std::terminate.
template <class Body>
int guarded(const std::string& doing, Body&& body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    satlab::flushOutput(stdout);
    std::fprintf(stderr, "\nsatlab: out of memory while %s\n", doing.c_str());
  } catch (const std::exception& e) {
    satlab::flushOutput(stdout);
    std::fprintf(stderr, "\nsatlab: internal error while %s: %s\n", doing.c_str(),
                 satlab::printable(e.what(), 200).c_str());
  }
  return kUsageError;
}

/// Descriptors 0, 1 and 2 that the caller closed are opened on /dev/null, read-only: the
/// first file satlab opens would otherwise get the number, and what is printed would land in
/// a scene or settings file. Writes to them still fail, and closeStandardOutput says so.
void occupyClosedStandardDescriptors() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int got = ::open("/dev/null", O_RDONLY | O_NOCTTY);
    if (got >= 0 && got != fd) {
      ::dup2(got, fd);
      ::close(got);
    }
  }
}

/// The end of every command that prints: standard output (std::cout and stdout) flushed,
/// checked and closed. A result that did not arrive (a full disk, /dev/full, a closed
/// descriptor) gives one line naming it and at least `failureCode`; a command that printed
/// nothing to a closed standard output is fine.
int closeStandardOutput(const std::string& who, int exitCode, int failureCode) {
  std::cout.flush();
  int err = satlab::outputError(stdout);
  if (err == 0 && std::cout.bad()) err = -1;
  errno = 0;
  if (std::fclose(stdout) != 0 && err == 0 && errno != EBADF) err = errno != 0 ? errno : -1;
  if (err == 0) return exitCode;
  std::fprintf(stderr, "%s: writing standard output failed%s%s\n", who.c_str(), err > 0 ? ": " : "",
               err > 0 ? std::strerror(err) : "");
  return std::max(exitCode, failureCode);
}

/// --figure and the options that go with it, checked as written; 0, or the exit code after
/// one line saying what is wrong.
int checkFigureOptions(const CLI::App& app, satlab::GuiOptions& gui, const std::string& stepText,
                       const std::string& backgroundText) {
  if (gui.figurePath.empty()) {
    for (const char* o : {"--step", "--background", "--scale"}) {
      if (app.count(o) > 0) {
        std::fprintf(stderr, "satlab: %s goes with --figure\n", o);
        return kUsageError;
      }
    }
    return 0;
  }
  if (!gui.screenshotPath.empty() || gui.stats) {
    std::fprintf(stderr, "satlab: --figure: one of --figure, --screenshot and --stats at a time\n");
    return kUsageError;
  }
  if (!satlab::figureFormatOf(gui.figurePath)) {
    std::fprintf(stderr, "satlab: --figure: expected a file name ending in .png or .svg, got '%s'\n",
                 satlab::printable(gui.figurePath, 200).c_str());
    return kUsageError;
  }
  if (stepText == "all") {
    gui.figureStep = satlab::kEveryFigureStep;
  } else if (!stepText.empty()) {
    static const std::regex kStep(R"(^[0-9]{1,6}$)");
    if (!std::regex_match(stepText, kStep) || std::stoi(stepText) < 1) {
      std::fprintf(stderr, "satlab: --step: expected a step number (1 is the first) or all, got '%s'\n",
                   satlab::printable(stepText, 40).c_str());
      return kUsageError;
    }
    gui.figureStep = std::stoi(stepText);
  }
  if (!backgroundText.empty()) {
    const std::optional<satlab::FigureBackground> b = satlab::figureBackgroundNamed(backgroundText);
    if (!b) {
      std::fprintf(stderr, "satlab: --background: expected white, dark or transparent, got '%s'\n",
                   satlab::printable(backgroundText, 40).c_str());
      return kUsageError;
    }
    gui.figure.background = *b;
  }
  if (gui.figure.scale < 1 || gui.figure.scale > satlab::kMaxFigureScale) {
    std::fprintf(stderr, "satlab: --scale: expected 1 to %d, got %d\n", satlab::kMaxFigureScale, gui.figure.scale);
    return kUsageError;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  occupyClosedStandardDescriptors();
  // As much of the reserve as the address space allows (under a tight ulimit -v).
  for (std::size_t bytes = kEmergencyReserveBytes; g_emergencyReserve == nullptr && bytes >= (1u << 20); bytes /= 2) {
    g_emergencyReserve = std::malloc(bytes);
  }
  std::set_new_handler(releaseReserveAndThrow);
  CLI::App app{"satlab: a visual debugger and teaching app for bounding-volume collision tests"};
  app.set_version_flag("--version", std::string("satlab ") + SATLAB_VERSION);
  app.footer(
      "Examples:\n"
      "  satlab                                   open the default scene\n"
      "  satlab scenes/examples/mixed.json        open a scene\n"
      "  satlab SCENE --screenshot out.png        render, save a PNG and exit\n"
      "  satlab LESSON --figure fig.svg --step 3  the view alone at step 3, for a slide\n"
      "  satlab check SCENE --json                evaluate the pairs, no display needed\n"
      "  satlab bounds scenes/meshes/rod.stl      every bounding volume of a mesh file\n"
      "  satlab shrink REC.jsonl --output DIR     the first failure of a recording as a failing test\n"
      "  satlab SCENE --frames 200 --stats        measure the frame time and exit\n"
      "  satlab --listen                          receive a running engine's recording on 127.0.0.1:47410\n"

      "Without a display, run under a virtual one: xvfb-run -a satlab SCENE --screenshot out.png");

  satlab::GuiOptions gui;
  if (argc > 0 && argv[0] != nullptr && argv[0][0] != '\0') gui.program = argv[0];
  std::string sizeText;
  app.add_option("scene", gui.scenePath, "Scene file (JSON) to open; default: the built-in default scene");
  app.add_option("--screenshot", gui.screenshotPath, "Render the scene, write the window as a PNG, and exit");
  app.add_option("--size", sizeText, "Window size as WxH (default 1280x720)");
  app.add_option("--frames", gui.frames,
                 "Frames rendered before the screenshot (default 3; more while the panels settle, up to 12)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--script", gui.scriptPath,
                 "Play scripted mouse and keyboard input (see docs/scripting.md); with --screenshot, "
                 "the image is taken when the script has ended");
  app.add_option("--save-scene", gui.saveScenePath, "Write the scene, with every edit made, to this file on exit");
  app.add_flag("--restore", gui.restore,
               "Restore the work of a session that ended without saving (the crash-recovery file) without asking");
  app.add_flag("--presentation", gui.presentation,
               "Start in presentation mode (large UI, light high-contrast theme, thick lines; F5 toggles)");
  std::string figureStepText, figureBackgroundText;
  app.add_option("--figure", gui.figurePath,
                 "Write a figure for slides, the view alone (no panels, toasts, gizmo or selection halo), as OUT.png "
                 "or OUT.svg, and exit (docs/figures.md)");
  app.add_option("--step", figureStepText,
                 "With --figure: the explorer's step N (1 is the first) instead of the step the scene opens on; all: "
                 "one file per step, OUT-step-01.svg ...");
  app.add_option("--background", figureBackgroundText,
                 "With --figure: white, dark or transparent (default: the view's own background)");
  app.add_option("--scale", gui.figure.scale,
                 "With --figure: the figure's pixels per window pixel, 1 to 4 (default 1): --size 1280x720 --scale 4 "
                 "is 5120x2880");
  app.add_flag("--student", gui.student,
               "Start in the student view: the lesson (the first one when no scene is named) in presentation mode, "
               "its pair fixed, predict-then-reveal only, nothing to edit; F10 or Esc twice leaves it");
  app.add_flag("--stats", gui.stats,
               "Render --frames frames (default 120), print the mean and 95th-percentile frame time and "
               "the frame rate, and exit");

  std::string langText;
  app.add_option("--lang", langText,
                 "The window's language: en, ru (Russian) or zh (Simplified Chinese); default: the one picked in "
                 "View > Language, else the system's ($LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG). The command line "
                 "itself (this help, check, bounds, level, shrink, every message printed) stays in English, "
                 "for the scripts and CI that read it");

  std::vector<int> listenPorts;
  app.add_option("--listen", listenPorts,
                 "Listen on 127.0.0.1:PORT (default 47410) for a running engine's recording, shown as its frames "
                 "arrive (docs/recording-format.md, Live)")
      ->expected(0, 1)
      ->check(CLI::Range(1, 65535));

  std::string checkPath;
  satlab::CheckOptions checkOptions;
  CLI::App* check = app.add_subcommand(
      "check", "Evaluate every pair of shapes in a scene and print the verdicts (no display needed)");
  check->add_option("scene", checkPath, "Scene file (JSON)")->required();
  check->add_flag("--json", checkOptions.json, "Print the results as JSON");
  check->add_flag("--all-pairs", checkOptions.allPairs,
                  "List every pair, separated ones too (default: overlapping pairs are listed, separated ones "
                  "counted); a recording: every frame's verdicts, with the gap or depth and the engine's verdict");
  check
      ->add_option("--frames", checkOptions.frames,
                   "Step the scene's motion this many frames (60 a second) through the two-phase pipeline and "
                   "print its counts and time per frame; a recording: its first N frames, with each one's counts")
      ->check(CLI::Range(1, 100000));
  check->add_option("--only", checkOptions.only,
                    "A recording: list only the pairs with a shape whose name or group matches (repeatable; "
                    "'*' matches any run of characters)");
  bool quiet = false;
  const char* const quietHelp =
      "No progress line on standard error (one is shown only when it is a terminal and the work takes over a "
      "second)";
  check->add_flag("--quiet,-q", quiet, quietHelp);
  check->add_flag("--precision", checkOptions.precision,
                  "Also decide each listed pair (a recording: each flip) in double, exactly (rational arithmetic on "
                  "the float inputs) and moved to the origin, and flag where float decided the verdict");
  check->add_flag("--static-pairs", checkOptions.staticPairs,
                  "A recording: also list the overlaps of two static shapes (skipped by default: they never move)");

  std::vector<std::string> boundsFiles;
  satlab::BoundsOptions boundsOptions;
  CLI::App* bounds = app.add_subcommand(
      "bounds", "Print every bounding volume of mesh files (OBJ, STL, PLY, glTF), no display needed");
  bounds->add_option("files", boundsFiles, "Mesh files")->required();
  bounds->add_flag("--json", boundsOptions.json, "Print the volumes as JSON");
  bounds->add_flag("--split", boundsOptions.split, "One entry per mesh of a file (default: all its meshes together)");
  bounds->add_flag("--quiet,-q", quiet, quietHelp);

  std::string shrinkPath;
  std::vector<std::string> shrinkPair;
  satlab::ShrinkOptions shrinkOptions;
  CLI::App* shrink =
      app.add_subcommand("shrink",
                         "Write the first place a recording fails (or a pair's first frame) as a minimal scene and a "
                         "GoogleTest case that fails there");
  shrink->add_option("recording", shrinkPath, "Recording file (.jsonl)")->required();
  shrink->add_option("--pair", shrinkPair, "The pair to shrink, by its two shape names")->expected(2);
  shrink->add_option("--output", shrinkOptions.outputDir, "Folder the two files are written to (default: .)");

  satlab::LevelCommand levelCommand;
  CLI::App* level = satlab::addLevelCommand(app, levelCommand);
  level->add_flag("--quiet,-q", quiet, quietHelp);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return closeStandardOutput("satlab", app.exit(e), kUsageError);
  } catch (const CLI::CallForVersion& e) {
    return closeStandardOutput("satlab", app.exit(e), kUsageError);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "satlab: %s (see satlab --help)\n", e.what());
    return kUsageError;
  }

  satlab::installMeshFileLoader();  // scenes' "file" meshes, in check and in the window
  // check, bounds and level: a progress line on a terminal, and Ctrl+C stops them cleanly
  // (app/terminal_progress.hpp).
  const bool progressLine = satlab::terminalProgressWanted(stderr, quiet);
  if (*check) {
    const int code = guarded("checking " + satlab::printable(checkPath, 4096), [&] {
      return satlab::runWithProgress(
          "satlab check", "stopped (Ctrl+C)", progressLine, stderr,
          [&](std::FILE* out, std::FILE* err) { return satlab::runCheck(checkPath, checkOptions, out, err); });
    });
    return closeStandardOutput("satlab check", code, kUsageError);
  }

  if (*shrink) {
    if (shrinkPair.size() == 2) shrinkOptions.pair = std::make_pair(shrinkPair[0], shrinkPair[1]);
    const int code = guarded("shrinking " + satlab::printable(shrinkPath, 4096),
                             [&] { return satlab::runShrink(shrinkPath, shrinkOptions, stdout, stderr); });
    return closeStandardOutput("satlab shrink", code, kUsageError);
  }

  if (*bounds) {
    const int code = guarded("computing bounds", [&] {
      return satlab::runWithProgress(
          "satlab bounds", "stopped (Ctrl+C)", progressLine, stderr,
          [&](std::FILE* out, std::FILE* err) { return satlab::runBounds(boundsFiles, boundsOptions, out, err); });
    });
    return closeStandardOutput("satlab bounds", code, kUsageError);
  }

  if (*level) {
    // Stopped, nothing is written: a named --output is left as it was (or never made).
    const std::string stopped =
        levelCommand.output.empty()
            ? std::string("stopped (Ctrl+C); nothing was written")
            : "stopped (Ctrl+C); " + satlab::printable(levelCommand.output, 4096) + " was left as it was";
    const int code = guarded("generating a level", [&] {
      return satlab::runWithProgress(
          "satlab level", stopped, progressLine, stderr,
          [&](std::FILE* out, std::FILE* err) { return satlab::runLevel(levelCommand, out, err); });
    });
    return closeStandardOutput("satlab level", code, kUsageError);
  }

  if (const int code = checkFigureOptions(app, gui, figureStepText, figureBackgroundText); code != 0) return code;
  if (app.count("--listen") > 0)
    gui.listenPort = listenPorts.empty() ? satlab::kDefaultListenPort : listenPorts.front();
  if (gui.stats && app.count("--frames") == 0) gui.frames = 120;
  if (!langText.empty()) {
    const auto lang = satlab::languageFromCode(langText);
    if (!lang || langText.size() > 2) {
      std::fprintf(stderr, "satlab: --lang: expected en, ru or zh, got '%s'\n", langText.c_str());
      return kUsageError;
    }
    gui.language = lang;
  }
  // Runs for machines take a fixed step a frame: the same script, the same result.
  gui.fixedStep = !gui.scriptPath.empty() || !gui.screenshotPath.empty() || !gui.figurePath.empty() || gui.stats ||
                  app.count("--frames") > 0;
  gui.sizeGiven = !sizeText.empty();
  if (!sizeText.empty() && !parseSize(sizeText, gui.width, gui.height)) {
    std::fprintf(stderr, "satlab: --size: expected WxH between 16x16 and 16384x16384, got '%s'\n", sizeText.c_str());
    return kUsageError;
  }
  if (!gui.screenshotPath.empty() && gui.screenshotPath.size() < 4) {
    std::fprintf(stderr, "satlab: --screenshot: expected a file name ending in .png\n");
    return kUsageError;
  }
  // A picture written to standard output (--screenshot /dev/stdout, or a link to it) is the
  // only thing there: the PNG goes through a copy of the descriptor, and satlab's own lines
  // (the "wrote" line, a script's report, toasts) go to standard error for this run.
  if (const std::optional<int> fd = satlab::descriptorNamedBy(gui.screenshotPath); fd && *fd == STDOUT_FILENO) {
    const int image = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    if (image < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
      std::fprintf(stderr, "satlab: --screenshot %s: %s\n", gui.screenshotPath.c_str(), std::strerror(errno));
      return kUsageError;
    }
    gui.screenshotTarget = "/dev/fd/" + std::to_string(image);
  }
  const std::string doing =
      "running the window" + (gui.scenePath.empty() ? std::string() : " on " + satlab::printable(gui.scenePath, 4096)) +
      (gui.scriptPath.empty() ? std::string() : " with the script " + satlab::printable(gui.scriptPath, 4096));
  const int code = guarded(doing, [&] { return satlab::runGui(gui); });
  // What a window run prints (a screenshot's "wrote", --stats, a script's report) is its
  // result too.
  return closeStandardOutput("satlab", code, kRuntimeError);
}
