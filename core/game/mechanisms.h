/**
 * @file mechanisms.h
 * @brief The optimal protection mechanisms of [game] as linear programs: distortion privacy (21),
 *        metric differential privacy (22), thresholded DP (23) and the joint mechanism (24), with
 *        the Appendix C approximation (drop rows beyond a distance threshold).
 *
 * Variables: p(o|s) (index s * m + o) and, for (21)/(24), x(o) (index m * n + o), free.
 * Rows: sum_o p(o|s) = 1 (16); (21b)/(24b) sum_s pi(s) p(o|s) d(shat,s) - x(o) >= 0;
 * (21c)/(24c) sum_o x(o) >= d_m; DP rows in multiplied form (docs/errata.md)
 * p(o|s) - e^{eps d_eps(s,s')} p(o|s') <= 0 for s != s'.
 */
#pragma once
#include <cmath>
#include <string>
#include <vector>

#include "common/linalg.h"
#include "game/model.h"
#include "privlab/game_types.h"

namespace privlab::game {

// kExactGap, kDecompositionMinSecrets, MechanismKind, DesignOptions: privlab/game_types.h
MechanismKind mechanism_kind(const std::string& name);  ///< "distortion" | "dp" | "joint"
const char* mechanism_name(MechanismKind kind);

/// implied[s * n + t]: the metric-DP rows of (s,t) follow from those of (s,r) and (r,t) for some
/// r with d(s,r), d(r,t) > 0 and d(s,r) + d(r,t) = d(s,t) (relative tolerance 1e-12).
std::vector<char> implied_pairs(const Matrix& dp_distance);
/// Row s of implied_pairs (entry t: pair (s,t)), in O(n^2).
std::vector<char> implied_pairs_from(const Matrix& dp_distance, long s);
/// The test of both, 1 or 0: a = d(s,r) > 0 and b = d(r,t) > 0 add up to dst = d(s,t) within
/// 1e-12 dst (callers check b > 0 and r != s, t; a NaN fails every comparison). Selects into
/// doubles, no && and no bool: written so, implied_pairs' loop over s vectorises.
inline double on_a_chain(double a, double b, double dst) {
  const double sums = std::abs(a + b - dst) <= 1e-12 * dst ? 1.0 : 0.0;
  return a > 0 ? sums : 0.0;
}

/// Does design() solve these inputs by decomposition (decomposition.h)?
bool uses_decomposition(const GameInputs& in, const DesignOptions& opt);

/// Size of the LP that design() builds, counted without building it (the size guard).
LpSize estimate_lp_size(const GameInputs& in, const DesignOptions& opt);

struct Designed {
  Matrix p;         ///< [o][s], columns are distributions
  double cost = 0;  ///< expected utility loss (11), recomputed from p
  /// The LP's optimum: cost (11), or the worst-case cost (12); NaN when a budget ran out
  /// before any LP solved.
  double lp_objective = 0;
  /// Certificate: a proven lower bound on the optimum of the LP asked for (weak Lagrangian
  /// duality from the solver's row duals, computed and rounded outside the solver), and
  /// gap = (cost - lower_bound) / max(1, |cost|) with cost the objective ((11) or (12)) of the
  /// returned mechanism. The solve is exact when gap <= kExactGap.
  double lower_bound = 0;
  double gap = 0;
  LpSize size;
  long dp_rows = 0, distortion_rows = 0;
  /// How the optimum was found: "full" (every row built at once), "cutting_planes" (lazy DP
  /// rows) or "decomposition" (decomposition.h).
  std::string method = "full";
  /// With "decomposition": the phase that answered, "observables" (a restricted LP over
  /// `observables` observables, certified for all) or "columns" (column generation).
  std::string phase;
  long observables = 0;
  long rounds = 0;             ///< cutting-plane rounds (0 when all DP rows were built at once)
  bool stopped_early = false;  ///< the cutting planes' budget ran out before the gap closed
  /// d cost / d d_m: the multiplier of (21c)/(24c) (NaN for (22)/(23)).
  double shadow_price = 0;
  /// Weight t of the uniform mechanism mixed in to repair solver round-off in DP rows or in
  /// (21c) (0 when none was needed; ~1e-14 typically). Mixing keeps distortion feasible: the uniform mechanism's error is
  /// the feasibility threshold >= d_m and the optimal attack's error is concave in p.
  double repair_mix = 0;
};

/// Inputs built by hand: shapes against each other (prior n, loss m x n, distance and
/// dp_distance n x n, obs_distance m x n), finite and non-negative entries, the prior a
/// distribution. Throws bad_request naming the field ("/prior", "/distance/0/1", ...).
void check_inputs(const GameInputs& in);
/// The argument check of design(): check_inputs, the levels the kind needs present
/// ("missing_field") and in range, thresholds finite and >= 0.
void check_design_arguments(const GameInputs& in, const DesignOptions& opt);

/// The objective the design with `o` minimises, of the mechanism p: cost (11), or the
/// worst-case cost (12) with `worst_case`.
double design_objective(const Matrix& p, const GameInputs& in, const DesignOptions& o);
/// Sets d.cost (11) from d.p, and the certificate's gap d.gap = (objective - d.lower_bound) /
/// max(1, |objective|) (at least 0) with design_objective; returns that objective.
double cost_and_gap(Designed& d, const GameInputs& in, const DesignOptions& o);

/// Solves (21), (22)/(23) or (24) after check_design_arguments. Throws bad_request("infeasible", "/min_distortion") when
/// d_m exceeds feasibility_threshold (no mechanism can reach it), solver_failure otherwise.
Designed design(const GameInputs& in, const DesignOptions& opt);

/// The options of a plain design: the kind, eps (DP and joint) and d_m (distortion and joint),
/// everything else at its default.
DesignOptions design_options(MechanismKind kind, double epsilon, double min_distortion);

}  // namespace privlab::game
