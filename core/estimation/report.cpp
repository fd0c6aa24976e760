/**
 * @file report.cpp
 * @brief JSON builders and audits of the estimation family.
 */
#include "estimation/report.h"

#include "audit/audit.h"
#include "audit/audit_json.h"
#include "json/json_write.h"

namespace privlab::estimation {

namespace jw = json_write;

nlohmann::json breakpoints_json(const Breakpoints& curve) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [e, f] : curve) out.push_back({e, f});
  return out;
}

nlohmann::json summary_json(const PicDecomposition& pics) {
  return {{"pics", jw::vector(pics.pics)},
          {"chi2", pics.chi2()},
          {"upper_bound", breakpoints_json(upper_bound(pics))},
          {"lower_bound", breakpoints_json(lower_bound(pics))},
          {"simple_bound", breakpoints_json(simple_bound(pics))},
          {"maximal_correlation", maximal_correlation(pics)},
          {"delta", delta(pics)}};
}

nlohmann::json design_json(const Formulation1Input& in, const Formulation1Result& r,
                           const std::vector<std::string>& private_names,
                           const std::vector<std::string>& useful_names, bool with_matrices) {
  nlohmann::json audits = nlohmann::json::array();
  nlohmann::json privates = nlohmann::json::array();
  for (std::size_t i = 0; i < r.privates.size(); ++i) {
    const auto& p = r.privates[i];
    nlohmann::json item = {{"name", private_names.at(i)},
                           {"theta", in.theta[i]},
                           {"projection_norm", p.projection_norm},
                           {"mmse", p.mmse},
                           {"mmse_projected", p.mmse_projected},
                           {"mmse_projected_formula", p.mmse_projected_formula}};
    if (with_matrices) item["projected"] = jw::vector(p.projected);
    privates.push_back(item);
    // Every private function, also those independent of X (measured leakage 0): the mechanism
    // itself is always checked.
    const audit::Claim claim{"mmse-leakage", 1.0 - in.theta[i], 1.0 - p.mmse};
    auto a = audit::to_json(audit::audit_mechanism(r.mechanism, claim));
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

nlohmann::json theorem3_json(const Theorem3& t3) {
  const audit::Claim claim{"chi2", t3.px_min * t3.lambda_min, t3.chi2_s};
  return {{"mechanism", jw::matrix(t3.mechanism)},
          {"px_min", t3.px_min},
          {"lambda_min", t3.lambda_min},
          {"chi2_x", t3.chi2_x},
          {"chi2_s", t3.chi2_s},
          {"point", {t3.chi2_s, t3.chi2_x}},
          {"audit", audit::to_json(audit::audit_mechanism(t3.mechanism, claim))}};
}

}  // namespace privlab::estimation
