#!/usr/bin/env bash
# CTest example_cpp: installs privlab from BUILD into PREFIX (cmake --install), builds
# examples/cpp against that prefix with find_package(privlab) as a user would, and runs the
# three examples (each exits non-zero when its numbers are not the paper's).
#   bash examples/cpp/build_installed.sh BUILD PREFIX
set -euo pipefail
build=$1
prefix=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$prefix" "$prefix-examples"
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S "$here" -B "$prefix-examples" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix-examples" -j2 >/dev/null
for example in design_rldp design_game design_funnel; do
  echo "== $example"
  "$prefix-examples/$example"
done
