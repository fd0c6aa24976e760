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

# Every relative link in the tracked Markdown files resolves to a file or folder of the repository.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mds=$(git ls-files '*.md')
else
  mds=$(find . -name '*.md' -not -path './build/*' -not -path './node_modules/*' -not -path './.git/*')
fi
broken=$(python3 - $mds <<'PY'
import os, re, sys
bad = []
for md in sys.argv[1:]:
    text = open(md, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)      # code blocks
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)     # comments
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        path = target.split("#")[0]
        if not os.path.exists(os.path.normpath(os.path.join(os.path.dirname(md), path))):
            bad.append("%s: %s" % (md, target))
print("\n".join(bad))
PY
)
if [ -n "$broken" ]; then
  echo "self-contained: links that do not resolve:"
  echo "$broken"
  exit 1
fi
echo "self-contained: every relative Markdown link resolves"
