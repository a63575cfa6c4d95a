#!/usr/bin/env bash
# Sets up, builds and starts satlab on its default scene. Extra arguments go to satlab.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
bash tools/build.sh
exec build/app/satlab "$@"
