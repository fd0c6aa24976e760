#!/usr/bin/env bash
# CTest example_cpp: installs privlab from BUILD into PREFIX (cmake --install), builds
# examples/cpp against that prefix with find_package(privlab) as a user would, and runs the
# three examples (each exits non-zero when its numbers are not the paper's). Before that, every
# installed public header PREFIX/include/privlab/*.h is compiled alone, as the only include of a
# file, with privlab::core's usage requirements (each header is self-sufficient).
#   bash examples/cpp/build_installed.sh BUILD PREFIX
set -euo pipefail
build=$1
prefix=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$prefix" "$prefix-examples" "$prefix-headers"
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S "$here" -B "$prefix-examples" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$prefix-examples" -j2 >/dev/null
headers="$prefix-headers"
mkdir -p "$headers"
sources=()
for h in "$prefix"/include/privlab/*.h; do
  name=$(basename "$h" .h)
  echo "#include \"privlab/$name.h\"" > "$headers/only_$name.cpp"
  sources+=("only_$name.cpp")
done
printf '%s\n' "cmake_minimum_required(VERSION 3.20)" "project(privlab_public_headers LANGUAGES C CXX)" \
  "find_package(privlab REQUIRED CONFIG)" "add_library(public_headers OBJECT ${sources[*]})" \
  "target_link_libraries(public_headers PRIVATE privlab::core)" > "$headers/CMakeLists.txt"
cmake -S "$headers" -B "$headers/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$headers/build" -j2 >/dev/null
echo "== ${#sources[@]} public headers compile alone"
for example in design_rldp design_game design_funnel; do
  echo "== $example"
  "$prefix-examples/$example"
done
