/**
 * @file confidence_set.h
 * @brief The chi-square confidence set F of [mse eq. (2)-(3)] and its support function
 *        delta*(v|F) [mse Theorem 2], solved as a one-dimensional convex search.
 *
 * F = { P in the simplex over X = S x U : sum_x (P-hat_x - P_x)^2 / P_x <= B }
 *   = { P : sum_x P-hat_x^2 / P_x <= 1 + B }            (expand the square, sum P = sum P-hat = 1)
 * with B = F^{-1}_{chi2, |S||U|-1}(1 - alpha) / n   [eq. (3)].
 *
 * The building block used by Theorems 2 and 4 is the "block" problem
 *   phi(a, v, k) = max { v.R : R in the simplex over U, sum_u a_u^2 / R_u <= k^2 },  k >= sum a,
 * whose Lagrange dual is min over eta >= max v of  eta - (sum_u a_u sqrt(eta - v_u))^2 / k^2
 * (docs/errata.md: Theorem 2 with all w_x equal to eta and c in closed form). The maximiser is
 * R_u = (A/k^2) a_u / sqrt(eta - v_u), A = sum_u a_u sqrt(eta - v_u), at the eta where it sums to 1
 * (a monotone equation in eta, solved by bisection to machine precision).
 */
#pragma once
#include <optional>

#include "common/linalg.h"
#include "model/joint.h"

namespace privlab::rldp_mse {

/// The set F of eq. (2): the estimate P-hat (flat, x = s|U| + u) and the radius B.
struct ChiSquareSet {
  Matrix p_hat;                      ///< [s][u]
  double radius = 0;                 ///< B of eq. (2)
  std::optional<double> confidence;  ///< 1 - alpha when B came from eq. (3)
  long long n = 0;                   ///< sample size behind that confidence level

  long num_s() const { return p_hat.rows(); }
  long num_u() const { return p_hat.cols(); }
  long num_x() const { return p_hat.size(); }
  /// P-hat as a flat vector, x = s|U| + u.
  Vector flat() const;
};

/// B of eq. (3): the chi-square quantile with |S||U| - 1 degrees of freedom at `confidence`, / n.
double radius_from_confidence(double confidence, long long n, long num_x);

ChiSquareSet make_set(const JointDistribution& estimate, double radius);

/// The Neyman chi-square statistic sum_x (P-hat_x - P_x)^2 / P_x of eq. (2) (+infinity when some
/// P_x = 0 < P-hat_x; cells with P-hat_x = P_x = 0 contribute 0).
double neyman_chi2(const Vector& p_hat, const Vector& p);

/// P in F (within `slack` on the statistic and 1e-9 on the simplex).
bool contains(const ChiSquareSet& set, const Vector& p, double slack = 1e-12);

/// Solution of the block problem phi(a, v, k) (see the file comment).
struct BlockSolution {
  double value = 0;         ///< v.R at the returned (feasible) R
  double eta = 0;           ///< the dual variable at the solution
  double a_term = 0;        ///< A(eta) = sum_u a_u sqrt(eta - v_u)
  double rate = 0;          ///< d phi / d k = 2 A^2 / k^3 (the marginal value of the budget k)
  Vector r;                 ///< the maximiser, a distribution with sum a^2/R <= k^2
  bool degenerate = false;  ///< every a_u > 0 sits at max v: R = a/m for every k, any eta
};

/**
 * phi(a, v, k): a >= 0 (any total m = sum a), k >= m. Exact up to floating-point rounding:
 * the returned R is feasible and its value is within a few ulps of the dual bound
 * block_dual(a, v, k, eta).
 */
BlockSolution solve_block(const Vector& a, const Vector& v, double k);

/// A(eta) = sum_u a_u sqrt(eta - v_u) for eta >= max v (the term of Theorems 2 and 4).
double block_a_term(const Vector& a, const Vector& v, double eta);

/// The support function delta*(v|F) of Theorem 2 with its maximiser.
struct Support {
  double value = 0;  ///< v.P at the returned P in F (a lower bound, attained)
  double upper = 0;  ///< the dual value eta - A(eta)^2 / (B+1) (an upper bound for any eta)
  double eta = 0;
  Vector p;  ///< the worst-case distribution (flat), a member of F
};

/**
 * delta*(v|F) = max over P in F of v.P   [eq. (13), Theorem 2]
 *            = min over eta >= max_x v_x of eta - (sum_x P-hat_x sqrt(eta - v_x))^2 / (B+1)
 * (docs/errata.md: the reduced one-dimensional form of (21)). B = 0 gives P-hat.v.
 */
Support support_function(const ChiSquareSet& set, const Vector& v);

/// The dual objective of Theorem 2 at a given eta >= max v: an upper bound on delta*(v|F).
double support_dual(const ChiSquareSet& set, const Vector& v, double eta);

}  // namespace privlab::rldp_mse
