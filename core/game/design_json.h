/**
 * @file design_json.h
 * @brief The JSON edge of a game mechanism: its evaluation and an audited design as response
 *        fields, written once for the JSON handler and the Python module (python/).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "privlab/game.h"

namespace privlab::game {

/// {"variables", "constraints", "nonzeros"} of an LP.
nlohmann::json size_json(const LpSize& size);

/// The fields of a mechanism p [o][s] every response reports, designed or evaluated (one place):
/// "family", "mechanism", "cost" (11), "worst_cost", "attack" (19), "adversary_error" (7),
/// "bayes_error" (25), "epsilon", "feasibility_threshold", "prior", "observation_probability",
/// "posterior" [o][s].
nlohmann::json measure_json(const Matrix& p, const GameInputs& in, const Evaluation& evaluation);

/// What a design adds to measure_json: "mechanism_name", "objective", "lp" (sizes, rounds,
/// lower_bound, gap, exact, method), "repair_mix", the levels, "shadow_price", "approximation"
/// and the audits ("audit", "audit_within_threshold", "audit_distortion").
nlohmann::json design_json(const AuditedDesign& design, const DesignOptions& options, const GameInputs& in);

}  // namespace privlab::game
