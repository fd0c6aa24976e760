#!/usr/bin/env bash
# Builds build/sanitize with Debian's clang: privlab_fuzz (libFuzzer target on api::solve, see
# tests/fuzz/fuzz_solve.cpp) and privlab_tests, both with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang + libclang-rt-14-dev, in scripts/setup's DEBIAN_PACKAGES).
#   bash scripts/build-fuzzer.sh            build only
#   bash scripts/build-fuzzer.sh run [SEC]  build, replay tests/fuzz/regressions, fuzz SEC seconds
#                                           (default 120) seeded with every examples/*.json and the
#                                           kept regressions, with the dictionary of request keys
#                                           tests/fuzz/request_keys.dict; a crash is written to
#                                           tests/fuzz/regressions/ and fails the run; the final
#                                           stats (execs/s, coverage "cov:") are printed
#   bash scripts/build-fuzzer.sh unit       build, run the C++ unit tests under the sanitizers
set -euo pipefail
cd "$(dirname "$0")/.."
CC_BIN=${FUZZ_CC:-clang}
CXX_BIN=${FUZZ_CXX:-clang++}
JOBS=${JOBS:-2}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B build/sanitize -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1 -DNDEBUG" \
  -DCMAKE_C_COMPILER="$CC_BIN" -DCMAKE_CXX_COMPILER="$CXX_BIN" -DPRIVLAB_SANITIZE=ON "${launcher[@]}" >/dev/null
targets=(privlab_fuzz)
[ "${1:-}" = unit ] && targets=(privlab_tests)
cmake --build build/sanitize -j"$JOBS" --target "${targets[@]}"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/fuzz/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
case "${1:-}" in
  run)
    seconds=${2:-120}
    regressions=tests/fuzz/regressions
    mkdir -p "$regressions" build/sanitize/corpus
    # Seeds: every scenario file (the harness abandons an input after 30 ms of work, so the
    # paper-sized experiments no longer use up the time; issue 28).
    seeds=$(mktemp -d); trap 'rm -rf "$seeds"' EXIT
    cp examples/*.json "$seeds"/
    # 1. every kept finding (and every seed) must now pass
    existing=("$seeds"/*)
    for f in "$regressions"/*; do [ -f "$f" ] && [ "$(basename "$f")" != README.md ] && existing+=("$f"); done
    ./build/sanitize/bin/privlab_fuzz -timeout=120 -rss_limit_mb=2048 "${existing[@]}"
    # 2. fuzz for a bounded time; a crash, sanitizer report or hang beyond -timeout is written to
    #    tests/fuzz/regressions/ (commit it with the fix); slow-but-finishing inputs are not findings
    ./build/sanitize/bin/privlab_fuzz build/sanitize/corpus "$seeds" \
      -max_total_time="$seconds" -timeout=120 -max_len=16384 -rss_limit_mb=2048 \
      -dict=tests/fuzz/request_keys.dict -report_slow_units=100000 -print_final_stats=1 \
      -artifact_prefix="$regressions/"
    ;;
  unit)
    ./build/sanitize/bin/privlab_tests --no-version
    ;;
esac
