/**
 * @file column_generation.h
 * @brief Theorem 3's LP (46) solved by column generation instead of vertex enumeration: the
 *        restricted master over the points of Gamma-hat found so far, its duals lambda, and a
 *        pricing step that looks for v in Gamma-hat with mu(v) - lambda.v > 0 (45).
 *
 * mu is convex, so pricing maximises a convex function over a polytope; it is done by ascent:
 * linearise mu at the current point, solve the LP over Gamma-hat's compact description
 * (gamma_hat.h) with that objective (a vertex), repeat while mu - lambda.v increases. Starts: the
 * master's columns in use and the last columns found. Any set of columns gives a mechanism
 * whose rows lie in Gamma (so (eps, F)-RLDP by Theorem 2); when the ascent finds no improving
 * column the master is a local optimum of the pricing, NOT a certificate: the bound comes from
 * column_bound.h where it applies (polyopt.h's Optimality says which results carry one).
 */
#pragma once
#include <optional>

#include "common/linalg.h"
#include "rldp/gamma_hat.h"

namespace privlab::rldp {

struct ColumnGenerationOptions {
  double seconds = 0;       ///< wall-clock budget (<= 0: none); stopping early keeps a valid master
  long max_rounds = 100000;
  double tolerance = 1e-10; ///< a column enters when mu(v) - lambda.v exceeds this
};

struct ColumnGenerationResult {
  Matrix columns;    ///< the points of Gamma-hat in the final master, one per row
  Vector mu;         ///< mu(v) per column (45)
  Vector theta;      ///< the master's solution (46)
  Vector duals;      ///< the master's row multipliers lambda (one per x) at the end
  double utility = 0;
  long rounds = 0;     ///< master solves
  long generated = 0;  ///< columns ever added (the master drops none)
  bool converged = false;  ///< the last pricing round found no improving column
  bool stopped = false;    ///< the time budget ended the loop
  /// Where the pricing was exhaustive (block_pricing.h) at the final master: a proven upper bound
  /// on (46)'s optimum, 1.lambda + |X| max(0, max_v mu(v) - lambda.v).
  std::optional<double> upper_bound;
};

/// Column generation for (46) over g with P-hat_x = px. Throws solver_failure("lp_failed") only
/// when the master LP itself fails (it always has the uniform column, so it is feasible).
ColumnGenerationResult column_generation(const GammaHat& g, const Vector& px,
                                         const ColumnGenerationOptions& options = {});

}  // namespace privlab::rldp
