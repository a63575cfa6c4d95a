#!/usr/bin/env bash
# Builds satlab's libraries and unit tests with AddressSanitizer + UndefinedBehaviorSanitizer
# (Debug, -Werror) in build-sanitize/ and runs ctest there. The app is not built: its GL
# tests need a display and are covered by tools/test.sh.
#   tools/sanitize.sh [JOBS]     default 2 (the CI machines have 2 cores)
# Timings and what it found: docs/hardening.md.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${1:-2}"
start=$(date +%s)
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSATLAB_SANITIZE=ON \
  -DSATLAB_BUILD_APP=OFF -DSATLAB_BUILD_BENCH=OFF -DSATLAB_WERROR=ON
cmake --build build-sanitize -j"$jobs"
built=$(date +%s)
# Any sanitizer report fails the test that triggered it (-fno-sanitize-recover=all).
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j"$jobs"
done=$(date +%s)
echo "sanitize: build $((built - start)) s, tests $((done - built)) s, total $((done - start)) s"
