/**
 * @file design_json.h
 * @brief The JSON edge of a funnel protocol: its metrics and a design as response fields,
 *        written once for the JSON handler and the Python module (python/).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "privlab/funnel.h"

namespace privlab::funnel {

/// The metrics of a protocol under one distribution: "mutual_information", "nmi", "entropy_x",
/// "leakage", "lip" (27), "ldp" (1), "ldp_input" (2) and, with attributes, "srlip" (22) and
/// "srlip_witness".
nlohmann::json metrics_json(const Metrics& metrics);

/// A mechanism request's response without the request's sample size and "true": metrics_json
/// plus "family", "mechanism_name", "mechanism", "input", "epsilon", "metric", "audit", the
/// design's "polytope", calibration ("alpha", ...), "output_sets", "per_attribute", "simplex"
/// and "notes" (core/funnel/README.md).
nlohmann::json design_json(const Design& design, Mechanism mechanism, double epsilon, Target target,
                           const Matrix& joint);

}  // namespace privlab::funnel
