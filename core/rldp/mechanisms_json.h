/**
 * @file mechanisms_json.h
 * @brief The JSON edge of an RLDP design: its details as the response's "details" object.
 */
#pragma once
#include <nlohmann/json.hpp>

#include "rldp/mechanisms.h"

namespace privlab::rldp {

/// Only the fields the design set, under the names of core/rldp/README.md ("vertices",
/// "constraints", "lp_utility", "same_s_rows", "lower", "d", "epsilon1", "epsilon2", "delta2",
/// "rad", "rad_exact", "repair_base", "repair": {"uniform_weight" | "polyopt_radius", "reason", "note"}).
nlohmann::json to_json(const DesignDetails& details);

}  // namespace privlab::rldp
