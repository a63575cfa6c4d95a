#!/usr/bin/env bash
# Builds satlab's libFuzzer targets with clang (libFuzzer + ASan + UBSan) in build-fuzz/
# and runs them. docs/hardening.md describes the targets and what each one checks.
#
#   tools/fuzz.sh [TARGET] [SECONDS]  fuzz one target on one core (-jobs=1 -workers=1);
#                                     TARGET: fuzz_scene_loader (default), fuzz_pairs,
#                                     fuzz_check, fuzz_view, fuzz_mesh, fuzz_recording,
#                                     fuzz_plain_import, fuzz_mesh_files;
#                                     SECONDS default 60.
#                                     `tools/fuzz.sh 600` fuzzes the loader for 600 s.
#   tools/fuzz.sh --ci                build every target, then ctest -L fuzz: replay every
#                                     corpus and finding, and fuzz each target briefly
#                                     (SATLAB_FUZZ_SECONDS, default 20 s); non-zero exit on
#                                     any finding (tools/test.sh runs this).
#   tools/fuzz.sh --merge TARGET      minimise build-fuzz/work/TARGET/corpus together with the
#                                     kept corpus into tests/fuzz/corpus/TARGET (-merge=1).
#
# Installs clang and libclang-rt-14-dev (Debian 12) itself when missing, as root or with
# sudo; tools/setup.sh does not need them. The growing corpus of a long run lives in
# build-fuzz/work/TARGET/corpus (seeded from tests/fuzz/corpus/TARGET and every shipped
# scene and fixture); crashes land in build-fuzz/work/TARGET/artifacts/.
# Turn every crash into a fixture (docs/hardening.md, "When the fuzzer finds something").
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(fuzz_scene_loader fuzz_pairs fuzz_check fuzz_view fuzz_mesh fuzz_recording fuzz_plain_import fuzz_mesh_files)
mode=run
target=fuzz_scene_loader
seconds=60
case "${1:-}" in
  --ci) mode=ci ;;
  --merge)
    mode=merge
    target="${2:?usage: tools/fuzz.sh --merge TARGET}"
    ;;
  '') ;;
  *[!0-9]*)
    target="$1"
    seconds="${2:-60}"
    ;;
  *) seconds="$1" ;;
esac
if [ "$mode" != ci ] && [[ ! " ${targets[*]} " =~ " ${target} " ]]; then
  echo "fuzz: unknown target '$target' (one of: ${targets[*]})" >&2
  exit 2
fi

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

launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# Line tables only (-g1), as the main build: a finding's stack still names its lines, and the
# sanitized build takes a good part less.
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DSATLAB_FUZZ=ON -DSATLAB_WERROR=ON \
  -DSATLAB_BUILD_APP=OFF -DSATLAB_BUILD_TESTS=OFF -DSATLAB_BUILD_BENCH=OFF "${launcher[@]}" \
  -DSATLAB_FUZZ_SECONDS="${SATLAB_FUZZ_SECONDS:-20}" >/dev/null
jobs="$(nproc)"

if [ "$mode" = ci ]; then
  start=$(date +%s)
  cmake --build build-fuzz --target "${targets[@]}" -j"$jobs"
  echo "fuzz: built ${targets[*]} in $(($(date +%s) - start)) s"
  # Each test uses one core; ctest's summary is the last thing printed.
  exec ctest --test-dir build-fuzz -L fuzz --output-on-failure -j"$jobs"
fi

cmake --build build-fuzz --target "$target" fuzz_decode -j"$jobs"
work="build-fuzz/work/$target"
kept="tests/fuzz/corpus/$target"
mkdir -p "$work/corpus" "$work/artifacts" "$kept"

if [ "$mode" = merge ]; then
  # -merge=1 keeps the smallest set of inputs that covers all the features of both. The
  # merged folder starts with the shipped scenes and fixtures (which every run reads as
  # seeds anyway), so only inputs that reach further than they do are kept.
  merged="$work/merged"
  rm -rf "$merged"
  mkdir -p "$merged"
  find scenes tests/document/data tests/export/data -name '*.json' -size -4097c |
    while read -r f; do cp "$f" "$merged/seed-$(echo "$f" | tr / _)"; done
  # Candidates: inputs up to SATLAB_FUZZ_KEEP_BYTES (default 128) only, so that the corpus
  # kept in the repository stays small (the long runs' inputs go up to 4 KiB; the short
  # runs grow them again from these).
  candidates="$work/candidates"
  rm -rf "$candidates"
  mkdir -p "$candidates"
  find "$kept" "$work/corpus" -type f -size -"$((${SATLAB_FUZZ_KEEP_BYTES:-128} + 1))"c -exec cp {} "$candidates/" \;
  "build-fuzz/tests/fuzz/$target" -merge=1 -max_len=4096 -timeout=10 "$merged" "$candidates" 2>&1 | tail -n 3
  rm -f "$merged"/seed-*
  find "$kept" -type f -delete
  cp "$merged"/* "$kept"/ 2>/dev/null || true
  echo "fuzz: $kept: $(find "$kept" -type f | wc -l) inputs, $(find "$kept" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}') bytes"
  exit 0
fi

# Seeds: the kept corpus, and every shipped scene and fixture (the text path of every
# target; inputs longer than -max_len are cut by libFuzzer).
mkdir -p "$work/seeds"
find scenes tests/document/data tests/export/data \( -name '*.json' -o -name '*.jsonl' \) -exec cp {} "$work/seeds/" \;
seeds=("$kept" "$work/seeds")
# From inside the work folder: with -jobs, libFuzzer writes its log to fuzz-0.log in the
# current folder. The summary (runs, coverage, crashes) is at the end of that log.
cd "$work"
status=0
"../../tests/fuzz/$target" corpus "${seeds[@]/#/../../../}" -dict=../../../tests/fuzz/scene.dict -max_len=4096 \
  -timeout=10 -max_total_time="$seconds" -jobs=1 -workers=1 -artifact_prefix=artifacts/ -print_final_stats=1 ||
  status=$?
tail -n 8 fuzz-0.log
echo "fuzz: $target: corpus $(find corpus -type f | wc -l) inputs, $(find corpus -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}') bytes; artifacts:"
ls artifacts/
exit "$status"
