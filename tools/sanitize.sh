#!/usr/bin/env bash
# Builds all of satlab, the app included, with AddressSanitizer + UndefinedBehaviorSanitizer
# (Debug, -Werror) in build-sanitize/ and runs every ctest there: the libraries' unit
# tests and the app tests, which run the sanitized satlab binary under xvfb-run (Mesa's
# software OpenGL), so the GUI's code paths are checked too.
#   tools/sanitize.sh [JOBS]     default 2 (the CI machines have 2 cores)
# Timings and what it found: docs/hardening.md. Needs the packages of tools/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${1:-2}"
start=$(date +%s)
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSATLAB_SANITIZE=ON \
  -DSATLAB_BUILD_APP=ON -DSATLAB_BUILD_BENCH=OFF -DSATLAB_WERROR=ON >/dev/null
cmake --build build-sanitize -j"$jobs"
built=$(date +%s)

# Any sanitizer report fails the test that triggered it (-fno-sanitize-recover=all). The
# unit tests run with leak detection on. The app tests run the satlab binary, and a report
# in that process ends it abnormally, which fails its test (the environment reaches it
# through xvfb-run); leak detection is off there: Mesa's driver (and its LLVM JIT) keeps
# allocations for the life of the process and is unloaded before LeakSanitizer looks, so
# its leaks cannot even be told apart by library. Three app tests run satlab under
# `ulimit -v` to prove bounded memory; ASan reserves terabytes of address space for its
# shadow memory and cannot start there, so they are left out of this run (the normal
# test run has them).
unbounded='AppCheck.LargeScenesStreamInBoundedMemory:AppCheck.OutOfMemoryIsOneLineAndExit2'
unbounded+=':AppCheck.GuiWithAHundredThousandIdenticalSpheresStaysBounded'
status=0
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -E '^app_tests_[0-9]+$' || status=$?
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 GTEST_FILTER="-$unbounded" \
  ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -R '^app_tests_[0-9]+$' || status=$?
done=$(date +%s)
echo "sanitize: build $((built - start)) s, tests $((done - built)) s, total $((done - start)) s"
exit "$status"
