# WebAssembly build (emcmake): the dispatcher behind Embind, linked against GLPK and cddlib
# compiled from Debian source packages by scripts/build-wasm-deps.sh. Never -I/usr/include here:
# only the header-only libraries' own folders are exposed, through WASM_INCLUDE.
set(WASM_DEPS_PREFIX "" CACHE PATH "prefix of GLPK/cddlib built for wasm")
set(WASM_INCLUDE "" CACHE PATH "folder with links to header-only libraries (boost, nlohmann)")
target_include_directories(privlab_core SYSTEM PUBLIC
  ${WASM_DEPS_PREFIX}/include ${WASM_DEPS_PREFIX}/include/cddlib /usr/include/eigen3 ${WASM_INCLUDE})
target_link_libraries(privlab_core PUBLIC ${WASM_DEPS_PREFIX}/lib/libglpk.a ${WASM_DEPS_PREFIX}/lib/libcdd.a)
# C++ exceptions: native WebAssembly exception handling (-fwasm-exceptions; Chromium and Node 20
# run it) or Emscripten's emulation (-fexceptions: every call that may unwind goes through a
# JavaScript invoke_* trampoline). Native exceptions: a 17 % smaller module, the page's first solve
# a third faster, bench-wasm's median ratio to native 1.47 -> 1.31 (docs/results/page.md, issue 29
# point 8; browsers: Chrome 95, Firefox 100, Safari 15.2 and later). GLPK and cddlib are plain C built without either and need no rebuild: the GLPK objects
# that call setjmp (its file readers and MathProg) are not linked (the module imports no invoke_*),
# and unwinding through C frames that have nothing to clean up works in both modes.
option(PRIVLAB_WASM_EH "native wasm exceptions (-fwasm-exceptions) instead of -fexceptions" ON)
if(PRIVLAB_WASM_EH)
  set(PRIVLAB_WASM_EXCEPTIONS -fwasm-exceptions)
else()
  set(PRIVLAB_WASM_EXCEPTIONS -fexceptions)
endif()
target_compile_options(privlab_core PUBLIC ${PRIVLAB_WASM_EXCEPTIONS})
# WebAssembly SIMD (issue 29): Eigen's SSE2 packets through Emscripten's SSE-to-wasm-SIMD headers
# (-msse2 defines __SSE2__; -msimd128 lowers the intrinsics to wasm SIMD, which Chromium and
# Node 20 run). Emscripten 3.1.6 lacks <mmintrin.h> (wasm/compat has a stand-in) and Eigen needs
# to be read as GCC 7 without its asm hints (wasm/compat/eigen_simd.h, included first). Off: measured
# no faster (docs/results/page.md): scripts/bench-wasm.mjs median ratio 1.52 against 1.31 plain (28
# and 19 above 1.5x), on 2026-11-27 1.44 against 1.47 (28 and 30); 64 x 64 SVDs 6.8 against 6.2 ms.
option(PRIVLAB_WASM_SIMD "wasm SIMD for Eigen (-msimd128 -msse2)" OFF)
if(PRIVLAB_WASM_SIMD)
  target_compile_options(privlab_core PUBLIC -msimd128 -msse2)
  target_include_directories(privlab_core BEFORE PUBLIC ${CMAKE_SOURCE_DIR}/wasm/compat)
  target_compile_options(privlab_core PUBLIC "SHELL:-include ${CMAKE_SOURCE_DIR}/wasm/compat/eigen_simd.h")
  target_link_options(privlab_core PUBLIC -msimd128)
endif()

# Emscripten's prebuilt libc++ keeps std::string's members out of line, down to
# char_traits::assign: every push_back of nlohmann's lexer was a chain of calls. Without the
# extern templates they are compiled, and inlined, in our own objects.
target_compile_definitions(privlab_core PRIVATE _LIBCPP_DISABLE_EXTERN_TEMPLATE)
# musl's strtod computes in software 128-bit long double: 45 of the 55 ms of a 340 KB request
# (issue 29, point 8). --wrap sends every strtod call to wasm/strtod_first_exact.cpp.
foreach(flavour IN ITEMS web node single)
  add_executable(privlab_${flavour} ${CMAKE_SOURCE_DIR}/wasm/bindings.cpp ${CMAKE_SOURCE_DIR}/wasm/strtod_first_exact.cpp)
  target_link_libraries(privlab_${flavour} PRIVATE privlab_core)
  set_target_properties(privlab_${flavour} PROPERTIES OUTPUT_NAME privlab_${flavour} SUFFIX ".js")
  target_link_options(privlab_${flavour} PRIVATE --bind ${PRIVLAB_WASM_EXCEPTIONS} -O2 -sMODULARIZE=1
    -sEXPORT_NAME=createPrivlab -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -Wl,--wrap=strtod)
endforeach()
target_link_options(privlab_web PRIVATE -sENVIRONMENT=web,worker)
# The self-contained page (one HTML file that opens from file://) carries the binary inside the JS.
target_link_options(privlab_single PRIVATE -sENVIRONMENT=web,worker -sSINGLE_FILE=1)
target_link_options(privlab_node PRIVATE -sENVIRONMENT=node)
# The repository's package.json says "type": "module"; the Node glue is CommonJS.
set_target_properties(privlab_node PROPERTIES SUFFIX ".cjs")
