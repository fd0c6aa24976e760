/**
 * @file context.h
 * @brief What a family handler receives besides its request: a progress sink.
 *
 * Long computations (experiments, large LPs) call report(fraction, stage) now and then; the CLI
 * prints it, the WASM worker posts it to the page. Handlers must work with the default no-op.
 */
#pragma once
#include <functional>
#include <string>

namespace privlab {

/// Receives (fraction done in [0,1], stage description) during long requests. The bottom layer
/// defines it; privlab/api.h passes the same type to its callers.
using ProgressFn = std::function<void(double fraction, const std::string& stage)>;

struct Context {
  ProgressFn progress;  ///< may be empty
  void report(double fraction, const std::string& stage) const {
    if (progress) progress(fraction, stage);
  }
};

}  // namespace privlab
