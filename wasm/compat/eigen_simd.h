// Included first in every core file of the WASM build with PRIVLAB_WASM_SIMD (cmake/wasm.cmake,
// -include): Eigen 3.4's SSE2 packets through Emscripten's SSE-to-wasm-SIMD headers (issue 29).
// Eigen reads clang as GCC 4.2 and then takes x86 inline asm for pmin/pmax, which wasm cannot
// assemble; read as GCC 7 it uses the intrinsics, and the empty register-spill hints that GCC >= 6
// gets ("+x,m" asm with no instruction) are dropped. Scoped to Eigen: both are restored after it
// (core/common/linalg.h's own #include <Eigen/Dense> is then a no-op).
#pragma once
#pragma push_macro("__GNUC__")
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wbuiltin-macro-redefined"
#undef __GNUC__
#define __GNUC__ 7
#define __asm__(...)
#include <Eigen/Dense>
#undef __asm__
#pragma clang diagnostic pop
#pragma pop_macro("__GNUC__")
