#!/usr/bin/env bash
# Formats the C++ sources with clang-format and the repository's .clang-format:
#   bash scripts/format.sh            rewrite every file in place
#   bash scripts/format.sh --check    change nothing; exit 1 naming each file that is not formatted
# Files: every .h/.cpp under core/, cli/, wasm/, python/, tests/ and examples/cpp/ that git
# tracks or would track (new files not yet added count too: a check before `git add` once missed
# one). scripts/test runs the check once the tree has been formatted (the marker file
# .formatted at the root says so).
set -uo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
command -v "$CLANG_FORMAT" >/dev/null || { echo "format: $CLANG_FORMAT not found (Debian: apt-get install clang-format)"; exit 2; }
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- 'core/*.h' 'core/*.cpp' 'cli/*.h' 'cli/*.cpp' 'wasm/*.h' 'wasm/*.cpp' \
  'python/*.h' 'python/*.cpp' 'tests/*.h' 'tests/*.cpp' 'examples/cpp/*.h' 'examples/cpp/*.cpp')
if [ "${1:-}" = --check ]; then
  bad=0
  for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    if ! "$CLANG_FORMAT" --style=file "$f" | cmp -s - "$f"; then echo "format: $f is not formatted"; bad=$((bad+1)); fi
  done
  if [ $bad -gt 0 ]; then echo "format: $bad of ${#files[@]} files differ (bash scripts/format.sh rewrites them)"; exit 1; fi
  echo "format: ok (${#files[@]} files)"
  exit 0
fi
"$CLANG_FORMAT" --style=file -i "${files[@]}"
echo "format: formatted ${#files[@]} files"
