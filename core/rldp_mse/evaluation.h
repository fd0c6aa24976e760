/**
 * @file evaluation.h
 * @brief One solved and certified instance of family "rldp-mse": the mechanism of a problem
 *        (7)-(10) with its distortion and privacy under P-hat, over F (certificates), and under P*
 *        (eq. (31)-(32)). Shared by the handler and the Figure 2 experiments.
 */
#pragma once
#include <optional>

#include "model/joint.h"
#include "rldp_mse/problems.h"
#include "rldp_mse/robust_measures.h"

namespace privlab::rldp_mse {

struct Evaluation {
  ProblemResult solved;
  double distortion = 0;  ///< E_{P-hat}(U - Y)^2
  RobustDistortion robust_distortion;
  double epsilon = 0;                     ///< realized epsilon under P-hat (metrics::realized_epsilon)
  RobustEpsilon robust_epsilon;           ///< certified, independent of the loop
  std::optional<double> true_distortion;  ///< D* of eq. (31)
  std::optional<double> true_epsilon;     ///< eps* of eq. (32)
  std::optional<bool> true_in_set;        ///< P* in F
};

/// Measures a given mechanism q [u][x] (outputs = the values of U) from the matrix alone;
/// `solved` holds only the mechanism. Shared by designed and evaluated ("evaluate") requests.
Evaluation evaluate_mechanism(const Matrix& q, const JointDistribution& estimate, const ChiSquareSet& set,
                              const Vector& values, const std::optional<JointDistribution>& truth);

/// Solves `problem` and evaluates the result (robust epsilon is computed for every problem).
Evaluation solve_and_evaluate(Problem problem, const JointDistribution& estimate, const ChiSquareSet& set,
                              const Vector& values, double epsilon, const std::optional<JointDistribution>& truth,
                              const SolveOptions& options = {});

}  // namespace privlab::rldp_mse
