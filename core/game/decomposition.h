/**
 * @file decomposition.h
 * @brief Exact solves of LPs (21), (22) and (24) [game] by decomposition over observables, for
 *        paper-size grids (Section 9: 20 x 15 cells): first the observable generation (the full
 *        LP over the few observables the optimum uses, observable_generation.h), then, where
 *        many are used, the Dantzig-Wolfe column generation described here. Both are certified
 *        by the same pricing LP and bound (decomposition_pricing.h).
 *
 * The LPs couple the rows p(o|.) of different observables o only through the column sums (16)
 * and the budget row (21c)/(24c): every row v_o = p(o|.) lies in the same cone
 *   C = {(v, x) : v >= 0, v(s) <= e^{eps d_eps(s,t)} v(t) (22b), x <= sum_s pi(s) d(g,s) v(s) (21b)}
 * and only its cost sum_s pi(s) c(o,s) v(s) depends on o. So the LP is a master over "shapes"
 * (rays r of C, normalised to sum 1, with x(r) = the best guess's error min_g sum_s pi(s) d(g,s)
 * r(s)): min sum_{o,r} theta_{o,r} cost_o(r) s.t. sum_{o,r} theta_{o,r} r(s) = 1 for every s,
 * sum theta_{o,r} x(r) >= d_m, theta >= 0 -- n + 1 rows whatever the grid. A shape found for one
 * observable is a column for every other one. New shapes come from one pricing LP over C (n + 1
 * variables; its DP rows added as cutting planes, kept for every observable), re-solved per
 * observable with only its objective changed. Each shape is lifted into C exactly by the
 * Lipschitz envelope r'(s) = max_t r(t) e^{-eps d_eps(s,t)} (the smallest element of C above r,
 * valid because eps d_eps is a metric), so every column is feasible whatever the pricing LP's
 * tolerance or missing rows.
 *
 * Certificate (weak Lagrangian duality): with the master's duals lambda (column sums) and
 * mu >= 0 (budget), and for every o a proven lower bound b_o on min over C, sum_s r(s) = 1 of
 * sum_s (pi(s) c(o,s) - lambda(s)) r(s) - mu x(r) (from the pricing LP's duals; the pricing LP
 * is a relaxation of C), the optimum is at least sum_s lambda(s) + mu d_m + n min_o b_o, since
 * the rows carry total mass sum_o sum_s p(o|s) = n.
 */
#pragma once
#include <optional>
#include <string>

#include "game/cutting_planes.h"
#include "game/lp_build.h"

namespace privlab::game {

/// Why the decomposition does not apply to these inputs (empty when it does): it needs the
/// expected cost (11), metric DP (22) with factors that multiply along chains (eps d_eps a
/// metric after the e^30 cap, or the Appendix C approximation's kept pairs, whose cone is that
/// of their shortest-path metric), and (21b) rows that are the same for every observable (so
/// not the approximation's dropped (24b) rows).
std::string decomposition_unavailable(const GameInputs& in, const DesignOptions& opt);

/// Solves by decomposition within opt's budget (rounds = master solves). nullopt when an LP
/// does not solve (the caller then uses another method).
std::optional<CutResult> solve_by_decomposition(const GameInputs& in, const DesignOptions& opt,
                                                const lp_build::PairFilter& pairs);

/// The Lipschitz envelope of v >= 0: r(s) = max_t v(t) / factor(s,t) with factor(s,t) =
/// e^{log_factor(s,t)} (factor(s,s) = 1). When log_factor is a metric, r is the smallest vector
/// above v with r(s) <= factor(s,t) r(t) for all s, t.
Vector lipschitz_envelope(const Vector& v, const Matrix& inverse_factor);

}  // namespace privlab::game
