#!/usr/bin/env bash
# Golden test (issue 14): every scenario in examples/*.json, solved by the CLI, gives the stored
# response in tests/fixtures/golden/<name>.json, timing fields aside (golden_normalize.py removes
# keys naming a duration). The fixtures were written by the tool before the typed-core refactor,
# so any change of a response (a digit, a key, the order of keys) fails here. Deliberate changes
# since: issue 12 added "lp.method" to the game responses (7 fixtures, that key only), and the
# Appendix C approximation with (24b) rows kept is solved by decomposition from 20 cells
# (game-approximation: same cost to 1e-14, another optimum of the degenerate LP, fewer rows);
# the decomposition's observable generation then changed it once more the same way (and added
# "lp.phase" and "lp.observables").
# Numbers are compared with a relative tolerance (1e-9) and everything else exactly: the same
# keys in the same order, array lengths, strings (golden_normalize.py compare). So a change in
# the 15th digit passes, and a wrong answer or a changed structure fails with its JSON pointer.
#   PRIVLAB=build/bin/privlab bash tests/cli/golden_examples.sh                  # compare all
#   PRIVLAB=build/bin/privlab bash tests/cli/golden_examples.sh --update NAME... # rewrite these
# A fixture is only ever rewritten by name (NAME = the example's file name without .json), and
# the update prints the diff it writes, to be read and committed with its reason: there is no
# bulk update, so a wrong answer cannot be blessed along with a harmless change.
# Run by CTest. Examples slower than about 10 s go in SLOW (skipped, with their time, to keep the
# test fast; tests/cli/run_cli_tests.sh still solves them). On 2026-11-25 every example took
# under 1.2 s (all 50 together about 12 s), so none is skipped. No response of an example
# carries a timing field today either; the normaliser removes them should one appear.
set -uo pipefail
PRIVLAB=${PRIVLAB:-build/bin/privlab}
PYTHON=${PYTHON:-/usr/bin/python3}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GOLDEN=$ROOT/tests/fixtures/golden
NORMALIZE=$ROOT/tests/cli/golden_normalize.py
SLOW=(
)
RTOL=1e-9
mkdir -p "$GOLDEN"
if [ "${1:-}" = --update ]; then
  shift
  [ $# -gt 0 ] || { echo "usage: golden_examples.sh --update NAME... (fixtures are updated by name only)"; exit 2; }
  status=0
  for name in "$@"; do
    name=$(basename "$name" .json)
    f=$ROOT/examples/$name.json
    [ -f "$f" ] || { echo "no example examples/$name.json"; status=2; continue; }
    got=$("$PRIVLAB" solve "$f" | "$PYTHON" "$NORMALIZE"); code=${PIPESTATUS[0]}
    if [ "$code" != 0 ]; then echo "FAIL $name: exit $code, fixture left as it was"; status=1; continue; fi
    if [ -f "$GOLDEN/$name.json" ]; then
      diff -u --label "tests/fixtures/golden/$name.json (old)" --label "tests/fixtures/golden/$name.json (new)" \
        "$GOLDEN/$name.json" <(printf '%s\n' "$got") || true
    else
      echo "new fixture tests/fixtures/golden/$name.json"
    fi
    printf '%s\n' "$got" > "$GOLDEN/$name.json"
    echo "updated tests/fixtures/golden/$name.json"
  done
  exit $status
fi
pass=0; fail=0; skipped=0
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
for f in "$ROOT"/examples/*.json; do
  name=$(basename "$f" .json); out=""
  if [[ " ${SLOW[*]} " == *" $name "* ]]; then skipped=$((skipped+1)); continue; fi
  "$PRIVLAB" solve "$f" | "$PYTHON" "$NORMALIZE" > "$tmp"; code=${PIPESTATUS[0]}
  if [ ! -f "$GOLDEN/$name.json" ]; then fail=$((fail+1)); echo "FAIL $name: no fixture $GOLDEN/$name.json (--update $name writes it)"; continue; fi
  if [ "$code" = 0 ] && out=$("$PYTHON" "$NORMALIZE" compare "$tmp" "$GOLDEN/$name.json" "$RTOL"); then pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL $name: exit $code, response differs from tests/fixtures/golden/$name.json (numbers to $RTOL):"
    printf '%s\n' "${out:-}"
  fi
done
echo "golden: $pass passed, $fail failed, $skipped slow examples skipped"
[ $fail = 0 ]
