/**
 * @file linalg.h
 * @brief Matrix and vector types used across core (Eigen, dense, double).
 *
 * A mechanism is a Matrix indexed (output y, input x): each column is a distribution.
 */
#pragma once
#if defined(__EMSCRIPTEN__) && defined(__SSE2__)
// WASM SIMD (cmake/wasm.cmake PRIVLAB_WASM_SIMD): Eigen 3.4's SSE2 packets through Emscripten's
// SSE-to-wasm-SIMD headers. Eigen reads clang as GCC 4.2 and then takes x86 inline asm for
// pmin/pmax, which wasm cannot assemble; read as GCC 7 it uses the intrinsics, and the empty
// register-spill hints GCC >= 6 adds ("+x,m" asm, no instruction) are dropped. Only for Eigen.
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
#else
#include <Eigen/Dense>
#endif

namespace privlab {
using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
}  // namespace privlab
