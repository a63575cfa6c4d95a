#!/usr/bin/env bash
# Sets up, checks the formatting (tools/format.sh --check), builds and runs every test
# (unit tests and app tests under xvfb-run), then the
# fuzz targets' corpus replay and a short run of each (tools/fuzz.sh --ci: a clang build in
# build-fuzz/, ctest label "fuzz"), then builds the web page (tools/web.sh --build-only,
# Debian's emscripten, build-web/) and tests it in Debian's Chromium (tools/web_test.sh).
# Any failure exits non-zero; the output ends in the browser test's summary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
bash tools/format.sh --check
# Line tables only (-g1): backtraces keep their lines, the build takes a good part less.
bash tools/build.sh -DSATLAB_WERROR=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"
ctest --test-dir build --output-on-failure -j"$(nproc)"
# Each fuzz target fuzzed 4 s from its corpus (tools/fuzz.sh TARGET SECONDS for long runs).
SATLAB_FUZZ_SECONDS="${SATLAB_FUZZ_SECONDS:-4}" bash tools/fuzz.sh --ci
bash tools/web.sh --build-only
bash tools/web_test.sh
