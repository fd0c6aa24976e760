/**
 * @file mmse_bounds.h
 * @brief MMSE lower bounds with restricted knowledge of the distribution [estimation paper,
 *        Section 5]: Lemma 4 (water-filling L_n), Theorem 4 (B_m), Theorem 5, Example 4.
 */
#pragma once
#include "common/linalg.h"

namespace privlab::estimation {

/**
 * Lemma 4, eq. (26)-(27): L_n(a, b) = max { a^T y : ||y||_2 <= 1, y <= b } for a > 0,
 * b in [0,1]^n.
 * ERRATUM (docs/errata.md): the early exit "if b/a >= 1 then L = ||a||" holds only when
 * ||a|| = 1; the general threshold is min_i b_i/a_i >= 1/||a||.
 */
double lemma4_l(const Vector& a, const Vector& b);

/// B_m(rho_0, nu_0) of eq. (30): L_{m+1}((rho_0, |rho|), (1, nu)) if rho_0 > 0, else
/// L_m(|rho|, nu). Entries with rho_i = 0 are dropped (they do not enter the maximum).
double theorem4_b(double rho0, const Vector& rho, const Vector& nu);

/// rho_0 = sqrt(1 - sum rho_i^2) (0 when the sum reaches 1).
double rho_zero(const Vector& rho);

/**
 * Theorem 4, eq. (29)-(31): ||E[phi(X)|Y]|| <= B_m, mmse(phi(X)|Y) >= 1 - B_m^2.
 * ERRATUM (docs/errata.md): the statement says rho_i > 0 but uses |rho_i|; absolute values.
 */
struct MmseBound {
  double correlation_bound = 0;  ///< upper bound on ||E[phi(X)|Y]||_2
  double mmse_bound = 0;         ///< lower bound on mmse(phi(X)|Y)
};
/// Checks its arguments first (bad_request naming "/rho/i" or "/nu/i": |rho_i| <= 1,
/// sum rho_i^2 <= 1, nu_i in [0,1], one nu per rho); so do theorem5_bound (and t in [0, m]) and
/// example4_error_bound (alpha_i in [0, 1/2]).
MmseBound theorem4_bound(const Vector& rho, const Vector& nu);

/// Theorem 5, eq. (32)-(34): the first t functions satisfy the orthogonality condition.
MmseBound theorem5_bound(const Vector& rho, const Vector& nu, long t);

/// Example 4, eq. (38): Pr(B != B-hat) >= (1 - B_m(rho_0, nu_0)) / 2 with nu_i = 1 - 2 alpha_i.
/// Reading: (38) prints B_m(rho, nu); the proof it cites (Theorem 4) gives B_m(rho_0, nu_0)
/// with rho_0 = sqrt(1 - sum rho_i^2), which is what is computed (equal when rho_0 = 0).
double example4_error_bound(const Vector& rho, const Vector& alpha);

}  // namespace privlab::estimation
