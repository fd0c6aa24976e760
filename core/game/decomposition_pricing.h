/**
 * @file decomposition_pricing.h
 * @brief The pricing side of the decomposition of LPs (21), (22), (24) [game]: the cone C that
 *        every observable's row p(o|.) lies in, one pricing LP over it with cutting planes (in two
 *        fixed groups of observables, on threads natively), and the Lagrangian bound from the
 *        prices. Shared by the column generation (decomposition.cpp) and the observable
 *        generation (observable_generation.cpp).
 */
#pragma once
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include "common/linalg.h"
#include "common/worker_thread.h"
#include "game/box_bound.h"
#include "game/decomposition.h"
#include "game/distortion_pricing.h"
#include "game/lp_build.h"
#include "game/mechanisms.h"
#include "game/packing_bound.h"
#include "solvers/lp.h"
#include "solvers/lp_bound.h"

namespace privlab::game::decomposition {

using namespace lp_build;

/// Both phases go on until the certified relative gap is below this: a tenth of the 1e-7 to
/// which the decomposed optimum must equal the full LP's (at kExactGap / 2 a 6 x 6 distortion
/// LP ended 1.2e-7 above it).
constexpr double kTargetGap = kExactGap * 0.05;
/// A pricing row is violated when off by more than this (shapes sum to 1).
constexpr double kViolation = 1e-10;
/// A column enters the master when its reduced cost is below -kEnter.
constexpr double kEnter = 1e-9;
/// GLPK's feasibility tolerances in the master and the pricing LP: the bound loses n times the
/// pricing's dual infeasibility, so 1e-7 (the default) would leave gaps of ~n 1e-7.
constexpr double kTolerance = 1e-10;
/// A screened observable's box bound may lie this far below 0: the rounding allowance of
/// lp::lagrangian_bound (about -2e-16 on a 6 x 6 grid where every reduced cost is >= 0). Each
/// screened observable then costs box_master_bound at most this much (3e-10 over 300).
constexpr double kScreenBoxSlack = 1e-12;
/// Cutting-plane rounds of the pricing LP per observable and master round.
constexpr int kPricingRounds = 100;
/// The distortion LP (21)'s pricing (distortion_pricing.h): absolute gap at which one
/// observable's double oracle stops, and its most small LPs.
constexpr double kDistortionPricingTolerance = 1e-13;
constexpr long kDistortionPricingIterations = 200;
/// Observables are priced in this many groups (o mod kPricingGroups), each with its own pricing
/// LP and cuts, on threads of their own natively. Fixed, so that the answer does not depend on
/// the machine: the WASM module runs the same groups one after the other.
constexpr int kPricingGroups = 2;

/// The log-factors of the DP cone C: eps d_eps(s,t) (a metric, decomposition_unavailable). With
/// the Appendix C approximation only pairs within the threshold are rows; C is then the cone
/// of the shortest-path metric over those pairs (every kept row holds along a chain of kept
/// rows, and a shortest path is such a chain), +inf between cells no chain joins.
Matrix dp_log_factors(const GameInputs& in, const DesignOptions& opt);

/// One shape of the master: a ray of C (normalised to sum 1, except the priced rows of (21):
/// Problem::priced_shape), and its best guess's error x(r).
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
  Matrix inverse_factor;     ///< e^{-log_factor(s,t)}, 1 on the diagonal
  Matrix factor;             ///< e^{log_factor(s,t)}
  Matrix weighted_distance;  ///< D(g,s) = pi(s) d(g,s): the (21b) row of guess g
  /// D's transpose, for (21) only (empty otherwise): the double oracle reads guesses' rows
  /// (distortion_pricing.h), here contiguous columns.
  Matrix weighted_distance_t;
  Matrix cost;             ///< cost(o,s) = pi(s) c(o,s)
  double x_upper = 0;      ///< x(r) <= min_g max_s D(g,s) for every shape r
  double x_row_upper = 0;  ///< x(o) <= min_g sum_s D(g,s) for every row 0 <= p(o|.) <= 1
  long blind_guess = 0;    ///< the g of that minimum: the best guess without the observation
  /// (21) only (empty otherwise): the shared cost row max_o cost(o, .), and per observable the
  /// one cell where its row is below it (-1: none, -2: more than one). Under the Hamming loss cost(o, .) = pi except
  /// cost(o, o) = 0, so every observable's reduced costs are one shared vector lowered at one
  /// cell (pair_pricing.h prices the pairs avoiding that cell once for all observables).
  Vector shared_cost;
  std::vector<long> cost_exception;
  /// The packing bound (packing_bound.h) where it applies: a proven lower bound from one n x n
  /// LP, and the observables it suggests.
  std::optional<PackingBound> packing;
  /// opt.max_seconds after construction began (none without a budget): every LP solve stops by then.
  std::optional<std::chrono::steady_clock::time_point> deadline;

  /// Spent by the clock, or by an LP given seconds_left() that stopped at its limit (record):
  /// GLPK times its solves with gettimeofday, and in the browser one stopped at its limit a
  /// millisecond before this clock's deadline; read as a failure, that sent the request to the
  /// full LP (12 GB and minutes on the paper's map, instead of an answer within the budget).
  bool over_budget() const {
    return limit_reached_.load() || (deadline && std::chrono::steady_clock::now() >= *deadline);
  }
  /// Records the outcome of an LP solved with seconds_left() as its time limit.
  void record(const lp::Solution& sol) const {
    if (sol.status == lp::Status::kTimeLimit) limit_reached_ = true;
  }
  /// Seconds to the deadline, at least 1 ms (0: no budget): the time limit of the next LP solve.
  double seconds_left() const {
    return deadline
               ? std::max(1e-3, std::chrono::duration<double>(*deadline - std::chrono::steady_clock::now()).count())
               : 0.0;
  }

  Problem(const GameInputs& i, const DesignOptions& o)
      : in(i),
        opt(o),
        m(i.num_observables()),
        n(i.num_secrets()),
        dp(has_dp(o.kind)),
        distortion(has_distortion(o.kind)) {
    // The budget starts here: the n x n data and the packing LP count (50 x 50: a dense n x n LP).
    if (opt.max_seconds > 0)
      deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                        std::chrono::duration<double>(opt.max_seconds));
    inverse_factor = Matrix::Ones(n, n);
    factor = Matrix::Ones(n, n);
    if (dp) {
      const Matrix lf = dp_log_factors(in, opt);
      factor = lf.array().exp();
      inverse_factor = (-lf.array()).exp();
      packing = packing_bound(in, opt, lf, seconds_left());
    }
    weighted_distance = in.distance.array().rowwise() * in.prior.transpose().array();
    if (distortion && !dp) weighted_distance_t = weighted_distance.transpose();
    cost = in.loss.array().rowwise() * in.prior.transpose().array();
    x_upper = weighted_distance.rowwise().maxCoeff().minCoeff();
    x_row_upper = weighted_distance.rowwise().sum().minCoeff(&blind_guess);
    if (distortion && !dp) {  // only the two-point shapes of (21) use them
      shared_cost = cost.colwise().maxCoeff().transpose();
      cost_exception.assign(static_cast<size_t>(m), -1);
      for (long s = 0; s < n; ++s)
        for (long o = 0; o < m; ++o) {
          long& e = cost_exception[static_cast<size_t>(o)];
          if (e != -2 && cost(o, s) != shared_cost(s)) e = e == -1 ? s : -2;
        }
    }
  }

  /// The best constant report: the observable o of least cost sum_s pi(s) c(o,s) when reported
  /// for every secret (feasible for (21), (22) and (24): DP-perfect, adversary error = the
  /// threshold >= d_m).
  long best_constant_report() const {
    long best = 0;
    cost.rowwise().sum().minCoeff(&best);
    return best;
  }
  /// The shape of v >= 0: lifted into C (with DP) and, unless `normalise` is false, scaled to sum 1.
  Shape shape(const Vector& v, bool normalise = true) const {
    Shape sh;
    sh.r = v.cwiseMax(0.0);
    if (dp) sh.r = lipschitz_envelope(sh.r, inverse_factor);
    if (normalise) sh.r /= sh.r.sum();
    sh.x = adversary_error_of(sh.r);
    return sh;
  }
  /// The shape of a row r already in C (a Laplace row e^{-eps d_eps(o,.)}: eps d_eps is a
  /// metric), as it is: its Lipschitz envelope is r itself, and skipping it saves O(n^2) per row
  /// (O(n^3) for the Laplace start's n rows: about 1e9 operations at 1,000 cells).
  Shape cone_shape(const Vector& r) const { return {r, adversary_error_of(r)}; }
  /// x of (21b) for a row r: the adversary's least error over guesses (0 without (21b) rows).
  /// A row with few cells (the pair columns have one or two) sums only their columns of D:
  /// O(n) per cell instead of the O(n^2) product (7 % of a 7 x 7 (21) solve in WebAssembly).
  double adversary_error_of(const Vector& r) const {
    if (!distortion) return 0.0;
    const long cells = (r.array() != 0.0).count();
    if (4 * cells > n) return (weighted_distance * r).minCoeff();
    Vector errors = Vector::Zero(weighted_distance.rows());
    for (long s = 0; s < r.size(); ++s)
      if (r(s) != 0) errors += r(s) * weighted_distance.col(s);
    return errors.minCoeff();
  }
  /// The shape of a priced row: without DP rows (21) the row v in [0, 1]^n as it is, not
  /// normalised, so that the master sees its reduced cost undiluted (a row over 100 cells
  /// with reduced cost -1e-7 has -1e-9 per unit of mass, below what enters the master: on the
  /// map the column generation stopped with 64 such rows and gap 2.8e-5); with DP, shape(v).
  Shape priced_shape(const Vector& v) const { return shape(v, dp || !(v.maxCoeff() > 0)); }

 private:
  mutable std::atomic<bool> limit_reached_{false};  ///< record() saw a solve stopped at its limit
};

/// Reduced cost of column (o, shape) of the master at its duals (lambda, then mu with (21c)).
/// Summed over the shape's cells only, in one pass: a (21) shape has 1-150 of the n cells, and
/// the master's purge prices thousands of columns a round.
inline double reduced_cost(const Problem& pb, long o, const Shape& sh, const Vector& duals) {
  double rc = 0;
  for (long s = 0; s < pb.n; ++s)
    if (sh.r(s) != 0) rc += (pb.cost(o, s) - duals(s)) * sh.r(s);
  if (pb.distortion) rc -= duals(pb.n) * sh.x;
  return rc;
}

/// The reduced costs of one shape as a column of every observable o: cost(., s) summed over the
/// shape's cells, contiguous in memory (a (21) shape has 1-150 of the n cells), minus its dual
/// value. Equal to reduced_cost(pb, o, sh, duals) for every o up to the order of the sums.
inline Vector reduced_costs(const Problem& pb, const Shape& sh, const Vector& duals) {
  double dual_value = duals.head(pb.n).dot(sh.r);
  if (pb.distortion) dual_value += duals(pb.n) * sh.x;
  Vector rc = Vector::Constant(pb.m, -dual_value);
  for (long s = 0; s < pb.n; ++s)
    if (sh.r(s) != 0) rc += sh.r(s) * pb.cost.col(s);
  return rc;
}

/// The pricing LP over C with sum_s v(s) = 1: variables v (n) and, with (21b), x in [0, x_upper].
/// Its rows (the simplex row, then DP and (21b) rows found as cuts) are shared by every
/// observable; `mirror` holds the same LP for the certificate.
///
/// With an `anchor` z (DP cones only, dual_repair.h) the normalisation is v(z) = 1 instead:
/// no simplex row, v(z) fixed to 1 and every v(t) in [e^{-eps d(z,t)}, e^{eps d(t,z)}] (implied
/// by the DP rows through z), x in [0, min_g sum_s D(g,s) e^{eps d(s,z)}].
class Pricing {
 public:
  explicit Pricing(const Problem& pb, std::optional<long> anchor = std::nullopt)
      : pb_(pb), anchored_(anchor.has_value()) {
    const long vars = pb.n + (pb.distortion ? 1 : 0);
    mirror_.objective = Vector::Zero(vars);
    mirror_.lower = Vector::Zero(vars);
    mirror_.upper = Vector::Constant(vars, lp::kInf);
    if (anchor) {
      const long z = *anchor;
      for (long t = 0; t < pb.n; ++t) mirror_.lower(t) = pb.inverse_factor(z, t), mirror_.upper(t) = pb.factor(t, z);
      mirror_.lower(z) = mirror_.upper(z) = 1.0;
      if (pb.distortion) mirror_.upper(pb.n) = pb.adversary_error_of(pb.factor.col(z));
    } else {
      if (pb.distortion) mirror_.upper(pb.n) = pb.x_upper;
      lp::Row simplex;
      for (long s = 0; s < pb.n; ++s) simplex.coeffs.emplace_back(static_cast<int>(s), 1.0);
      simplex.lower = simplex.upper = 1.0;
      mirror_.rows.push_back(simplex);
    }
    if (pb.dp) {
      dp_in_.assign(pb.n * pb.n, 0);
      double nearest = lp::kInf;
      for (long s = 0; s < pb.n; ++s)
        for (long t = 0; t < pb.n; ++t)
          if (s != t && pb.in.dp_distance(s, t) > 0) nearest = std::min(nearest, pb.in.dp_distance(s, t));
      for (long s = 0; s < pb.n; ++s)
        for (long t = 0; t < pb.n; ++t)
          if (s != t && !(pb.in.dp_distance(s, t) > 1.5 * nearest) && std::isfinite(pb.factor(s, t)))
            add_dp_row(s, t, false);
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
  /// `bound` to a proven lower bound on the minimum over C, and `box_bound` to one on the
  /// minimum over the unnormalised rows v in C with 0 <= v <= 1 (box_bound.h).
  /// `o`: the observable priced (the double oracle of (21) starts where its last pricing ended).
  std::optional<Vector> price(const Vector& z, double mu, double& bound, double& box_bound, long o = -1) {
    if (!pb_.dp && pb_.distortion && !anchored_) {  // (21): no DP rows, an exact double oracle
      if (o >= 0 && static_cast<long>(mixtures_.size()) <= o) mixtures_.resize(static_cast<size_t>(o) + 1);
      // A first pricing starts from the blind guess, found once here (an O(n^2) sum per call
      // otherwise: 13 % of the double oracle's time on a 10 x 10 grid).
      if (o >= 0 && mixtures_[static_cast<size_t>(o)].guesses.empty())
        mixtures_[static_cast<size_t>(o)] = {{pb_.blind_guess}, {1.0}};
      const auto d = price_distortion_row(
          pb_.weighted_distance, z, mu, kDistortionPricingTolerance, kDistortionPricingIterations, pb_.seconds_left(),
          o >= 0 ? &mixtures_[static_cast<size_t>(o)] : nullptr, &pb_.weighted_distance_t, &work_);
      if (!d) return std::nullopt;
      bound = d->bound;
      box_bound = d->box_bound;
      return d->v;
    }
    Vector objective = Vector::Zero(mirror_.num_vars());
    objective.head(pb_.n) = z;
    if (pb_.distortion) objective(pb_.n) = -mu;
    mirror_.objective = objective;
    if (screened_by_last_duals(bound, box_bound)) return last_v_;
    lp_->set_objective(objective);
    // Each observable starts from the basis its own last pricing ended at, not from the previous
    // observable's: after one objective change GLPK's primal simplex often ran into a basis it
    // could not factorise (shapes span e^{eps diam}), and restarted from scratch (README: "Where
    // the pricing LPs' time goes"). A 8 x 8 joint request at eps 2: 16.8 -> 4.3 s.
    if (o >= 0 && static_cast<long>(bases_.size()) > o && !bases_[o].columns.empty()) lp_->set_basis(bases_[o]);
    lp::Solution sol;
    for (int round = 0; round < kPricingRounds; ++round) {
      // The time left, set before every solve (an exact-simplex restart can take minutes on a
      // 300-cell pricing LP at eps 1; set once, each cut round had the whole of it: a 30 s
      // budget on the map ended after 39 s). Past the budget the relaxed LP's bound stands.
      lp_->set_time_limit(pb_.seconds_left());
      sol = lp_->solve();
      pb_.record(sol);
      if (sol.status != lp::Status::kOptimal) return std::nullopt;
      if (pb_.over_budget() || !add_cuts(sol.x)) break;
    }
    if (o >= 0) {
      if (static_cast<long>(bases_.size()) <= o) bases_.resize(static_cast<size_t>(o) + 1);
      bases_[o] = lp_->basis();
    }
    last_duals_ = padded(sol.row_duals);
    bound = simplex_bound(last_duals_);
    box_bound = anchored_ ? -lp::kInf : row_box_bound(mirror_, last_duals_, pb_.n, pb_.x_row_upper);
    last_v_ = sol.x.head(pb_.n);
    return last_v_;
  }
  /// Pricing LPs not solved because the last solve's multipliers already showed that the
  /// observable cannot price out negative (screened_by_last_duals).
  long screened() const { return screened_; }

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
  /// Screening: any multipliers of rows valid on C bound every objective's minimum (weak
  /// duality), so the last solve's bound this one's too, in O(nonzeros) instead of an LP solve.
  /// Where that bound is >= 0 over the simplex and over the box (box_bound.h; >= -kScreenBoxSlack,
  /// its rounding allowance), no column of this observable can enter, as its own LP would show:
  /// its bounds are set, and the last solution stands as its shape (its reduced cost here is >=
  /// the bound >= 0). Observables of the Hamming loss differ in one objective entry, so away
  /// from the priced support the last multipliers often suffice (42 of the 49 pricing LPs of a
  /// 7 x 7 DP request). Not with an anchor (dual_repair.h), whose LP has no simplex.
  bool screened_by_last_duals(double& bound, double& box_bound) {
    if (anchored_ || last_v_.size() == 0) return false;
    const Vector duals = padded(last_duals_);  // cuts added since: multiplier 0
    const double over_simplex = simplex_bound(duals);
    if (!(over_simplex >= 0)) return false;
    const double box = row_box_bound(mirror_, duals, pb_.n, pb_.x_row_upper);
    if (!(box >= -kScreenBoxSlack)) return false;
    bound = over_simplex;
    box_bound = box;
    ++screened_;
    return true;
  }
  /// Row multipliers for every row of the pricing LP now: `row_duals` (from a solve that had
  /// fewer rows), 0 for the rows added since.
  Vector padded(const Vector& row_duals) const {
    Vector duals = Vector::Zero(rows());
    duals.head(row_duals.size()) = row_duals;
    return duals;
  }
  /// The Lagrangian bound of the pricing LP's objective at `duals` over its domain (the simplex
  /// row kept, except with an anchor).
  double simplex_bound(const Vector& duals) const {
    lp::BoundDomain dom;
    if (!anchored_) dom.simplex_rows = {0};
    return lp::lagrangian_bound(mirror_, duals, dom);
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
  bool anchored_ = false;
  lp::LinearProgram mirror_;
  std::unique_ptr<lp::IncrementalLp> lp_;
  std::vector<char> dp_in_, dist_in_;
  long dp_count_ = 0, dist_count_ = 0;
  std::vector<GuessMixture> mixtures_;  ///< (21): per observable, where its double oracle ended
  DistortionWork work_;                 ///< (21): the double oracle's work space (this group's thread only)
  Vector last_duals_, last_v_;          ///< the last solve's row multipliers (padded) and solution
  std::vector<lp::Basis> bases_;        ///< per observable, the basis its last pricing ended at
  long screened_ = 0;
};

/// One group's pricing of one observable: the lifted shape of the pricing LP's solution and the
/// proven lower bound (`priced` false when the group stopped before it: budget or failure).
struct Priced {
  bool priced = false;
  Shape shape;
  double bound = -lp::kInf;
  double box_bound = -lp::kInf;  ///< over the row's box [0, 1]^n (box_bound.h)
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
  /// Prices every observable of `which` at (lambda, mu); the budget (polled between
  /// observables) ends every group early. Returns false when a pricing LP did not solve.
  bool price(const std::vector<long>& which, const Vector& lambda, double mu, std::vector<Priced>& out) {
    out.assign(which.size(), Priced{});
    std::atomic<bool> failed{false}, stopped{false};
    const auto run = [&](int g) {
      for (size_t i = 0; i < which.size() && !failed && !stopped; ++i) {
        const long o = which[i];
        if (o % kPricingGroups != g) continue;
        double bound = -lp::kInf, box_bound = -lp::kInf;
        const auto v = pricing_[g]->price(pb_.cost.row(o).transpose() - lambda, mu, bound, box_bound, o);
        if (!v) {  // out of time (the LP's time limit is the budget's), or a failure
          (pb_.over_budget() ? stopped : failed) = true;
          return;
        }
        out[i] = {true, pb_.priced_shape(*v), bound, box_bound};
        if (pb_.over_budget()) stopped = true;
      }
    };
    for (int g = 1; g < kPricingGroups; ++g) workers_[g - 1]->post([&run, g] { run(g); });
    std::exception_ptr error;
    try {
      run(0);
    } catch (...) { error = std::current_exception(); }
    for (auto& w : workers_) w->wait();  // rethrows a worker's exception
    if (error) std::rethrow_exception(error);
    return !failed;
  }
  long dp_rows() const {
    return sum([](const Pricing& p) { return p.dp_rows(); });
  }
  long distortion_rows() const {
    return sum([](const Pricing& p) { return p.distortion_rows(); });
  }
  long rows() const {
    return sum([](const Pricing& p) { return p.rows(); });
  }
  long nonzeros() const {
    return sum([](const Pricing& p) { return p.nonzeros(); });
  }

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

/// sum_s lambda(s) + mu d_m + n min_o b_o, rounded down (weak duality, decomposition.h).
double master_bound(const Vector& lambda, double mu, double d_m, long n, double min_pricing_bound);
/// sum_s lambda(s) + mu d_m + sum_o min(0, beta_o), rounded down (box_bound.h); -inf when a
/// beta_o is -inf.
double box_master_bound(const Vector& lambda, double mu, double d_m, const std::vector<double>& betas);

}  // namespace privlab::game::decomposition
