/**
 * @file column_generation.h
 * @brief Theorem 3's LP (46) solved by column generation instead of vertex enumeration: the
 *        restricted master over the points of Gamma-hat found so far, its duals lambda, and a
 *        pricing step that looks for v in Gamma-hat with mu(v) - lambda.v > 0 (45).
 *
 * mu is convex, so pricing maximises a convex function over a polytope. Where Gamma is a union
 * of block products (the paper's Definition 3 and NR) it is block_pricing.h (exhaustive at small
 * sizes, else vertex-to-vertex ascent over choices of block vertices); otherwise, and when the
 * block search finds nothing, an LP ascent: linearise mu at the current point, solve the LP over
 * Gamma-hat's compact description (gamma_hat.h) with that objective (a vertex), repeat while
 * mu - lambda.v increases. On request (options.stability > 0, off by default) the pricing runs
 * at Wentges-smoothed duals (stability * centre + (1 - stability) * lambda, the centre being the
 * multipliers of the least proven bound so far), falling back to lambda when that finds no
 * column improving the master. Any set of columns
 * gives a mechanism whose rows lie in Gamma (so (eps, F)-RLDP by Theorem 2). A proven upper bound
 * comes from any multipliers whose pricing maximum is known or bounded (the result's
 * upper_bound); when the ascent finds no improving column without such a bound, the master is a
 * local optimum of the pricing, NOT a certificate (column_bound.h may still bound it).
 */
#pragma once
#include <optional>

#include "common/linalg.h"
#include "rldp/gamma_hat.h"

namespace privlab::rldp {

struct ColumnGenerationOptions {
  /// Budget in CPU seconds of the solving thread (wall time in WASM; <= 0: none); stopping early
  /// keeps a valid master.
  double seconds = 0;
  long max_rounds = 100000;
  double tolerance = 1e-10;  ///< a column enters when mu(v) - lambda.v exceeds this
  /// Block pricing (block_pricing.h): exhaustive up to this many choices, block lists of at most
  /// block_cap vertices each (incomplete beyond: no Lagrangian bound from the blocks).
  double exhaustive_limit = 3e5;
  long block_cap = 1L << 20;
  /// Wentges smoothing: price at stability * centre + (1 - stability) * lambda, the centre being
  /// the duals with the best proven bound so far (0: price at the master's duals). Off by
  /// default: with the heuristic pricing the centre is refreshed only every bound_every rounds
  /// (a relaxation bound, not the Lagrangian function), and 0.5 doubled the rounds (NR at
  /// |X| = 120: 265 instead of 89; 60: 96/59; PolyOpt at 60: 213/158) and at |X| = 240 reached a
  /// lower utility in the same 40 CPU seconds (0.0153 against 0.0240), for at most 2e-5 more
  /// utility where both converge (test_column_generation, docs/results/rldp.md).
  double stability = 0;
  int bound_every = 10;  ///< rounds between Lagrangian bounds (block_pricing.h ratio_bound)
};

struct ColumnGenerationResult {
  Matrix columns;  ///< the points of Gamma-hat in the final master, one per row
  Vector mu;       ///< mu(v) per column (45)
  Vector theta;    ///< the master's solution (46)
  Vector duals;    ///< the master's row multipliers lambda (one per x) at the end
  double utility = 0;
  long rounds = 0;         ///< master solves
  long generated = 0;      ///< columns ever added (the master drops none)
  bool converged = false;  ///< the last pricing round found no improving column
  bool stopped = false;    ///< the time budget ended the loop
  /// The least proven upper bound on (46)'s optimum met: for any multipliers pi,
  /// 1.pi + |X| max_v (mu(v) - pi.v) bounds it (weak duality, sum v = 1) where the max is known
  /// (exhaustive pricing); over complete blocks BlockPricing::dual_bound.
  std::optional<double> upper_bound;
  double master_seconds = 0, pricing_seconds = 0, bound_seconds = 0;  ///< where the CPU time went
};

/// Column generation for (46) over g with P-hat_x = px. Throws solver_failure("lp_failed") only
/// when the master LP itself fails (it always has the uniform column, so it is feasible).
ColumnGenerationResult column_generation(const GammaHat& g, const Vector& px,
                                         const ColumnGenerationOptions& options = {});

}  // namespace privlab::rldp
