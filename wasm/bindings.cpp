/**
 * @file bindings.cpp
 * @brief Embind bindings: the WASM module exposes the dispatcher and nothing else.
 *        solve(requestJson) -> responseJson; solveWithProgress(requestJson, fn(fraction, stage));
 *        version(); limits() (api::limits: the core's limits the page checks). See wasm/privlab.d.ts.
 */
#include <emscripten/bind.h>

#include "privlab/api.h"

namespace {
std::string solve_with_progress(const std::string& request, emscripten::val callback) {
  return privlab::api::solve(request,
                             [&callback](double fraction, const std::string& stage) { callback(fraction, stage); })
      .json;
}
}  // namespace

EMSCRIPTEN_BINDINGS(privlab) {
  emscripten::function("solve", &privlab::api::solve_json);
  emscripten::function("solveWithProgress", &solve_with_progress);
  emscripten::function("version", &privlab::api::version);
  emscripten::function("limits", &privlab::api::limits);
}
