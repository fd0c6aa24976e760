/**
 * @file robust_epsilon.h
 * @brief Robust epsilon: max over P in F of the realized epsilon [rldp Definition 1].
 */
#pragma once
#include "model/joint.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

struct RobustEpsilon {
  double value = 0;
  bool exact = true;  ///< false: `value` is a proven upper bound, not the maximum
};

/**
 * F = {P-hat}: the realized epsilon under P-hat (exact).
 * F = simplex: Proposition 3's column-ratio maximum (exact).
 * F = Renyi ball: for now the simplex value, a valid upper bound since F is inside the simplex
 * (flagged exact = false).
 */
RobustEpsilon robust_epsilon(const Matrix& q, const JointDistribution& joint,
                             const UncertaintySet& set);

}  // namespace privlab::rldp
