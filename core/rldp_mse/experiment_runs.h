/**
 * @file experiment_runs.h
 * @brief The computations of [mse Section V]'s experiments, typed and without JSON: drawing one
 *        instance (P* ~ Dirichlet on S x U, P-hat from n samples, F at level 1 - alpha of
 *        eq. (3)), solving the problems (7)-(10) on it and measuring eps* (32) and D* (31), and the
 *        1.5 IQR summaries of Figure 2c/2d. rldp_mse/experiments.cpp reads the parameters and
 *        writes the rows.
 */
#pragma once
#include <cstdint>
#include <vector>

#include "rldp_mse/evaluation.h"
#include "rldp_mse/problems.h"

namespace privlab::rldp_mse {

/// The setting of Figure 2 (the paper's defaults).
struct Setup {
  long num_s = 3, num_u = 5;
  double epsilon = 0.5, alpha = 0.05, concentration = 0.5;
  long k = 30;  ///< instances (K)
  std::vector<Problem> problems{Problem::kNunp, Problem::kNurp, Problem::kRunp, Problem::kRurp};
  unsigned long long seed = 1;
};

/// Draws the instance of `seed` (P*, then n samples for P-hat, then F) and solves every problem
/// of the setup on it at the setup's epsilon with values 0..|U|-1, evaluated under P* too.
std::vector<Evaluation> solve_instance(const Setup& setup, long long n, std::uint64_t seed);

/// Mean and sample standard deviation after removing values outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR]
/// (quartiles by linear interpolation); non-finite values are removed first.
struct Summary {
  double mean = 0, sd = 0;
  long kept = 0, removed = 0, non_finite = 0;
};
Summary summarize_iqr(std::vector<double> values);

/// One (n, problem) cell of Figure 2c/2d over the K instances.
struct CellSummary {
  Summary epsilon, distortion;  ///< of eps* and D*
  long above = 0;               ///< instances with eps* > eps (before outlier removal)
};
CellSummary summarize_cell(const std::vector<double>& epsilons, const std::vector<double>& distortions,
                           double design_epsilon);

}  // namespace privlab::rldp_mse
