/**
 * @file experiments.h
 * @brief The experiments of [mse Section V]: Figure 2a/2b (eps* against D* for K instances at one
 *        n) and Figure 2c/2d (mean +- 1 sd of eps* and D* against n after 1.5 IQR outlier
 *        removal). P* ~ Dirichlet(1/2) on S x U, P-hat from n samples, F at level 1 - alpha.
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"
#include "rldp_mse/experiment_runs.h"  // Setup, summarize_iqr

namespace privlab::rldp_mse {

/// Names of the experiments: "figure2a" (n = 75), "figure2b" (n = 15000), "figure2cd".
bool is_experiment(const std::string& name);

/// Runs request["experiment"]; parameters and response as in README.md.
nlohmann::json run_experiment(const nlohmann::json& request, const Context& context);

}  // namespace privlab::rldp_mse
