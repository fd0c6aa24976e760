/**
 * @file decomposition.cpp
 * @brief Decomposition of LPs (21), (22), (24) [game] over observables, certified every round
 *        by the Lagrangian bound of one pricing LP over the shared cone C (decomposition_pricing.h):
 *        first the observable generation (observable_generation.h), then, where it would need
 *        many observables, Dantzig-Wolfe column generation: a master over shapes with n + 1 rows.
 */
#include "game/decomposition.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "game/attack.h"
#include "game/decomposition_pricing.h"
#include "game/dual_repair.h"
#include "game/observable_generation.h"
#include "game/pair_pricing.h"
#include "solvers/lp_columns.h"

namespace privlab::game {

using namespace lp_build;
using namespace decomposition;

namespace {
/// Weight of the exponential mechanism in the start mechanism (the rest: the best constant).
constexpr double kStartSpread = 0.1;
/// Weight of the centre in the smoothed duals (Wentges smoothing).
constexpr double kSmoothing = 0.8;
/// The master keeps at most this many columns per row: beyond, the nonbasic columns of largest
/// reduced cost leave (the master's primal simplex prices every column every pivot; 18,000
/// columns made it the bottleneck of a 10 x 10 grid). Measured on 10 x 10 joint (24), CPU s /
/// rounds: 4: 26.5 / 617, 8: 22.0 / 445, 16: 20.0 / 346, 32: 24.6 / 323, 64: 29.8 / 315.
constexpr long kColumnsPerRow = 16;
/// At most this many rounds in a row priced by pairs alone (pair_columns) before the pricing LPs.
constexpr long kMaxCheapRounds = 50;

/// The master over shapes: rows sum theta r(s) = 1 (16) and sum theta x(r) >= d_m (21c).
class Master {
 public:
  explicit Master(const Problem& pb) : pb_(pb) {
    lp::LinearProgram prog;
    prog.objective = Vector::Zero(0);
    for (long s = 0; s < pb.n; ++s) prog.rows.push_back({{}, 1.0, 1.0});
    if (pb.distortion) prog.rows.push_back({{}, pb.opt.min_distortion, lp::kInf});
    lp_ = std::make_unique<lp::ColumnLp>(prog);
    lp_->set_tolerance(kTolerance);
  }
  /// Adds the column (o, shape k).
  void add(long o, long k, const Shape& sh) {
    std::vector<std::pair<int, double>> coeffs;
    for (long s = 0; s < pb_.n; ++s)
      if (sh.r(s) != 0) coeffs.emplace_back(static_cast<int>(s), sh.r(s));
    if (pb_.distortion && sh.x != 0) coeffs.emplace_back(static_cast<int>(pb_.n), sh.x);
    lp_->add_column(pb_.cost.row(o).dot(sh.r), 0.0, lp::kInf, coeffs);
    columns_.emplace_back(o, k);
  }
  /// Within what is left of the budget (a stop at that limit spends it: Problem::record).
  lp::Solution solve() {
    lp_->set_time_limit(pb_.seconds_left());
    std::vector<std::pair<long, long>> at_solve = columns_;
    lp::Solution sol = lp_->solve();
    pb_.record(sol);
    // The columns the caller's theta refers to (add and purge follow). Only an optimal solve
    // replaces theta: after a solve the budget stopped, theta is the last optimal one's, over
    // the columns before the adds and the purge in between.
    if (sol.status == lp::Status::kOptimal) solved_ = std::move(at_solve);
    return sol;
  }
  long columns() const { return static_cast<long>(columns_.size()); }
  /// Keeps at most kColumnsPerRow (rows) columns: the basic ones and the nonbasic ones of
  /// smallest reduced cost; then frees the pool's shapes no column uses (release_unreferenced).
  template <class ReducedCost>
  void purge(const Vector& duals, ReducedCost reduced, std::vector<Shape>& shapes) {
    const long rows = pb_.n + (pb_.distortion ? 1 : 0);
    const long keep = kColumnsPerRow * rows;
    if (columns() <= 2 * keep) return;
    const std::vector<char> basic = lp_->basic_columns();
    std::vector<std::pair<double, long>> order;
    for (long j = 0; j < columns(); ++j)
      if (!basic[j]) order.emplace_back(reduced(columns_[j].first, columns_[j].second), j);
    std::sort(order.begin(), order.end());
    std::vector<int> drop;
    for (size_t i = static_cast<size_t>(std::max(0L, keep - rows)); i < order.size(); ++i)
      drop.push_back(static_cast<int>(order[i].second));
    std::sort(drop.begin(), drop.end());
    lp_->remove_columns(drop);
    std::vector<std::pair<long, long>> kept;
    size_t d = 0;
    for (long j = 0; j < columns(); ++j) {
      if (d < drop.size() && drop[d] == j) {
        ++d;
        continue;
      }
      kept.push_back(columns_[j]);
    }
    columns_ = std::move(kept);
    (void)duals;
    release_unreferenced(shapes);
  }
  /// Frees the pool's shapes that no column refers to, now or in the last solution (`mechanism`
  /// reads those): purged columns never come back, and a (21) solve adds up to m shapes of n
  /// entries a round (1,329 rounds on the map held about 1 GB). Indices stay valid.
  void release_unreferenced(std::vector<Shape>& shapes) const {
    std::vector<char> used(shapes.size(), 0);
    for (const auto& [o, k] : columns_) used[static_cast<size_t>(k)] = 1;
    for (const auto& [o, k] : solved_) used[static_cast<size_t>(k)] = 1;
    for (size_t k = 0; k < shapes.size(); ++k)
      if (!used[k] && shapes[k].r.size() > 0) shapes[k].r = Vector();
  }
  /// The mechanism of the last master solution: p(o|.) = sum_k theta_{o,k} r_k, over the
  /// columns as they were when it was solved.
  Matrix mechanism(const Vector& theta, const std::vector<Shape>& shapes) const {
    Matrix p = Matrix::Zero(pb_.m, pb_.n);
    for (size_t j = 0; j < solved_.size() && static_cast<long>(j) < theta.size(); ++j)
      if (theta(static_cast<long>(j)) > 0)
        p.row(solved_[j].first) += theta(static_cast<long>(j)) * shapes[solved_[j].second].r.transpose();
    return p;
  }

 private:
  const Problem& pb_;
  std::unique_ptr<lp::ColumnLp> lp_;
  std::vector<std::pair<long, long>> columns_, solved_;
};

/// A feasible mechanism whose rows are distinct shapes, so that the first master is not the
/// degenerate uniform one (which took ~70 rounds to leave on a 10 x 10 grid): when observables
/// are the places (O = S), the exponential mechanism at eps/2, p(o|s) ~ e^{-eps d_eps(o,s)/2}
/// (eps-DP: its normalisers differ by at most e^{eps d/2}), or the identity without DP; then
/// mixed with the uniform mechanism until the best guess's error reaches d_m (the error is
/// concave in p). nullopt when observables are not places.
std::optional<Matrix> start_mechanism(const Problem& pb) {
  if (!pb.in.obs_distance || pb.m != pb.n) return std::nullopt;
  Matrix p = Matrix::Identity(pb.n, pb.n);
  if (pb.dp) p = pb.inverse_factor.cwiseSqrt();
  for (long s = 0; s < pb.n; ++s) p.col(s) /= p.col(s).sum();
  // Mostly the best constant report (cost min_o sum_s pi(s) c(o,s), far closer to the optimum
  // than the exponential mechanism), which alone would be a degenerate start.
  const long best = pb.best_constant_report();
  p *= kStartSpread;
  p.row(best).array() += 1 - kStartSpread;
  if (pb.distortion) {
    const double err = optimal_attack(p, pb.in.prior, pb.in.distance).error;
    const double threshold = feasibility_threshold(pb.in.prior, pb.in.distance);
    if (err < pb.opt.min_distortion && threshold > err) {
      const double t = std::min(1.0, (pb.opt.min_distortion - err) / (threshold - err) * (1 + 1e-9));
      p = (1 - t) * p + t * Matrix::Constant(pb.n, pb.n, 1.0 / static_cast<double>(pb.n));
    }
  }
  return p;
}

}  // namespace

Vector lipschitz_envelope(const Vector& v, const Matrix& inverse_factor) {
  const long n = v.size();
  Vector r(n);
  for (long s = 0; s < n; ++s) r(s) = inverse_factor.row(s).transpose().cwiseProduct(v).maxCoeff();
  return r;
}

std::string decomposition_unavailable(const GameInputs& in, const DesignOptions& opt) {
  if (opt.worst_case) return "the worst-case objective (12) couples observables per secret";
  if (opt.dp_threshold) return "thresholded DP (23) is not a metric constraint";
  if (opt.approx_threshold && opt.approx_distortion_rows)
    return "the Appendix C approximation's dropped (24b) rows differ per observable (keep them: \"distortion_rows\": false)";
  // With the approximation, C is a shortest-path metric's (dp_log_factors); a grid's Euclidean
  // distances are a metric, and so is eps times their minimum with the e^30 cap.
  if (has_dp(opt.kind) && !opt.approx_threshold && !in.dp_distance_is_metric) {
    const long n = in.num_secrets();
    const Matrix lf = dp_log_factors(in, opt);
    for (long r = 0; r < n; ++r)
      for (long s = 0; s < n; ++s)
        for (long t = 0; t < n; ++t)
          if (lf(s, t) > lf(s, r) + lf(r, t) + 1e-12 * (1 + lf(s, t)))
            return "eps d_eps violates the triangle inequality";
  }
  return {};
}

namespace {
/// The column generation (Dantzig-Wolfe master over shapes), continuing from `first` (the
/// observable generation's answer) when given.
std::optional<CutResult> generate_columns(const Problem& pb, const PairFilter& pairs, PricingGroups& pricing,
                                          const CutResult* first);

/// The observable generation hands over to the column generation beyond this many observables
/// (its restricted LP grows with them; the column generation's master does not).
long max_observables(long m) { return std::max(16L, m / 8); }
}  // namespace

std::optional<CutResult> solve_by_decomposition(const GameInputs& in, const DesignOptions& opt,
                                                const PairFilter& pairs) {
  const Problem pb(in, opt);
  std::optional<GeneratedObservables> observables;
  {
    PricingGroups pricing(pb, opt.parallel_pricing);
    observables = generate_observables(pb, pairs, pricing, max_observables(pb.m));
  }
  if (observables && observables->final) return observables->result;
  // Fresh pricing LPs: the cuts added at the restricted LP's duals left an 8x8 joint LP at eps 2
  // with a 14x larger final gap (0.019 against 1.4e-3) after twice the time.
  PricingGroups pricing(pb, opt.parallel_pricing);
  auto columns = generate_columns(pb, pairs, pricing, observables ? &observables->result : nullptr);
  // No column-generation answer because its budget ran out before its first master was solved:
  // the observable generation's mechanism, feasible, with its own bound, is the answer (without
  // a budget, a failed column generation still falls back to the full LP, as before).
  if (!columns && observables && pb.over_budget()) {
    CutResult first = observables->result;
    first.stopped_early = first.relative_gap() > kExactGap;
    return first;
  }
  // The better of the two phases' mechanisms (both feasible) with the better of their bounds: a
  // column generation stopped by its budget can end above the observable generation's answer.
  if (columns && observables && observables->result.lp_objective < columns->lp_objective) {
    CutResult best = observables->result;
    best.lower_bound = std::max(best.lower_bound, columns->lower_bound);
    best.rounds = columns->rounds;
    best.phase = "observables";
    best.observables = 0;
    for (long o = 0; o < best.p.rows(); ++o) best.observables += best.p.row(o).sum() > 0;
    best.stopped_early = best.relative_gap() > kExactGap;
    return best;
  }
  return columns;
}

namespace {
std::optional<CutResult> generate_columns(const Problem& pb, const PairFilter& pairs, PricingGroups& pricing,
                                          const CutResult* first) {
  const GameInputs& in = pb.in;
  const DesignOptions& opt = pb.opt;
  const long m = pb.m, n = pb.n;
  Master master(pb);
  std::vector<Shape> shapes;
  // A new shape, in the pool and as observable o's column.
  const auto add_new = [&](long o, Shape sh) {
    shapes.push_back(std::move(sh));
    master.add(o, static_cast<long>(shapes.size()) - 1, shapes.back());
  };
  // First columns: the uniform shape for every observable (the uniform mechanism: feasible, DP
  // at any eps, error = the threshold >= d_m), and the rows of a start mechanism (start_mechanism).
  if (const auto p0 = start_mechanism(pb)) {
    for (long o = 0; o < m; ++o) add_new(o, pb.shape(p0->row(o).transpose()));
    // Capped Laplace shapes max(e^{-eps d(o,.)}, e^{-c}) around every place (in C: a maximum of
    // elements of C), the shapes optimal rows resemble.
    if (pb.dp)
      for (long o = 0; o < m; ++o)
        for (double c : {0.5, 1.0, 2.0, 4.0, 8.0})
          add_new(o, pb.shape(pb.inverse_factor.col(o).cwiseMax(std::exp(-c))));
  } else {
    shapes.push_back(pb.shape(Vector::Ones(n)));
    for (long o = 0; o < m; ++o) master.add(o, 0, shapes[0]);
  }
  // The observable generation's mechanism (its used rows) and its bound, when it came first.
  if (first)
    for (long o = 0; o < m; ++o)
      if (first->p.row(o).sum() > 0) add_new(o, pb.shape(first->p.row(o).transpose()));

  CutResult res;
  res.lower_bound = first ? first->lower_bound : -lp::kInf;
  double centre_bound = -lp::kInf;  // the bound at the smoothing centre (this phase's own)
  res.rounds = first ? first->rounds : 0;
  Vector theta;
  // Dual smoothing (Wentges): price at a point between the duals of the best bound so far (the
  // centre) and the master's duals; a round that finds no column at the smoothed point
  // ("mis-pricing") moves it towards the master's duals, down to pricing at them, where finding
  // no column proves optimality. Heading-in and tailing-off rounds drop by an order of magnitude.
  Vector centre;
  bool out_of_budget = false;
  std::vector<long> all(m);
  for (long o = 0; o < m; ++o) all[o] = o;
  long cheap_rounds = 0;
  while (!out_of_budget) {
    const lp::Solution sol = master.solve();
    if (sol.status != lp::Status::kOptimal) {
      // Out of budget: the last master's mechanism stands. When this phase has solved no master
      // yet (theta is empty; res.rounds counts the observable generation's rounds too), it has
      // no mechanism: before, its empty master gave a mechanism of 0/0 columns (NaN), which was
      // returned as the better answer (lp_objective 0) and failed the experiment that asked
      // for it ("not_finite" at /p/0/0: scenario 2 on the map with a 4 s limit per LP).
      if (theta.size() > 0 && pb.over_budget()) {
        res.stopped_early = true;
        break;
      }
      return std::nullopt;
    }
    ++res.rounds;
    theta = sol.x;
    res.lp_objective = sol.objective;
    Vector duals = sol.row_duals;  // lambda (n), then mu (with (21c))
    if (pb.distortion) duals(n) = std::max(0.0, duals(n));
    res.shadow_price = pb.distortion ? duals(n) : 0.0;
    if (centre.size() == 0) centre = duals;
    const long first_new = static_cast<long>(shapes.size());
    // Without DP rows, rounds priced by pairs alone while they find columns (cheap_rounds caps
    // a run of them); the pricing LPs take over when they find none, and certify.
    if (!pb.dp && pb.distortion && cheap_rounds < kMaxCheapRounds) {
      auto pairs_found = pair_columns(pb, duals);
      if (!pairs_found.empty()) {
        ++cheap_rounds;
        for (auto& [o, sh] : pairs_found) { add_new(o, std::move(sh)); }
        if (opt.on_round) opt.on_round(res.rounds, pricing.rows(), std::max(0.0, res.relative_gap()));
        master.purge(
            duals, [&](long o, long k) { return reduced_cost(pb, o, shapes[k], duals); }, shapes);
        if (pb.over_budget() || (opt.max_rounds > 0 && res.rounds >= opt.max_rounds)) break;
        continue;
      }
    }
    cheap_rounds = 0;
    // Prices the observables `which` at `at`; keeps a shape whose reduced cost at the master's
    // duals is negative; returns min_o of the pricing bounds (valid only when `which` is all).
    std::vector<Violation> violations;  // of the last pricing (dual_repair.h)
    std::vector<double> betas;          // of the last pricing (box_bound.h)
    const auto price = [&](const std::vector<long>& which, const Vector& at, std::vector<long>& improved) {
      double min_bound = lp::kInf;
      improved.clear();
      violations.clear();
      std::vector<Priced> priced;
      if (!pricing.price(which, at.head(n), pb.distortion ? at(n) : 0.0, priced)) return std::optional<double>();
      betas.clear();
      // In the order of `which`, whichever group priced it: the same master on every machine.
      for (size_t i = 0; i < which.size(); ++i) {
        if (!priced[i].priced) {
          out_of_budget = true;
          continue;
        }
        const long o = which[i];
        min_bound = std::min(min_bound, priced[i].bound);
        betas.push_back(priced[i].box_bound);
        if (priced[i].bound < 0) violations.push_back(violation_at_peak(o, priced[i].shape));
        if (reduced_cost(pb, o, priced[i].shape, duals) < -kEnter) {
          add_new(o, std::move(priced[i].shape));
          improved.push_back(o);
        }
      }
      if (pb.over_budget()) out_of_budget = true;
      return std::optional<double>(min_bound);
    };
    std::vector<long> improved;
    for (int mispriced = 0; !out_of_budget; ++mispriced) {
      const double alpha = std::max(0.0, 1.0 - (mispriced + 1) * (1.0 - kSmoothing));
      const Vector at = alpha * centre + (1 - alpha) * duals;
      const auto min_bound = price(all, at, improved);
      if (!min_bound) return std::nullopt;
      if (out_of_budget) break;
      double bound = master_bound(at.head(n), pb.distortion ? at(n) : 0.0, opt.min_distortion, n, *min_bound);
      bound = std::max(bound, box_master_bound(at.head(n), pb.distortion ? at(n) : 0.0, opt.min_distortion, betas));
      res.lower_bound = std::max(res.lower_bound, bound);
      if (res.relative_gap() > kTargetGap)
        if (const auto repaired = repaired_dual_bound(pb, at.head(n), pb.distortion ? at(n) : 0.0, violations))
          bound = std::max(bound, *repaired);
      if (bound > centre_bound) centre_bound = bound, centre = at;
      res.lower_bound = std::max(res.lower_bound, bound);
      if (static_cast<long>(shapes.size()) > first_new || alpha == 0) break;
    }
    // A shape found for one observable is a column for every other one: each observable gets
    // the new shape of least reduced cost, when negative.
    const long last_new = static_cast<long>(shapes.size());
    if (last_new > first_new) {
      std::vector<long> arg(static_cast<size_t>(m), -1);
      Vector best = Vector::Constant(m, -kEnter);
      for (long k = first_new; k < last_new; ++k) {
        const Vector reduced = reduced_costs(pb, shapes[k], duals);
        for (long o = 0; o < m; ++o)
          if (reduced(o) < best(o)) best(o) = reduced(o), arg[static_cast<size_t>(o)] = k;
      }
      for (long o = 0; o < m; ++o)
        if (arg[static_cast<size_t>(o)] >= 0)
          master.add(o, arg[static_cast<size_t>(o)], shapes[arg[static_cast<size_t>(o)]]);
    }
    const double master_gap = res.relative_gap();
    if (opt.on_round) opt.on_round(res.rounds, pricing.rows(), std::max(0.0, master_gap));
    if (last_new == first_new || master_gap <= kTargetGap) break;
    master.purge(
        duals, [&](long o, long k) { return reduced_cost(pb, o, shapes[k], duals); }, shapes);
    if (opt.max_rounds > 0 && res.rounds >= opt.max_rounds) break;
  }
  res.stopped_early = res.relative_gap() > kExactGap;
  res.phase = "columns";
  // The mechanism of the last master: columns renormalised against round-off, then repaired.
  res.p = master.mechanism(theta, shapes);
  for (long s = 0; s < n; ++s) res.p.col(s) /= res.p.col(s).sum();
  res.repair_mix = repair_with_uniform(res.p, in, opt, pairs, 1.0);
  res.dp_rows = pricing.dp_rows();
  res.distortion_rows = pricing.distortion_rows();
  res.size = {master.columns(), n + (pb.distortion ? 1 : 0) + pricing.rows(), pricing.nonzeros()};
  return res;
}

}  // namespace
}  // namespace privlab::game
