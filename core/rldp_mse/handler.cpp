/**
 * @file handler.cpp
 * @brief family "rldp-mse": parse, solve one of (7)-(10), certify (robust epsilon and robust
 *        distortion recomputed from the matrix), audit, evaluate under P-hat and P*. Requests
 *        with "experiment" run Figure 2 (experiments.cpp).
 */
#include "rldp_mse/handler.h"

#include <cmath>

#include "common/error.h"
#include "evaluate/evaluated_mechanism.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "metrics/privacy_loss.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/rldp_mse.h"
#include "rldp_mse/design_json.h"
#include "rldp_mse/experiments.h"

namespace privlab::rldp_mse {

namespace jr = json_read;
namespace jw = json_write;

namespace {
/// Browser budget: |S| <= 6, |U| <= 8 and at most 200 mechanism entries |U|^2 |S|.
const JointLimits kLimits{6, 8, 48};
constexpr long kMaxEntries = 200;

ChiSquareSet parse_set(const nlohmann::json& request, const JointDistribution& joint, std::optional<long long> n) {
  const std::string path = "/uncertainty";
  const auto& u = jr::member(request, "uncertainty", "");
  if (!u.is_object()) bad_request("not_an_object", path, "uncertainty must be {\"confidence\":c} or {\"radius\":B}");
  if (u.contains("radius")) return chi2_ball(joint, jr::number(u, "radius", path, 0, 1e6));  // eq. (2)
  if (u.contains("confidence")) {
    const double c = jr::number(u, "confidence", path, 1e-9, 1 - 1e-12);
    if (!n) bad_request("missing_field", "/n", "n (the sample size) is required with a confidence level");
    return chi2_ball_confidence(joint, c, *n);  // eq. (3)
  }
  bad_request("missing_field", jr::child(path, "confidence"), "uncertainty needs \"confidence\" or \"radius\"");
}

Vector parse_values(const nlohmann::json& request, long nu) {
  if (!request.contains("values")) return default_values(nu);
  const Vector v = jr::vector(request.at("values"), "/values", 64);
  if (v.size() != nu)
    bad_request(
        "shape_mismatch", "/values",
        "values has " + std::to_string(v.size()) + " entries but joint has |U| = " + std::to_string(nu) + " columns");
  if (v.cwiseAbs().maxCoeff() > 1e6) bad_request("out_of_range", "/values", "|values| <= 1e6");
  return v;
}

struct RequestFields {
  JointDistribution joint;
  Vector values;
  std::optional<long long> n;
  ChiSquareSet set;
  std::optional<JointDistribution> truth;
};

/// joint (with the size guard), values, n, uncertainty, true_joint.
RequestFields parse_context(const nlohmann::json& request) {
  JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  if (joint.num_u() * joint.num_u() * joint.num_s() > kMaxEntries)
    bad_request("too_large", "/joint", "|U|^2 |S| is limited to " + std::to_string(kMaxEntries) + " mechanism entries");
  Vector values = parse_values(request, joint.num_u());
  const auto n = sample_size(request, joint);
  ChiSquareSet set = parse_set(request, joint, n);
  auto truth = true_joint(request, joint, kLimits);
  return {std::move(joint), std::move(values), n, std::move(set), std::move(truth)};
}

nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context);
}  // namespace

nlohmann::json handle_request(const nlohmann::json& request, const Context& context) {
  if (request.contains("experiment")) return run_experiment(request, context);
  if (evaluated::requested(request)) return handle_evaluate(request, context);
  const std::string name = jr::one_of(request, "problem", "", problem_names());
  const Problem problem = problem_from_name(name);
  const RequestFields c = parse_context(request);
  const double epsilon = jr::number(request, "epsilon", "", 1e-3, 20);
  SolveOptions options;
  options.gap_tolerance = jr::number_or(request, "gap_tolerance", "", 1e-8, 0.1, options.gap_tolerance);
  options.max_rounds = static_cast<int>(jr::number_or(request, "max_rounds", "", 1, 500, options.max_rounds));

  context.report(0.0, "solving " + name);
  const Design d = design(c.joint, problem, epsilon, c.set, c.values, c.truth, options);
  context.report(1.0, "done");

  nlohmann::json out = design_json(d, problem, epsilon, c.set, c.values, c.truth);
  if (c.n) out["n"] = *c.n;
  return out;
}

namespace {
/**
 * {"evaluate":[[..]] (|U| outputs = the values of U, |S||U| inputs), joint, values?, n?,
 * uncertainty, true_joint?, epsilon?, compare_optimal?}: the metrics of a given mechanism.
 * compare_optimal solves RURP (10) at `epsilon` or, absent, at the matrix's certified robust
 * epsilon, and reports robust distortion (given) / robust distortion (RURP).
 */
nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context) {
  const RequestFields c = parse_context(request);
  const long nu = c.joint.num_u(), nx = c.joint.num_x();
  const Matrix q = evaluated::read(request,
                                   {{nx},
                                    "the joint (|X| = |S||U| = " + std::to_string(nx) + " inputs, x = s*|U| + u)",
                                    64,
                                    nu,
                                    "Y taking the values of U (|U| = " + std::to_string(nu) + ")"},
                                   "problem");
  const bool compare = evaluated::compare_requested(request);
  std::optional<double> epsilon;
  if (request.contains("epsilon")) epsilon = jr::number(request, "epsilon", "", 1e-3, 20);

  context.report(0.0, "robust epsilon and distortion");
  const Evaluation e = measure(q, c.joint, c.set, c.values, c.truth);
  nlohmann::json out = metrics_json(e, c.set, c.values, c.truth);
  if (c.n) out["n"] = *c.n;
  out["ldp_epsilon"] = jw::real(metrics::ldp_epsilon(q));
  evaluated::describe(out, q, {"rldp-chi2 (evaluated)", e.robust_epsilon.value, e.robust_epsilon.value});
  if (compare) {
    context.report(0.5, "optimal design");
    const nlohmann::json cmp =
        evaluated::compare(request, {{{"problem", "rurp"}}, "epsilon", 20, "robust_distortion", "distortion_ratio"},
                           epsilon ? *epsilon : e.robust_epsilon.value, e.robust_distortion.value, &handle_request);
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}
}  // namespace

}  // namespace privlab::rldp_mse
