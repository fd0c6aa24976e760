/**
 * @file design_json.cpp
 * @brief An rldp-mse mechanism's measures and a solved problem as response fields
 *        (core/rldp_mse/README.md).
 */
#include "rldp_mse/design_json.h"

#include "audit/audit_json.h"
#include "json/json_write.h"

namespace privlab::rldp_mse {

namespace jw = json_write;

namespace {
nlohmann::json set_json(const ChiSquareSet& set) {
  nlohmann::json j = {{"kind", "chi2"}, {"radius", set.radius}, {"dof", set.num_x() - 1}};
  if (set.confidence) {
    j["confidence"] = *set.confidence;
    j["n"] = set.n;
  }
  return j;
}
}  // namespace

nlohmann::json metrics_json(const Evaluation& e, const ChiSquareSet& set, const Vector& values,
                            const std::optional<Joint>& truth) {
  nlohmann::json out;
  out["family"] = "rldp-mse";
  out["mechanism"] = jw::matrix(e.solved.mechanism);
  out["values"] = jw::vector(values);
  out["distortion"] = e.distortion;
  out["robust_distortion"] = e.robust_distortion.value;
  out["robust_distortion_lower"] = e.robust_distortion.lower;
  out["worst_case_distribution"] = jw::vector(e.robust_distortion.worst);
  out["epsilon"] = jw::real(e.epsilon);
  out["robust_epsilon"] = jw::real(e.robust_epsilon.value);
  out["robust_epsilon_lower"] = jw::real(e.robust_epsilon.lower);
  // Issue 28: where robust_epsilon_lower is attained (Theorem 4), so that a client can recompute
  // it: ln(sum_u Q(y, s|U|+u) P(u|s) / sum_u Q(y, s'|U|+u) P(u|s')) ("Infinity": denominator 0).
  if (e.robust_epsilon.y >= 0)
    out["robust_epsilon_witness"] = {{"y", e.robust_epsilon.y},
                                     {"s", e.robust_epsilon.s1},
                                     {"s_prime", e.robust_epsilon.s2},
                                     {"p_u_given_s", jw::vector(e.robust_epsilon.r1)},
                                     {"p_u_given_s_prime", jw::vector(e.robust_epsilon.r2)}};
  out["uncertainty"] = set_json(set);
  if (truth)
    out["true"] = {{"distortion", *e.true_distortion},
                   {"epsilon", jw::real(*e.true_epsilon)},
                   {"in_confidence_set", *e.true_in_set},
                   {"chi2_statistic", jw::real(neyman_chi2(set.flat(), truth->flat()))}};
  return out;
}

nlohmann::json design_json(const Design& d, Problem problem, double epsilon, const ChiSquareSet& set,
                           const Vector& values, const std::optional<Joint>& truth) {
  const Evaluation& e = d.evaluation;
  nlohmann::json out = metrics_json(e, set, values, truth);
  out["problem"] = problem_name(problem);
  out["epsilon_design"] = epsilon;
  out["rounds"] = e.solved.rounds;
  out["cuts"] = e.solved.cuts;
  out["converged"] = e.solved.converged;
  out["lp_trouble"] = e.solved.lp_trouble;
  out["lower_bound"] = e.solved.lower_bound;
  out["objective"] = d.objective;
  out["optimality_gap"] = d.optimality_gap;
  out["repair"] = {{"weight", e.solved.repair_weight}, {"violation_before", e.solved.violation}};
  out["audit"] = audit::to_json(d.audit);
  return out;
}

}  // namespace privlab::rldp_mse
