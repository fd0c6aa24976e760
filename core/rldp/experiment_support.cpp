/**
 * @file experiment_support.cpp
 * @brief Running one mechanism inside an experiment, statistics and plot descriptions.
 */
#include "rldp/experiment_support.h"

#include <algorithm>
#include <cmath>

#include "audit/audit.h"
#include "common/error.h"
#include "json/json_write.h"
#include "rldp/robust_epsilon.h"

namespace privlab::rldp::experiment {

namespace jw = json_write;

std::optional<Trial> run_one(const std::string& name, const JointDistribution& hat,
                             const JointDistribution* truth, double eps, const UncertaintySet& set,
                             const DesignOptions& options, Notes& notes) {
  try {
    const Designed d = design_mechanism(name, hat, eps, set, options);
    audit::audit_mechanism(d.mechanism, d.claim);
    Trial t;
    t.hat = evaluate(d.mechanism, hat);
    if (truth) t.truth = evaluate(d.mechanism, *truth);
    const RobustEpsilon r =
        d.robust ? *d.robust : robust_epsilon(d.mechanism, hat, set, kRobustPairs);
    t.robust = r.value;
    t.robust_exact = r.exact;
    return t;
  } catch (const Error& e) {
    if (e.code() == "too_large")
      notes.add(name + " skipped for |X| = " + std::to_string(hat.num_x()) + ": " + e.what());
    else
      notes.add(name + " failed on some instances (" + e.code() + "): " + e.what());
    return std::nullopt;
  }
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto i = static_cast<std::size_t>(std::floor(pos));
  const double f = pos - static_cast<double>(i);
  if (i + 1 >= v.size()) return v.back();
  if (std::isinf(v[i]) || std::isinf(v[i + 1])) return v[i + 1];
  return v[i] + f * (v[i + 1] - v[i]);
}
double mean(const std::vector<double>& v) {
  if (v.empty()) return std::nan("");
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}
nlohmann::json num(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : jw::real(v); }

UncertaintySet ball(double alpha, double confidence, long long n, long num_x) {
  UncertaintySet set;
  set.kind = UncertaintySet::Kind::kRenyiBall;
  set.alpha = alpha;
  set.confidence = confidence;
  set.n = n;
  set.radius = renyi_radius_from_confidence(alpha, confidence, n, num_x);
  return set;
}

nlohmann::json plot(const std::string& title, const std::string& kind, const std::string& x,
                    const std::string& y, const nlohmann::json& group, const std::string& xl,
                    const std::string& yl) {
  return {{"title", title}, {"kind", kind}, {"x", x}, {"y", y}, {"group", group},
          {"x_label", xl}, {"y_label", yl}};
}

}  // namespace privlab::rldp::experiment
