#!/usr/bin/env bash
# Installs the Debian 12 packages satlab needs to build, run and test. Idempotent: when
# everything is present it installs nothing. Needs root (or sudo) only when something is
# missing.
set -euo pipefail

# git is not listed: nothing in the build, the tests or the app runs it, and a checkout
# exported with `git archive` (or unpacked from a tarball) builds and tests the same.
packages=(
  build-essential cmake ninja-build pkg-config
  libglfw3-dev libglm-dev libimgui-dev python3-glad nlohmann-json3-dev libstb-dev
  libcli11-dev libgtest-dev libbenchmark-dev
  libgl1-mesa-dri libglx-mesa0 libgl-dev
  xvfb xauth fonts-dejavu-core
  clang-format
  libassimp-dev libqhull-dev libfcl-dev
  libbullet-dev libbox2d-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages are installed."
  exit 0
fi

echo "setup: missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: installing them needs root. Run as root:" >&2
  echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: installed ${missing[*]}"
