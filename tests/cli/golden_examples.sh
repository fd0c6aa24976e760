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
#   PRIVLAB=build/bin/privlab bash tests/cli/golden_examples.sh           # compare
#   PRIVLAB=build/bin/privlab bash tests/cli/golden_examples.sh --update  # rewrite the fixtures
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
update=0; [ "${1:-}" = --update ] && update=1
pass=0; fail=0; skipped=0
mkdir -p "$GOLDEN"
for f in "$ROOT"/examples/*.json; do
  name=$(basename "$f" .json)
  if [[ " ${SLOW[*]} " == *" $name "* ]]; then skipped=$((skipped+1)); continue; fi
  got=$("$PRIVLAB" solve "$f" | "$PYTHON" "$NORMALIZE"); code=${PIPESTATUS[0]}
  if [ $update = 1 ]; then
    if [ $code = 0 ]; then printf '%s\n' "$got" > "$GOLDEN/$name.json"; pass=$((pass+1))
    else fail=$((fail+1)); echo "FAIL $name: exit $code"; fi
    continue
  fi
  if [ ! -f "$GOLDEN/$name.json" ]; then fail=$((fail+1)); echo "FAIL $name: no fixture $GOLDEN/$name.json"; continue; fi
  if [ $code = 0 ] && [ "$got" = "$(cat "$GOLDEN/$name.json")" ]; then pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL $name: exit $code, response differs from tests/fixtures/golden/$name.json:"
    diff <(printf '%s\n' "$got") "$GOLDEN/$name.json" | head -20
  fi
done
echo "golden: $pass passed, $fail failed, $skipped slow examples skipped"
[ $fail = 0 ]
