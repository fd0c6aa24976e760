/**
 * @file evaluation.cpp
 * @brief Solve one problem, then measure it from the matrix alone (certificates, eq. (31)-(32)).
 */
#include "rldp_mse/evaluation.h"

#include "metrics/privacy_loss.h"

namespace privlab::rldp_mse {

Evaluation evaluate_mechanism(const Matrix& q, const JointDistribution& estimate, const ChiSquareSet& set,
                              const Vector& values, const std::optional<JointDistribution>& truth) {
  Evaluation e;
  e.solved.mechanism = q;
  e.distortion = distortion(q, values, estimate.flat());
  e.robust_distortion = robust_distortion(q, values, set);
  e.epsilon = metrics::realized_epsilon(q, estimate);
  e.robust_epsilon = robust_epsilon(q, set);
  if (truth) {
    e.true_distortion = distortion(q, values, truth->flat());  // eq. (31)
    e.true_epsilon = metrics::realized_epsilon(q, *truth);     // eq. (32)
    e.true_in_set = neyman_chi2(set.flat(), truth->flat()) <= set.radius;
  }
  return e;
}

Evaluation solve_and_evaluate(Problem problem, const JointDistribution& estimate, const ChiSquareSet& set,
                              const Vector& values, double epsilon, const std::optional<JointDistribution>& truth,
                              const SolveOptions& options) {
  ProblemResult solved = solve_problem(problem, set, values, epsilon, options);
  Evaluation e = evaluate_mechanism(solved.mechanism, estimate, set, values, truth);
  e.solved = std::move(solved);
  return e;
}

}  // namespace privlab::rldp_mse
