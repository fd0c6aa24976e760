#!/usr/bin/env bash
# The include rule of core/ (docs/architecture.md), checked on the #include lines:
#   1. only the dispatcher's folder core/api/ includes "api/..." (no arrow back up from a family,
#      or from a lower layer, into the dispatcher);
#   2. the JSON layer core/json/ includes only itself and core/common/ (it knows no family);
#   3. the lower layers common, json, model, metrics, audit, solvers include no family
#      (rldp, rldp_mse, funnel, estimation, game, evaluate) and not the dispatcher;
#   4. the typed public headers core/include/privlab/ include no JSON header (api.h is text);
#   6. the bottom layer core/common/ includes only common/ and system or Eigen headers: nothing
#      above it (no privlab/, json/, nlohmann/, model/, ...);
#   5. a JSON header (<nlohmann/...> or "json/...") is included only by the JSON edge (request
#      readers, response writers, handlers, the experiment drivers experiments*.* that read
#      parameters and write rows, and their readers experiment_setup.* / experiment_support.*)
#      or by a file on the KNOWN_JSON list: computation files that still carry JSON from before
#      the typed core (issue 14). An experiment's computations, <family>/experiment_runs.*, are
#      never edge, whatever the patterns below match. KNOWN_JSON may only shrink: a file leaving
#      it fails this check until it is removed from the list.
#   7. a user of the typed C++ API (examples/cpp/*.cpp) includes only the public headers
#      "privlab/..." (and system headers): every type it needs is declared there or in a header
#      they include (examples/cpp/build_installed.sh compiles each public header alone).
# Usage: bash scripts/check-includes.sh [ROOT]. Exits 1 naming every offending line.
set -uo pipefail
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$ROOT/core" || exit 2
fail=0
bad() { echo "include rule: $*"; fail=1; }
FAMILIES='rldp|rldp_mse|funnel|estimation|game|evaluate'
LOWER='common|json|model|metrics|audit|solvers'

# The JSON edge: files whose job is reading requests or writing responses.
is_edge() {
  case $1 in
    */experiment_runs.*) return 1 ;;  # the typed computations of an experiment (issue 14)
    api/*|json/*) return 0 ;;
    */handler.*|*_handler.*|*/request.*|*/request_fields.*) return 0 ;;
    */experiments*.*|*/experiment_setup.*|*/experiment_support.*|json/experiment_units.*) return 0 ;;
    evaluate/evaluated_mechanism.*) return 0 ;;
    *_json.h|*_json.cpp) return 0 ;;
  esac
  return 1
}
# Computation files that still include a JSON header (to be emptied by the typed-core work).
KNOWN_JSON=(
)

re_include='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^>"]+)[>"]'
while IFS= read -r hit; do
  file=${hit%%:*}
  line=${hit#*:}
  [[ $line =~ $re_include ]] || continue
  target=${BASH_REMATCH[1]}
  dir=${file%%/*}
  tdir=${target%%/*}
  if [ "$tdir" = api ] && [ "$dir" != api ]; then bad "$file -> $target (only core/api/ includes api/)"; fi
  if [ "$dir" = json ] && [[ $target == */* ]] && [[ $target != json/* && $target != common/* && $target != nlohmann/* ]]; then
    bad "$file -> $target (core/json/ includes only json/ and common/)"
  fi
  if [[ $dir =~ ^($LOWER)$ ]] && [[ $tdir =~ ^($FAMILIES|api)$ ]]; then
    bad "$file -> $target (a lower layer includes a family or the dispatcher)"
  fi
  if [ "$dir" = common ] && [[ $target == */* ]] && [[ $target != common/* && $target != Eigen/* ]]; then
    bad "$file -> $target (core/common/ is the bottom layer: it includes only common/)"
  fi
  if [ "$dir" = include ] && [[ $target == nlohmann/* || $target == json/* ]]; then
    bad "$file -> $target (public headers are JSON-free)"
  fi
  if [[ $target == nlohmann/* || $target == json/* ]] && ! is_edge "$file"; then
    if [[ " ${KNOWN_JSON[*]-} " != *" $file "* ]]; then bad "$file -> $target (a computation file includes JSON)"; fi
  fi
done < <(find . \( -name '*.h' -o -name '*.cpp' \) -print0 | sed -z 's#^\./##' | sort -z |
         xargs -0 grep -HE '^[[:space:]]*#[[:space:]]*include')

# A file on KNOWN_JSON that no longer includes JSON must leave the list (it only shrinks).
for f in "${KNOWN_JSON[@]+"${KNOWN_JSON[@]}"}"; do
  [ -f "$f" ] || { bad "KNOWN_JSON lists $f, which does not exist"; continue; }
  grep -qE '#[[:space:]]*include[[:space:]]*[<"](nlohmann/|json/)' "$f" || bad "$f no longer includes JSON: remove it from KNOWN_JSON"
done
# 7. users of the typed API include only public headers.
while IFS= read -r hit; do
  file=${hit%%:*}
  line=${hit#*:}
  [[ $line =~ $re_include ]] || continue
  target=${BASH_REMATCH[1]}
  if [[ $line == *'"'* ]] && [[ $target != privlab/* ]]; then bad "$file -> $target (a user includes only \"privlab/...\" headers)"; fi
done < <(cd "$ROOT" && grep -HE '^[[:space:]]*#[[:space:]]*include' examples/cpp/*.cpp)

[ $fail = 0 ] && echo "include rule: ok (${#KNOWN_JSON[@]} computation files still include JSON)"
exit $fail
