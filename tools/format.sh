#!/usr/bin/env bash
# Formats satlab's C++ sources with the root .clang-format, or checks that they are.
#   tools/format.sh           rewrite every file that is not formatted
#   tools/format.sh --check   change nothing; list the files that are not formatted and
#                             exit 1 if there are any (tools/test.sh runs this)
# The files: every .cpp, .hpp and .h under app/, src/, tests/ and bench/. The style is
# clang-format 14's, the Debian 12 package (installed by tools/setup.sh); another version
# may format some constructs differently.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
if [[ "${1:-}" == "--check" ]]; then check=1; fi
formatter=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z "$formatter" ]]; then
  echo "format: clang-format is not installed (Debian 12: apt-get install clang-format)" >&2
  exit 2
fi
mapfile -t files < <(find app src tests bench \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) -type f | sort)
if (( check == 0 )); then
  "$formatter" -i "${files[@]}"
  echo "format: ${#files[@]} files formatted with $("$formatter" --version | head -n 1)"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  if ! "$formatter" "$f" | cmp -s - "$f"; then bad+=("$f"); fi
done
if (( ${#bad[@]} > 0 )); then
  echo "format: ${#bad[@]} of ${#files[@]} files are not formatted (run tools/format.sh):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "format: all ${#files[@]} files are formatted"
