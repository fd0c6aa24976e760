/**
 * @file packing_bound.h
 * @brief A lower bound on the cost of LPs (22) and (24) [game] with the Hamming loss from one
 *        n x n LP (the "packing" relaxation), and the observables it suggests.
 *
 * With c(o,s) = 1[o != s] and O = S, the cost (11) is 1 - sum_o pi(o) p(o|o). Every DP row
 * (22b)/(24d) of the pair (o, s) gives p(o|s) >= e^{-eps d_eps(o,s)} p(o|o), so for any b >= 0
 * with sum_s b(s) e^{-eps d_eps(o,s)} >= pi(o) for every o:
 *   sum_o pi(o) p(o|o) <= sum_o p(o|o) sum_s b(s) e^{-eps d_eps(o,s)} <= sum_s b(s) sum_o p(o|s)
 *                       = sum_s b(s)                                        (the rows (16)),
 * and the cost is at least 1 - sum_s b(s). The best such b solves
 *   min sum_s b(s)  s.t.  E b >= pi, b >= 0,  E(o,s) = e^{-eps d_eps(o,s)},
 * whose dual max pi^T a s.t. E^T a <= 1, a >= 0 packs the diagonal entries a(o) = p(o|o) of
 * mechanisms whose rows are the smallest DP rows through them. It is often tight (the rows of
 * the optimum are then those envelopes) and sometimes not (gaps up to a few % on 4 x 4 grids at
 * eps 0.3-1.5, measured against the full LP); either way it is proven, and its support a(o) > 0
 * names the observables an optimum is likely to use.
 */
#pragma once
#include <optional>
#include <vector>

#include "common/linalg.h"
#include "game/lp_build.h"

namespace privlab::game {

struct PackingBound {
  double lower_bound = 0;     ///< proven, with the floating-point error of b and E b accounted for
  std::vector<long> support;  ///< observables o with a(o) > 0, largest pi(o) a(o) first
};

/// min sum_s b(s) s.t. E b >= rhs, b >= 0 (E >= 0, one row per constraint), solved by the LP
/// engine and then made feasible outside it (clipped at 0, scaled until every row holds with
/// its rounding error accounted for): `total` is an upper bound on sum_s b(s) of a b that is
/// proven feasible; `row_duals` are the solver's multipliers (a >= 0). nullopt when the LP does
/// not solve (within `time_limit` seconds, 0: none) or a row with rhs > 0 has no positive entry.
struct Covering {
  double total = 0;
  Vector row_duals;
};
std::optional<Covering> certified_covering(const Matrix& E, const Vector& rhs, double time_limit = 0);

/// Whether the bound applies: DP rows on every pair (LP (22) or (24), without (23)'s threshold,
/// the worst-case objective or dropped (24b) rows), O = S and the Hamming loss.
bool packing_bound_applies(const GameInputs& in, const DesignOptions& opt);

/// The bound, given the DP cone's log-factors eps d_eps(o,s) (decomposition::dp_log_factors:
/// +inf where no DP row chain joins two cells). nullopt when it does not apply or its LP does not
/// solve within `time_limit` seconds (0: none) (a bound of 0, from non-negative costs, then stands).
std::optional<PackingBound> packing_bound(const GameInputs& in, const DesignOptions& opt, const Matrix& log_factors,
                                          double time_limit = 0);

}  // namespace privlab::game
