#!/usr/bin/env bash
# CLI contract tests (docs/json-api.md): exit codes 0/2/3, error objects naming the
# offending field, stdin input, and every scenario file in examples/ solving with exit 0.
# Run by CTest with PRIVLAB pointing at the built tool.
set -uo pipefail
PRIVLAB=${PRIVLAB:-build/bin/privlab}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
pass=0; fail=0

check() {  # name, expected exit, expected error path (or "-" for success), request text
  local name=$1 want_exit=$2 want_path=$3 request=$4 out code
  out=$(printf '%s' "$request" | "$PRIVLAB" solve - 2>/dev/null); code=$?
  local got_path
  got_path=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{const j=JSON.parse(s);console.log(j.error?j.error.path:"-")}catch(e){console.log("unparseable")}})')
  if [ "$code" = "$want_exit" ] && [ "$got_path" = "$want_path" ]; then pass=$((pass+1))
  else fail=$((fail+1)); echo "FAIL $name: exit $code (want $want_exit), path '$got_path' (want '$want_path'): $out"; fi
}

R='"family":"rldp","mechanism":"srr"'
check "ok srr"            0 "-"           "{$R,\"joint\":[[0.07,0.10],[0.26,0.57]],\"epsilon\":0.69}"
check "ok counts"         0 "-"           "{$R,\"joint\":[[7,10],[26,57]],\"epsilon\":0.69,\"uncertainty\":{\"alpha\":2,\"confidence\":0.95}}"
check "malformed json"    2 ""            "{\"family\":"
check "not an object"     2 ""            "[1,2,3]"
check "unknown family"    2 "/family"     "{\"family\":\"x\"}"
check "missing joint"     2 "/joint"      "{$R,\"epsilon\":1}"
check "negative eps"      2 "/epsilon"    "{$R,\"joint\":[[0.5,0.5]],\"epsilon\":-0.1}"
check "negative mass"     2 "/joint/1/0"  "{$R,\"joint\":[[0.5,0.5],[-0.1,0.1]],\"epsilon\":1}"
check "string cell"       2 "/joint/0/1"  "{$R,\"joint\":[[0.5,\"a\"]],\"epsilon\":1}"
check "ragged"            2 "/joint/1"    "{$R,\"joint\":[[0.5,0.5],[0.1]],\"epsilon\":1}"
check "not distribution"  2 "/joint"      "{$R,\"joint\":[[0.5,0.4]],\"epsilon\":1}"
check "empty alphabet"    2 "/joint/0"    "{$R,\"joint\":[[]],\"epsilon\":1}"
check "empty table"       2 "/joint"      "{$R,\"joint\":[],\"epsilon\":1}"
check "bad mechanism"     2 "/mechanism"  "{\"family\":\"rldp\",\"mechanism\":\"zzz\",\"joint\":[[1]],\"epsilon\":1}"
check "conf without n"    2 "/n"          "{$R,\"joint\":[[0.5,0.5]],\"epsilon\":1,\"uncertainty\":{\"alpha\":2,\"confidence\":0.9}}"
check "bad confidence"    2 "/uncertainty/confidence" "{$R,\"joint\":[[0.5,0.5]],\"epsilon\":1,\"n\":5,\"uncertainty\":{\"alpha\":2,\"confidence\":1.5}}"
check "true shape"        2 "/true_joint" "{$R,\"joint\":[[0.5,0.5]],\"epsilon\":1,\"true_joint\":[[1]]}"
check "too large"         2 "/joint"      "{$R,\"joint\":[$(printf '[1,1],%.0s' $(seq 1 70))[1,1]],\"epsilon\":1}"

# Issue 13: no input terminates the process; every error is exit 2/3 with valid UTF-8 JSON.
check_code() {  # name, expected exit, expected error code, request bytes (from a file)
  local name=$1 want_exit=$2 want_code=$3 file=$4 out code got
  out=$("$PRIVLAB" solve - < "$file" 2>/dev/null); code=$?
  got=$(printf '%s' "$out" | node -e 'let s="";process.stdin.setEncoding("latin1");process.stdin.on("data",d=>s+=d).on("end",()=>{const b=Buffer.from(s,"latin1");try{new TextDecoder("utf-8",{fatal:true}).decode(b);const j=JSON.parse(b.toString("utf8"));console.log(j.error?j.error.code:"-")}catch(e){console.log("invalid: "+e.message)}})')
  if [ "$code" = "$want_exit" ] && [ "$got" = "$want_code" ]; then pass=$((pass+1))
  else fail=$((fail+1)); echo "FAIL $name: exit $code (want $want_exit), code '$got' (want '$want_code'): ${out:0:200}"; fi
}
t13=$(mktemp -d)
printf '{"family":"rl\xffdp"}' > "$t13/1a"
check_code "issue13 repro 1: invalid UTF-8 bytes" 2 malformed_json "$t13/1a"
printf '{"family":"%s"}' "$(printf 'é%.0s' $(seq 1 30))" > "$t13/1b"
check_code "issue13 repro 1: message cuts a character" 2 unknown_value "$t13/1b"
printf '1e999' > "$t13/2a"
check_code "issue13 repro 2: 1e999 alone" 2 number_out_of_range "$t13/2a"
check "issue13 repro 2: 1e999 in a field" 2 "/epsilon" "{$R,\"joint\":[[0.5,0.5]],\"epsilon\":1e999}"
{ printf '{"family":"rldp","mechanism":"srr","epsilon":1,"joint":'; head -c 100000 /dev/zero | tr '\0' '['; } > "$t13/3"
check_code "issue13 repro 3: nesting depth 100000" 2 too_deep "$t13/3"
printf '{"family":"rldp","mechanism":"srr","epsilon":%s}' "$(printf '[%.0s' $(seq 1 70))1$(printf ']%.0s' $(seq 1 70))" > "$t13/3b"
check_code "issue13 repro 3: nesting beyond the limit" 2 too_deep "$t13/3b"
for fam in estimation rldp rldp-mse; do
  case $fam in rldp) design='"mechanism":"srr","epsilon":1,' ;; rldp-mse) design='"problem":"nunp","epsilon":1,' ;; *) design='' ;; esac
  printf '{"family":"%s",%s"joint":[[1e308,1e308],[1,1]]}' "$fam" "$design" > "$t13/4"
  check_code "issue13 repro 4: count overflow ($fam)" 2 count_overflow "$t13/4"
done
rm -rf "$t13"
# "evaluate" (issue 15): any family answers for a given matrix; bad matrices name the field.
E='"family":"rldp","joint":[[0.3,0.2],[0.1,0.4]],"uncertainty":"simplex"'
check "evaluate ok"         0 "-"              "{$E,\"evaluate\":[[0.5,0.5,0.5,0.5],[0.5,0.5,0.5,0.5]]}"
check "evaluate ragged"     2 "/evaluate/1"    "{$E,\"evaluate\":[[0.5,0.5,0.5,0.5],[0.5,0.5,0.5]]}"
check "evaluate inputs"     2 "/evaluate/0"    "{$E,\"evaluate\":[[0.5,0.5,0.5],[0.5,0.5,0.5]]}"
check "evaluate negative"   2 "/evaluate/1/2"  "{$E,\"evaluate\":[[0.5,0.5,1.5,0.5],[0.5,0.5,-0.5,0.5]]}"
check "evaluate NaN"        2 "/evaluate/0/0"  "{$E,\"evaluate\":[[\"NaN\",0.5,0.5,0.5],[0.5,0.5,0.5,0.5]]}"
check "evaluate column sum" 2 "/evaluate/0/3"  "{$E,\"evaluate\":[[0.5,0.5,0.5,0.5],[0.5,0.5,0.5,0.50001]]}"
check "evaluate mse"        0 "-"              '{"family":"rldp-mse","joint":[[0.25,0.25],[0.25,0.25]],"uncertainty":{"radius":0.01},"evaluate":[[1,0,1,0],[0,1,0,1]]}'
check "evaluate funnel"     0 "-"              '{"family":"funnel","joint":[[0.5,0],[0,0.5]],"evaluate":[[0.75,0.25],[0.25,0.75]],"compare_optimal":true}'
check "evaluate estimation" 0 "-"              '{"family":"estimation","joint":[[0.3,0.2],[0.1,0.4]],"evaluate":[[1,0],[0,1]]}'
check "evaluate game"       0 "-"              '{"family":"game","prior":[0.5,0.5],"utility_loss":"hamming","distance":[[0,1],[1,0]],"evaluate":[[0.75,0.25],[0.25,0.75]],"compare_optimal":true}'
check "evaluate game shape" 2 "/evaluate/0"    '{"family":"game","prior":[0.5,0.5],"utility_loss":"hamming","distance":[[0,1],[1,0]],"evaluate":[[1,1,1]]}'

# A missing file is a bad request too.
out=$("$PRIVLAB" solve /nonexistent.json); code=$?
if [ $code = 2 ] && [[ $out == *unreadable_file* ]]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL missing file: $code $out"; fi

# Every scenario file solves, within 60 s (the page loads them; full-size paper experiments
# belong to `privlab experiment`, not to examples/).
for f in "$ROOT"/examples/*.json; do
  out=$(timeout 60 "$PRIVLAB" solve "$f"); code=$?
  top_error=$(printf '%s' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log("error" in JSON.parse(s)?"yes":"no")}catch(e){console.log("unparseable")}})')
  if [ $code = 0 ] && [ "$top_error" = no ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL example $(basename "$f"): exit $code, error: $top_error: ${out:0:300}"; fi
done

# `privlab experiment` writes the experiment's JSON, CSV and one SVG per plot; an unknown
# experiment is a bad request. `privlab bench` writes its report where --out says.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$PRIVLAB" experiment rldp-mse figure2a --set K=2 --out "$tmp" >/dev/null 2>&1; code=$?
rows=$(node -e 'const j=require(process.argv[1]);console.log(j.rows.length)' "$tmp/figure2a.json" 2>/dev/null)
if [ $code = 0 ] && [ "$rows" = 8 ] && [ -s "$tmp/figure2a.csv" ] && grep -q '<svg' "$tmp/figure2a-1.svg"; then pass=$((pass+1))
else fail=$((fail+1)); echo "FAIL experiment figure2a: exit $code, rows '$rows', files: $(ls "$tmp")"; fi
# A plot with a "filter" draws only its panel's rows (the Adult experiment: one plot per pair).
# Two pairs of 6 data lines: each SVG has one line per mechanism with one point per epsilon.
printf '%s\n' "39, State-gov, 77516, Bachelors, 13, Never-married, Adm-clerical, Not-in-family, White, Male, 2174, 0, 40, United-States, <=50K" \
  "50, Self-emp, 83311, Bachelors, 13, Married-civ-spouse, Exec-managerial, Husband, White, Male, 0, 0, 13, United-States, <=50K" \
  "38, Private, 215646, HS-grad, 9, Divorced, Handlers-cleaners, Not-in-family, Black, Female, 0, 0, 40, United-States, <=50K" \
  "53, Private, 234721, 11th, 7, Married-civ-spouse, Handlers-cleaners, Husband, Black, Male, 0, 0, 40, United-States, <=50K" \
  "28, Private, 338409, Bachelors, 13, Married-civ-spouse, Prof-specialty, Wife, White, Female, 0, 0, 40, Cuba, <=50K" \
  "37, Private, 284582, Masters, 14, Married-civ-spouse, Exec-managerial, Wife, Black, Female, 0, 0, 40, United-States, <=50K" > "$tmp/adult6.data"
"$PRIVLAB" experiment rldp adult --data "$tmp/adult6.data" --set 'pairs=[["sex","race"],["race","sex"]]' \
  --set 'epsilons=[0.5,1,2]' --set 'mechanisms=["grr","srr"]' --out "$tmp" >/dev/null 2>&1; code=$?
points=$(grep -o '<polyline[^>]*points="[^"]*"' "$tmp/adult-1.svg" 2>/dev/null | sed 's/.*points="//; s/"$//' | awk '{print NF}' | sort -u | tr '\n' ' ')
if [ $code = 0 ] && [ "$(grep -c '<polyline' "$tmp/adult-1.svg")" = 2 ] && [ "$points" = "3 " ]; then pass=$((pass+1))
else fail=$((fail+1)); echo "FAIL experiment adult svg: exit $code, polylines $(grep -c '<polyline' "$tmp/adult-1.svg" 2>/dev/null), points per line '$points'"; fi
# Figure 2c/2d: one band per problem, on a log n axis (ticks 200 and 500 exist only on a log axis).
"$PRIVLAB" experiment rldp-mse figure2cd --set K=1 --set 'N_values=[10,100]' --out "$tmp" >/dev/null 2>&1; code=$?
if [ $code = 0 ] && [ "$(grep -c '<polygon' "$tmp/figure2cd-1.svg")" = 4 ] && grep -q '>200</text>' "$tmp/figure2cd-1.svg" && grep -q '>500</text>' "$tmp/figure2cd-1.svg"; then pass=$((pass+1))
else fail=$((fail+1)); echo "FAIL experiment figure2cd svg: exit $code"; fi
out=$("$PRIVLAB" experiment rldp-mse no-such-figure --out "$tmp" 2>/dev/null); code=$?
if [ $code = 2 ] && [[ $out == *no-such-figure* || $out == *experiment* ]]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL unknown experiment: exit $code $out"; fi
"$PRIVLAB" bench --only "rldp-mse/nunp 3x5 (n = 72)" --repeat 2 --out "$tmp/bench.json" >/dev/null; code=$?
report=$(node -e 'const j=require(process.argv[1]);const r=j.results;console.log(r.length===1&&r[0].exit_code===0&&r[0].repeat===2&&r[0].median_ms>0?"ok":JSON.stringify(j))' "$tmp/bench.json" 2>&1)
if [ $code = 0 ] && [ "$report" = ok ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL bench: exit $code $report"; fi

echo "cli: $pass passed, $fail failed"
[ $fail = 0 ]
