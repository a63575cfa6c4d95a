#!/usr/bin/env bash
# satlab in the browser: sets up (Debian packages only), builds the web page into
# build-web/site/ and serves it on localhost, printing the URL.
#   bash tools/web.sh                 set up, build, serve on http://localhost:8080/
#   bash tools/web.sh --port 9000     another port
#   bash tools/web.sh --build-only    set up and build, no server
# The page is build-web/site/ alone (index.html, page.js, satlab.js, satlab.wasm): any
# static web server can host that folder (docs/web.md).
set -euo pipefail
cd "$(dirname "$0")/.."
port=8080
serve=1
while [ $# -gt 0 ]; do
  case "$1" in
    --port) port="$2"; shift 2 ;;
    --build-only) serve=0; shift ;;
    *) echo "web: unknown option $1 (expected --port N or --build-only)" >&2; exit 2 ;;
  esac
done

bash tools/setup.sh --web

# Dear ImGui 1.86, Qhull and GMP (its mini-gmp) from Debian's source packages, never from the repository.
deps=build-web/deps
mkdir -p "$deps"
fetch_source() {  # package, a file the unpacked tree must have
  if ! compgen -G "$deps/$1-*/$2" >/dev/null; then
    echo "web: fetching Debian's source package of $1"
    (cd "$deps" && apt-get source -qq "$1" 2>&1 | grep -v "^W: Download is performed unsandboxed" || true)
    compgen -G "$deps/$1-*/$2" >/dev/null || { echo "web: apt-get source $1 did not unpack $2" >&2; exit 1; }
  fi
}
fetch_source imgui imgui.cpp
fetch_source qhull src/libqhull_r/libqhull_r.c
fetch_source gmp mini-gmp/mini-mpq.c

# Debian's emscripten runs its JS optimizer on Node.js, which must find Debian's acorn
# (a Node.js installed outside Debian does not look in /usr/share/nodejs by itself).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S . -B build-web -G Ninja -DCMAKE_BUILD_TYPE=Release -DSATLAB_WERROR=ON >/dev/null
cmake --build build-web -j"$(nproc)"

site=build-web/site
echo "web: built $site/ ($(du -ch $site/satlab.wasm $site/satlab.js | tail -n1 | cut -f1), \
$(cat $site/satlab.wasm $site/satlab.js | gzip -9 | wc -c | awk '{printf "%.2f MB", $1 / 1048576}') gzipped)"
[ "$serve" -eq 1 ] || exit 0
echo "web: serving $site/ at http://localhost:$port/ (Ctrl+C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
