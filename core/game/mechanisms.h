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
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/linalg.h"
#include "game/model.h"

namespace privlab::game {

/// Largest certified relative gap still called an exact optimum.
constexpr double kExactGap = 1e-6;
/// Secrets from which the decomposition is used by default (measured: core/game/README.md).
/// From 20 cells on it is as fast as the full LP at eps 0.5 (0.07 s) and far faster as eps grows
/// (4x5 DP at eps 2: 0.12 s against 0.85 s; 5x7 joint at eps 2: 1.6 s against 37 s).
constexpr long kDecompositionMinSecrets = 20;

enum class MechanismKind { kDistortion, kDp, kJoint };

MechanismKind mechanism_kind(const std::string& name);  ///< "distortion" | "dp" | "joint"
const char* mechanism_name(MechanismKind kind);

struct DesignOptions {
  MechanismKind kind = MechanismKind::kJoint;
  double epsilon = 0;          ///< eps_m of (22)/(23)/(24)
  double min_distortion = 0;   ///< d_m of (21)/(24)
  /// (23): plain eps on the pairs with d_eps(s,s') <= dp_threshold instead of metric DP (22).
  std::optional<double> dp_threshold;
  /// Appendix C: keep only DP rows with d_eps(s,s') <= approx_threshold and, when
  /// approx_distortion_rows is set and observables have distances to guesses, only (21b)/(24b)
  /// rows with d(o,shat) <= approx_threshold (as the paper does). Dropping (21b) rows makes the
  /// LP believe the adversary never guesses far from o, so d_m is no longer guaranteed; the DP
  /// rows are the O(n^3) part, so the default drops DP rows only and keeps d_m exact.
  std::optional<double> approx_threshold;
  bool approx_distortion_rows = false;
  /// Cutting planes (cutting_planes.h): solve with the DP rows of near pairs and two (21b) rows
  /// per observable, add the violated rows, re-solve from the previous basis until none is
  /// violated or the certified gap closes (exact; the full LP when a master LP fails).
  bool lazy_dp_rows = false;
  /// Dantzig-Wolfe decomposition over observables (decomposition.h): kAuto uses it where it
  /// applies and the grid has at least kDecompositionMinSecrets cells; kOn wherever it applies.
  enum class Decomposition { kAuto, kOff, kOn } decomposition = Decomposition::kAuto;
  /// Budget of the cutting planes (0: none). When it runs out, design() returns the last
  /// candidate made feasible with its honest gap and Designed::stopped_early.
  long max_rounds = 0;
  double max_seconds = 0;
  /// The decomposition's pricing groups run on threads of their own (natively); false runs
  /// them one after the other on the caller's thread, with the same result (decomposition.h).
  bool parallel_pricing = true;
  /// Called after each cutting-plane round with the round, the master's rows, and the gap.
  std::function<void(long round, long rows, double gap)> on_round;
  /// Minimise the worst-case utility loss over secrets (12) instead of the expected loss (11).
  bool worst_case = false;
  /// Drop the metric-DP rows of pairs (s,t) implied by a chain s -> r -> t with
  /// d_eps(s,r) + d_eps(r,t) = d_eps(s,t) (exact: e^{eps a} e^{eps b} = e^{eps (a+b)}). Not used
  /// with dp_threshold (23), whose factor does not multiply along chains.
  bool drop_implied_dp_rows = true;
  /// Solve the LP through its dual (dual_lp.h): same optimum, much faster when rows >> columns.
  enum class Form { kAuto, kPrimal, kDual } form = Form::kAuto;
  /// "exact_simplex": false skips GLPK's exact (rational) simplex when a floating-point form
  /// ended optimal but its certificate leaves a gap above kExactGap (seconds per LP); the gap is
  /// then reported as it is (lp.exact false). It is still used when no float form ends optimal.
  bool exact_simplex = true;
};

/// implied[s * n + t]: the metric-DP rows of (s,t) follow from those of (s,r) and (r,t) for some
/// r with d(s,r), d(r,t) > 0 and d(s,r) + d(r,t) = d(s,t) (relative tolerance 1e-12).
std::vector<char> implied_pairs(const Matrix& dp_distance);

/// Does design() solve these inputs by decomposition (decomposition.h)?
bool uses_decomposition(const GameInputs& in, const DesignOptions& opt);

/// Size of the LP that design() builds, counted without building it (the size guard).
LpSize estimate_lp_size(const GameInputs& in, const DesignOptions& opt);

struct Designed {
  Matrix p;                    ///< [o][s], columns are distributions
  double cost = 0;             ///< expected utility loss (11), recomputed from p
  double lp_objective = 0;     ///< the LP's optimum: cost (11), or the worst-case cost (12)
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

/// Solves (21), (22)/(23) or (24). Throws bad_request("infeasible", "/min_distortion") when
/// d_m exceeds feasibility_threshold (no mechanism can reach it), solver_failure otherwise.
Designed design(const GameInputs& in, const DesignOptions& opt);

/// The options of a plain design: the kind, eps (DP and joint) and d_m (distortion and joint),
/// everything else at its default.
DesignOptions design_options(MechanismKind kind, double epsilon, double min_distortion);

}  // namespace privlab::game
