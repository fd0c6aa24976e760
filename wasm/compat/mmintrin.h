// Emscripten 3.1.6 (Debian 12) ships no <mmintrin.h>, which Eigen includes whenever __SSE2__ is
// defined (Eigen/src/Core/util/ConfigureVectorization.h); Eigen uses no MMX intrinsic, so the SSE
// header (Emscripten's, lowered to wasm SIMD) stands in. Only on the include path of the WASM build
// with PRIVLAB_WASM_SIMD (cmake/wasm.cmake).
#pragma once
#include <xmmintrin.h>
