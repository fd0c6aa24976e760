/**
 * @file evaluated.cpp
 * @brief chi^2(S;Y), chi^2(X;Y), PICs and mmse of a given mechanism [estimation paper, eq. (1),
 *        Theorem 1, Theorem 2].
 */
#include "estimation/evaluated.h"

#include <cmath>

#include "estimation/formulation1.h"
#include "estimation/handler.h"
#include "estimation/pics.h"
#include "estimation/report.h"
#include "estimation/request.h"
#include "estimation/tradeoff.h"
#include "evaluate/evaluated_mechanism.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/joint.h"
#include "model/joint_json.h"
#include "model/request_fields.h"

namespace privlab::estimation {

namespace jr = json_read;
namespace jw = json_write;
using Json = nlohmann::json;

namespace {
const JointLimits& kLimits = kJointLimits;

/// The normalised mmse (Section 1.3) of each function through the joint `p_ay` ([a][y]), the
/// function normalised under P_A exactly as Formulation 1 normalises it (the design's "mmse").
Json mmse_list(const Matrix& p_ay, const Functions& fns, const Vector& pa) {
  Json list = Json::array();
  for (std::size_t i = 0; i < fns.values.size(); ++i)
    list.push_back({{"name", fns.names[i]},
                    {"mmse", mmse_direct(p_ay, normalise_function(fns.values[i], pa, ""))}});
  return list;
}

/// chi^2 and PICs of (S;Y) and (X;Y) for the mechanism q under the joint (eq. (1), Theorem 1).
Json channel_metrics(const Matrix& joint, const Matrix& q) {
  const auto [cs, cx] = chi2_of_mechanism(joint, q);
  const Vector px = joint.colwise().sum().transpose();
  const Matrix p_sy = joint * q.transpose();
  const Matrix p_xy = px.asDiagonal() * q.transpose();
  const PicDecomposition ds = pic_decomposition(p_sy), dx = pic_decomposition(p_xy);
  return {{"chi2_sy", cs}, {"chi2_xy", cx}, {"point", {cs, cx}},
          {"pics_sy", jw::vector(ds.pics)}, {"pics_xy", jw::vector(dx.pics)},
          {"maximal_correlation_sy", ds.pics.size() ? std::sqrt(ds.pics(0)) : 0.0},
          {"maximal_correlation_xy", dx.pics.size() ? std::sqrt(dx.pics(0)) : 0.0}};
}
}  // namespace

Json evaluate_request(const Json& request, const Context& context) {
  const JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const long nx = joint.num_u();
  const Matrix q = evaluated::read(
      request, {{nx}, "the joint (|X| = " + std::to_string(nx) + " columns)", 1024, 0, ""}, "");
  const bool compare = evaluated::compare_requested(request);
  Functions priv, useful;
  if (request.contains("private_functions")) read_design(request, joint, priv, useful);
  const auto truth = true_joint(request, joint, kLimits);

  context.report(0.0, "evaluating");
  const PicDecomposition pics = pic_decomposition(joint.p);
  Json out = summary_json(pics);
  out.update(channel_metrics(joint.p, q));
  out["family"] = "estimation";
  const Vector ps = joint.p.rowwise().sum(), px = joint.p.colwise().sum().transpose();
  if (!priv.values.empty()) {
    out["private"] = mmse_list(joint.p * q.transpose(), priv, ps);
    out["useful"] = mmse_list(px.asDiagonal() * q.transpose(), useful, px);
  }
  const double cs = out["chi2_sy"].get<double>();
  evaluated::describe(out, q, {"chi2 (evaluated)", cs, cs});
  if (truth) out["true"] = channel_metrics(truth->p, q);
  if (compare) {
    // Theorem 2: lower(eps) <= F(eps) <= G(eps), F the best chi^2(X;Y) at chi^2(S;Y) <= eps.
    const double g = evaluate(upper_bound(pics), cs), l = evaluate(lower_bound(pics), cs);
    Json cmp = {{"epsilon", cs}, {"upper_bound", g}, {"lower_bound", l},
                {"utility_ratio_lower_bound", evaluated::ratio(out["chi2_xy"].get<double>(), g)}};
    if (!priv.values.empty()) {
      context.report(0.5, "Formulation 1");
      cmp["optimal"] = evaluated::solve_optimal(request, Json::object(), &handle_request, Context{});
      if (!cmp["optimal"].contains("error"))
        cmp["utility_ratio"] = evaluated::ratio(out["chi2_xy"].get<double>(),
                                                cmp["optimal"]["design"]["chi2_xy"].get<double>());
    }
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}

}  // namespace privlab::estimation
