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

struct CutResult {
  Matrix p;                 ///< feasible for the full LP (repaired by a uniform mix)
  double repair_mix = 0;    ///< the weight of that mix
  double lp_objective = 0;  ///< the last master LP's optimum
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
/// ones (the rows an earlier master over some of the same observables ended with).
std::optional<CutResult> solve_by_cuts(const GameInputs& in, const DesignOptions& opt,
                                       const lp_build::PairFilter& pairs, const CutRows* warm = nullptr);

/// Makes p feasible for the full LP by mixing in the uniform mechanism u (DP-perfect, adversary
/// error = the feasibility threshold >= d_m; the error is concave in p): first the smallest mix
/// that satisfies every kept DP row, then the smallest that restores d_m. A mix above max_mix is
/// not applied (left for the audit to report). Returns the total weight mixed in.
double repair_with_uniform(Matrix& p, const GameInputs& in, const DesignOptions& opt, const lp_build::PairFilter& pairs,
                           double max_mix);

}  // namespace privlab::game
