/**
 * @file dual_repair.h
 * @brief A sharper certificate for the decomposition of LPs (22) and (24) [game]: the pricing
 *        multipliers repaired into a dual-feasible point by one covering LP.
 *
 * The decomposition's bound sum lambda + mu d_m + n min_o b_o (master_bound) charges the worst
 * observable's pricing violation n times over. With DP rows on every pair, every row v of C has
 * v(t) >= e^{-eps d(z,t)} v(z) for any cell z (the DP row of the pair (z, t)). So when the
 * pricing objective of observable o satisfies
 *     (cost_o - lambda) . v - mu x(v) >= -g_o v(z_o)   for every v in C       (g_o >= 0),
 * (g_o from the pricing LP normalised at v(z_o) = 1 instead of sum v = 1), any delta >= 0 with
 *     sum_t delta(t) e^{-eps d(z_o,t)} >= g_o   for every violated o
 * makes (lambda - delta, mu) feasible for the dual of the full LP: for every feasible mechanism
 * with rows v_o, (cost_o - lambda + delta) . v_o - mu x(v_o) >= -g_o v_o(z_o) + delta . v_o >= 0.
 * Summing over o with the rows (16) (sum_o v_o = 1) and (21c)/(24c) (sum_o x_o >= d_m, mu >= 0):
 *     cost >= sum_s lambda(s) - sum_s delta(s) + mu d_m.
 * The best delta is the covering LP of the packing bound (packing_bound.h) with g in place of
 * pi; it is made feasible outside the solver. A violation near one cell costs about g_o, not
 * n g_o / sum_s e^{-eps d(o,s)}.
 */
#pragma once
#include <optional>
#include <vector>

#include "game/decomposition_pricing.h"

namespace privlab::game::decomposition {

/// An observable whose pricing bound is negative, and the cell its pricing shape peaks at.
struct Violation {
  long observable = 0;
  long anchor = 0;
};

/// The violation of observable o whose pricing shape is `shape`: anchored where it peaks.
inline Violation violation_at_peak(long o, const Shape& shape) {
  long arg = 0;
  shape.r.maxCoeff(&arg);
  return {o, arg};
}

/// At most this many violated observables are repaired (each costs one pricing LP).
constexpr size_t kMaxRepaired = 64;

/// The proven lower bound sum lambda - sum delta + mu d_m above (rounded down), or nullopt when
/// it does not apply (no DP rows, or more than kMaxRepaired violations), an anchored pricing LP
/// does not solve or has no finite bound, or the budget runs out.
std::optional<double> repaired_dual_bound(const Problem& pb, const Vector& lambda, double mu,
                                          const std::vector<Violation>& violations);

}  // namespace privlab::game::decomposition
