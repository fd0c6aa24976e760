/**
 * @file typed_api.cpp
 * @brief The typed rldp-mse API (privlab/rldp_mse.h): the confidence set, solve + certify +
 *        audit of one problem (7)-(10), the measures of a given mechanism. No JSON.
 */
#include "privlab/rldp_mse.h"

#include <algorithm>
#include <string>

#include "common/arguments.h"
#include "common/error.h"

namespace privlab::rldp_mse {

namespace {
/// The values of U, or the default 0..|U|-1 when none are given.
Vector values_or_default(const Vector& values, const Joint& estimate) {
  if (values.size() == 0) return default_values(estimate.num_u());
  arguments::finite(values, "/values");
  if (values.size() != estimate.num_u())
    bad_request("shape_mismatch", "/values",
                "values needs one entry per column of the joint (|U| = " + std::to_string(estimate.num_u()) + ")");
  return values;
}

/// A set built for another estimate (or by hand) is refused: F must be centred on P-hat.
void check_set(const ChiSquareSet& set, const Joint& estimate) {
  arguments::in_range(set.radius, "/uncertainty/radius", 0, 1e6);
  if (set.num_s() != estimate.num_s() || set.num_u() != estimate.num_u() || set.p_hat != estimate.p)
    bad_request("shape_mismatch", "/uncertainty",
                "the uncertainty set was built for another estimate (chi2_ball(joint, ...))");
}

void check_truth(const std::optional<Joint>& truth, const Joint& estimate) {
  if (truth && (truth->num_s() != estimate.num_s() || truth->num_u() != estimate.num_u()))
    bad_request("shape_mismatch", "/true_joint", "the true joint must have the estimate's shape");
}
}  // namespace

ChiSquareSet chi2_ball(const Joint& estimate, double radius) {
  if (!(radius >= 0 && radius <= 1e6))
    bad_request("out_of_range", "/uncertainty/radius", "radius must lie in [0, 1e6]");
  return make_set(estimate, radius);
}

ChiSquareSet chi2_ball_confidence(const Joint& estimate, double confidence, long long n) {
  if (!(confidence >= 1e-9 && confidence <= 1 - 1e-12))
    bad_request("out_of_range", "/uncertainty/confidence", "confidence must lie in (0, 1)");
  if (n < 1) bad_request("out_of_range", "/n", "n must be a positive integer");
  ChiSquareSet set = make_set(estimate, radius_from_confidence(confidence, n, estimate.num_x()));  // eq. (3)
  set.confidence = confidence;
  set.n = n;
  return set;
}

Vector default_values(long num_u) {
  Vector v(num_u);
  for (long u = 0; u < num_u; ++u) v(u) = static_cast<double>(u);
  return v;
}

Design design(const Joint& estimate, Problem problem, double epsilon, const ChiSquareSet& set, const Vector& values,
              const std::optional<Joint>& truth, const SolveOptions& options) {
  if (!(epsilon >= 1e-3 && epsilon <= 20)) bad_request("out_of_range", "/epsilon", "epsilon must lie in [0.001, 20]");
  check_set(set, estimate);
  check_truth(truth, estimate);
  Design d;
  d.evaluation =
      solve_and_evaluate(problem, estimate, set, values_or_default(values, estimate), epsilon, truth, options);
  d.mechanism = d.evaluation.solved.mechanism;
  // The claim is re-measured from the matrix: robust epsilon over F (certified upper bound,
  // robust_measures.cpp) for robust privacy; the realized epsilon under P-hat otherwise.
  const audit::Claim claim = robust_privacy(problem)
                                 ? audit::Claim{"rldp-chi2", epsilon, d.evaluation.robust_epsilon.value}
                                 : audit::Claim{"realized-phat", epsilon, d.evaluation.epsilon};
  d.audit = audit::audit_mechanism(d.mechanism, claim);
  d.objective = robust_utility(problem) ? d.evaluation.robust_distortion.value : d.evaluation.distortion;
  d.optimality_gap = std::max(0.0, d.objective - d.evaluation.solved.lower_bound);
  return d;
}

Evaluation measure(const Matrix& q, const Joint& estimate, const ChiSquareSet& set, const Vector& values,
                   const std::optional<Joint>& truth) {
  arguments::mechanism(q, "/q");
  arguments::input_count(q, "/q", estimate.num_x(), "the joint's |S||U|");
  if (q.rows() != estimate.num_u())
    bad_request("wrong_output_count", "/q", "the mechanism needs |U| = " + std::to_string(estimate.num_u()) + " rows");
  check_set(set, estimate);
  check_truth(truth, estimate);
  return evaluate_mechanism(q, estimate, set, values_or_default(values, estimate), truth);
}

}  // namespace privlab::rldp_mse
