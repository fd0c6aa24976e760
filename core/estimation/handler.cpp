/**
 * @file handler.cpp
 * @brief family "estimation": PICs, chi-square bounds, Theorem 3, Formulation 1, the Section 5
 *        bounds and Theorem 6 for one joint P(S,X) (rows s, columns x); or an experiment.
 *        The request and response fields are documented in core/estimation/README.md.
 */
#include "estimation/handler.h"

#include <cmath>
#include <string>
#include <vector>

#include "common/arguments.h"
#include "common/error.h"
#include "estimation/evaluate_handler.h"
#include "estimation/experiments.h"
#include "estimation/report_json.h"
#include "estimation/request.h"
#include "evaluate/evaluated_mechanism.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/joint.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/estimation.h"

namespace privlab::estimation {

namespace jr = json_read;
namespace jw = json_write;
using Json = nlohmann::json;

namespace {
const JointLimits& kLimits = kJointLimits;

Json mmse_of(const Json& req, const JointDistribution& joint, const PicDecomposition& pics) {
  const Json& spec = req["mmse_of"];
  if (!spec.is_object()) bad_request("not_an_object", "/mmse_of", "expected {\"s\": [...], \"x\": [...]}");
  Json out = Json::object();
  for (const char* side : {"s", "x"}) {
    if (!spec.contains(side)) continue;
    const bool of_s = std::string(side) == "s";
    const auto fns = read_functions(spec, side, of_s ? joint.num_s() : joint.num_u(), 32, side, "/mmse_of");
    const Matrix jj = of_s ? joint.p : Matrix(joint.p.transpose());
    const PicDecomposition d = of_s ? pics : pic_decomposition(jj);
    Json list = Json::array();
    for (std::size_t i = 0; i < fns.values.size(); ++i) {
      const auto m = decompose_mmse(jj, d, fns.values[i]);
      list.push_back({{"name", fns.names[i]},
                      {"mean", m.mean},
                      {"variance", m.variance},
                      {"coefficients", jw::vector(m.coefficients)},
                      {"mmse", m.mmse},
                      {"mmse_direct", m.mmse_direct},
                      {"normalized_mmse", m.normalized_mmse}});
    }
    out[of_s ? "s_given_x" : "x_given_s"] = list;
  }
  return out;
}

Json mmse_bound(const Json& req) {
  const Json& b = req["mmse_bound"];
  const Vector rho = jr::vector(jr::member(b, "rho", "/mmse_bound"), "/mmse_bound/rho", 1000);
  const Vector nu = jr::vector(jr::member(b, "nu", "/mmse_bound"), "/mmse_bound/nu", 1000);
  long t = 0;
  if (b.contains("t")) {
    const double tv = jr::number(b, "t", "/mmse_bound", 0, static_cast<double>(rho.size()));
    if (tv != std::floor(tv)) bad_request("out_of_range", "/mmse_bound/t", "t must be a whole number");
    t = static_cast<long>(tv);
  }
  // The typed functions check rho and nu (the hypotheses of Theorems 4-5) and name them.
  const auto r =
      arguments::under("/mmse_bound", [&] { return t == 0 ? theorem4_bound(rho, nu) : theorem5_bound(rho, nu, t); });
  return {{"rho0", rho_zero(rho)},
          {"t", t},
          {"theorem", t == 0 ? "4" : "5"},
          {"correlation_bound", r.correlation_bound},
          {"mmse_bound", r.mmse_bound}};
}

Json one_bit(const Json& req) {
  const Json& b = req["one_bit"];
  const Vector rho = jr::vector(jr::member(b, "rho", "/one_bit"), "/one_bit/rho", 1000);
  const Vector alpha = jr::vector(jr::member(b, "alpha", "/one_bit"), "/one_bit/alpha", 1000);
  return {{"error_lower_bound", arguments::under("/one_bit", [&] { return example4_error_bound(rho, alpha); })}};
}

/// Metrics of returned mechanisms under another distribution (the contract's "true").
Json evaluate_under(const Matrix& joint, const Formulation1Input* design_in, const Formulation1Result* design,
                    const std::optional<AuditedTheorem3>& t3) {
  const auto pics = pic_decomposition(joint);
  Json out = {{"pics", jw::vector(pics.pics)}, {"chi2", pics.chi2()}};
  if (design) {
    const auto [cs, cx] = chi2_of_mechanism(joint, design->mechanism);
    const Matrix p_sy = joint * design->mechanism.transpose();
    const Vector px = joint.colwise().sum().transpose();
    const Matrix p_xy = px.asDiagonal() * design->mechanism.transpose();
    const Vector ps = joint.rowwise().sum();
    const std::vector<double> priv = normalized_mmse_or_one(p_sy, design_in->private_functions, ps);
    const std::vector<double> use = normalized_mmse_or_one(p_xy, design_in->useful_functions, px);
    out["design"] = {{"chi2_sy", cs}, {"chi2_xy", cx}, {"mmse_private", priv}, {"mmse_useful", use}};
  }
  if (t3) {
    const auto [cs, cx] = chi2_of_mechanism(joint, t3->mapping.mechanism);
    out["theorem3"] = {{"chi2_s", cs}, {"chi2_x", cx}};
  }
  return out;
}
}  // namespace

nlohmann::json handle_request(const nlohmann::json& request, const Context& context) {
  if (request.contains("experiment")) return run_experiment(request, context);
  if (evaluated::requested(request)) return evaluate_request(request, context);
  const JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const Analysis analysis = analyze(joint.p);
  const PicDecomposition& pics = analysis.pics;
  // Theorem 3 and the perfect-privacy point (eq. (14)).
  const auto t3 = theorem3(joint.p, pics);
  Json out = analysis_json(analysis, t3);
  out["family"] = "estimation";
  const double top = static_cast<double>(support_size_x(pics) - 1);
  std::vector<std::pair<double, double>> achievable{{0.0, 0.0}, {pics.chi2(), top}};
  if (t3) achievable.emplace_back(t3->mapping.chi2_s, t3->mapping.chi2_x);
  const auto pp = perfect_privacy(joint.p, pics);
  double f0 = pp ? pp->f0_lower : 0.0;
  std::string f0_source = analysis.delta > 0 ? "delta > 0 implies F(0) = 0" : "certified mapping";
  if (pp) {
    out["perfect_privacy"] = perfect_privacy_json(*pp);
    achievable.emplace_back(0.0, pp->f0_lower);
  }
  if (request.contains("f0")) {
    f0 = jr::number(request, "f0", "", 0, top);
    f0_source = "request";
  }
  out["lower_bound_eq14"] = {
      {"f0", f0}, {"source", f0_source}, {"breakpoints", breakpoints_json(lower_bound_eq14(pics, f0))}};

  // Formulation 1 (Section 4), once or over a theta sweep.
  std::optional<Formulation1Input> design_in;
  std::optional<AuditedDesign> designed;
  if (request.contains("private_functions")) {
    Functions priv, useful;
    design_in = read_design(request, joint, priv, useful);
    const long nx = support_size_x(pics);
    if (request.contains("theta_sweep")) {
      const long steps = jr::positive_integer(request, "theta_sweep", "", 101);
      if (steps < 2) bad_request("out_of_range", "/theta_sweep", "at least 2 steps");
      if (steps * nx * nx > kMaxSweepWork)
        bad_request("too_large", "/theta_sweep", "theta_sweep x |X|^2 exceeds " + std::to_string(kMaxSweepWork));
      Json sweep = Json::array();
      Formulation1Input in = *design_in;
      for (long k = 0; k < steps; ++k) {
        const double theta = static_cast<double>(k) / (steps - 1);
        in.theta.assign(in.private_functions.size(), theta);
        const AuditedDesign r = design(in);
        Json d = design_json(in, r, priv.names, useful.names, false);
        d["theta"] = theta;
        sweep.push_back(d);
        achievable.emplace_back(r.result.chi2_sy, r.result.chi2_xy);
        context.report(static_cast<double>(k + 1) / (steps + 1), "Formulation 1 theta sweep");
      }
      out["sweep"] = sweep;
    }
    designed = design(*design_in);
    out["design"] = design_json(*design_in, *designed, priv.names, useful.names, true);
    achievable.emplace_back(designed->result.chi2_sy, designed->result.chi2_xy);
  }
  out["achievable_hull"] = breakpoints_json(concave_hull(achievable));

  if (request.contains("mmse_of")) out["mmse_of"] = mmse_of(request, joint, pics);
  if (request.contains("mmse_bound")) out["mmse_bound"] = mmse_bound(request);
  if (request.contains("one_bit")) out["one_bit"] = one_bit(request);

  // Theorem 6 for the sample size of the estimate (request "n" or the count total).
  if (const auto n = sample_size(request, joint)) {
    const double beta = jr::number_or(request, "beta", "", 1e-12, 1, 0.05);
    const auto t6 = theorem6_bound(joint.p, *n, beta);
    out["n"] = *n;
    out["robustness"] = {{"beta", beta},
                         {"l1_radius", t6.radius},
                         {"m_s", t6.m_s},
                         {"m_x", t6.m_x},
                         {"chi2_s_gap_bound", jw::real(t6.bound_s)},
                         {"chi2_x_gap_bound", jw::real(t6.bound_x)},
                         {"note", "Theorem 6 evaluated with the estimate's minima in place of P's"}};
  }
  if (const auto truth = true_joint(request, joint, kLimits)) {
    out["true"] =
        evaluate_under(truth->p, design_in ? &*design_in : nullptr, designed ? &designed->result : nullptr, t3);
    const auto [ls, lx] = lemma5_bounds(truth->p, joint.p);
    out["true"]["lemma5"] = {{"l1", (truth->p - joint.p).cwiseAbs().sum()},
                             {"chi2_s_gap_bound", jw::real(ls)},
                             {"chi2_x_gap_bound", jw::real(lx)}};
  }
  return out;
}

}  // namespace privlab::estimation
