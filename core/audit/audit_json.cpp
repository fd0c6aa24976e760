/**
 * @file audit_json.cpp
 * @brief An audit report as JSON (the contract's "audit" fields).
 */
#include "audit/audit_json.h"

#include "json/json_write.h"

namespace privlab::audit {

nlohmann::json to_json(const Report& report) {
  return {{"verified", report.verified},
          {"guarantee", report.claim.guarantee},
          {"designed_epsilon", json_write::real(report.claim.epsilon)},
          {"measured_epsilon", json_write::real(report.claim.measured)},
          {"max_column_error", report.max_column_error},
          {"min_entry", report.min_entry},
          // What "verified" means (issue 28): measured <= designed + tolerance, and every
          // column sums to 1 within column_tolerance with no entry below -column_tolerance.
          {"tolerance", kEpsilonTolerance},
          {"column_tolerance", kColumnTolerance}};
}

}  // namespace privlab::audit
