// What `satlab check` writes for an inline scene, as text: the check tests' one way to run
// the report (check/check_report.hpp) without a file.
#pragma once

#include "check/check_report.hpp"

#include <cstdio>
#include <string>

namespace satlab::test {

inline std::string report(const Scene& scene, const CheckOptions& options) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  writeCheckReport(scene, "inline.json", options, out, err);
  std::fflush(out);
  std::rewind(out);
  std::string text;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, out)) > 0;) text.append(buf, n);
  std::fclose(out);
  std::fclose(err);
  return text;
}

}  // namespace satlab::test
