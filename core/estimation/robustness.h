/**
 * @file robustness.h
 * @brief Robustness of the privacy-utility guarantees to an empirical distribution
 *        [estimation paper, Section 6]: Lemma 5, Example 5, Theorem 6, and seeded sampling of
 *        empirical joints (common/random.h: the same draws natively and in WASM).
 */
#pragma once
#include <cstdint>
#include <random>

#include "common/linalg.h"
#include "common/random.h"

namespace privlab::estimation {

/// Lemma 5: |chi^2(S1;Y1) - chi^2(S2;Y2)| <= (4/m_S) ||P1 - P2||_1 (and the X version with
/// m_X). Returns {bound_s, bound_x} for two joints [s][x]; +inf when a minimum is 0.
std::pair<double, double> lemma5_bounds(const Matrix& p1, const Matrix& p2);

/// Example 5: chi^2 of the Z-channel (39) with P_X(1) = q: 1 - (1 - a) / (1 - a q).
double example5_chi2(double a, double q);

/// Example 5, eq. (40): the lower constant (1-a) a / (2 (1 - a p)^2) and the upper 4/p.
std::pair<double, double> example5_constants(double a, double p);

/// Theorem 6, eq. (41)-(44): with probability >= 1 - beta, both gaps are at most these.
struct Theorem6 {
  double radius = 0;                ///< sqrt(2/n (M - ln beta)), the L1 deviation bound (64)
  double m_s = 0, m_x = 0;          ///< (41), (42)
  double bound_s = 0, bound_x = 0;  ///< (43), (44); +inf when m_S or m_X is 0
};
Theorem6 theorem6_bound(const Matrix& joint_sx, long long n, double beta);

/// The empirical joint (type) of n i.i.d. draws from `joint` (random::multinomial over its cells).
Matrix sample_empirical(const Matrix& joint, long long n, std::mt19937_64& rng);

}  // namespace privlab::estimation
