/**
 * @file experiment_runs.cpp
 * @brief Running one mechanism inside an experiment, the synthetic instances of [rldp Section 8]
 *        and the statistics of its figures (typed; the JSON is in experiments*.cpp).
 */
#include "rldp/experiment_runs.h"

#include <algorithm>
#include <cmath>

#include "audit/audit.h"
#include "common/error.h"
#include "common/random.h"
#include "rldp/mechanisms.h"
#include "rldp/robust_epsilon.h"

namespace privlab::rldp::experiment {

std::optional<Trial> run_one(const std::string& name, const JointDistribution& hat, const JointDistribution* truth,
                             double eps, const UncertaintySet& set, const DesignOptions& options, Notes& notes) {
  try {
    const Designed d = design_mechanism(name, hat, eps, set, options);
    audit::audit_mechanism(d.mechanism, d.claim);
    Trial t;
    t.hat = evaluate(d.mechanism, hat);
    if (truth) t.truth = evaluate(d.mechanism, *truth);
    const RobustEpsilon r = d.robust ? *d.robust : robust_epsilon(d.mechanism, hat, set, kRobustPairs);
    t.robust = r.value;
    t.robust_exact = r.exact;
    t.optimality = d.details.optimality;
    return t;
  } catch (const Error& e) {
    if (e.code() == "too_large")
      notes.add(name + " skipped for |X| = " + std::to_string(hat.num_x()) + ": " + e.what());
    else
      notes.add(name + " failed on some instances (" + e.code() + "): " + e.what());
    return std::nullopt;
  }
}

void bound_polyopt_by_nr(Optimality& polyopt, const Optimality& nr) {
  if (!nr.upper_bound || !polyopt.gap || !polyopt.upper_bound) return;  // nothing proven to compare
  if (*nr.upper_bound >= *polyopt.upper_bound) return;
  set_proven_bound(polyopt, *nr.upper_bound, *polyopt.upper_bound - *polyopt.gap);
}

double mean(const std::vector<double>& v) {
  if (v.empty()) return std::nan("");
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

UncertaintySet ball(double alpha, double confidence, long long n, long num_x) {
  UncertaintySet set;
  set.kind = UncertaintySet::Kind::kRenyiBall;
  set.alpha = alpha;
  set.confidence = confidence;
  set.n = n;
  set.radius = renyi_radius_from_confidence(alpha, confidence, n, num_x);
  return set;
}

namespace {
struct Instance {
  JointDistribution truth, hat;
};

Instance draw(random::Engine& engine, const SyntheticParams& p) {
  const long a = p.ns * p.nu;
  const Vector flat = random::dirichlet(engine, a, p.prior);
  const std::vector<long long> counts = random::multinomial(engine, flat, p.n);
  Matrix t(p.ns, p.nu), h(p.ns, p.nu);
  for (long x = 0; x < a; ++x) {
    t(x / p.nu, x % p.nu) = flat(x);
    h(x / p.nu, x % p.nu) = static_cast<double>(counts[static_cast<std::size_t>(x)]) / static_cast<double>(p.n);
  }
  return {joint_from_matrix(t / t.sum()), joint_from_matrix(h)};
}
}  // namespace

std::vector<SyntheticTrial> synthetic_instance(const SyntheticParams& p, std::uint64_t seed, long k,
                                               const std::vector<double>& epsilons,
                                               const std::vector<double>& confidences,
                                               const std::vector<std::string>& mechanisms, Notes& notes,
                                               const Context& context) {
  random::Engine engine(seed);
  const Instance inst = draw(engine, p);
  std::vector<SyntheticTrial> out;
  const double total = static_cast<double>(epsilons.size() * confidences.size());
  double done = 0;
  for (double conf : confidences) {
    const UncertaintySet set = ball(p.alpha, conf, p.n, inst.hat.num_x());
    const bool in_f = renyi_divergence(p.alpha, inst.hat.flat(), inst.truth.flat()) <= set.radius;
    for (double eps : epsilons) {
      context.report(done / total, "instance " + std::to_string(k + 1) + "/" + std::to_string(p.k));
      done += 1;
      for (const auto& m : mechanisms)
        if (auto t = run_one(m, inst.hat, &inst.truth, eps, set, p.options, notes))
          out.push_back({eps, conf, m, *t, in_f});
    }
  }
  return out;
}

}  // namespace privlab::rldp::experiment
