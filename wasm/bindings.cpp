/**
 * @file bindings.cpp
 * @brief Embind bindings: the WASM module exposes the dispatcher and nothing else.
 *        solve(requestJson) -> responseJson, version() -> string. See wasm/privlab.d.ts.
 */
#include <emscripten/bind.h>

#include "privlab/api.h"

EMSCRIPTEN_BINDINGS(privlab) {
  emscripten::function("solve", &privlab::api::solve_json);
  emscripten::function("version", &privlab::api::version);
}
