/**
 * @file bindings.cpp
 * @brief Embind bindings: the WASM module exposes the dispatcher and nothing else.
 *        solve(requestJson) -> responseJson; solveWithProgress(requestJson, fn(fraction, stage));
 *        version(); limits() (api::limits: the core's limits the page checks). See wasm/privlab.d.ts.
 *
 * The request and the response cross as bytes, not through Embind's std::string: that copies a
 * Uint8Array one byte at a time in JavaScript and scans a returned string twice (for NULs, then
 * for its end) before decoding it. Here a Uint8Array is copied by TypedArray.set and the response
 * is decoded by TextDecoder from a view of the module's memory: for a 350 KB request and response
 * (evaluate, |X| = 256) that was about a fifth of the solve.
 */
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "privlab/api.h"

namespace {
using emscripten::val;

/// The request's UTF-8 text: a string through Embind's conversion, bytes (Uint8Array, Int8Array,
/// Uint8ClampedArray or an ArrayBuffer, as Embind took them) by one TypedArray.set.
std::string request_text(const val& request) {
  if (request.isString()) return request.as<std::string>();
  const val bytes_type = val::global("Uint8Array");
  val bytes = request;
  if (request.instanceof (val::global("ArrayBuffer")))
    bytes = bytes_type.new_(request);
  else if (request.instanceof (val::global("Int8Array")) || request.instanceof (val::global("Uint8ClampedArray")))
    bytes = bytes_type.new_(request["buffer"], request["byteOffset"], request["byteLength"]);
  else if (!request.instanceof (bytes_type))
    val::global("TypeError").new_(std::string("privlab: the request must be a string or a Uint8Array")).throw_();
  std::string text(bytes["length"].as<std::size_t>(), '\0');
  val(emscripten::typed_memory_view(text.size(), reinterpret_cast<unsigned char*>(text.data())))
      .call<void>("set", bytes);
  return text;
}

/// The response as a JavaScript string, decoded straight from the module's memory.
val response_text(const std::string& json) {
  static const val decoder = val::global("TextDecoder").new_();
  return decoder.call<val>(
      "decode", val(emscripten::typed_memory_view(json.size(), reinterpret_cast<const unsigned char*>(json.data()))));
}

val solve(const val& request) { return response_text(privlab::api::solve_json(request_text(request))); }

val solve_with_progress(const val& request, val callback) {
  const std::string text = request_text(request);
  return response_text(privlab::api::solve(text, [&callback](double fraction, const std::string& stage) {
                         callback(fraction, stage);
                       }).json);
}
}  // namespace

EMSCRIPTEN_BINDINGS(privlab) {
  emscripten::function("solve", &solve);
  emscripten::function("solveWithProgress", &solve_with_progress);
  emscripten::function("version", &privlab::api::version);
  emscripten::function("limits", &privlab::api::limits);
}
