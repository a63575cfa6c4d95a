#!/usr/bin/env bash
# The browser test of the web page (tests/web/web_test.js): Debian's Chromium, headless,
# with its software WebGL, driven by puppeteer-core from npm (which downloads no browser).
# Needs the page built first (bash tools/web.sh --build-only). Screenshots go to
# build-web/test-shots/.
#   bash tools/web_test.sh [--measure]   --measure: also print sizes, load time, frame rate
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --browser
if [ ! -d tests/web/node_modules/puppeteer-core ]; then
  # Exactly the versions of package-lock.json; PUPPETEER_SKIP_DOWNLOAD: the core package
  # fetches no browser anyway, and nothing else may.
  (cd tests/web && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}" node tests/web/web_test.js build-web/site --out build-web/test-shots "$@"
