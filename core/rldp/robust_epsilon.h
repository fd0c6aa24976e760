/**
 * @file robust_epsilon.h
 * @brief Robust epsilon: max over P in F of the realized epsilon [rldp Definition 1].
 */
#pragma once
#include "model/joint.h"
#include "rldp/uncertainty.h"

namespace privlab::rldp {

struct RobustEpsilon {
  double value = 0;
  bool exact = true;  ///< false: `value` is a proven upper bound, not the maximum
  /// [s][u]: a P in F attaining `value` (P-hat for a point; for the simplex one point mass per
  /// row of the pair; the Renyi ball's maximiser or attainable zero); empty for an upper bound,
  /// or when the maximiser found is only a limit of F (a row's weight underflowed to 0).
  Matrix witness;
  /// Where the witness attains `value`: ln(P(y|s) / P(y|s_prime)) with P(y|s) =
  /// sum_u Q(y, s|U|+u) P(u|s) under `witness` (Infinity: P(y|s_prime) = 0 < P(y|s)). -1 when
  /// there is no witness or value = 0 with no pair above it.
  long y = -1, s = -1, s_prime = -1;
};

/// The (y, s, s') maximising ln(P(y|s) / P(y|s')) under the joint p [s][u] (rows with P_s = 0
/// skipped), with its value; {-1, -1, -1, 0} when no pair has a positive ratio.
struct WitnessPair {
  long y = -1, s = -1, s_prime = -1;
  double value = 0;
};
WitnessPair locate_worst_pair(const Matrix& q, const Matrix& p);

/// F = simplex: Proposition 3's maximiser P (ns x nu), for the first (y, x1, x2) in scan order
/// with the largest log_ratio(Q(y, x1), Q(y, x2)) over x1, x2 in different rows s (exposed for
/// its test against the full scan).
Matrix simplex_witness(const Matrix& q, long ns, long nu);

/**
 * F = {P-hat}: the realized epsilon under P-hat (exact).
 * F = simplex: Proposition 3's column-ratio maximum (exact).
 * F = Renyi ball, alpha >= 1/2: exact. For a pair s1 != s2 only the two conditionals move and
 * (R1, R2) is reachable iff P_s1 phi(D(P_{U|s1}||R1)) + P_s2 phi(D(P_{U|s2}||R2)) <= phi(B)
 * (docs/errata.md). Splitting the budget t + (phi(B) - t), the best ratio for a split is
 * h1(t) / m2(phi(B) - t) with h1 (max of Q_y|s1 . R1) concave increasing and m2 (min of
 * Q_y|s2 . R2) convex decreasing, because phi(D(p||.)) is convex for alpha >= 1/2; the ratio is
 * therefore quasi-concave in t and a 1-D search finds its maximum.
 * F = Renyi ball, alpha < 1/2: both rows take the whole budget (Theorem 1 radii independently),
 * a proven upper bound flagged exact = false.
 * Triples (y, s1, s2) are evaluated in decreasing order of that independent bound and skipped
 * once it falls below the best value; past `max_exact_pairs` exact evaluations the rest are
 * covered by their bounds (exact = false).
 * When `witness` is given, (y, s, s_prime) let a client recompute the value from the matrix and
 * the witness alone (issue 28): it is checked here before it is returned.
 */
RobustEpsilon robust_epsilon(const Matrix& q, const JointDistribution& joint, const UncertaintySet& set,
                             long max_exact_pairs = 4000);

}  // namespace privlab::rldp
