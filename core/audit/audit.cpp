/**
 * @file audit.cpp
 * @brief Column-stochasticity and re-measured privacy of a mechanism.
 */
#include "audit/audit.h"

#include <cmath>
#include <sstream>

#include "common/error.h"

namespace privlab::audit {

Report audit_mechanism(const Matrix& q, const Claim& claim) {
  Report report;
  report.claim = claim;
  if (q.size() == 0) solver_failure("audit_failed", "the mechanism is empty");
  report.min_entry = q.minCoeff();
  report.max_column_error = (q.colwise().sum().array() - 1.0).abs().maxCoeff();
  if (!q.allFinite() || report.min_entry < -kColumnTolerance || report.max_column_error > kColumnTolerance) {
    std::ostringstream msg;
    msg << "mechanism columns are not distributions (max |column sum - 1| = " << report.max_column_error
        << ", min entry = " << report.min_entry << ")";
    solver_failure("audit_failed", msg.str());
  }
  if (!(claim.measured <= claim.epsilon + kEpsilonTolerance)) {
    std::ostringstream msg;
    msg << "re-measured " << claim.guarantee << " epsilon " << claim.measured << " exceeds the designed "
        << claim.epsilon;
    solver_failure("audit_failed", msg.str());
  }
  report.verified = true;
  return report;
}

}  // namespace privlab::audit
