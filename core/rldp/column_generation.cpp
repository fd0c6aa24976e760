/**
 * @file column_generation.cpp
 * @brief LP (46) by column generation: master (ColumnLp) + ascent pricing over Gamma-hat.
 */
#include "rldp/column_generation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "common/error.h"
#include "rldp/block_pricing.h"
#include "rldp/polyopt.h"
#include "rldp/randomized_response.h"
#include "solvers/lp_columns.h"

namespace privlab::rldp {

namespace {

using Clock = std::chrono::steady_clock;

/// CPU seconds of the calling thread: the budget counts the solver's own work, so a loaded
/// machine (other processes, other experiment units) does not cut the column generation short.
/// WASM (no per-thread CPU clock) uses wall time.
double thread_seconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID) && !defined(__EMSCRIPTEN__)
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
#else
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
#endif
}

/// A point of the pricing LP cleaned to a column: negatives from rounding cut, sum 1.
Vector to_column(const Vector& x, long a) {
  Vector v = x.head(a).cwiseMax(0.0);
  for (long i = 0; i < a; ++i)
    if (v(i) < 1e-13) v(i) = 0;
  return v / v.sum();
}

/// The ascent pricing of the file comment, over one warm-started LP.
class Pricer {
 public:
  Pricer(const GammaHat& g, const Vector& px)
      : a_(g.num_x()), nvars_(a_ + 2 * g.ns), px_(px), lp_(gamma_hat_program(g)) {
    lp_.set_tolerance(1e-10);
  }

  /// mu(v) - lambda.v (the reduced cost of column v in (46)).
  double reduced(const Vector& v, const Vector& lambda) const { return mu(v, px_) - lambda.dot(v); }

  /**
   * Ascent from v0: linearise mu at v (a coordinate at 0 is linearised as if it were `floor`,
   * the chord slope, since the tangent there is -infinity) and move to the LP's vertex while the
   * reduced cost increases. Returns the best point met.
   */
  Vector ascend(const Vector& v0, const Vector& lambda, double floor, double& best) {
    Vector v = v0;
    best = reduced(v, lambda);
    Vector obj = Vector::Zero(nvars_);
    for (int step = 0; step < 40; ++step) {
      const double t = std::max(px_.dot(v), 1e-300);
      for (long x = 0; x < a_; ++x)
        obj(x) = (px_(x) > 0 ? px_(x) * std::log(std::max(v(x), floor) / t) : 0.0) - lambda(x);
      lp_.set_objective(obj);
      const lp::Solution sol = lp_.solve();
      if (sol.status != lp::Status::kOptimal) break;
      const Vector w = to_column(sol.x, a_);
      const double r = reduced(w, lambda);
      if (!(r > best + 1e-13)) break;
      best = r;
      v = w;
    }
    return v;
  }

 private:
  long a_, nvars_;
  Vector px_;
  lp::IncrementalLp lp_;
};

std::vector<std::pair<int, double>> coeffs_of(const Vector& v) {
  std::vector<std::pair<int, double>> c;
  for (long x = 0; x < v.size(); ++x)
    if (v(x) != 0) c.emplace_back(static_cast<int>(x), v(x));
  return c;
}

}  // namespace

ColumnGenerationResult column_generation(const GammaHat& g, const Vector& px, const ColumnGenerationOptions& options) {
  const long a = g.num_x();
  const double start = thread_seconds();
  const auto elapsed = [&] { return thread_seconds() - start; };

  // Master (46): max sum mu(v) theta_v s.t. sum theta_v v = 1_X; starts with the uniform point
  // (in Gamma: every top and bottom equals 1/|X|), so it is always feasible.
  std::vector<Vector> cols;
  std::vector<double> mus;
  lp::LinearProgram master_prog;
  master_prog.maximize = true;
  master_prog.objective = Vector::Zero(0);
  for (long x = 0; x < a; ++x) master_prog.add_row({{}, 1.0, 1.0});
  lp::ColumnLp master(master_prog);
  master.set_tolerance(1e-10);
  const auto add = [&](const Vector& v) {
    cols.push_back(v);
    mus.push_back(mu(v, px));
    master.add_column(mus.back(), 0.0, lp::kInf, coeffs_of(v));
  };
  add(Vector::Constant(a, 1.0 / static_cast<double>(a)));
  // Warm start: the rows of GRR and SRR (Definition 4) at this epsilon that lie in Gamma-hat.
  // GRR's always do (every A_{s,u}.v is a mean of entries within a ratio e^eps), so the first
  // master is GRR's utility and not degenerate at the uniform point.
  const double eps = std::log(g.e);
  for (const Matrix& q : {grr(a, eps), srr(g.ns, g.nu, eps)})
    for (long y = 0; y < q.rows(); ++y) {
      const Vector v = q.row(y).transpose() / q.row(y).sum();
      if (g.violation(v) <= 1e-12) add(v);
    }
  // Unseen x whose unit vector lies in Gamma-hat (NR's unseen s, or P-hat_{u|s} = 0): mu = 0, and
  // their columns keep lambda_x >= 0 (column_bound.h needs it).
  for (long x = 0; x < a; ++x)
    if (px(x) <= 0) {
      const Vector e = Vector::Unit(a, x);
      if (g.violation(e) <= 0) add(e);
    }

  const BlockPricing blocks(g, px, options.block_cap, options.exhaustive_limit);
  std::unique_ptr<Pricer> ascent;  // built when first needed
  ColumnGenerationResult res;
  std::vector<Vector> recent;
  lp::Solution sol;
  const auto timed = [](double& acc, auto&& f) {
    const double t0 = thread_seconds();
    f();
    acc += thread_seconds() - t0;
  };
  // Weak duality: any multipliers pi bound (46) by 1.pi + |X| max_v (mu(v) - pi.v) (sum v = 1),
  // or by BlockPricing::dual_bound; the least bound met is kept, and its pi is the stability
  // centre of the pricing.
  Vector centre;
  const auto offer_bound = [&](const Vector& pi, double ub) {
    if (!res.upper_bound || ub < *res.upper_bound) {
      res.upper_bound = ub;
      centre = pi;
    }
  };
  const auto improving = [&](const Vector& v, const Vector& lambda) {
    return mu(v, px) - lambda.dot(v) > options.tolerance;
  };
  for (;;) {
    timed(res.master_seconds, [&] { sol = master.solve(); });
    ++res.rounds;
    if (sol.status != lp::Status::kOptimal)
      solver_failure("lp_failed", std::string("the master LP (46) returned ") + lp::status_name(sol.status));
    const Vector& lambda = sol.row_duals;
    if (res.upper_bound && *res.upper_bound - sol.objective <= 1e-11 * (1.0 + std::abs(sol.objective))) {
      res.converged = true;  // the proven bound meets the master: optimal
      break;
    }
    std::vector<Vector> found;
    if (blocks.applies()) {
      // With options.stability > 0, price at the smoothed duals (Wentges) first; columns must
      // improve the master at lambda, and when none does (mispricing) the pricing is repeated at
      // lambda itself.
      const bool smooth = options.stability > 0 && centre.size() == a;
      for (int attempt = smooth ? 0 : 1; attempt < 2 && found.empty(); ++attempt) {
        const Vector pi = attempt == 0 ? Vector(options.stability * centre + (1 - options.stability) * lambda) : lambda;
        BlockPricing::Found f;
        timed(res.pricing_seconds, [&] { f = blocks.price(pi, options.tolerance, 48); });
        double met = 0;
        for (const Vector& v : f.columns) {
          met = std::max(met, mu(v, px) - pi.dot(v));
          if (improving(v, lambda)) found.push_back(v);
        }
        if (f.max_ratio)
          offer_bound(pi, pi.sum() + static_cast<double>(a) * *f.max_ratio);
        else if (blocks.complete() && ((attempt == 1 && found.empty()) || res.rounds % options.bound_every == 1))
          timed(res.bound_seconds, [&] {
            if (const auto ub = blocks.dual_bound(pi, met)) offer_bound(pi, *ub);
          });
      }
    }
    if (found.empty() && !blocks.exhaustive()) {
      if (!ascent) ascent = std::make_unique<Pricer>(g, px);
      // Starts: the columns in use (largest weight first) and the columns found last round.
      std::vector<long> used;
      for (long j = 0; j < static_cast<long>(cols.size()); ++j)
        if (sol.x(j) > 1e-12) used.push_back(j);
      std::sort(used.begin(), used.end(), [&](long i, long j) { return sol.x(i) > sol.x(j); });
      std::vector<Vector> starts;
      for (long j : used) starts.push_back(cols[static_cast<std::size_t>(j)]);
      for (const Vector& v : recent) starts.push_back(v);
      const double floors[] = {1.0 / static_cast<double>(a), 1e-6};
      timed(res.pricing_seconds, [&] {
        for (const Vector& v0 : starts) {
          for (double floor : floors) {
            double r = 0;
            const Vector v = ascent->ascend(v0, lambda, floor, r);
            if (r <= options.tolerance) continue;
            bool dup = false;
            for (const Vector& f : found)
              if ((f - v).cwiseAbs().maxCoeff() <= 1e-12) {
                dup = true;
                break;
              }
            if (!dup) found.push_back(v);
          }
          if (found.size() >= 32) break;
        }
      });
    }
    if (found.empty()) {
      res.converged = true;
      break;
    }
    if (res.rounds >= options.max_rounds) break;
    if (options.seconds > 0 && elapsed() > options.seconds) {
      res.stopped = true;
      break;
    }
    for (const Vector& v : found) add(v);
    res.generated += static_cast<long>(found.size());
    recent = found;
  }
  res.columns.resize(static_cast<long>(cols.size()), a);
  for (std::size_t j = 0; j < cols.size(); ++j) res.columns.row(static_cast<long>(j)) = cols[j].transpose();
  res.mu = Eigen::Map<const Vector>(mus.data(), static_cast<long>(mus.size()));
  res.theta = sol.x;
  res.duals = sol.row_duals;
  res.utility = sol.objective;
  return res;
}

}  // namespace privlab::rldp
