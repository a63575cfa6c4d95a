#!/usr/bin/env bash
# Builds the scene-loader fuzz target with clang (libFuzzer + ASan + UBSan) and runs it.
#   tools/fuzz.sh [SECONDS]      default 60; uses one core (-jobs=1 -workers=1)
# Optional: installs clang and libclang-rt-14-dev (Debian 12) itself when missing, so
# tools/setup.sh stays free of them. Seeds: scenes/**.json and tests/scene/data/*.json;
# the growing corpus lives in build-fuzz/corpus, crashes land in build-fuzz/artifacts/.
# Turn every crash into a fixture in tests/scene/data/ and a test (docs/hardening.md).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"

packages=(clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz: installing ${missing[*]}"
  as_root=()
  if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DSATLAB_FUZZ=ON \
  -DSATLAB_BUILD_APP=OFF -DSATLAB_BUILD_TESTS=OFF -DSATLAB_BUILD_BENCH=OFF
cmake --build build-fuzz --target fuzz_scene_loader -j2

mkdir -p build-fuzz/corpus build-fuzz/seeds build-fuzz/artifacts
find scenes tests/scene/data tests/export/data -name '*.json' -exec cp {} build-fuzz/seeds/ \;
# From inside build-fuzz: with -jobs, libFuzzer writes its log to fuzz-0.log in the
# current folder. The summary (runs, coverage, crashes) is at the end of that log.
cd build-fuzz
./tests/fuzz/fuzz_scene_loader corpus seeds -dict=../tests/fuzz/scene.dict -max_len=4096 \
  -max_total_time="$seconds" -jobs=1 -workers=1 -artifact_prefix=artifacts/ -print_final_stats=1 || status=$?
tail -n 8 fuzz-0.log
ls artifacts/
exit "${status:-0}"
