/**
 * @file evaluate_handler.cpp
 * @brief family "estimation", "evaluate" requests: read the mapping and the joint, measure them
 *        with the typed API [estimation paper, eq. (1), Theorem 1, Theorem 2], write the response.
 */
#include "estimation/evaluate_handler.h"

#include "estimation/handler.h"
#include "estimation/report_json.h"
#include "estimation/request.h"
#include "evaluate/evaluated_mechanism.h"
#include "json/json_read.h"
#include "model/joint.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/estimation.h"

namespace privlab::estimation {

namespace jr = json_read;
using Json = nlohmann::json;

namespace {
const JointLimits& kLimits = kJointLimits;

/// The normalised mmse (Section 1.3) of each function through the joint `p_ay` ([a][y]).
Json mmse_list(const Matrix& p_ay, const Functions& fns, const Vector& pa) {
  Json list = Json::array();
  for (std::size_t i = 0; i < fns.values.size(); ++i)
    list.push_back({{"name", fns.names[i]}, {"mmse", normalized_mmse(p_ay, fns.values[i], pa)}});
  return list;
}
}  // namespace

Json evaluate_request(const Json& request, const Context& context) {
  const JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const long nx = joint.num_u();
  const Matrix q =
      evaluated::read(request, {{nx}, "the joint (|X| = " + std::to_string(nx) + " columns)", 1024, 0, ""}, "");
  const bool compare = evaluated::compare_requested(request);
  Functions priv, useful;
  if (request.contains("private_functions")) read_design(request, joint, priv, useful);
  const auto truth = true_joint(request, joint, kLimits);

  context.report(0.0, "evaluating");
  const Analysis analysis = analyze(joint.p);
  const ChannelMetrics m = measure(q, joint);
  Json out = summary_json(analysis);
  out.update(channel_metrics_json(m));
  out["family"] = "estimation";
  const Vector ps = joint.p.rowwise().sum(), px = joint.p.colwise().sum().transpose();
  if (!priv.values.empty()) {
    out["private"] = mmse_list(joint.p * q.transpose(), priv, ps);
    out["useful"] = mmse_list(px.asDiagonal() * q.transpose(), useful, px);
  }
  evaluated::describe(out, q, {"chi2 (evaluated)", m.chi2_sy, m.chi2_sy});
  if (truth) out["true"] = channel_metrics_json(measure(q, *truth));
  if (compare) {
    // Theorem 2: lower(eps) <= F(eps) <= G(eps), F the best chi^2(X;Y) at chi^2(S;Y) <= eps.
    const double g = evaluate(analysis.upper_bound, m.chi2_sy), l = evaluate(analysis.lower_bound, m.chi2_sy);
    Json cmp = {{"epsilon", m.chi2_sy},
                {"upper_bound", g},
                {"lower_bound", l},
                {"utility_ratio_lower_bound", evaluated::ratio(m.chi2_xy, g)}};
    if (!priv.values.empty()) {
      context.report(0.5, "Formulation 1");
      cmp["optimal"] = evaluated::solve_optimal(request, Json::object(), &handle_request, Context{});
      if (!cmp["optimal"].contains("error"))
        cmp["utility_ratio"] = evaluated::ratio(m.chi2_xy, cmp["optimal"]["design"]["chi2_xy"].get<double>());
    }
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}

}  // namespace privlab::estimation
