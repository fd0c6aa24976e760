/**
 * @file audit.h
 * @brief The audit every returned mechanism passes before it leaves core.
 *
 * Two checks: (1) every column is a probability distribution, (2) the privacy level the caller
 * claims is re-measured from the matrix alone (a metrics:: function, never the solver's own
 * bookkeeping) and must not exceed the claim. A failed audit is a solver failure (exit 3): a
 * guarantee that was not verified is never reported.
 */
#pragma once
#include <string>

#include "common/linalg.h"

namespace privlab::audit {

constexpr double kColumnTolerance = 1e-9;   ///< |sum_y Q(y,x) - 1| and -min Q allowed
constexpr double kEpsilonTolerance = 1e-7;  ///< measured <= claimed + this

struct Claim {
  std::string guarantee;  ///< e.g. "ldp", "rldp-simplex", "rldp-point"
  double epsilon = 0;     ///< the level the mechanism was designed for
  double measured = 0;    ///< the level re-measured from the matrix by a metrics:: function
};

struct Report {
  double max_column_error = 0;  ///< max_x |sum_y Q(y,x) - 1|
  double min_entry = 0;
  Claim claim;
  bool verified = false;
};

/// Runs both checks; throws solver_failure("audit_failed") when either fails.
Report audit_mechanism(const Matrix& q, const Claim& claim);

/// The response's "audit" object: to_json in audit/audit_json.h (the JSON edge).

}  // namespace privlab::audit
