/**
 * @file design_json.h
 * @brief The JSON edge of an rldp mechanism: its metrics and a designed mechanism as response
 *        fields, written once for the JSON handler and the Python module (python/).
 */
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "privlab/rldp.h"

namespace privlab::rldp {

/// The metrics of a mechanism q the response reports, designed or evaluated (one place):
/// "mutual_information", "nmi", "epsilon" under P-hat, "robust_epsilon(_exact)" over F and the
/// "robust_epsilon_witness" attaining it, "uncertainty", "projection" (Renyi balls) and "true"
/// under P* when `truth` is given.
nlohmann::json metrics_json(const Matrix& q, const Joint& joint, const UncertaintySet& set, const Metrics& metrics,
                            const std::optional<Joint>& truth);

/// "ldp_epsilon" (Definition 2) and "simplex_epsilon" (Proposition 3) of a mechanism: in the
/// "evaluate" response and the Python dicts, not in a mechanism request's response.
nlohmann::json worst_case_json(const Metrics& metrics);

/// A mechanism request's response: metrics_json plus "family", "mechanism_name", "mechanism",
/// "output_size", "epsilon_design", "audit" and "details" (core/rldp/README.md).
nlohmann::json design_json(const Design& design, Mechanism mechanism, double epsilon, const Joint& joint,
                           const UncertaintySet& set, const std::optional<Joint>& truth);

}  // namespace privlab::rldp
