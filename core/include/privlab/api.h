/**
 * @file api.h
 * @brief The one public entry point of privlab: a JSON request in, a JSON response out.
 *
 * Every shell (the CLI, the WASM module, the benchmark runner) calls only this. The request and
 * response formats are documented in docs/api.md; the fixed names are in docs/json-api.md.
 */
#pragma once
#include <string>

#include "common/context.h"

namespace privlab::api {

/// Process exit codes shared by every shell (CLI contract: 0 ok, 2 bad request, 3 solver failure).
enum ExitCode { kOk = 0, kBadRequest = 2, kSolverFailure = 3 };

struct Outcome {
  std::string json;  ///< the response, or {"error":{"code","message","path"}}
  int exit_code = kOk;
};

/// Receives (fraction done in [0,1], stage description) during long requests (common/context.h).
using ProgressFn = privlab::ProgressFn;

/// Parses, validates and answers one request. Never throws. `progress` may be empty.
Outcome solve(const std::string& request_json, const ProgressFn& progress = {});

/// solve(...).json: the form the WASM module exposes.
std::string solve_json(const std::string& request_json);

/// Library version string.
std::string version();

/// The limits of the core that the page checks before it solves (JSON text; core/api/limits.cpp):
/// each value is read from the constant the core itself enforces, so the page, which reads them
/// from the WASM module, never repeats a number.
std::string limits();

}  // namespace privlab::api
