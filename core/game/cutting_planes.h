/**
 * @file cutting_planes.h
 * @brief Exact solves of LPs (21)-(24) [game] by cutting planes: a master LP with a few DP rows
 *        (22b)/(24d) and (21b)/(24b) rows, re-solved from its previous basis after adding the
 *        rows its solution violates, found over ALL pairs in O(m n^2) per round. Every round has
 *        a certificate: a lower bound from the master's duals (a relaxation) and an upper bound
 *        from the master's solution made feasible (mixed with the uniform mechanism).
 */
#pragma once
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "common/linalg.h"
#include "game/lp_build.h"

namespace privlab::game {

/// Rows of a cutting-plane master beyond the LP's simplex and budget rows.
struct CutRows {
  std::vector<lp_build::DpRow> dp;
  std::vector<lp_build::DistortionRow> distortion;
};

/// A column of the master with a fixed shape: weight theta >= 0 adds theta r(s) to the row (16)
/// of every secret s, theta x to the budget row (21c)/(24c) and theta cost to the objective. The
/// observable generation gives the observables it has not chosen one each (their Laplace rows,
/// in the DP cone C), so that the restricted LP is not confined to the chosen rows.
struct FixedColumn {
  Vector r;
  double x = 0;
  double cost = 0;
};

struct CutResult {
  /// Feasible for the full LP: the cheapest of the rounds' candidates, each repaired by a uniform
  /// mix (where the budget stopped the loop, possibly after envelope sweeps: solve_by_cuts); with
  /// fixed columns, the raw rows of the last master's observables (not repaired: their columns
  /// sum to 1 with the fixed columns').
  Matrix p;
  Vector fixed_weights;     ///< theta of the fixed columns in the last master (with p)
  double repair_mix = 0;    ///< the weight of p's mix
  double lp_objective = 0;  ///< the last master LP's optimum; NaN when none answered
  double lower_bound = 0;   ///< certified, of the full LP
  double shadow_price = 0;  ///< the last master's multiplier of (21c)/(24c)
  Vector simplex_duals;     ///< the last master's multipliers of the rows (16), one per secret
  long rounds = 0;
  long dp_rows = 0, distortion_rows = 0;
  LpSize size;                 ///< of the last master LP
  bool stopped_early = false;  ///< the budget ran out before the gap closed
  /// The decomposition's phase that answered: "observables" (the restricted LP over
  /// `observables` of them) or "columns" (column generation); empty for the cutting planes.
  std::string phase;
  long observables = 0;
  CutRows rows;  ///< the last master's DP and (21b) rows (to start a larger master from)

  /// The certified relative gap (lp_objective - lower_bound) / max(1, |lp_objective|).
  double relative_gap() const { return (lp_objective - lower_bound) / std::max(1.0, std::abs(lp_objective)); }
};

/// Runs the cutting planes within opt's budget. nullopt when a master LP does not solve (the
/// caller then solves the full LP). `warm`: rows the first master carries besides its usual
/// ones (the rows an earlier master over some of the same observables ended with). `fixed`:
/// columns the master carries besides its rows p(o|.) (FixedColumn; not with the worst-case
/// objective (12)).
std::optional<CutResult> solve_by_cuts(const GameInputs& in, const DesignOptions& opt,
                                       const lp_build::PairFilter& pairs, const CutRows* warm = nullptr,
                                       const std::vector<FixedColumn>* fixed = nullptr);

/// Makes p feasible for the full LP by mixing in the uniform mechanism u (DP-perfect, adversary
/// error = the feasibility threshold >= d_m; the error is concave in p): first the smallest mix
/// that satisfies every kept DP row, then the smallest that restores d_m. A mix above max_mix is
/// not applied (left for the audit to report). Returns the total weight mixed in.
double repair_with_uniform(Matrix& p, const GameInputs& in, const DesignOptions& opt, const lp_build::PairFilter& pairs,
                           double max_mix);

}  // namespace privlab::game
