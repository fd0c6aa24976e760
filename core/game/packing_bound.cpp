/**
 * @file packing_bound.cpp
 * @brief The packing lower bound of LPs (22)/(24) with the Hamming loss (packing_bound.h).
 */
#include "game/packing_bound.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "solvers/lp.h"

namespace privlab::game {

using lp_build::has_dp;

bool packing_bound_applies(const GameInputs& in, const DesignOptions& opt) {
  const long n = in.num_secrets();
  if (!has_dp(opt.kind) || opt.worst_case || opt.dp_threshold) return false;
  if (opt.approx_threshold && opt.approx_distortion_rows) return false;
  if (in.num_observables() != n) return false;
  for (long o = 0; o < n; ++o)
    for (long s = 0; s < n; ++s)
      if (in.loss(o, s) != (o == s ? 0.0 : 1.0)) return false;
  return true;
}

std::optional<Covering> certified_covering(const Matrix& E, const Vector& rhs, double time_limit) {
  const long k = E.rows(), n = E.cols();
  lp::LinearProgram prog;
  prog.time_limit = time_limit;
  prog.objective = Vector::Ones(n);
  for (long o = 0; o < k; ++o) {
    lp::Row row;
    for (long s = 0; s < n; ++s)
      if (E(o, s) > 0) row.coeffs.emplace_back(static_cast<int>(s), E(o, s));
    row.lower = rhs(o);
    prog.rows.push_back(std::move(row));
  }
  const lp::Solution sol = lp::solve_lp(prog);
  if (sol.status != lp::Status::kOptimal) return std::nullopt;
  // Make b feasible outside the solver: clip at 0 and scale until E b >= rhs holds with the
  // rounding error of E b (at most n + 2 ulps relative, every term non-negative) accounted for.
  const Vector b = sol.x.cwiseMax(0.0);
  const double ulp = 0x1.0p-52;
  double scale = 1;
  for (long o = 0; o < k; ++o) {
    if (rhs(o) <= 0) continue;
    const double eb = E.row(o).dot(b) * (1 - (n + 2) * ulp);
    if (!(eb > 0)) return std::nullopt;
    scale = std::max(scale, rhs(o) / eb * (1 + 2 * ulp));
  }
  long double total = 0;
  for (long s = 0; s < n; ++s) total += b(s);
  Covering out;
  out.total = static_cast<double>(total) * scale * (1 + (n + 4) * ulp);
  out.row_duals = sol.row_duals;
  return out;
}

std::optional<PackingBound> packing_bound(const GameInputs& in, const DesignOptions& opt, const Matrix& log_factors,
                                          double time_limit) {
  if (!packing_bound_applies(in, opt)) return std::nullopt;
  const long n = in.num_secrets();
  const Matrix E = (-log_factors.array()).exp();  // e^{-inf} = 0: no chain, no row
  const auto cover = certified_covering(E, in.prior, time_limit);
  if (!cover) return std::nullopt;
  long double mass = 0;
  for (long s = 0; s < n; ++s) mass += in.prior(s);
  // cost = sum pi - sum_o pi(o) p(o|o) >= sum pi - sum b (both sums rounded against us).
  PackingBound out;
  out.lower_bound = static_cast<double>(mass) * (1 - (n + 2) * 0x1.0p-52) - cover->total;
  // The packing's a(o) are the rows' multipliers (GLPK's sign: >= rows of a minimum, a >= 0).
  std::vector<std::pair<double, long>> used;
  for (long o = 0; o < n; ++o)
    if (cover->row_duals(o) > 1e-12) used.emplace_back(-in.prior(o) * cover->row_duals(o), o);
  std::sort(used.begin(), used.end());
  for (const auto& u : used) out.support.push_back(u.second);
  return out;
}

}  // namespace privlab::game
