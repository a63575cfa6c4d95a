// What `satlab check` writes, as text: the check tests' one way to run the report on an
// inline scene (check/check_report.hpp) without a file, and on a recording file
// (check/recording_check.hpp) with its exit code and both streams.
#pragma once

#include "check/check_report.hpp"
#include "check/recording_check.hpp"

#include <cstdio>
#include <string>

namespace satlab::test {

/// Everything written to `f` (a tmpfile), which is closed.
inline std::string drainFile(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string text;
  char buf[4096];
  for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, got);
  std::fclose(f);
  return text;
}

/// `satlab check RECORDING`: its exit code, standard output and standard error.
struct CheckOutput {
  int code = -1;
  std::string out, err;
};
inline CheckOutput checkRecording(const std::string& path, const CheckOptions& options) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  CheckOutput o;
  o.code = checkRecordingFile(path, options, out, err);
  o.out = drainFile(out);
  o.err = drainFile(err);
  return o;
}

inline std::string report(const Scene& scene, const CheckOptions& options) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  writeCheckReport(scene, "inline.json", options, out, err);
  std::fclose(err);
  return drainFile(out);
}

}  // namespace satlab::test
