/**
 * @file decomposition.cpp
 * @brief Dantzig-Wolfe decomposition of LPs (21), (22), (24) [game] over observables: a master
 *        over shapes with n + 1 rows, one pricing LP over the shared cone C with cutting planes,
 *        and a certified Lagrangian bound every round (decomposition.h).
 */
#include "game/decomposition.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>

#include "common/worker_thread.h"
#include "game/attack.h"
#include "solvers/lp.h"
#include "solvers/lp_bound.h"
#include "solvers/lp_columns.h"

namespace privlab::game {

using namespace lp_build;

namespace {
/// A pricing row is violated when off by more than this (shapes sum to 1).
constexpr double kViolation = 1e-10;
/// A column enters the master when its reduced cost is below -kEnter.
constexpr double kEnter = 1e-9;
/// Weight of the exponential mechanism in the start mechanism (the rest: the best constant).
constexpr double kStartSpread = 0.1;
/// Weight of the centre in the smoothed duals (Wentges smoothing).
constexpr double kSmoothing = 0.8;
/// The master keeps at most this many columns per row: beyond, the nonbasic columns of largest
/// reduced cost leave (the master's primal simplex prices every column every pivot; 18,000
/// columns made it the bottleneck of a 10 x 10 grid). Measured on 10 x 10 joint (24), CPU s /
/// rounds: 4: 26.5 / 617, 8: 22.0 / 445, 16: 20.0 / 346, 32: 24.6 / 323, 64: 29.8 / 315.
constexpr long kColumnsPerRow = 16;
/// GLPK's feasibility tolerances in the master and the pricing LP: the bound loses n times the
/// pricing's dual infeasibility, so 1e-7 (the default) would leave gaps of ~n 1e-7.
constexpr double kTolerance = 1e-10;
/// Cutting-plane rounds of the pricing LP per observable and master round.
constexpr int kPricingRounds = 100;
/// Observables are priced in this many groups (o mod kPricingGroups), each with its own pricing
/// LP and cuts, on threads of their own natively. Fixed, so that the answer does not depend on
/// the machine: the WASM module runs the same groups one after the other.
constexpr int kPricingGroups = 2;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The log-factors of the DP cone C: eps d_eps(s,t) (a metric, decomposition_unavailable). With
/// the Appendix C approximation only pairs within the threshold are rows; C is then the cone
/// of the shortest-path metric over those pairs (every kept row holds along a chain of kept
/// rows, and a shortest path is such a chain), +inf between cells no chain joins.
Matrix dp_log_factors(const GameInputs& in, const DesignOptions& opt) {
  const long n = in.num_secrets();
  Matrix lf = Matrix::Zero(n, n);
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (s != t) lf(s, t) = opt.approx_threshold && !(in.dp_distance(s, t) <= *opt.approx_threshold) ? lp::kInf : log_factor(in, opt, s, t);
  if (opt.approx_threshold)  // Floyd-Warshall
    for (long r = 0; r < n; ++r)
      for (long t = 0; t < n; ++t)
        for (long s = 0; s < n; ++s) lf(s, t) = std::min(lf(s, t), lf(s, r) + lf(r, t));
  return lf;
}

/// One shape of the master: a ray of C normalised to sum 1, and its best guess's error x(r).
struct Shape {
  Vector r;
  double x = 0;
};

/// The data every round needs, computed once.
struct Problem {
  const GameInputs& in;
  const DesignOptions& opt;
  long m, n;
  bool dp, distortion;
  Matrix inverse_factor;  ///< e^{-log_factor(s,t)}, 1 on the diagonal
  Matrix factor;          ///< e^{log_factor(s,t)}
  Matrix weighted_distance;  ///< D(g,s) = pi(s) d(g,s): the (21b) row of guess g
  Matrix cost;            ///< cost(o,s) = pi(s) c(o,s)
  double x_upper = 0;     ///< x(r) <= min_g max_s D(g,s) for every shape r

  Problem(const GameInputs& i, const DesignOptions& o)
      : in(i), opt(o), m(i.num_observables()), n(i.num_secrets()), dp(has_dp(o.kind)), distortion(has_distortion(o.kind)) {
    inverse_factor = Matrix::Ones(n, n);
    factor = Matrix::Ones(n, n);
    if (dp) {
      const Matrix lf = dp_log_factors(in, opt);
      factor = lf.array().exp();
      inverse_factor = (-lf.array()).exp();
    }
    weighted_distance = in.distance.array().rowwise() * in.prior.transpose().array();
    cost = in.loss.array().rowwise() * in.prior.transpose().array();
    x_upper = weighted_distance.rowwise().maxCoeff().minCoeff();
  }

  Shape shape(const Vector& v) const {
    Shape sh;
    sh.r = v.cwiseMax(0.0);
    if (dp) sh.r = lipschitz_envelope(sh.r, inverse_factor);
    sh.r /= sh.r.sum();
    sh.x = distortion ? (weighted_distance * sh.r).minCoeff() : 0.0;
    return sh;
  }
};

/// The pricing LP over C with sum_s v(s) = 1: variables v (n) and, with (21b), x in [0, x_upper].
/// Its rows (the simplex row, then DP and (21b) rows found as cuts) are shared by every
/// observable; `mirror` holds the same LP for the certificate.
class Pricing {
 public:
  explicit Pricing(const Problem& pb) : pb_(pb) {
    const long vars = pb.n + (pb.distortion ? 1 : 0);
    mirror_.objective = Vector::Zero(vars);
    mirror_.lower = Vector::Zero(vars);
    mirror_.upper = Vector::Constant(vars, lp::kInf);
    if (pb.distortion) mirror_.upper(pb.n) = pb.x_upper;
    lp::Row simplex;
    for (long s = 0; s < pb.n; ++s) simplex.coeffs.emplace_back(static_cast<int>(s), 1.0);
    simplex.lower = simplex.upper = 1.0;
    mirror_.rows.push_back(simplex);
    if (pb.dp) {
      dp_in_.assign(pb.n * pb.n, 0);
      double nearest = lp::kInf;
      for (long s = 0; s < pb.n; ++s)
        for (long t = 0; t < pb.n; ++t)
          if (s != t && pb.in.dp_distance(s, t) > 0) nearest = std::min(nearest, pb.in.dp_distance(s, t));
      for (long s = 0; s < pb.n; ++s)
        for (long t = 0; t < pb.n; ++t)
          if (s != t && !(pb.in.dp_distance(s, t) > 1.5 * nearest) && std::isfinite(pb.factor(s, t))) add_dp_row(s, t, false);
    }
    if (pb.distortion) {
      dist_in_.assign(pb.n, 0);
      add_distortion_row(prior_only_guess(pb.in.prior, pb.in.distance), false);
    }
    lp_ = std::make_unique<lp::IncrementalLp>(mirror_);
    lp_->set_tolerance(kTolerance);
  }

  long dp_rows() const { return dp_count_; }
  long distortion_rows() const { return dist_count_; }
  long rows() const { return static_cast<long>(mirror_.rows.size()); }
  long nonzeros() const {
    long k = 0;
    for (const auto& r : mirror_.rows) k += static_cast<long>(r.coeffs.size());
    return k;
  }

  /// Minimises sum_s z(s) v(s) - mu x over the pricing LP, adding violated rows for a few
  /// rounds. Returns the last solution's v (nullopt when the LP does not solve) and sets
  /// `bound` to a proven lower bound on the minimum over C.
  std::optional<Vector> price(const Vector& z, double mu, double& bound) {
    Vector objective = Vector::Zero(mirror_.num_vars());
    objective.head(pb_.n) = z;
    if (pb_.distortion) objective(pb_.n) = -mu;
    mirror_.objective = objective;
    lp_->set_objective(objective);
    lp::Solution sol;
    for (int round = 0; round < kPricingRounds; ++round) {
      sol = lp_->solve();
      if (sol.status != lp::Status::kOptimal) return std::nullopt;
      if (!add_cuts(sol.x)) break;
    }
    Vector duals = Vector::Zero(rows());
    duals.head(sol.row_duals.size()) = sol.row_duals;
    lp::BoundDomain dom;
    dom.simplex_rows = {0};
    bound = lp::lagrangian_bound(mirror_, duals, dom);
    return Vector(sol.x.head(pb_.n));
  }

 private:
  void add_dp_row(long s, long t, bool to_lp) {
    dp_in_[s * pb_.n + t] = 1;
    lp::Row row{{{static_cast<int>(s), 1.0}, {static_cast<int>(t), -pb_.factor(s, t)}}, -lp::kInf, 0.0};
    if (to_lp) lp_->add_row(row);
    mirror_.rows.push_back(std::move(row));
    ++dp_count_;
  }
  void add_distortion_row(long g, bool to_lp) {
    dist_in_[g] = 1;
    lp::Row row;
    for (long s = 0; s < pb_.n; ++s)
      if (pb_.weighted_distance(g, s) != 0) row.coeffs.emplace_back(static_cast<int>(s), pb_.weighted_distance(g, s));
    row.coeffs.emplace_back(static_cast<int>(pb_.n), -1.0);
    row.lower = 0.0;
    if (to_lp) lp_->add_row(row);
    mirror_.rows.push_back(std::move(row));
    ++dist_count_;
  }
  /// Separation over ALL pairs (O(n^2)): per s the most violated DP row, and the (21b) row of
  /// the best guess. Returns whether a row was added.
  bool add_cuts(const Vector& sol) {
    bool added = false;
    const long n = pb_.n;
    if (pb_.dp)
      for (long s = 0; s < n; ++s) {
        double worst = kViolation;
        long arg = -1;
        for (long t = 0; t < n; ++t) {
          if (t == s || !std::isfinite(pb_.factor(s, t))) continue;
          const double viol = sol(s) - pb_.factor(s, t) * sol(t);
          if (viol > worst && !dp_in_[s * n + t]) worst = viol, arg = t;
        }
        if (arg >= 0) add_dp_row(s, arg, true), added = true;
      }
    if (pb_.distortion) {
      const Vector err = pb_.weighted_distance * sol.head(n);
      long g = -1;
      double best = sol(n) - kViolation;
      for (long k = 0; k < n; ++k)
        if (err(k) < best && !dist_in_[k]) best = err(k), g = k;
      if (g >= 0) add_distortion_row(g, true), added = true;
    }
    return added;
  }

  const Problem& pb_;
  lp::LinearProgram mirror_;
  std::unique_ptr<lp::IncrementalLp> lp_;
  std::vector<char> dp_in_, dist_in_;
  long dp_count_ = 0, dist_count_ = 0;
};

/// One group's pricing of one observable: the lifted shape of the pricing LP's solution and the
/// proven lower bound (`priced` false when the group stopped before it: budget or failure).
struct Priced {
  bool priced = false;
  Shape shape;
  double bound = -lp::kInf;
};

/// The pricing LPs of the groups: group 0 on the caller's thread, the others each on a
/// WorkerThread that builds, solves and frees its LP (GLPK's state is per thread).
class PricingGroups {
 public:
  PricingGroups(const Problem& pb, bool threads) : pb_(pb), pricing_(kPricingGroups) {
    pricing_[0] = std::make_unique<Pricing>(pb);
    for (int g = 1; g < kPricingGroups; ++g) {
      workers_.push_back(std::make_unique<WorkerThread>(!threads, lp::release_thread_state));
      workers_.back()->post([this, g] { pricing_[g] = std::make_unique<Pricing>(pb_); });
      workers_.back()->wait();
    }
  }
  ~PricingGroups() {
    for (int g = 1; g < kPricingGroups; ++g) {
      workers_[g - 1]->post([this, g] { pricing_[g].reset(); });
      workers_[g - 1]->wait();
    }
  }
  /// Prices every observable of `which` at (lambda, mu); `stop` (polled between observables)
  /// ends every group early. Returns false when a pricing LP did not solve.
  bool price(const std::vector<long>& which, const Vector& lambda, double mu,
             const std::function<bool()>& stop, std::vector<Priced>& out) {
    out.assign(which.size(), Priced{});
    std::atomic<bool> failed{false}, stopped{false};
    const auto run = [&](int g) {
      for (size_t i = 0; i < which.size() && !failed && !stopped; ++i) {
        const long o = which[i];
        if (o % kPricingGroups != g) continue;
        double bound = -lp::kInf;
        const auto v = pricing_[g]->price(pb_.cost.row(o).transpose() - lambda, mu, bound);
        if (!v) {
          failed = true;
          return;
        }
        out[i] = {true, pb_.shape(*v), bound};
        if (stop()) stopped = true;
      }
    };
    for (int g = 1; g < kPricingGroups; ++g) workers_[g - 1]->post([&run, g] { run(g); });
    std::exception_ptr error;
    try {
      run(0);
    } catch (...) {
      error = std::current_exception();
    }
    for (auto& w : workers_) w->wait();  // rethrows a worker's exception
    if (error) std::rethrow_exception(error);
    return !failed;
  }
  long dp_rows() const { return sum([](const Pricing& p) { return p.dp_rows(); }); }
  long distortion_rows() const { return sum([](const Pricing& p) { return p.distortion_rows(); }); }
  long rows() const { return sum([](const Pricing& p) { return p.rows(); }); }
  long nonzeros() const { return sum([](const Pricing& p) { return p.nonzeros(); }); }

 private:
  template <class F>
  long sum(F f) const {
    long total = 0;
    for (const auto& p : pricing_) total += f(*p);
    return total;
  }
  const Problem& pb_;
  std::vector<std::unique_ptr<Pricing>> pricing_;
  std::vector<std::unique_ptr<WorkerThread>> workers_;
};

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
  lp::Solution solve(double seconds) {
    lp_->set_time_limit(seconds);
    solved_ = columns_;  // the columns the solution's theta refers to (add and purge follow)
    return lp_->solve();
  }
  long columns() const { return static_cast<long>(columns_.size()); }
  /// Keeps at most kColumnsPerRow (rows) columns: the basic ones and the nonbasic ones of
  /// smallest reduced cost. Removed shapes stay in the pool (a later round may add them back).
  template <class ReducedCost>
  void purge(const Vector& duals, ReducedCost reduced) {
    const long rows = pb_.n + (pb_.distortion ? 1 : 0);
    const long keep = kColumnsPerRow * rows;
    if (columns() <= 2 * keep) return;
    const std::vector<char> basic = lp_->basic_columns();
    std::vector<std::pair<double, long>> order;
    for (long j = 0; j < columns(); ++j)
      if (!basic[j]) order.emplace_back(reduced(columns_[j].first, columns_[j].second), j);
    std::sort(order.begin(), order.end());
    std::vector<int> drop;
    for (size_t i = static_cast<size_t>(std::max(0L, keep - rows)); i < order.size(); ++i) drop.push_back(static_cast<int>(order[i].second));
    std::sort(drop.begin(), drop.end());
    lp_->remove_columns(drop);
    std::vector<std::pair<long, long>> kept;
    size_t d = 0;
    for (long j = 0; j < columns(); ++j) {
      if (d < drop.size() && drop[d] == j) { ++d; continue; }
      kept.push_back(columns_[j]);
    }
    columns_ = std::move(kept);
    (void)duals;
  }
  /// The mechanism of the last master solution: p(o|.) = sum_k theta_{o,k} r_k, over the
  /// columns as they were when it was solved.
  Matrix mechanism(const Vector& theta, const std::vector<Shape>& shapes) const {
    Matrix p = Matrix::Zero(pb_.m, pb_.n);
    for (size_t j = 0; j < solved_.size() && static_cast<long>(j) < theta.size(); ++j)
      if (theta(static_cast<long>(j)) > 0) p.row(solved_[j].first) += theta(static_cast<long>(j)) * shapes[solved_[j].second].r.transpose();
    return p;
  }

 private:
  const Problem& pb_;
  std::unique_ptr<lp::ColumnLp> lp_;
  std::vector<std::pair<long, long>> columns_, solved_;
};

/// sum_s lambda(s) + mu d_m + n min_o b_o, rounded down (weak duality, decomposition.h).
double master_bound(const Vector& lambda, double mu, double d_m, long n, double min_pricing_bound) {
  long double sum = 0;
  double mag = 0;
  for (long s = 0; s < lambda.size(); ++s) sum += lambda(s), mag += std::abs(lambda(s));
  sum += static_cast<long double>(mu) * d_m + static_cast<long double>(n) * min_pricing_bound;
  mag += std::abs(mu * d_m) + std::abs(n * min_pricing_bound);
  return static_cast<double>(sum) - 4 * (lambda.size() + 2) * 0x1.0p-53 * mag;
}

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
  long best = 0;
  const Vector constant_cost = pb.cost.rowwise().sum();
  constant_cost.minCoeff(&best);
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

/// Reduced cost of column (o, shape) at duals (lambda, mu).
double reduced_cost(const Problem& pb, long o, const Shape& sh, const Vector& duals) {
  double rc = pb.cost.row(o).dot(sh.r) - duals.head(pb.n).dot(sh.r);
  if (pb.distortion) rc -= duals(pb.n) * sh.x;
  return rc;
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
  if (has_dp(opt.kind) && !opt.approx_threshold) {  // with it, C is a shortest-path metric's (dp_log_factors)
    const long n = in.num_secrets();
    Matrix lf = Matrix::Zero(n, n);
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (s != t) lf(s, t) = std::min(opt.epsilon * in.dp_distance(s, t), kMaxLogFactor);
    for (long r = 0; r < n; ++r)
      for (long s = 0; s < n; ++s)
        for (long t = 0; t < n; ++t)
          if (lf(s, t) > lf(s, r) + lf(r, t) + 1e-12 * (1 + lf(s, t)))
            return "eps d_eps violates the triangle inequality";
  }
  return {};
}

std::optional<CutResult> solve_by_decomposition(const GameInputs& in, const DesignOptions& opt,
                                                const PairFilter& pairs) {
  const auto start = std::chrono::steady_clock::now();
  const auto over_budget = [&] { return opt.max_seconds > 0 && seconds_since(start) >= opt.max_seconds; };
  const Problem pb(in, opt);
  const long m = pb.m, n = pb.n;
  PricingGroups pricing(pb, opt.parallel_pricing);
  Master master(pb);
  std::vector<Shape> shapes;
  // First columns: the uniform shape for every observable (the uniform mechanism: feasible, DP
  // at any eps, error = the threshold >= d_m), and the rows of a start mechanism (start_mechanism).
  if (const auto p0 = start_mechanism(pb)) {
    for (long o = 0; o < m; ++o) {
      shapes.push_back(pb.shape(p0->row(o).transpose()));
      master.add(o, static_cast<long>(shapes.size()) - 1, shapes.back());
    }
    // Capped Laplace shapes max(e^{-eps d(o,.)}, e^{-c}) around every place (in C: a maximum of
    // elements of C), the shapes optimal rows resemble.
    if (pb.dp)
      for (long o = 0; o < m; ++o)
        for (double c : {0.5, 1.0, 2.0, 4.0, 8.0}) {
          Vector r = pb.inverse_factor.col(o).cwiseMax(std::exp(-c));
          shapes.push_back(pb.shape(r));
          master.add(o, static_cast<long>(shapes.size()) - 1, shapes.back());
        }
  } else {
    shapes.push_back(pb.shape(Vector::Ones(n)));
    for (long o = 0; o < m; ++o) master.add(o, 0, shapes[0]);
  }

  CutResult res;
  res.lower_bound = -lp::kInf;
  Vector theta;
  // Dual smoothing (Wentges): price at a point between the duals of the best bound so far (the
  // centre) and the master's duals; a round that finds no column at the smoothed point
  // ("mis-pricing") moves it towards the master's duals, down to pricing at them, where finding
  // no column proves optimality. Heading-in and tailing-off rounds drop by an order of magnitude.
  Vector centre;
  bool out_of_budget = false;
  std::vector<long> all(m);
  for (long o = 0; o < m; ++o) all[o] = o;
  while (!out_of_budget) {
    const double left = opt.max_seconds > 0 ? std::max(1e-3, opt.max_seconds - seconds_since(start)) : 0.0;
    const lp::Solution sol = master.solve(left);
    if (sol.status != lp::Status::kOptimal) {
      if (res.rounds > 0 && over_budget()) {
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
    // Prices the observables `which` at `at`; keeps a shape whose reduced cost at the master's
    // duals is negative; returns min_o of the pricing bounds (valid only when `which` is all).
    const auto price = [&](const std::vector<long>& which, const Vector& at, std::vector<long>& improved) {
      double min_bound = lp::kInf;
      improved.clear();
      std::vector<Priced> priced;
      if (!pricing.price(which, at.head(n), pb.distortion ? at(n) : 0.0, over_budget, priced)) return std::optional<double>();
      // In the order of `which`, whichever group priced it: the same master on every machine.
      for (size_t i = 0; i < which.size(); ++i) {
        if (!priced[i].priced) {
          out_of_budget = true;
          continue;
        }
        const long o = which[i];
        min_bound = std::min(min_bound, priced[i].bound);
        if (reduced_cost(pb, o, priced[i].shape, duals) < -kEnter) {
          shapes.push_back(std::move(priced[i].shape));
          master.add(o, static_cast<long>(shapes.size()) - 1, shapes.back());
          improved.push_back(o);
        }
      }
      if (over_budget()) out_of_budget = true;
      return std::optional<double>(min_bound);
    };
    std::vector<long> improved;
    for (int mispriced = 0; !out_of_budget; ++mispriced) {
      const double alpha = std::max(0.0, 1.0 - (mispriced + 1) * (1.0 - kSmoothing));
      const Vector at = alpha * centre + (1 - alpha) * duals;
      const auto min_bound = price(all, at, improved);
      if (!min_bound) return std::nullopt;
      if (out_of_budget) break;
      const double bound = master_bound(at.head(n), pb.distortion ? at(n) : 0.0, opt.min_distortion, n, *min_bound);
      if (bound > res.lower_bound) res.lower_bound = bound, centre = at;
      if (static_cast<long>(shapes.size()) > first_new || alpha == 0) break;
    }
    // A shape found for one observable is a column for every other one: each observable gets
    // the new shape of least reduced cost, when negative.
    const long last_new = static_cast<long>(shapes.size());
    for (long o = 0; o < m && last_new > first_new; ++o) {
      long arg = -1;
      double best = -kEnter;
      for (long k = first_new; k < last_new; ++k) {
        const double reduced = reduced_cost(pb, o, shapes[k], duals);
        if (reduced < best) best = reduced, arg = k;
      }
      if (arg >= 0) master.add(o, arg, shapes[arg]);
    }
    const double master_gap = (res.lp_objective - res.lower_bound) / std::max(1.0, std::abs(res.lp_objective));
    if (opt.on_round) opt.on_round(res.rounds, pricing.rows(), std::max(0.0, master_gap));
    if (last_new == first_new || master_gap <= kExactGap * 0.5) break;
    master.purge(duals, [&](long o, long k) { return reduced_cost(pb, o, shapes[k], duals); });
    if (opt.max_rounds > 0 && res.rounds >= opt.max_rounds) break;
  }
  res.stopped_early = (res.lp_objective - res.lower_bound) / std::max(1.0, std::abs(res.lp_objective)) > kExactGap;
  // The mechanism of the last master: columns renormalised against round-off, then repaired.
  res.p = master.mechanism(theta, shapes);
  for (long s = 0; s < n; ++s) res.p.col(s) /= res.p.col(s).sum();
  res.repair_mix = repair_with_uniform(res.p, in, opt, pairs, 1.0);
  res.dp_rows = pricing.dp_rows();
  res.distortion_rows = pricing.distortion_rows();
  res.size = {master.columns(), n + (pb.distortion ? 1 : 0) + pricing.rows(), pricing.nonzeros()};
  return res;
}

}  // namespace privlab::game
