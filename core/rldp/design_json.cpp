/**
 * @file design_json.cpp
 * @brief An rldp mechanism's metrics and design as response fields (core/rldp/README.md).
 */
#include "rldp/design_json.h"

#include "audit/audit_json.h"
#include "json/json_write.h"
#include "rldp/evaluation_json.h"
#include "rldp/mechanisms_json.h"
#include "rldp/projections.h"
#include "rldp/uncertainty_json.h"

namespace privlab::rldp {

namespace jw = json_write;

namespace {
/// A vector whose entries may be +infinity (written "Infinity" per the contract).
nlohmann::json reals(const Vector& v) {
  nlohmann::json out = nlohmann::json::array();
  for (double x : v) out.push_back(jw::real(x));
  return out;
}
}  // namespace

nlohmann::json metrics_json(const Matrix& q, const Joint& joint, const UncertaintySet& set, const Metrics& metrics,
                            const std::optional<Joint>& truth) {
  const RobustEpsilon& robust = metrics.robust;
  nlohmann::json out = to_json(metrics.under_hat);
  out["robust_epsilon"] = jw::real(robust.value);
  out["robust_epsilon_exact"] = robust.exact;
  if (robust.witness.size() > 0 && robust.y >= 0) {
    // The P in F attaining the value and where: a client recomputes ln(P(y|s) / P(y|s')).
    const long nu = joint.num_u();
    const auto given = [&](long s) {
      const double ps = robust.witness.row(s).sum();
      return q.row(robust.y).segment(s * nu, nu).dot(robust.witness.row(s)) / ps;
    };
    out["robust_epsilon_witness"] = {{"joint", jw::matrix(robust.witness)},
                                     {"y", robust.y},
                                     {"s", robust.s},
                                     {"s_prime", robust.s_prime},
                                     {"p_y_given_s", given(robust.s)},
                                     {"p_y_given_s_prime", given(robust.s_prime)}};
  }
  out["uncertainty"] = to_json(set);
  if (set.kind == UncertaintySet::Kind::kRenyiBall) {
    const Projection pr = project(joint, set);
    out["projection"] = {{"b_s", reals(pr.b_s)},
                         {"lower", jw::matrix(pr.lower)},
                         {"rad", jw::vector(pr.rad)},
                         {"rad_exact", pr.rad_exact}};
    // ERRATUM (docs/errata.md): Example 2 prints B_s with the S-marginal held fixed; shown for
    // comparison only, never used by a mechanism.
    const Vector ps = joint.s_marginal();
    Vector fixed(ps.size());
    for (long s = 0; s < ps.size(); ++s) fixed(s) = projected_radius_fixed_marginal(set.alpha, set.radius, ps(s));
    out["projection"]["b_s_fixed_marginal_example2"] = reals(fixed);
  }
  if (truth) {
    nlohmann::json t = to_json(evaluate(q, *truth));
    if (set.kind == UncertaintySet::Kind::kRenyiBall) {
      const double div = renyi_divergence(set.alpha, joint.flat(), truth->flat());
      t["divergence"] = jw::real(div);
      t["in_uncertainty_set"] = div <= set.radius;
    }
    out["true"] = t;
  }
  return out;
}

nlohmann::json worst_case_json(const Metrics& metrics) {
  return {{"ldp_epsilon", jw::real(metrics.ldp_epsilon)}, {"simplex_epsilon", jw::real(metrics.simplex_epsilon)}};
}

nlohmann::json design_json(const Design& d, Mechanism mechanism, double epsilon, const Joint& joint,
                           const UncertaintySet& set, const std::optional<Joint>& truth) {
  nlohmann::json out = metrics_json(d.mechanism, joint, set, d.metrics, truth);
  out["family"] = "rldp";
  out["mechanism_name"] = mechanism_name(mechanism);
  out["mechanism"] = jw::matrix(d.mechanism);
  out["output_size"] = d.mechanism.rows();
  out["epsilon_design"] = epsilon;
  out["audit"] = audit::to_json(d.audit);
  out["details"] = to_json(d.details);
  return out;
}

}  // namespace privlab::rldp
