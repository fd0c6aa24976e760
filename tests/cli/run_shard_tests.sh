#!/usr/bin/env bash
# Experiments in pieces (docs/json-api.md): for each family's cheapest experiment,
# the unsharded run, the merge of 3 shards and the run on 2 threads write the same bytes
# (NAME.json, NAME.csv, every SVG); a rerun of a complete shard is skipped; merge refuses
# missing, duplicate and foreign parts and names them. Run by CTest with PRIVLAB set.
set -uo pipefail
PRIVLAB=${PRIVLAB:-build/bin/privlab}
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { pass=$((pass+1)); }
ko() { fail=$((fail+1)); echo "FAIL $*"; }

same_files() {  # dir_a dir_b name: every NAME.* file of a equal in b (and the same set)
  local a=$1 b=$2 name=$3 f
  [ "$(cd "$a" && ls "$name".json "$name".csv "$name"-*.svg 2>/dev/null)" = "$(cd "$b" && ls "$name".json "$name".csv "$name"-*.svg 2>/dev/null)" ] || return 1
  for f in "$a/$name".json "$a/$name".csv "$a/$name"-*.svg; do
    [ -e "$f" ] || continue
    cmp -s "$f" "$b/$(basename "$f")" || { echo "  differs: $(basename "$f")"; return 1; }
  done
}

# family name args...: whole (--jobs 1), 3 shards merged, --jobs 2 -> same bytes.
check_family() {
  local family=$1 name=$2; shift 2
  local d="$tmp/$family-$name" i
  "$PRIVLAB" experiment "$family" "$name" "$@" --jobs 1 --out "$d/whole" >/dev/null 2>&1 || { ko "$family $name: whole run failed"; return; }
  [ -s "$d/whole/$name.json" ] || { ko "$family $name: no $name.json"; return; }
  for i in 0 1 2; do
    "$PRIVLAB" experiment "$family" "$name" "$@" --shard "$i/3" --jobs 1 --out "$d/part$i" >/dev/null 2>&1 || ko "$family $name: shard $i/3 failed"
  done
  "$PRIVLAB" merge --out "$d/merged" "$d/part0" "$d/part1" "$d/part2" >/dev/null 2>&1 || { ko "$family $name: merge failed"; return; }
  if same_files "$d/whole" "$d/merged" "$name"; then ok; else ko "$family $name: merged 3 shards differ from the whole run"; fi
  "$PRIVLAB" experiment "$family" "$name" "$@" --jobs 2 --out "$d/jobs2" >/dev/null 2>&1 || { ko "$family $name: --jobs 2 failed"; return; }
  if same_files "$d/whole" "$d/jobs2" "$name"; then ok; else ko "$family $name: --jobs 2 differs from --jobs 1"; fi
}

check_family rldp-mse figure2a --set K=3
check_family rldp-mse figure2cd --set K=2 --set 'N_values=[10,100]' --set 'problems=["nunp","nurp"]'
check_family rldp synthetic_nmi --set K=2 --set 'shape=[2,2]' --set 'epsilons=[0.5,1]'
check_family funnel ldp-vs-lip --set a=3 --set c=2 --set trials=4 --set 'epsilons=[0.25,1]' --set seed=5
check_family estimation parity-bits --set theta_steps=5
check_family game scenario1 --set 'grid={"rows":3,"cols":3,"cell_km":1}' --set users=3 --set 'epsilons=[0.3,0.9]' --set seed=3
# The RLDP Adult experiment (Figure 2): one unit per (pair, epsilon), on a few records.
cat > "$tmp/adult.data" <<'CSV'
39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K
50, Self-emp-not-inc, 83311, Bachelors, 13, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 13, United-States, <=50K
38, Private, 215646, HS-grad, 9, Divorced, Handlers-cleaners, Not-in-family, White, Male, 0, 0, 40, United-States, <=50K
53, Private, 234721, 11th, 7, Married-civ-spouse, Handlers-cleaners, Husband, Black, Male, 0, 0, 40, United-States, <=50K
28, Private, 338409, Bachelors, 13, Married-civ-spouse, Prof-specialty, Wife, Black, Female, 0, 0, 40, Cuba, <=50K
37, Private, 284582, Masters, 14, Married-civ-spouse, Exec-managerial, Wife, White, Female, 0, 0, 40, United-States, <=50K
CSV
check_family rldp adult --data "$tmp/adult.data" --set 'pairs=[["sex","race"],["race","sex"]]' --set 'epsilons=[0.5,1,2]'
count=$("$PRIVLAB" experiment rldp adult --data "$tmp/adult.data" --set 'pairs=[["sex","race"],["race","sex"]]' --set 'epsilons=[0.5,1,2]' --shard 0/6 --out "$tmp/adult-count" >/dev/null 2>&1;
        node -e 'const p=JSON.parse(require("fs").readFileSync(process.argv[1]));console.log(p.unit_count ?? p.units.length)' "$tmp/adult-count/adult.part-0-of-6.json" 2>&1)
if [ "$count" = 6 ]; then ok; else ko "rldp adult: unit count '$count' (want 2 pairs x 3 epsilons = 6)"; fi

# Split and seeds: the shards hold disjoint units covering all, and 3 shards of figure2a hold
# one instance each (units = instances).
d="$tmp/rldp-mse-figure2a"
units=$(node -e 'const fs=require("fs");const u=[];for(const i of [0,1,2]){const p=JSON.parse(fs.readFileSync(process.argv[1]+"/part"+i+"/figure2a.part-"+i+"-of-3.json"));u.push(...p.units)}console.log(u.sort().join(","))' "$d" 2>&1)
if [ "$units" = "0,1,2" ]; then ok; else ko "shard units: '$units' (want 0,1,2)"; fi

# Resume: a complete shard is not recomputed.
before=$(stat -c %Y.%s "$d/part1/figure2a.part-1-of-3.json"); sleep 1
err=$("$PRIVLAB" experiment rldp-mse figure2a --set K=3 --shard 1/3 --out "$d/part1" 2>&1 >/dev/null); code=$?
after=$(stat -c %Y.%s "$d/part1/figure2a.part-1-of-3.json")
if [ $code = 0 ] && [[ $err == *"already complete"* ]] && [ "$before" = "$after" ]; then ok; else ko "resume: exit $code, '$err', $before -> $after"; fi

# Refusals, each naming what is wrong.
refuse() {  # label, expected text in stderr, merge args...
  local label=$1 want=$2 err code; shift 2
  err=$("$PRIVLAB" merge --out "$tmp/refused" "$@" 2>&1 >/dev/null); code=$?
  if [ $code = 2 ] && [[ $err == *"$want"* ]] && [ ! -e "$tmp/refused/figure2a.json" ]; then ok; else ko "refuse $label: exit $code, '$err' (want '$want')"; fi
}
refuse "missing shard" "missing shard 1/3" "$d/part0" "$d/part2"
refuse "duplicate shard" "duplicate shard 2/3" "$d/part0" "$d/part1" "$d/part2" "$d/part2"
"$PRIVLAB" experiment rldp-mse figure2a --set K=3 --set seed=2 --shard 1/3 --out "$tmp/other" >/dev/null 2>&1
refuse "other request" "different request" "$d/part0" "$tmp/other" "$d/part2"
"$PRIVLAB" experiment rldp-mse figure2a --set K=3 --shard 1/2 --out "$tmp/other2" >/dev/null 2>&1
refuse "other shard count" "different shard counts" "$d/part0" "$tmp/other2" "$d/part2"
head -c 100 "$d/part1/figure2a.part-1-of-3.json" > "$tmp/cut.part-1-of-3.json"
refuse "truncated part" "not a complete privlab part file" "$d/part0" "$tmp/cut.part-1-of-3.json" "$d/part2"
mkdir -p "$tmp/empty"; refuse "no parts" "no part files" "$tmp/empty"

# Bad --shard / --jobs values are refused with exit 2.
for bad in "--shard 3/3" "--shard x" "--shard -1/2" "--jobs 0"; do
  # shellcheck disable=SC2086
  "$PRIVLAB" experiment rldp-mse figure2a --set K=1 $bad --out "$tmp/bad" >/dev/null 2>&1; code=$?
  if [ $code = 2 ]; then ok; else ko "option $bad: exit $code (want 2)"; fi
done

echo "shards: $pass passed, $fail failed"
[ $fail = 0 ]
