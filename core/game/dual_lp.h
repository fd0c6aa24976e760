/**
 * @file dual_lp.h
 * @brief Solving an LP through its dual. The game LPs have few variables (|O||S| + |O|) and
 *        many rows (O(|O||S|^2) DP rows); the dual swaps the two, so the simplex basis is
 *        |O||S| instead of the row count, which is several times faster in GLPK.
 *
 * Proposal for shared code: this belongs in core/solvers (lp.h could offer it as an option).
 */
#pragma once
#include "solvers/lp.h"

namespace privlab::game {

/// Solves `primal` (a minimisation whose rows are each an equality or one-sided, and whose
/// variables are each >= 0 or free) by building and solving its dual:
///   max b^T y  s.t.  A_j^T y <= c_j (x_j >= 0),  A_j^T y = c_j (x_j free),
///   y_i free (equality), y_i >= 0 (row >= b_i), y_i <= 0 (row <= b_i).
/// Returns the primal solution (x = the dual's row multipliers, row_duals = y). Throws
/// solver_failure("lp_form") for other shapes (ranged rows, finite upper bounds).
lp::Solution solve_via_dual(const lp::LinearProgram& primal);

/// The dual LP that solve_via_dual solves (same shape rules).
lp::LinearProgram dual_of(const lp::LinearProgram& primal);

/// The dual column of one primal row (added to a dual master when the primal gains a row):
/// objective b_i, bounds by the row's sense, coefficients (primal column j, a_ij).
struct DualColumn {
  double objective = 0, lower = 0, upper = 0;
  std::vector<std::pair<int, double>> coeffs;
};
DualColumn dual_column(const lp::Row& row);

}  // namespace privlab::game
