/**
 * @file cutting_planes.cpp
 * @brief Cutting planes for LPs (21)-(24) [game] with warm-started re-solves and a certified
 *        gap every round.
 */
#include "game/cutting_planes.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "game/attack.h"
#include "game/decomposition.h"
#include "game/dual_lp.h"
#include "solvers/lp.h"
#include "solvers/lp_columns.h"

namespace privlab::game {

using namespace lp_build;

namespace {
/// A row is violated when it is off by more than this (p and x are O(1)); smaller violations are
/// repaired by the uniform mix and show in the gap.
constexpr double kViolation = 1e-9;

/// For every secret s, its kept DP pairs (t, e^{eps d(s,t)}), computed once.
std::vector<std::vector<std::pair<long, double>>> kept_pairs(const GameInputs& in, const DesignOptions& opt,
                                                             const PairFilter& pairs) {
  const long n = in.num_secrets();
  std::vector<std::vector<std::pair<long, double>>> out(n);
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (pairs.keep(s, t)) out[s].emplace_back(t, std::exp(log_factor(in, opt, s, t)));
  return out;
}

/// The first master: DP rows of the nearest kept pairs (d <= 1.5 x the smallest distance) for
/// every observable; (21b) rows of each observable's own place and of the prior-only guess.
void initial_rows(const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs, std::vector<DpRow>& dp,
                  std::vector<DistortionRow>& dist) {
  const long m = in.num_observables(), n = in.num_secrets();
  if (has_dp(opt.kind)) {
    double nearest = lp::kInf;
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t) && in.dp_distance(s, t) > 0) nearest = std::min(nearest, in.dp_distance(s, t));
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (pairs.keep(s, t) && !(in.dp_distance(s, t) > 1.5 * nearest))
          for (long o = 0; o < m; ++o) dp.push_back({o, s, t});
  }
  if (has_distortion(opt.kind)) {
    const long blind = prior_only_guess(in.prior, in.distance);
    for (long o = 0; o < m; ++o) {
      if (keep_distortion_row(in, opt, o, blind)) dist.push_back({o, blind});
      if (o < n && o != blind && in.obs_distance && keep_distortion_row(in, opt, o, o)) dist.push_back({o, o});
    }
  }
}

/// The DP factors' inverses 1 / e^{log_factor(s,t)} for lipschitz_envelope, where a second
/// repair is worth its O(m n^2) per round (empty elsewhere: no DP rows, or n or m n^2 too large).
Matrix envelope_factors(const GameInputs& in, const DesignOptions& opt) {
  const long m = in.num_observables(), n = in.num_secrets();
  if (!has_dp(opt.kind) || n > 1000 || static_cast<double>(m) * n * n > 1e8) return {};
  // std::exp per entry, as before: Eigen's vectorised exp may differ in the last bit natively, and the
  // page and the CLI answer the same mechanism bit for bit.
  return log_factors(in, opt).unaryExpr([](double f) { return std::exp(-f); });
}

/// A master's point p made nearly DP before the uniform mix: each observable's row raised to its
/// Lipschitz envelope (in C when log_factor is a metric), then each column scaled back to sum 1,
/// kEnvelopeSweeps times. The scaling breaks C only by the ratio of two column sums, so the mix
/// that follows is small where the point breaks its rows by much (a round's uniform mix of
/// 0.54-0.58 became 0.03-0.06 on a restricted LP of the paper's map, core/game/README.md).
constexpr int kEnvelopeSweeps = 10;
void envelope_sweeps(Matrix& p, const Matrix& inverse) {
  for (int sweep = 0; sweep < kEnvelopeSweeps; ++sweep) {
    for (long o = 0; o < p.rows(); ++o) p.row(o) = lipschitz_envelope(p.row(o).transpose(), inverse).transpose();
    for (long s = 0; s < p.cols(); ++s) p.col(s) /= p.col(s).sum();
  }
}

/// Appends the fixed columns to the LP (after its variables; FixedColumn).
void add_fixed_columns(Built& b, const std::vector<FixedColumn>& fixed) {
  lp::LinearProgram& prog = b.prog;
  const long first = prog.num_vars(), k = static_cast<long>(fixed.size());
  prog.objective.conservativeResize(first + k);
  prog.lower.conservativeResize(first + k);
  prog.upper.conservativeResize(first + k);
  for (long j = 0; j < k; ++j) {
    const FixedColumn& col = fixed[static_cast<size_t>(j)];
    const int var = static_cast<int>(first + j);
    prog.objective(var) = col.cost;
    prog.lower(var) = 0.0;
    prog.upper(var) = lp::kInf;
    for (long s = 0; s < col.r.size(); ++s)
      if (col.r(s) != 0)
        prog.rows[static_cast<size_t>(b.simplex_rows[static_cast<size_t>(s)])].coeffs.emplace_back(var, col.r(s));
    if (b.budget_row >= 0 && col.x != 0) prog.rows[static_cast<size_t>(b.budget_row)].coeffs.emplace_back(var, col.x);
  }
}
}  // namespace

double repair_with_uniform(Matrix& p, const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs,
                           double max_mix) {
  const long m = p.rows(), n = p.cols();
  const Matrix uniform = Matrix::Constant(m, n, 1.0 / static_cast<double>(m));
  double mix = 0;
  if (has_dp(opt.kind)) {
    const double t = repair_weight(p, in, opt, pairs);
    if (t > 0 && t <= max_mix) {
      p = (1 - t) * p + t * uniform;
      mix = t;
    }
  }
  if (has_distortion(opt.kind)) {
    // The LP meets (21c) to GLPK's tolerance (~1e-8 relative); mixing in the uniform mechanism
    // (error = threshold, DP-perfect) closes the gap exactly: error is concave in p. A
    // shortfall below 1e-12 d_m is round-off, not worth a mix (d_m at the threshold would need
    // t = 1).
    const double err = optimal_attack(p, in.prior, in.distance).error;
    const double threshold = feasibility_threshold(in.prior, in.distance);
    const double shortfall = opt.min_distortion - err;
    if (shortfall > 1e-12 * std::max(1.0, opt.min_distortion) && threshold > err) {
      const double t = std::min(1.0, shortfall / (threshold - err) * (1 + 1e-6) + 1e-15);
      if (t <= max_mix) {
        p = (1 - t) * p + t * uniform;
        mix = 1 - (1 - mix) * (1 - t);
      }
    }
  }
  return mix;
}

std::optional<CutResult> solve_by_cuts(const GameInputs& in, const DesignOptions& opt, const PairFilter& pairs,
                                       const CutRows* warm, const std::vector<FixedColumn>* fixed) {
  const auto start = std::chrono::steady_clock::now();
  const long m = in.num_observables(), n = in.num_secrets();
  std::vector<DpRow> dp0;
  std::vector<DistortionRow> dist0;
  initial_rows(in, opt, pairs, dp0, dist0);
  // Rows already in the master (a present row violated within the solver's tolerance is left to
  // the repair, never added twice); a warm start's rows join without repeats.
  std::vector<char> dp_in(has_dp(opt.kind) ? m * n * n : 0, 0), dist_in(has_distortion(opt.kind) ? m * n : 0, 0);
  for (const auto& r : dp0) dp_in[(r.o * n + r.s) * n + r.t] = 1;
  for (const auto& r : dist0) dist_in[r.o * n + r.g] = 1;
  if (warm) {
    for (const auto& r : warm->dp)
      if (has_dp(opt.kind) && r.o < m && !dp_in[(r.o * n + r.s) * n + r.t]) {
        dp_in[(r.o * n + r.s) * n + r.t] = 1;
        dp0.push_back(r);
      }
    for (const auto& r : warm->distortion)
      if (has_distortion(opt.kind) && r.o < m && !dist_in[r.o * n + r.g]) {
        dist_in[r.o * n + r.g] = 1;
        dist0.push_back(r);
      }
  }
  CutRows rows{dp0, dist0};
  Built b = build(in, opt, pairs, has_dp(opt.kind) ? &dp0 : nullptr, has_distortion(opt.kind) ? &dist0 : nullptr);
  const long first_fixed = b.prog.num_vars();
  const long num_fixed = fixed && !opt.worst_case ? static_cast<long>(fixed->size()) : 0;
  if (num_fixed > 0) add_fixed_columns(b, *fixed);
  // The master is solved in its dual form (basis |O||S| + |O| instead of the row count, as
  // for the full LP): each cut is a new dual column, and the primal simplex continues from the
  // previous basis.
  lp::ColumnLp master(dual_of(b.prog));
  const auto factors = has_dp(opt.kind) ? kept_pairs(in, opt, pairs) : decltype(kept_pairs(in, opt, pairs)){};
  CutResult res;
  double best_cost = lp::kInf;  ///< of the candidate in res.p (without fixed columns)
  // The rounds' points repaired by envelope_sweeps, the cheapest kept apart: it answers only a
  // loop that stops without a proof, so that the rounds (and every answer that ends exact) are
  // those of the plain candidates. Only a budget stops a loop that way: without one, no sweeps.
  const bool budgeted = opt.max_seconds > 0 || opt.max_rounds > 0;
  const Matrix envelope_inverse = num_fixed > 0 || !budgeted ? Matrix() : envelope_factors(in, opt);
  struct {
    Matrix p;
    double mix = 0, cost = lp::kInf;
  } swept_best;
  const auto gap_of = [&res](double upper) {
    return std::max(0.0, (upper - res.lower_bound) / std::max(1.0, std::abs(upper)));
  };
  long added_dp = 0, added_dist = 0;
  while (true) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (opt.max_seconds > 0) master.set_time_limit(std::max(1e-3, opt.max_seconds - elapsed));
    const lp::Solution dual = master.solve();
    // Out of time by the master's own stop, or by the clock (GLPK's timer is not steady_clock:
    // the master can stop at its limit a millisecond before this clock says the budget is
    // spent, which read as a failure sent the caller to the full LP; lp.h).
    const bool out_of_time =
        opt.max_seconds > 0 &&
        (dual.status == lp::Status::kTimeLimit ||
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= opt.max_seconds);
    if (dual.status != lp::Status::kOptimal && out_of_time) {
      // The budget ran out inside a master solve: the best round's candidate stands; before the
      // first round, before_any_lp's answer and no LP objective (NaN, null in JSON: no master
      // answered).
      if (res.rounds == 0) {
        res.lp_objective = std::numeric_limits<double>::quiet_NaN();
        const BeforeAnyLp first = before_any_lp(b, in, opt);
        res.p = first.p;
        res.fixed_weights = Vector::Zero(num_fixed);
        res.repair_mix = first.repair_mix;
        res.lower_bound = first.lower_bound;
      }
      res.stopped_early = true;
      break;
    }
    if (dual.status != lp::Status::kOptimal) return std::nullopt;
    lp::Solution sol;  // the primal master's solution read from its dual (as solve_via_dual)
    sol.objective = dual.objective;
    sol.x = dual.row_duals;
    sol.row_duals = dual.x;
    ++res.rounds;
    res.lp_objective = sol.objective;
    res.lower_bound = std::max(res.lower_bound, certified_lower_bound(b, sol.row_duals, in, opt));
    res.shadow_price = b.budget_row >= 0 ? sol.row_duals(b.budget_row) : 0.0;
    res.simplex_duals.resize(n);
    for (long s = 0; s < n; ++s) res.simplex_duals(s) = sol.row_duals(b.simplex_rows[static_cast<std::size_t>(s)]);
    // Separation over ALL pairs: per (o, s) the most violated DP row; per o the (21b) row of
    // the adversary's best guess when x(o) exceeds its error.
    std::vector<lp::Row> cuts;
    long new_dp = 0;
    for (long s = 0; s < n && has_dp(opt.kind); ++s)
      for (long o = 0; o < m; ++o) {
        const double ps = sol.x(pvar(o, s, m));
        double worst = kViolation;
        long arg = -1;
        for (const auto& [t, f] : factors[s]) {
          const double v = ps - f * sol.x(pvar(o, t, m));
          if (v > worst && !dp_in[(o * n + s) * n + t]) worst = v, arg = t;
        }
        if (arg < 0) continue;
        cuts.push_back(dp_row(in, opt, {o, s, arg}));
        rows.dp.push_back({o, s, arg});
        dp_in[(o * n + s) * n + arg] = 1;
        ++new_dp;
      }
    if (has_distortion(opt.kind)) {
      Matrix weighted(m, n);  // p(o|s) pi(s)
      for (long s = 0; s < n; ++s)
        for (long o = 0; o < m; ++o) weighted(o, s) = sol.x(pvar(o, s, m)) * in.prior(s);
      const Matrix err = weighted * in.distance.transpose();  // err(o, g) = sum_s pi(s) p(o|s) d(g,s)
      for (long o = 0; o < m; ++o) {
        long arg = -1;
        double best = sol.x(xvar(o, m, n)) - kViolation;
        for (long g = 0; g < n; ++g)
          if (err(o, g) < best && !dist_in[o * n + g] && keep_distortion_row(in, opt, o, g)) best = err(o, g), arg = g;
        if (arg < 0) continue;
        cuts.push_back(distortion_row(in, o, arg));
        rows.distortion.push_back({o, arg});
        dist_in[o * n + arg] = 1;
      }
    }
    // Upper bound: the candidate made feasible (with fixed columns, the caller composes and
    // repairs it: the master's value stands for it here).
    double upper = sol.objective;
    if (num_fixed > 0) {
      res.fixed_weights = sol.x.segment(first_fixed, num_fixed).cwiseMax(0.0);
      res.p = clipped_rows(sol.x, m, n);
      Vector sums = res.p.colwise().sum().transpose();
      for (long j = 0; j < num_fixed; ++j) sums += res.fixed_weights(j) * (*fixed)[static_cast<size_t>(j)].r;
      if (!columns_sum_to_one(sums)) return std::nullopt;
    } else {
      std::optional<Matrix> candidate = mechanism_of(sol.x, m, n);
      if (!candidate) return std::nullopt;  // the master "optimal" at a point off its rows (16)
      const auto cost_of = [&](const Matrix& q) {
        return opt.worst_case ? worst_utility_cost(q, in.loss) : utility_cost(q, in.prior, in.loss);
      };
      if (envelope_inverse.size() > 0) {
        Matrix swept = *candidate;
        envelope_sweeps(swept, envelope_inverse);
        if (swept.allFinite()) {
          const double swept_mix = repair_with_uniform(swept, in, opt, pairs, 1.0);
          if (const double cost = cost_of(swept); cost < swept_best.cost)
            swept_best = {std::move(swept), swept_mix, cost};
        }
      }
      const double mix = repair_with_uniform(*candidate, in, opt, pairs, 1.0);
      // The cheapest candidate of all rounds is kept: a later round's point can break its rows by
      // more, and so need more of the uniform mix, than an earlier one's.
      if (const double cost = cost_of(*candidate); cost < best_cost) {
        res.p = std::move(*candidate);
        res.repair_mix = mix;
        best_cost = cost;
      }
      upper = best_cost;
    }
    const double gap = gap_of(upper);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (opt.on_round) opt.on_round(res.rounds, static_cast<long>(b.prog.rows.size()), gap);
    if (cuts.empty() || gap <= kExactGap * 1e-2) break;
    if ((opt.max_rounds > 0 && res.rounds >= opt.max_rounds) || (opt.max_seconds > 0 && seconds >= opt.max_seconds)) {
      res.stopped_early = gap > kExactGap;
      break;
    }
    added_dp += new_dp;
    added_dist += static_cast<long>(cuts.size()) - new_dp;
    for (auto& row : cuts) {
      const DualColumn col = dual_column(row);
      master.add_column(col.objective, col.lower, col.upper, col.coeffs);
      b.prog.add_row(std::move(row));
    }
  }
  if (res.stopped_early && swept_best.cost < best_cost - kExactGap * std::max(1.0, std::abs(best_cost))) {
    res.p = std::move(swept_best.p);
    res.repair_mix = swept_best.mix;
    res.stopped_early = gap_of(swept_best.cost) > kExactGap;
  }
  // The last master's rows, and the cuts its solution still violated (when the budget ended it).
  res.rows = std::move(rows);
  res.dp_rows = b.dp_rows + added_dp;
  res.distortion_rows = b.distortion_rows + added_dist;
  res.size = {b.prog.num_vars(), static_cast<long>(b.prog.rows.size()), 0};
  for (const auto& row : b.prog.rows) res.size.nonzeros += static_cast<long>(row.coeffs.size());
  return res;
}

}  // namespace privlab::game
