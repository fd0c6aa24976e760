/**
 * @file polyopt.h
 * @brief PolyOpt [rldp Section 5: Definition 3, Theorems 2-3] and NR (the same construction with
 *        F = {P-hat}, the non-robust optimum of Section 8).
 */
#pragma once
#include <optional>
#include <string>

#include "common/linalg.h"
#include "model/joint.h"

namespace privlab::rldp {

/// Largest |X| PolyOpt / NR accept from the page (no "allow_large"): column generation answers
/// within about 5 s in WASM up to this size (README.md section 6).
constexpr long kMaxPolyOptX = 30;
/// With the request's "allow_large": true (command line only): every joint the family accepts.
constexpr long kMaxPolyOptXLarge = 256;
/// Vertex enumeration (proven exact, fast) is used up to this |X| for PolyOpt; above it, column
/// generation (column_generation.h). Measured natively: |X| <= 10 takes <= ~1.5 s, 12 takes 3-80 s.
constexpr long kMaxVertexEnumX = 10;
/// Column generation's budget per design (CPU seconds of its thread, wall time in WASM;
/// stopping keeps a valid mechanism, flagged "stopped"): the page's sizes (no allow_large) and
/// the command line's.
constexpr double kColumnGenerationSeconds = 10;
constexpr double kColumnGenerationSecondsLarge = 100;

/// How the LP (46) was solved and what is proven about its optimum.
struct Optimality {
  std::string method;  ///< "vertex_enumeration" or "column_generation"
  /// "proven": utility is the optimum of (46) (all vertices priced) or upper_bound is proven;
  /// "no_bound": the pricing found no improving column, but nothing bounds the optimum.
  std::string status;
  std::optional<double> upper_bound;  ///< proven upper bound on (46)'s optimum
  std::optional<double> gap;          ///< upper_bound - utility
  long columns = 0;                   ///< columns of the final LP (vertices, or points of Gamma-hat generated)
  long rounds = 0;                    ///< master LP solves (0 for vertex enumeration)
  bool stopped = false;               ///< the time budget ended column generation before convergence
};

/// Marks `o` proven with `bound` on (46)'s optimum for a mechanism of `utility`: upper_bound =
/// max(bound, utility) (a bound below the value reached is round-off), gap = upper_bound - utility.
void set_proven_bound(Optimality& o, double bound, double utility);

enum class LpMethod { kAuto, kVertices, kColumns };

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
  /// kAuto: vertex enumeration when |X| <= vertex_max_x (or it fails numerically: then columns).
  LpMethod method = LpMethod::kAuto;
  long vertex_max_x = kMaxVertexEnumX;
  double seconds = kColumnGenerationSeconds;  ///< column generation's budget
};

struct PolyOptResult {
  Matrix mechanism;          ///< [y][x], at most |X| rows (Theorem 3)
  Matrix vertices;           ///< vertices of Gamma-hat (or the generated columns), one per row
  Vector mu;                 ///< mu(v) of (45) per vertex
  Vector theta;              ///< the LP (46) solution per vertex
  double utility = 0;        ///< mu . theta = I_{P-hat}(X;Y)  (44)
  long num_constraints = 0;  ///< distinct Definition 3 rows used (vertex enumeration only)
  Optimality optimality;
};

/**
 * Definition 3 rows built from the vertices of D_s = {R : R_u >= L_{u|s}}:
 * A_{s,u} = L_{.|s} + (1 - sum_u L_{u|s}) e_u, the row is A_{s1,u1}.v_{s1} <= e^eps A_{s2,u2}.v_{s2}
 * (docs/errata.md), duplicates and trivial rows dropped. `lower` is [s][u].
 * Returns the rows as a matrix (one per constraint, over x = s|U| + u).
 */
Matrix definition3_rows(const Matrix& lower, double epsilon, const PolyOptOptions& options, const Vector& ps);

/// (45): mu(v) = sum_x v_x P_x ln(v_x / sum_x' v_x' P_x').
double mu(const Vector& v, const Vector& px);

/**
 * Theorem 3: vertices V of Gamma-hat = {v >= 0 in the Definition 3 cone, sum v = 1} (cddlib,
 * verified, deduplicated), then the LP (46) max sum theta_v mu(v) s.t. sum theta_v v = 1_X,
 * theta >= 0 (GLPK; a basic solution has at most |X| positive theta), Q_v = theta_v v.
 * Above options.vertex_max_x (method kAuto) or with kColumns: the same LP by column generation
 * (column_generation.h), whose optimality is reported as "no_bound".
 * Throws bad_request("too_large", "/joint", ...) when |X| > options.max_x.
 */
PolyOptResult polyopt(const JointDistribution& joint, double epsilon, const Matrix& lower,
                      const PolyOptOptions& options = {});

/**
 * Whether NR uses vertex enumeration. Its polytope has only |S|(|S|-1) cuts, and its vertex
 * count grows roughly like |S|! |U|^|S| (measured: 2x32 -> 2048 vertices, 1.1 s; 3x10 -> 6000,
 * 1.0 s; 4x6 -> 18144, 4 s; 7x2 -> 16128, 17 s natively): |X| <= kMaxVertexEnumX, or |X| <= 32
 * with |S|! |U|^|S| <= 1e4. Above, column generation.
 */
bool non_robust_vertices_fit(long num_s, long num_u);

/// NR: PolyOpt with L_{.|s} = P-hat_{U|s} (F = {P-hat}), so every Definition 3 row reads
/// P_{U|s1}.v_{s1} <= e^eps P_{U|s2}.v_{s2}: the non-robust optimum. Size guard as PolyOpt's
/// (kMaxPolyOptX, kMaxPolyOptXLarge with allow_large). `method` as PolyOptOptions.
PolyOptResult non_robust(const JointDistribution& joint, double epsilon, bool allow_large = false,
                         LpMethod method = LpMethod::kAuto);

}  // namespace privlab::rldp
