/**
 * @file experiment_runs.cpp
 * @brief Figure 2's instances and summaries [mse Section V], typed (the JSON is in
 *        experiments.cpp).
 */
#include "rldp_mse/experiment_runs.h"

#include <algorithm>
#include <cmath>

#include "common/quantile.h"
#include "privlab/rldp_mse.h"
#include "common/random.h"

namespace privlab::rldp_mse {

namespace {
/// One instance: P* ~ Dirichlet, P-hat from n draws, F of eq. (2)-(3).
struct Instance {
  JointDistribution truth, estimate;
  ChiSquareSet set;
};

Instance draw_instance(random::Engine& engine, const Setup& s, long long n) {
  const long nx = s.num_s * s.num_u;
  const Vector p = random::dirichlet(engine, nx, s.concentration);
  const auto counts = random::multinomial(engine, p, n);
  Matrix pm(s.num_s, s.num_u), cm(s.num_s, s.num_u);
  for (long x = 0; x < nx; ++x) {
    pm(x / s.num_u, x % s.num_u) = p(x);
    cm(x / s.num_u, x % s.num_u) = static_cast<double>(counts[x]) / static_cast<double>(n);
  }
  Instance inst{joint_from_matrix(pm), joint_from_matrix(cm), {}};
  inst.set = make_set(inst.estimate, radius_from_confidence(1 - s.alpha, n, nx));
  return inst;
}
}  // namespace

std::vector<Evaluation> solve_instance(const Setup& setup, long long n, std::uint64_t seed) {
  random::Engine engine(seed);
  const Instance inst = draw_instance(engine, setup, n);
  std::vector<Evaluation> out;
  for (Problem p : setup.problems)
    out.push_back(
        solve_and_evaluate(p, inst.estimate, inst.set, default_values(setup.num_u), setup.epsilon, inst.truth));
  return out;
}

Summary summarize_iqr(std::vector<double> values) {
  Summary s;
  std::vector<double> finite;
  for (double v : values) {
    if (std::isfinite(v))
      finite.push_back(v);
    else
      ++s.non_finite;
  }
  if (finite.empty()) return s;
  std::sort(finite.begin(), finite.end());
  const double q1 = quantile(finite, 0.25), q3 = quantile(finite, 0.75), iqr = q3 - q1;
  std::vector<double> kept;
  for (double v : finite)
    if (v >= q1 - 1.5 * iqr && v <= q3 + 1.5 * iqr) kept.push_back(v);
  s.kept = static_cast<long>(kept.size());
  s.removed = static_cast<long>(finite.size() - kept.size());
  double sum = 0;
  for (double v : kept) sum += v;
  s.mean = sum / static_cast<double>(kept.size());
  double ss = 0;
  for (double v : kept) ss += (v - s.mean) * (v - s.mean);
  s.sd = kept.size() > 1 ? std::sqrt(ss / static_cast<double>(kept.size() - 1)) : 0.0;
  return s;
}

CellSummary summarize_cell(const std::vector<double>& epsilons, const std::vector<double>& distortions,
                           double design_epsilon) {
  CellSummary c;
  for (double e : epsilons)
    if (e > design_epsilon * (1 + 1e-9)) ++c.above;
  c.epsilon = summarize_iqr(epsilons);
  c.distortion = summarize_iqr(distortions);
  return c;
}

}  // namespace privlab::rldp_mse
