#!/usr/bin/env bash
# One experiment in 3 shards under GNU parallel (Debian package `parallel`, in scripts/setup),
# merged, compared byte for byte with the unsharded run: the recipe of examples/parallel.sh.
# (-q keeps the arguments quoted through the shell parallel runs them in: problems=["nunp","rurp"].)
set -uo pipefail
PRIVLAB=${PRIVLAB:-build/bin/privlab}
command -v parallel >/dev/null || { echo "FAIL: GNU parallel is not installed (scripts/setup installs it)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
set -- --set K=4 --set 'N_values=[10,100]' --set 'problems=["nunp","rurp"]'
"$PRIVLAB" experiment rldp-mse figure2cd "$@" --jobs 1 --out "$tmp/whole" >/dev/null 2>&1 || { echo "FAIL: whole run"; exit 1; }
parallel --will-cite -q --halt now,fail=1 -j 3 "$PRIVLAB" experiment rldp-mse figure2cd "$@" --jobs 1 \
  --shard {}/3 --out "$tmp/parts/{}" ::: 0 1 2 >/dev/null 2>&1 || { echo "FAIL: parallel shards"; exit 1; }
"$PRIVLAB" merge --out "$tmp/merged" "$tmp"/parts/* >/dev/null 2>&1 || { echo "FAIL: merge"; exit 1; }
fail=0
for f in figure2cd.json figure2cd.csv figure2cd-1.svg figure2cd-2.svg; do
  cmp "$tmp/whole/$f" "$tmp/merged/$f" || fail=1
done
[ $fail = 0 ] && echo "parallel: 3 shards under GNU parallel merge to the unsharded bytes"
exit $fail
