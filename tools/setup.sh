#!/usr/bin/env bash
# Installs the Debian 12 packages satlab needs to build, run and test. Idempotent: when
# everything is present it installs nothing. Needs root (or sudo) only when something is
# missing.
#   --web      also what the browser build needs (tools/web.sh): Debian's emscripten, the
#              node-acorn its JS optimizer uses, and dpkg-dev, which unpacks the Debian
#              source packages of imgui and qhull (a deb-src entry for the system's own
#              suite is added to apt's sources when there is none)
#   --browser  also Debian's Chromium, for the browser test (tests/web/)
set -euo pipefail
web=0
browser=0
for arg in "$@"; do
  case "$arg" in
    --web) web=1 ;;
    --browser) browser=1 ;;
    *) echo "setup: unknown option $arg (expected --web or --browser)" >&2; exit 2 ;;
  esac
done

# git is not listed: nothing in the build, the tests or the app runs it, and a checkout
# exported with `git archive` (or unpacked from a tarball) builds and tests the same.
packages=(
  build-essential cmake ninja-build pkg-config
  libglfw3-dev libglm-dev libimgui-dev python3-glad nlohmann-json3-dev libstb-dev
  libcli11-dev libgtest-dev libbenchmark-dev libboost-dev
  libgl1-mesa-dri libglx-mesa0 libgl-dev
  xvfb xauth fonts-dejavu-core fonts-wqy-microhei
  clang-format
  gettext
  libassimp-dev libqhull-dev libfcl-dev libgmp-dev
  libbullet-dev libbox2d-dev
)
# gettext: xgettext, msgmerge and msgfmt keep po/ in step with the sources (tools/update_po.sh)
# and check the catalogs (tests/i18n).
# python3-fonttools: pyftsubset cuts the CJK font the page embeds down to the characters it needs.
if [ "$web" -eq 1 ]; then packages+=(emscripten node-acorn dpkg-dev python3 python3-fonttools); fi
if [ "$browser" -eq 1 ]; then
  packages+=(chromium)
  # Node.js and npm run the test (puppeteer-core); a Node.js installed another way serves too.
  command -v node >/dev/null 2>&1 || packages+=(nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# The browser build compiles Debian's own source packages of imgui and qhull: apt needs a
# deb-src entry for the suite the system runs (only when there is none yet).
need_src=0
if [ "$web" -eq 1 ] && ! grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  need_src=1
fi

if [ ${#missing[@]} -eq 0 ] && [ "$need_src" -eq 0 ]; then
  echo "setup: all ${#packages[@]} Debian packages are installed."
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: this needs root. Run as root:" >&2
  [ ${#missing[@]} -gt 0 ] && echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  [ "$need_src" -eq 1 ] && echo "  and add a deb-src entry for your suite to /etc/apt/sources.list.d/" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if [ "$need_src" -eq 1 ]; then
  # The same archive and suite as the system's own packages.
  suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
  uri=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/debian.sources | head -n1 | awk '{print $2}')
  [ -n "$uri" ] || uri=$(grep -hsE "^deb [^ ]+ $suite " /etc/apt/sources.list | head -n1 | awk '{print $2}')
  [ -n "$uri" ] || uri=http://deb.debian.org/debian
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$uri" "$suite" | "${as_root[@]}" tee /etc/apt/sources.list.d/satlab-deb-src.sources >/dev/null
  echo "setup: added a deb-src entry for $suite ($uri)"
fi
"${as_root[@]}" apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: missing Debian packages: ${missing[*]}"
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  echo "setup: installed ${missing[*]}"
fi
