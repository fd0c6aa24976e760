/**
 * @file lp_bound.h
 * @brief A proven lower bound on the optimum of a minimisation LP from any row multipliers
 *        (weak Lagrangian duality), computed outside the solver so that solver tolerances and
 *        round-off cannot make it exceed the true optimum.
 */
#pragma once
#include <vector>

#include "common/linalg.h"
#include "solvers/lp.h"

namespace privlab::lp {

/// What is known about the variables of an optimal solution, beyond the LP's own bounds.
struct BoundDomain {
  /// Rows sum_{j in group} x_j = 1 over disjoint groups of variables that are >= 0 (probability
  /// simplices). They are not relaxed: the Lagrangian minimises over the simplex exactly.
  std::vector<int> simplex_rows;
  /// A box [box_lower_j, box_upper_j] that contains some optimal solution (may be narrower than
  /// the LP's bounds, e.g. p(o|s) <= 1, or a free variable that WLOG lies in [0, T]). Empty:
  /// the LP's bounds.
  Vector box_lower, box_upper;
};

/**
 * L(y) = sum_i y_i b_i + min_{x in D} (c - A^T y)^T x over the rows i not in simplex_rows,
 * where D is the product of the simplices and the box. Multipliers are first clamped to their
 * dual-feasible signs (>= 0 on >= rows, <= 0 on <= rows; a ranged row takes the side its sign
 * selects), so L(y) <= the optimum for any y (weak duality); the floating-point error of every
 * reduced cost and of the sum is bounded and subtracted. Returns -inf when the minimum over D is
 * unbounded (a reduced cost of the wrong sign on an unbounded variable). Minimisation only.
 */
double lagrangian_bound(const LinearProgram& program, const Vector& row_duals, const BoundDomain& domain);

}  // namespace privlab::lp
