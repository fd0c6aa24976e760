/**
 * @file game_types.h
 * @brief privlab's typed API, family game: the types a caller builds and passes (included by
 *        privlab/game.h; no JSON). The inputs of a Stackelberg privacy game [game] (Sections
 *        3-4), a grid of locations (Section 9), the mechanism kinds (21)-(24) and their options.
 *
 *   GameInputs      prior pi (eq. 1), utility loss c(o,s), distortion distance d(shat,s),
 *                   DP distance d_eps(s,s'); game::make_inputs() builds and checks one
 *   Grid            rows x cols cells (cell index = row * cols + col); game::grid_distances()
 *   LpSize          the size of a linear program as built (Designed::size, the size guards)
 *   MechanismKind   kDistortion (21), kDp (22)/(23), kJoint (24)
 *   DesignOptions   the kind, its levels eps_m / d_m (required as the kind needs them: NaN =
 *                   not given) and the solver options; game::design_options() for a plain one
 *
 * Secrets and guesses shat range over the same set S (|S| = n); observables O (|O| = m) default
 * to S. Every mechanism is a Matrix p indexed [o][s]: column s is the distribution p(.|s).
 */
#pragma once
#include <functional>
#include <limits>
#include <optional>

#include "common/linalg.h"

namespace privlab::game {

struct GameInputs {
  Vector prior;        ///< pi(s), n entries summing to 1 (eq. 1)
  Matrix loss;         ///< c(o,s), m x n (Section 3.2)
  Matrix distance;     ///< d(shat,s), n x n: distortion privacy (Section 3.4)
  Matrix dp_distance;  ///< d_eps(s,s'), n x n: metric DP (eq. 10/15)
  /// d(o,shat) between observables and guesses, m x n, when observables are places too (grid
  /// or O = S). Only the Appendix C approximation needs it.
  std::optional<Matrix> obs_distance;
  /// dp_distance is known to be a metric (a grid's Euclidean distances), so the decomposition
  /// need not check the triangle inequality (O(n^3): 16 billion steps at 2,500 cells).
  bool dp_distance_is_metric = false;

  long num_secrets() const { return static_cast<long>(prior.size()); }
  long num_observables() const { return static_cast<long>(loss.rows()); }
};

/// Size of a linear program as built (reported to the user and used by the size guards).
struct LpSize {
  long variables = 0;
  long constraints = 0;
  long nonzeros = 0;
};

/// A rows x cols grid of cells (Section 9: locations are grid cells), cell index = row * cols +
/// col. Cells are cell_km wide (the distance between neighbouring columns) and cell_height_km
/// high (between neighbouring rows); cell_height_km <= 0 means square cells.
struct Grid {
  long rows = 0, cols = 0;
  double cell_km = 1;
  double cell_height_km = 0;
  long cells() const { return rows * cols; }
  double width() const { return cell_km; }
  double height() const { return cell_height_km > 0 ? cell_height_km : cell_km; }
  bool square() const { return height() == width(); }
};

/// Largest certified relative gap still called an exact optimum.
constexpr double kExactGap = 1e-6;
/// Secrets from which the decomposition is used by default (measured: core/game/README.md).
/// From 20 cells on it is as fast as the full LP at eps 0.5 (0.07 s) and far faster as eps grows
/// (4x5 DP at eps 2: 0.12 s against 0.85 s; 5x7 joint at eps 2: 1.6 s against 37 s).
constexpr long kDecompositionMinSecrets = 20;

enum class MechanismKind { kDistortion, kDp, kJoint };

struct DesignOptions {
  MechanismKind kind = MechanismKind::kJoint;
  /// eps_m of (22)/(23)/(24), in [0, 50]; NaN = not given: design() refuses a kind that needs it
  /// (missing_field "/epsilon"), as the JSON request does.
  double epsilon = std::numeric_limits<double>::quiet_NaN();
  /// d_m of (21)/(24), >= 0; NaN = not given (missing_field "/min_distortion" where needed).
  double min_distortion = std::numeric_limits<double>::quiet_NaN();
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
  /// applies and the grid has at least kDecompositionMinSecrets cells (not on a line of cells, whose
  /// full LP is small: game/mechanisms.cpp); kOn wherever it applies.
  enum class Decomposition { kAuto, kOff, kOn } decomposition = Decomposition::kAuto;
  /// Budget (0: none): master rounds of the cutting planes and the decomposition, and seconds of
  /// every method (the full LP's attempts included). When it runs out, design() returns the last
  /// candidate made feasible (the uniform mechanism, with a NaN lp_objective, when no LP solved)
  /// with its honest gap and Designed::stopped_early.
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

}  // namespace privlab::game
