/**
 * @file robust_epsilon.cpp
 * @brief max over F of the realized epsilon, exact where known, else a flagged upper bound.
 */
#include "rldp/robust_epsilon.h"

#include "metrics/privacy_loss.h"

namespace privlab::rldp {

RobustEpsilon robust_epsilon(const Matrix& q, const JointDistribution& joint,
                             const UncertaintySet& set) {
  switch (set.kind) {
    case UncertaintySet::Kind::kPoint:
      return {metrics::realized_epsilon(q, joint), true};
    case UncertaintySet::Kind::kSimplex:
      return {metrics::simplex_rldp_epsilon(q, joint.num_s(), joint.num_u()), true};
    default:
      return {metrics::simplex_rldp_epsilon(q, joint.num_s(), joint.num_u()), false};
  }
}

}  // namespace privlab::rldp
