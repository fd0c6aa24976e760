/**
 * @file work_budget.cpp
 * @brief The work guard shared by every family's experiments (work_budget.h).
 */
#include "common/work_budget.h"

#include <sstream>

#include "common/error.h"

namespace privlab::work {

double budget_seconds(bool allow_large) { return allow_large ? kLargeSeconds : kBrowserSeconds; }

void guard(double estimated_seconds, bool allow_large, const std::string& field, const std::string& what) {
  const double budget = budget_seconds(allow_large);
  if (estimated_seconds <= budget) return;
  std::ostringstream msg;
  msg.precision(3);
  msg << what << ": about " << estimated_seconds << " s of computation (estimated), over the "
      << (allow_large ? "native" : "browser") << " budget of " << budget << " s; reduce "
      << (field.empty() ? std::string("the request") : field.substr(1));
  if (!allow_large) msg << ", or send \"allow_large\": true (command line, budget " << kLargeSeconds << " s)";
  bad_request("too_large", field, msg.str());
}

}  // namespace privlab::work
