/**
 * @file design_json.h
 * @brief The JSON edge of an rldp-mse mechanism: its measures and a solved problem as response
 *        fields, written once for the JSON handler and the Python module (python/).
 */
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "privlab/rldp_mse.h"

namespace privlab::rldp_mse {

/// The metrics of a mechanism the response reports, designed or evaluated (one place):
/// "family", "mechanism", "values", "distortion" (18), "robust_distortion(_lower)" (22),
/// "worst_case_distribution", "epsilon", "robust_epsilon(_lower)" and its witness,
/// "uncertainty" and "true" under P* when `truth` is given.
nlohmann::json metrics_json(const Evaluation& evaluation, const ChiSquareSet& set, const Vector& values,
                            const std::optional<Joint>& truth);

/// A problem request's response without the request's sample size: metrics_json plus
/// "problem", "epsilon_design", "rounds", "cuts", "converged", "lp_trouble", "lower_bound",
/// "objective", "optimality_gap", "repair" and "audit" (core/rldp_mse/README.md).
nlohmann::json design_json(const Design& design, Problem problem, double epsilon, const ChiSquareSet& set,
                           const Vector& values, const std::optional<Joint>& truth);

}  // namespace privlab::rldp_mse
