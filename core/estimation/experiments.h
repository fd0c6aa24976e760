/**
 * @file experiments.h
 * @brief The experiments of the estimation paper as requests of family "estimation":
 *        "parity-bits" (Section 7.1, Figure 3), "adult" (Section 7.2, Figure 4) and
 *        "robustness" (Section 6, Theorem 6 against the realized gap).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"
#include "estimation/experiment_runs.h"  // parity_bits_joint, parity_bits_input

namespace privlab::estimation {

/// Runs the experiment named in request["experiment"].
nlohmann::json run_experiment(const nlohmann::json& request, const Context& context);

}  // namespace privlab::estimation
