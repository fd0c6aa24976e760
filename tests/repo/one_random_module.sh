#!/usr/bin/env bash
# One random module (core/common/random.h): no other file of core/ draws variates on its own.
# Its guarantee (the same bits natively and in WASM) holds only for draws made through it, so a
# second sampler, a std:: distribution (implementation-defined: libstdc++ and libc++ differ), a
# hand-made uniform from the engine's bits or a second portable logarithm fails here, naming the
# line. Exits 1 on a hit. Usage: bash tests/repo/one_random_module.sh [ROOT]
set -uo pipefail
cd "${1:-$(dirname "$0")/../..}" || exit 2
pattern='std::[a-z_]+_distribution|>> *11\) *\* *0x1\.0p-53|(rng|engine|engine_)\(\) *%|det_math|class +Sampler\b'
hits=$(grep -rnE "$pattern" core --include='*.h' --include='*.cpp' | grep -v '^core/common/random\.' || true)
files=$(find core -name 'random.*' -o -name 'sampling.*' -o -name 'det_math*' | grep -v '^core/common/random\.' || true)
if [ -n "$hits$files" ]; then
  echo "one random module: draw through core/common/random.h instead of:"
  [ -n "$hits" ] && echo "$hits"
  [ -n "$files" ] && echo "$files"
  exit 1
fi
echo "one random module: ok (every variate in core/ is drawn through core/common/random.h)"
