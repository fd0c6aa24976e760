#!/usr/bin/env bash
# The repository stands on its own: no tracked file refers to the workspace folder beside it
# (../shared: the papers' texts, notes, spec and data it was built from). What the project reads
# lives in docs/ (errata.md, json-api.md, papers.md) and data/. Exits 1 naming every hit.
# Usage: bash tests/repo/self_contained.sh [ROOT]
set -uo pipefail
cd "${1:-$(dirname "$0")/../..}" || exit 2
needle='\.\./shared|shared/(notes|spec|papers|data)/|paper-notes\.md|cli-contract\.md'
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "self-contained: not a git work tree; checking every file instead"
  hits=$(grep -rnE "$needle" --exclude-dir=build --exclude-dir=node_modules --exclude-dir=.git \
         --exclude=self_contained.sh . || true)
else
  hits=$(git ls-files -z | grep -zv '^tests/repo/self_contained.sh$' | xargs -0 grep -nE "$needle" -- 2>/dev/null || true)
fi
if [ -n "$hits" ]; then
  echo "self-contained: these lines point outside the repository (use docs/errata.md, docs/json-api.md, docs/papers.md, data/):"
  echo "$hits"
  exit 1
fi
echo "self-contained: ok (no file refers to ../shared, paper-notes.md or cli-contract.md)"
