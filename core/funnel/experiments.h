/**
 * @file experiments.h
 * @brief The paper's experiments as requests of family "funnel" (format: HELPER_BRIEF / README):
 *        "ldp-vs-lip" (Section VIII-A, Figure 3), "adult" (VIII-C, Figures 5 and 8),
 *        "grr-vs-cr" (VIII-D/E, Figures 6 and 7). Core has no clock: time is measured by the
 *        caller (privlab bench / the CLI); the rows report vertex and LP sizes instead.
 */
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/context.h"
#include "json/experiment_units.h"

namespace privlab::funnel {

/// Dispatches on request["experiment"]; bad_request("unknown_experiment", "/experiment") else.
nlohmann::json run_experiment(const nlohmann::json& request, const Context& context);

/// Shared parameter readers of the experiments (bad_request naming the field).
long integer_or(const nlohmann::json& request, const std::string& key, long lo, long hi, long fallback);
std::vector<double> epsilons_or(const nlohmann::json& request, std::vector<double> fallback);
std::uint64_t seed_of(const nlohmann::json& request);

/// Figure 3 as units (json/experiment_units.h): one per distribution.
units::Plan experiment_ldp_vs_lip(const nlohmann::json& request);
nlohmann::json experiment_adult(const nlohmann::json& request, const Context& context);
nlohmann::json experiment_grr_vs_cr(const nlohmann::json& request, const Context& context);

}  // namespace privlab::funnel
