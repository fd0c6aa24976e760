/**
 * @file mechanisms.h
 * @brief Designing an RLDP mechanism by name, with the privacy claim its audit will check.
 */
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "audit/audit.h"
#include "model/joint.h"
#include "rldp/design_options.h"
#include "rldp/robust_epsilon.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

struct Designed {
  Matrix mechanism;         ///< [y][x], x = s*|U| + u
  audit::Claim claim;       ///< what the mechanism guarantees, re-measured from the matrix
  nlohmann::json details = nlohmann::json::object();  ///< mechanism-specific numbers
  std::optional<RobustEpsilon> robust;  ///< ir/polyopt: the robust epsilon measured for the claim
};


/// The mechanism names the "rldp" family accepts (contract order).
const std::vector<std::string>& mechanism_names();

/**
 * Builds mechanism `name` for P-hat = joint at level epsilon over the set F. Claims:
 * grr "ldp" (Definition 2); srr "rldp-simplex" (Proposition 3); ir and polyopt "rldp" over F,
 * measured by robust_epsilon (independent of the design); nr "rldp-point" (realized epsilon
 * under P-hat).
 */
Designed design_mechanism(const std::string& name, const JointDistribution& joint, double epsilon,
                          const UncertaintySet& set, const DesignOptions& options = {});

}  // namespace privlab::rldp
