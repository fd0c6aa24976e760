/**
 * @file report_json.cpp
 * @brief Writes the estimation family's typed results as JSON (no computation, no audit).
 */
#include "estimation/report_json.h"

#include "audit/audit_json.h"
#include "json/json_write.h"

namespace privlab::estimation {

namespace jw = json_write;

nlohmann::json breakpoints_json(const Breakpoints& curve) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [e, f] : curve) out.push_back({e, f});
  return out;
}

nlohmann::json summary_json(const Analysis& a) {
  return {{"pics", jw::vector(a.pics.pics)},
          {"chi2", a.pics.chi2()},
          {"upper_bound", breakpoints_json(a.upper_bound)},
          {"lower_bound", breakpoints_json(a.lower_bound)},
          {"simple_bound", breakpoints_json(a.simple_bound)},
          {"maximal_correlation", a.maximal_correlation},
          {"delta", a.delta}};
}

nlohmann::json analysis_json(const Analysis& a, const std::optional<AuditedTheorem3>& t3) {
  nlohmann::json out = summary_json(a);
  out["marginals"] = {{"s", jw::vector(a.pics.pu)}, {"x", jw::vector(a.pics.pv)}};
  out["principal_functions"] = {{"s", jw::matrix(a.pics.f.transpose())}, {"x", jw::matrix(a.pics.g.transpose())}};
  if (t3) {
    out["theorem3"] = theorem3_json(*t3);
  } else {
    out["theorem3"] = nullptr;
    out["theorem3_reason"] = a.delta > 0 ? "P_Xmin = 0" : "delta(P_{S,X}) = 0";
  }
  return out;
}

nlohmann::json design_json(const Formulation1Input& in, const AuditedDesign& d,
                           const std::vector<std::string>& private_names, const std::vector<std::string>& useful_names,
                           bool with_matrices) {
  const Formulation1Result& r = d.result;
  nlohmann::json audits = nlohmann::json::array();
  nlohmann::json privates = nlohmann::json::array();
  for (std::size_t i = 0; i < r.privates.size(); ++i) {
    const auto& p = r.privates[i];
    nlohmann::json item = {
        {"name", private_names.at(i)},          {"theta", in.theta[i]},
        {"projection_norm", p.projection_norm}, {"mmse", p.mmse},
        {"mmse_projected", p.mmse_projected},   {"mmse_projected_formula", p.mmse_projected_formula}};
    if (with_matrices) item["projected"] = jw::vector(p.projected);
    privates.push_back(item);
    auto a = audit::to_json(d.audits.at(i));
    a["function"] = private_names.at(i);
    audits.push_back(a);
  }
  nlohmann::json usefuls = nlohmann::json::array();
  for (std::size_t j = 0; j < r.usefuls.size(); ++j)
    usefuls.push_back({{"name", useful_names.at(j)},
                       {"in_basis", r.usefuls[j].in_basis},
                       {"mmse", r.usefuls[j].mmse},
                       {"mmse_formula", r.usefuls[j].mmse_formula}});
  nlohmann::json out = {{"objective", in.objective == Objective::kMin ? "min" : "sum"},
                        {"n_prime", r.n_prime},
                        {"sigma", jw::vector(r.sigma)},
                        {"chi2_xy", r.chi2_xy},
                        {"chi2_sy", r.chi2_sy},
                        {"point", {r.chi2_sy, r.chi2_xy}},
                        {"objective_value", r.objective},
                        {"objective_upper", r.objective_upper},
                        {"gap", r.objective_upper - r.objective},
                        {"tolerance", in.tolerance},
                        {"converged", r.converged},
                        {"iterations", r.iterations},
                        {"private", privates},
                        {"useful", usefuls},
                        {"audit", audits}};
  if (!in.order.empty()) out["order"] = in.order;
  if (!r.lp_failure.empty()) out["lp_failure"] = r.lp_failure;
  if (in.objective == Objective::kSum) out["weights"] = r.weights;
  if (with_matrices) {
    out["mechanism"] = jw::matrix(r.mechanism);
    out["p_xy"] = jw::matrix(r.p_xy);
    out["basis"] = jw::matrix(r.basis.transpose());  // row k = f_k(x)
  }
  return out;
}

nlohmann::json theorem3_json(const AuditedTheorem3& a) {
  const Theorem3& t3 = a.mapping;
  return {{"mechanism", jw::matrix(t3.mechanism)},
          {"px_min", t3.px_min},
          {"lambda_min", t3.lambda_min},
          {"chi2_x", t3.chi2_x},
          {"chi2_s", t3.chi2_s},
          {"point", {t3.chi2_s, t3.chi2_x}},
          {"audit", audit::to_json(a.audit)}};
}

nlohmann::json perfect_privacy_json(const AuditedPerfectPrivacy& pp) {
  return {{"f0_lower", pp.f0_lower},
          {"chi2_x", pp.chi2_x},
          {"mechanism", jw::matrix(pp.mechanism)},
          {"audit", audit::to_json(pp.audit)}};
}

nlohmann::json channel_metrics_json(const ChannelMetrics& m) {
  return {{"chi2_sy", m.chi2_sy},
          {"chi2_xy", m.chi2_xy},
          {"point", {m.chi2_sy, m.chi2_xy}},
          {"pics_sy", jw::vector(m.pics_sy)},
          {"pics_xy", jw::vector(m.pics_xy)},
          {"maximal_correlation_sy", m.maximal_correlation_sy},
          {"maximal_correlation_xy", m.maximal_correlation_xy}};
}

}  // namespace privlab::estimation
