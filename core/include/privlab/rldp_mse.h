/**
 * @file rldp_mse.h
 * @brief privlab's typed API, family rldp-mse: mean-squared-error release of U under robust
 *        privacy of S over a chi-square confidence set [mse] (Lopuhaa-Zwakenberg & Goseling).
 *        The JSON family "rldp-mse" (core/rldp_mse/handler.cpp) answers with these computations.
 *
 * The estimate P-hat is a Joint [s][u]; a mechanism is Q [y][x] with outputs y = the values of U
 * and inputs x = s*|U| + u.
 *   chi2_ball(estimate, B), chi2_ball_confidence(estimate, 1 - alpha, n)   F of eq. (2)-(3)
 *   design(estimate, problem, eps, F)   NUNP (7), NURP (8), RUNP (9), RURP (10) solved, then
 *                                       certified from the matrix and audited
 *   measure(q, estimate, F, values)     distortion under P-hat (18), robust distortion over F
 *                                       (22), realized and robust epsilon (4), (23)/(30), under
 *                                       P* (31)-(32)
 * Lower-level pieces: rldp_mse/confidence_set.h (support function, Theorem 2),
 * projected_set.h (Theorems 3-4), robust_measures.h, problems.h (solve_problem).
 */
#pragma once
#include <optional>

#include "privlab/audit.h"
#include "privlab/model.h"
#include "rldp_mse/confidence_set.h"
#include "rldp_mse/evaluation.h"
#include "rldp_mse/problems.h"
#include "rldp_mse/robust_measures.h"

namespace privlab::rldp_mse {

/// F = {P : sum_x (P-hat_x - P_x)^2 / P_x <= B}, eq. (2); B in [0, 1e6].
ChiSquareSet chi2_ball(const Joint& estimate, double radius);
/// F at level `confidence` = 1 - alpha from n samples: B of eq. (3).
ChiSquareSet chi2_ball_confidence(const Joint& estimate, double confidence, long long n);
/// The default output values of U: 0, 1, ..., |U| - 1.
Vector default_values(long num_u);

/// A solved problem with its certificates and audit (the JSON response's numbers).
struct Design {
  Matrix mechanism;           ///< [y][x], repaired so that it is certifiably feasible
  Evaluation evaluation;      ///< solver bookkeeping (rounds, bounds, repair) and the measures
  audit::Report audit;        ///< robust privacy: "rldp-chi2", measured = certified robust epsilon;
                              ///< otherwise "realized-phat", measured = realized epsilon under P-hat
  double objective = 0;       ///< robust distortion (robust utility) or distortion under P-hat
  double optimality_gap = 0;  ///< max(0, objective - the LP lower bound)
};

/**
 * Solves `problem` for P-hat = estimate over F = set at level epsilon in [1e-3, 20] with output
 * values `values` (empty: default_values), measures it (under `truth` = P* too when given) and
 * audits it. Throws privlab::Error (bad_request naming the field, or solver_failure).
 */
Design design(const Joint& estimate, Problem problem, double epsilon, const ChiSquareSet& set,
              const Vector& values = {}, const std::optional<Joint>& truth = std::nullopt,
              const SolveOptions& options = {});

/// The measures of a given mechanism q [y][x] (= evaluate_mechanism, rldp_mse/evaluation.h).
Evaluation measure(const Matrix& q, const Joint& estimate, const ChiSquareSet& set, const Vector& values = {},
                   const std::optional<Joint>& truth = std::nullopt);

}  // namespace privlab::rldp_mse
