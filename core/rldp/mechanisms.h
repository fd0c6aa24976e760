/**
 * @file mechanisms.h
 * @brief Designing an RLDP mechanism by name, with the privacy claim its audit will check.
 */
#pragma once
#include <string>

#include "audit/audit.h"
#include "model/joint.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

struct Designed {
  Matrix mechanism;     ///< [y][x], x = s*|U| + u
  audit::Claim claim;   ///< what the mechanism guarantees, re-measured from the matrix
};

/// The mechanism names the "rldp" family accepts (contract order).
const std::vector<std::string>& mechanism_names();

/// Builds mechanism `name` for P-hat = joint at level epsilon over the set F.
Designed design_mechanism(const std::string& name, const JointDistribution& joint, double epsilon,
                          const UncertaintySet& set);

}  // namespace privlab::rldp
