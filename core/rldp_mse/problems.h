/**
 * @file problems.h
 * @brief The four release problems of [mse eq. (7)-(10)]: NUNP (an LP), NURP, RUNP and RURP
 *        (convex; solved by a cutting-plane / outer-approximation loop over GLPK).
 *
 * Variables: the mechanism Q(y, x) = P_{Y|SU}(y | s, u), y in U, x = s|U| + u, columns summing
 * to 1; for robust utility also the epigraph variable D of (9)-(10).
 * - Non-robust privacy: L_{y,s1,s2}(P-hat, Q) <= 0, eq. (6), for s1 != s2 with P-hat_s > 0.
 * - Robust privacy (eq. (23)/(30)): each round, for every (y, s1, s2) the oracle computes the
 *   worst pair (R1, R2) in F_{U|s1,s2} (Theorem 4) for the current Q; when
 *   q1.R1 - e^eps q2.R2 > tolerance, the linear cut sum_u R1(u) Q(y,s1,u) - e^eps R2(u) Q(y,s2,u)
 *   <= 0 is added. Each cut is valid for the robust problem (R is a member of the set), so the LP
 *   optimum is a lower bound of the true optimum at every round.
 * - Robust utility (eq. (15)/(22)): the cut sum_x P_x d_x(Q) <= D with P the worst case in F
 *   (Theorem 2) for the current Q.
 * Every round the LP solution is also repaired (below), which gives a feasible mechanism and an
 * upper bound on the optimum; the best one is kept. The loop stops when no cut exceeds the
 * tolerance, when (upper - lower) / lower <= gap_tolerance, or after max_rounds. The remaining
 * violation v (certified by the dual bounds) is then repaired by mixing with the uniform
 * mechanism, which is strictly private (docs/errata.md): by sublinearity of the support function,
 * (1 - theta) Q + theta U satisfies the constraint with margin once
 * theta >= (v + mu) / (v + mu + (e^eps - 1)/|U|).
 */
#pragma once
#include <string>
#include <vector>

#include "common/linalg.h"
#include "rldp_mse/confidence_set.h"

namespace privlab::rldp_mse {

enum class Problem { kNunp, kNurp, kRunp, kRurp };

Problem problem_from_name(const std::string& name);
std::string problem_name(Problem problem);
const std::vector<std::string>& problem_names();
bool robust_utility(Problem problem);
bool robust_privacy(Problem problem);

struct SolveOptions {
  double privacy_tolerance = 1e-7;     ///< cut when q1.R1 - e^eps q2.R2 exceeds this
  double distortion_tolerance = 1e-7;  ///< cut when delta*(d|F) - D exceeds this * (range of U)^2
  double gap_tolerance = 1e-4;         ///< stop when (upper - lower) / lower is below this
  int max_rounds = 150;
  double repair_margin = 1e-9;  ///< mu: the strict margin left after the repair
};

struct ProblemResult {
  Matrix mechanism;              ///< repaired (certifiably feasible) mechanism, [y][x]
  int rounds = 0;                ///< LP solves
  int cuts = 0;                  ///< cutting planes added
  bool converged = false;        ///< stopped by a tolerance (not by max_rounds)
  double lower_bound = 0;        ///< optimum of the last LP: a lower bound on the problem's optimum
  double upper_bound = 0;        ///< objective bound of the returned (repaired) mechanism
  bool lp_trouble = false;       ///< GLPK failed in a late round (e.g. its iteration limit); the best
                                 ///< earlier repaired mechanism is returned
  double violation = 0;          ///< privacy violation left by the loop (dual bound), before repair
  double utility_violation = 0;  ///< delta*(d|F) - D of the last LP solution (robust utility)
  double repair_weight = 0;      ///< theta, the weight of the uniform mechanism in the repair
};

/**
 * Solves `problem` for the estimate and set `set` (P-hat = set.p_hat, F of eq. (2)), output
 * values `values` (the alphabet U, also the outputs), privacy level epsilon > 0.
 * Throws solver_failure("lp_failed") when GLPK does not return an optimum.
 */
ProblemResult solve_problem(Problem problem, const ChiSquareSet& set, const Vector& values, double epsilon,
                            const SolveOptions& options = {});

/// max over y, s1 != s2 (P-hat_s > 0) of L_{y,s1,s2}(P-hat, Q) = q1.P-hat_{U|s1} - e^eps q2.P-hat_{U|s2}.
double nominal_privacy_violation(const Matrix& q, const ChiSquareSet& set, double epsilon);

/// max over y, s1 != s2 of the Theorem 4 dual bound of delta*(q1, -e^eps q2 | F_{U|s1,s2}).
double robust_privacy_violation(const Matrix& q, const ChiSquareSet& set, double epsilon);

}  // namespace privlab::rldp_mse
