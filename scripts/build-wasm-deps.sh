#!/usr/bin/env bash
# Builds GLPK and cddlib as static WebAssembly libraries from Debian's source packages.
# Output: $BUILD/wasm-deps/prefix/{include,lib}. Each library is built once; a stamp file
# makes re-runs skip it (CI caches the whole build directory) while it holds the same flags.
# -flto: the objects are LLVM bitcode, optimised with the module at its link, so that calls
# across the libraries' files are inlined. cddlib's floating-point arithmetic is one tiny
# function per operation (ddd_add, ddd_mul ... in cddmp.c, called from the double description's
# inner loops); V8 does not inline WebAssembly calls, and without LTO those calls took 70 % of
# funnel opt-LDP's time (issue 29, docs/results/page.md "Point 8, fifth pass").
set -euo pipefail
BUILD=${1:-build}
DEPS=$(realpath -m "$BUILD/wasm-deps")
PREFIX=$DEPS/prefix
CFLAGS_WASM="-O2 -flto"
mkdir -p "$DEPS/src" "$PREFIX"

built() {  # $1 = library: true when its stamp records the current flags
  [ -f "$DEPS/$1.stamp" ] && [ "$(cat "$DEPS/$1.stamp")" = "$CFLAGS_WASM" ]
}

fetch_source() {   # $1 = Debian source package; prints the unpacked directory
  local pkg=$1
  local dir
  dir=$(find "$DEPS/src" -maxdepth 1 -mindepth 1 -type d -name "$pkg-*" | head -n1)
  if [ -z "$dir" ]; then
    # apt-get source fetches .dsc, orig tarball and Debian patches, then unpacks. When the
    # archive lacks the small debian.tar.xz (seen for cddlib 094m-1), unpack the package's own
    # upstream tarball: the Debian patches only touch packaging.
    if ! (cd "$DEPS/src" && apt-get source -q "$pkg" >/dev/null 2>"$DEPS/src/$pkg.apt.log"); then
      local orig
      orig=$(find "$DEPS/src" -maxdepth 1 -name "${pkg}_*.orig.tar.*" ! -name "*.asc" | head -n1)
      [ -n "$orig" ] || { cat "$DEPS/src/$pkg.apt.log" >&2; exit 1; }
      echo "[wasm-deps] $pkg: Debian patches unavailable, unpacking $(basename "$orig")" >&2
      tar -xf "$orig" -C "$DEPS/src"
    fi
    dir=$(find "$DEPS/src" -maxdepth 1 -mindepth 1 -type d -name "$pkg-*" | head -n1)
  fi
  echo "$dir"
}

build_glpk() {
  built glpk && return 0
  local src; src=$(fetch_source glpk)
  echo "[wasm-deps] building GLPK from $src"
  (cd "$src" && make distclean >/dev/null 2>&1 || true
   emconfigure ./configure --host=wasm32-unknown-none --prefix="$PREFIX" \
       --disable-shared --enable-static --without-gmp --disable-dl --disable-odbc --disable-mysql \
       CFLAGS="$CFLAGS_WASM" >/dev/null
   emmake make -j"$(nproc)" -C src >/dev/null 2>&1
   emmake make -C src install >/dev/null)
  echo "$CFLAGS_WASM" > "$DEPS/glpk.stamp"
}

build_cddlib() {
  built cddlib && return 0
  local src; src=$(fetch_source cddlib)
  echo "[wasm-deps] building cddlib (floating-point libcdd) from $src"
  # The upstream tarball ships no generated configure; libcdd is seven C files with no
  # configuration, so compile lib-src directly (as its Makefile.am does, with -UGMPRATIONAL).
  local obj="$DEPS/cddlib-obj"
  mkdir -p "$obj" "$PREFIX/lib" "$PREFIX/include/cddlib"
  for f in cddcore cddio cddlib cddlp cddmp cddproj setoper; do
    emcc $CFLAGS_WASM -w -UGMPRATIONAL -c "$src/lib-src/$f.c" -o "$obj/$f.o"
  done
  rm -f "$PREFIX/lib/libcdd.a"
  emar rcs "$PREFIX/lib/libcdd.a" "$obj"/*.o
  cp "$src"/lib-src/{cdd.h,cddmp.h,cddtypes.h,setoper.h,splitmix64.h} "$PREFIX/include/cddlib/"
  echo "$CFLAGS_WASM" > "$DEPS/cddlib.stamp"
}

build_glpk
build_cddlib
echo "[wasm-deps] ready in $PREFIX"
