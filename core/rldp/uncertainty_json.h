/**
 * @file uncertainty_json.h
 * @brief The JSON edge of the uncertainty set F: reading request["uncertainty"] and writing the
 *        response's "uncertainty" object.
 */
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "rldp/uncertainty.h"

namespace privlab::rldp {

/**
 * Reads request["uncertainty"] (absent -> the point {P-hat}): "point", "simplex",
 * {"alpha":a,"radius":B} or {"alpha":a,"confidence":c} (needs n). Errors name /uncertainty/...
 */
UncertaintySet parse_uncertainty(const nlohmann::json& request, long num_x, std::optional<long long> n);

/// {"kind":"point"|"simplex"} or {"kind":"renyi","alpha","radius"[,"confidence","n"]}.
nlohmann::json to_json(const UncertaintySet& set);

}  // namespace privlab::rldp
