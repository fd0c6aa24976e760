/**
 * @file projections.h
 * @brief Conditional projections of a Renyi ball F [rldp Section 4]: the radii B_s of
 *        Theorem 1, xi-/xi+ (26)-(28), L_{u|s} (19)/(29), rad_s (20)/(30), the alpha = 2 closed
 *        forms of Lemma 1 / Proposition 2, and the support function of a Renyi ball.
 */
#pragma once
#include <optional>

#include "model/joint.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

/**
 * phi(D) = (e^{(alpha-1) D / alpha} - 1) / (alpha - 1)  (phi(D) = D at alpha = 1).
 * A pair of conditionals (R1, R2) of rows s1, s2 is reachable in F iff
 * P_s1 phi(D(P_{U|s1}||R1)) + P_s2 phi(D(P_{U|s2}||R2)) <= phi(B)  (docs/errata.md; the
 * optimal S-marginal is P_s proportional to P-hat_s e^{(alpha-1) D_s / alpha}, by Hoelder).
 */
double renyi_phi(double alpha, double d);
/// Inverse of renyi_phi; +infinity when z is beyond phi's range (alpha < 1).
double renyi_phi_inverse(double alpha, double z);

/// Theorem 1 (24): B_s = alpha/(alpha-1) ln((e^{(alpha-1)B/alpha} - (1 - P_s)) / P_s), B/P_s at
/// alpha = 1; +infinity for P_s = 0 (the conditional of an unseen s is unconstrained).
double projected_radius(double alpha, double b, double ps);

/**
 * The variant that holds the S-marginal at P-hat_S: B_s = ln(1 + (e^{(alpha-1)B} - 1)/P_s)/(alpha-1).
 * ERRATUM (docs/errata.md): Example 2 prints B_s = 0.3782/0.0900 (and L, rad, F-tilde from them)
 * computed this way; it is NOT an envelope of F_{U|s} (Theorem 1's B_s is larger) and is offered
 * only to reproduce the printed numbers. Never use it to build a mechanism.
 */
double projected_radius_fixed_marginal(double alpha, double b, double ps);

/// D_alpha((rho, 1-rho) || (rho xi, 1 - rho xi)): the binary divergence behind (26).
double binary_divergence(double alpha, double rho, double xi);
/// (27): the smallest xi in [0, 1] with binary_divergence <= b_s (outer side of the root).
double xi_minus(double alpha, double b_s, double rho);
/// (28): the largest xi in [1, 1/rho] with binary_divergence <= b_s (outer side of the root).
double xi_plus(double alpha, double b_s, double rho);

/// (29): L_{u|s} = P_{u|s} xi-(P_{u|s}) for every u of the conditional `cond`.
Vector lower_bounds(double alpha, double b_s, const Vector& cond);

constexpr long kMaxExactRadiusU = 16;  ///< (30) enumerates 2^|U| subsets up to this |U|

struct Radius {
  double value = 0;
  bool exact = true;  ///< false: a proven upper bound (Pinsker-type), |U| too large for (30)
};
/// (30): rad_s = 2 max over U1 of P_{U1}(xi+(P_{U1}) - 1); beyond kMaxExactRadiusU the bound
/// sqrt(2 b_s / min(alpha, 1)) from Pinsker's inequality for Renyi divergences, capped at 2.
Radius l1_radius(double alpha, double b_s, const Vector& cond);

/// Lemma 1: xi-/xi+ for alpha = 2 in closed form.
double xi_minus_alpha2(double b_s, double rho);
double xi_plus_alpha2(double b_s, double rho);
/// Proposition 2.1: L_{u|s} for alpha = 2.
double lower_bound_alpha2(double b_s, double rho);
/**
 * Proposition 2.2, valid when b_s >= ln(1 + (1 - P_min)^2); nothing otherwise.
 * ERRATUM (docs/errata.md): the printed formula lost a final "- 2 P_{u_min|s}".
 */
std::optional<double> radius_alpha2_closed(double b_s, const Vector& cond);
/// Proposition 2.3 / Lemma A7.2: rad_s <= sqrt(e^{b_s} - 1).
/// ERRATUM (docs/errata.md): printed without the square root; (A56)-(A58) evaluate to it.
double radius_alpha2_bound(double b_s);

/**
 * Support function of a Renyi ball on the simplex: max c.R over distributions R with
 * D_alpha(p || R) <= d (d may be +infinity). Stationarity gives R_u = p_u k (mu - c_u)^{-1/alpha}
 * on the support of p; mu is found by bisection (D decreases in mu); mass on coordinates where
 * p = 0 costs -ln(1 - m) and is placed by a concave 1-D search. Writes the maximiser to *argmax.
 */
double ball_support(double alpha, const Vector& p, double d, const Vector& c, Vector* argmax = nullptr);

/// All statistics of F's projections for one joint and one uncertainty set.
struct Projection {
  Vector b_s;    ///< Theorem 1 radii (+inf for the simplex / unseen s; 0 for a point)
  Matrix lower;  ///< [s][u]: L_{u|s} (conditionals for a point, 0 for the simplex)
  Vector rad;    ///< rad_s (upper bounds where rad_exact is false)
  bool rad_exact = true;
};
Projection project(const JointDistribution& joint, const UncertaintySet& set);

}  // namespace privlab::rldp
