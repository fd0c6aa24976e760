/**
 * @file polyopt.h
 * @brief PolyOpt [rldp Section 5: Definition 3, Theorems 2-3] and NR (the same construction with
 *        F = {P-hat}, the non-robust optimum of Section 8).
 */
#pragma once
#include "common/linalg.h"
#include "model/joint.h"

namespace privlab::rldp {

/// Largest |X| PolyOpt / NR accept: vertex enumeration explodes with |X|. Measured natively
/// (README.md): |X| <= 10 takes <= ~1.5 s, |X| = 12 takes 3-80 s.
constexpr long kMaxPolyOptX = 10;
/// With the request's "allow_large": true (command line only; the page never sends it).
constexpr long kMaxPolyOptXLarge = 12;

struct PolyOptOptions {
  /**
   * Definition 3 ranges over all s1, s2 including s1 = s2 (the paper's PolyOpt: Example 3 counts
   * 2^4 = 16 rows and its utility 0.4228 needs them). Those rows are not needed for RLDP
   * (docs/errata.md): without them the mechanism is still (eps, F)-RLDP, with higher utility.
   */
  bool same_s_rows = true;
  long max_x = kMaxPolyOptX;  ///< size guard on |X| (kMaxPolyOptX or kMaxPolyOptXLarge)
  /// NR: pairs involving an s with P-hat_s = 0 impose nothing (that s never occurs under P-hat).
  bool skip_unseen_s = false;
};

struct PolyOptResult {
  Matrix mechanism;   ///< [y][x], at most |X| rows (Theorem 3)
  Matrix vertices;    ///< vertices of Gamma-hat, one per row
  Vector mu;          ///< mu(v) of (45) per vertex
  Vector theta;       ///< the LP (46) solution per vertex
  double utility = 0; ///< mu . theta = I_{P-hat}(X;Y)  (44)
  long num_constraints = 0;  ///< distinct Definition 3 rows used
};

/**
 * Definition 3 rows built from the vertices of D_s = {R : R_u >= L_{u|s}}:
 * A_{s,u} = L_{.|s} + (1 - sum_u L_{u|s}) e_u, the row is A_{s1,u1}.v_{s1} <= e^eps A_{s2,u2}.v_{s2}
 * (docs/errata.md), duplicates and trivial rows dropped. `lower` is [s][u].
 * Returns the rows as a matrix (one per constraint, over x = s|U| + u).
 */
Matrix definition3_rows(const Matrix& lower, double epsilon, const PolyOptOptions& options,
                        const Vector& ps);

/// (45): mu(v) = sum_x v_x P_x ln(v_x / sum_x' v_x' P_x').
double mu(const Vector& v, const Vector& px);

/**
 * Theorem 3: vertices V of Gamma-hat = {v >= 0 in the Definition 3 cone, sum v = 1} (cddlib,
 * verified, deduplicated), then the LP (46) max sum theta_v mu(v) s.t. sum theta_v v = 1_X,
 * theta >= 0 (GLPK; a basic solution has at most |X| positive theta), Q_v = theta_v v.
 * Throws bad_request("too_large", "/joint", ...) when |X| > options.max_x.
 */
PolyOptResult polyopt(const JointDistribution& joint, double epsilon, const Matrix& lower,
                      const PolyOptOptions& options = {});

/**
 * Size guard of NR. Its polytope has only |S|(|S|-1) cuts, and its vertex count grows roughly like
 * |S|! |U|^|S| (measured: 2x32 -> 2048 vertices, 1.1 s; 3x10 -> 6000, 1.0 s; 4x6 -> 18144, 4 s;
 * 7x2 -> 16128, 17 s natively). Accepted: |X| <= kMaxPolyOptX, or |X| <= 32 with
 * |S|! |U|^|S| <= 1e4 (1e5 and |X| <= 64 with allow_large).
 */
bool non_robust_within_limits(long num_s, long num_u, bool allow_large);

/// NR: PolyOpt with L_{.|s} = P-hat_{U|s} (F = {P-hat}), so every Definition 3 row reads
/// P_{U|s1}.v_{s1} <= e^eps P_{U|s2}.v_{s2}: the non-robust optimum.
/// Throws bad_request("too_large", "/joint", ...) outside non_robust_within_limits.
PolyOptResult non_robust(const JointDistribution& joint, double epsilon, bool allow_large = false);

}  // namespace privlab::rldp
