/**
 * @file box_bound.h
 * @brief The box bound of the decomposition of LPs (21), (22), (24) [game]: a proven lower
 *        bound on the optimum that charges every observable its own pricing violation over the
 *        box 0 <= p(o|s) <= 1, instead of n times the worst one.
 *
 * Dualise the column sums (16) with lambda and the budget row (21c)/(24c) with mu >= 0. Every
 * row v_o = p(o|.) of a feasible mechanism lies in C and in the box [0, 1]^n (columns are
 * distributions), and x(o) in [0, min_g sum_s D(g,s)]. So (weak duality)
 *   optimum >= sum_s lambda(s) + mu d_m + sum_o beta_o,
 *   beta_o = min over v in C, 0 <= v <= 1, x <= x(v) of (cost_o - lambda) v - mu x  (<= 0),
 * and any multipliers y >= 0 of rows valid on C (the pricing LP's DP and (21b) cuts, without its
 * normalisation sum v = 1) bound beta_o from below: the Lagrangian of the box. Where few cells
 * carry a negative reduced cost, sum_o beta_o is far above n min_o b_o (master_bound): on the
 * distortion LP (21), whose rows are mostly truthful, the latter stays near -cost for the whole
 * run.
 */
#pragma once

#include "common/linalg.h"
#include "solvers/lp.h"

namespace privlab::game::decomposition {

/// A proven lower bound on beta_o from the pricing LP `pricing` (variables v (n), then x with
/// (21b); row 0 the simplex row sum v = 1, which is dropped) and its row multipliers `duals`:
/// the Lagrangian over v in [0, 1]^n and x in [0, x_row_upper]. <= 0 up to round-off.
double row_box_bound(const lp::LinearProgram& pricing, const Vector& duals, long n, double x_row_upper);

/// The bound itself: box_master_bound (decomposition_pricing.h), beside master_bound.

}  // namespace privlab::game::decomposition
