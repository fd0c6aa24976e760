/**
 * @file experiments.h
 * @brief The experiments of the RLDP paper [rldp Section 8] as requests of family "rldp":
 *        {"family":"rldp","experiment":NAME, ...parameters, "seed":k}. Names:
 *        "synthetic_nmi" (Figure 3), "realized_epsilon" (Figure 4), "utility_robustness"
 *        (Figure 5), "beta_sweep" (Table 2), "adult" (Figure 2, needs "data_csv") and "curve"
 *        (all mechanisms against epsilon for one given joint: the page's chart).
 *        Parameters and outputs: core/rldp/README.md.
 */
#pragma once
#include <nlohmann/json.hpp>

#include "common/context.h"

namespace privlab::rldp {

const std::vector<std::string>& experiment_names();

nlohmann::json run_experiment(const nlohmann::json& request, const Context& context);

}  // namespace privlab::rldp
