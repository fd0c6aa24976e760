/**
 * @file projected_set.h
 * @brief The projection F_{U|s1,s2} of F onto the pair of conditionals (P_{U|s1}, P_{U|s2})
 *        [mse Theorem 3, eq. (28)] and its support function [mse Theorem 4, eq. (29)].
 *
 * Theorem 3: (R1, R2) is in F_{U|s1,s2} iff K1 + K2 <= C with
 *   K_i = sqrt( sum_u P-hat_{s_i,u}^2 / R_i(u) ),   C = sqrt(B+1) - 1 + P-hat_{s1} + P-hat_{s2}.
 * Theorem 4 reduced (docs/errata.md): eliminating c and the w's of (29) leaves
 *   delta*(v1, v2 | F_U) = min over eta_i >= max v_i of
 *       eta_1 + eta_2 - ( A_1(eta_1)^{2/3} + A_2(eta_2)^{2/3} )^3 / C^2,
 *   A_i(eta) = sum_u P-hat_{s_i,u} sqrt(eta - v_i(u)),
 * the "two blocks, 2/3 powers" form. The primal side is solved as
 *   max over k1 + k2 = C of phi(P-hat_{s1,.}, v1, k1) + phi(P-hat_{s2,.}, v2, k2)
 * (block problems of confidence_set.h; concave in k1, bisection on the equal-marginal-rate
 * condition), which returns the maximising pair (R1, R2).
 */
#pragma once
#include "common/linalg.h"
#include "rldp_mse/confidence_set.h"

namespace privlab::rldp_mse {

/// C of Theorem 3: sqrt(B + 1) - 1 + P-hat_{s1} + P-hat_{s2}.
double projected_budget(const ChiSquareSet& set, long s1, long s2);

/// K_1 + K_2 of Theorem 3 (+infinity when R_i(u) = 0 < P-hat_{s_i,u}).
double projected_statistic(const ChiSquareSet& set, long s1, long s2, const Vector& r1, const Vector& r2);

/// (R1, R2) in F_{U|s1,s2} by eq. (28), within `slack`.
bool in_projected_set(const ChiSquareSet& set, long s1, long s2, const Vector& r1, const Vector& r2,
                      double slack = 1e-12);

/// The support function of F_{U|s1,s2} with its maximiser.
struct PairSupport {
  double value = 0;  ///< v1.R1 + v2.R2 at the returned (feasible) pair: a lower bound
  double upper = 0;  ///< the dual value of Theorem 4 at (eta1, eta2): an upper bound
  double eta1 = 0, eta2 = 0;
  double k1 = 0, k2 = 0;  ///< the split of the budget C between the two conditionals
  Vector r1, r2;          ///< the worst-case conditionals
};

/// delta*(v1, v2 | F_{U|s1,s2})  [eq. (29), Theorem 4], s1 != s2.
PairSupport support_pair(const ChiSquareSet& set, long s1, long s2, const Vector& v1, const Vector& v2);

/// The reduced dual objective of Theorem 4 at (eta1, eta2), eta_i >= max v_i: an upper bound.
double support_pair_dual(const ChiSquareSet& set, long s1, long s2, const Vector& v1, const Vector& v2, double eta1,
                         double eta2);

/**
 * A joint distribution P in F whose conditionals at s1, s2 are (R1, R2) (the construction in the
 * proof of Theorem 3): P_s proportional to K_i for s = s_i and to P-hat_s elsewhere, the other
 * conditionals equal to P-hat's. Requires P-hat_{s1}, P-hat_{s2} > 0. Flat, x = s|U| + u.
 */
Vector lift_to_joint(const ChiSquareSet& set, long s1, long s2, const Vector& r1, const Vector& r2);

}  // namespace privlab::rldp_mse
