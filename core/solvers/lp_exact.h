/**
 * @file lp_exact.h
 * @brief The last resort of the LP facade (implemented in lp.cpp, the only file that sees GLPK):
 *        the simplex, then GLPK's exact rational-arithmetic simplex from its final basis.
 */
#pragma once
#include "solvers/lp.h"

namespace privlab::lp {

/// solve_lp, then glp_exact from the basis it ended with: the basis is re-checked and re-pivoted
/// in exact arithmetic, so the solution (primal values and row duals, rounded to doubles) is
/// feasible and optimal up to that rounding, whatever the floating-point tolerances did. Much
/// slower than solve_lp on large LPs: for LPs whose coefficients span e^30 where the
/// floating-point simplex stops at a slightly infeasible or suboptimal vertex.
Solution solve_lp_exact(const LinearProgram& program);

}  // namespace privlab::lp
