/**
 * @file mechanisms.h
 * @brief Designing an RLDP mechanism by name, with the privacy claim its audit will check.
 */
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "audit/audit.h"
#include "model/joint.h"
#include "privlab/rldp_options.h"
#include "rldp/independent_reporting.h"
#include "rldp/polyopt.h"
#include "rldp/robust_epsilon.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

/// How a PolyOpt / NR design that double precision could not compute was repaired.
struct Repair {
  std::string reason;
  std::string note;
  std::optional<double> uniform_weight;  ///< mixed with the uniform channel by this weight
  std::optional<double> polyopt_radius;  ///< PolyOpt over the Renyi ball of this (larger) radius
};

/// Mechanism-specific numbers of a design (the response's "details"; only what was set).
struct DesignDetails {
  std::optional<long> vertices;          ///< polyopt/nr: vertices of Gamma-hat (vertex enumeration)
  std::optional<long> constraints;       ///< polyopt/nr: Definition 3 rows used (vertex enumeration)
  std::optional<Optimality> optimality;  ///< polyopt/nr: how (46) was solved, what is proven
  std::optional<double> lp_utility;      ///< polyopt/nr: mu . theta (44)
  std::optional<IrResult> ir;            ///< ir: d, eps1, eps2, delta2 (Theorem 5)
  std::optional<Vector> rad;             ///< ir: Theorem 1's rad_s
  std::optional<bool> rad_exact;
  std::optional<bool> same_s_rows;         ///< polyopt: Definition 3 with s1 = s2 rows or not
  std::optional<Matrix> lower;             ///< polyopt: Theorem 1's lower bounds L
  std::optional<std::string> repair_base;  ///< "computed", "identity", "nr", "polyopt_wider"
  std::optional<Repair> repair;
};

struct Designed {
  Matrix mechanism;                     ///< [y][x], x = s*|U| + u
  audit::Claim claim;                   ///< what the mechanism guarantees, re-measured from the matrix
  DesignDetails details;                ///< mechanism-specific numbers (JSON: rldp/mechanisms_json.h)
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
