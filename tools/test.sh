#!/usr/bin/env bash
# Sets up, builds and runs every test (unit tests and app tests under xvfb-run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
bash tools/build.sh -DSATLAB_WERROR=ON
ctest --test-dir build --output-on-failure -j"$(nproc)"
