/**
 * @file handler.cpp
 * @brief family "rldp": a mechanism request (parse, design, audit, evaluate under P-hat and P*),
 *        a "sample" request (P* ~ Dirichlet, n samples, P-hat) or an "experiment" request.
 */
#include "rldp/handler.h"

#include <cmath>

#include "audit/audit_json.h"
#include "common/arguments.h"
#include "common/error.h"
#include "common/random.h"
#include "evaluate/evaluated_mechanism.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "metrics/privacy_loss.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/rldp.h"
#include "rldp/evaluation.h"
#include "rldp/evaluation_json.h"
#include "rldp/experiments.h"
#include "rldp/mechanisms.h"
#include "rldp/mechanisms_json.h"
#include "rldp/projections.h"
#include "rldp/robust_epsilon.h"
#include "rldp/uncertainty_json.h"

namespace privlab::rldp {

namespace jr = json_read;
namespace jw = json_write;

namespace {
const JointLimits kLimits{64, 64, 256};

/// A vector whose entries may be +infinity (written "Infinity" per the contract).
nlohmann::json reals(const Vector& v) {
  nlohmann::json out = nlohmann::json::array();
  for (double x : v) out.push_back(jw::real(x));
  return out;
}
constexpr long long kMaxSampleN = 10'000'000;

std::uint64_t read_seed(const nlohmann::json& obj, const std::string& path) {
  if (!obj.contains("seed")) return 1;
  const auto& v = obj.at("seed");
  if (!v.is_number_integer() || v.get<long long>() < 0)
    bad_request("out_of_range", jr::child(path, "seed"), "seed must be a non-negative integer");
  return v.get<std::uint64_t>();
}

/// {"sample":{"prior":a,"shape":[|S|,|U|] | "true_joint":[[..]],"n":n,"seed":k}}
nlohmann::json handle_sample(const nlohmann::json& request) {
  const std::string path = "/sample";
  const auto& s = request.at("sample");
  if (!s.is_object()) bad_request("not_an_object", path, "sample must be an object");
  const long long n = jr::positive_integer(s, "n", path, kMaxSampleN);
  random::Engine engine(read_seed(s, path));  // common/random.h: the same draws natively and in WASM
  Matrix truth;
  double prior = 0.5;
  if (s.contains("true_joint")) {
    truth = parse_joint(s.at("true_joint"), jr::child(path, "true_joint"), kLimits).p;
  } else {
    prior = jr::number_or(s, "prior", path, 1e-3, 1e3, 0.5);
    const std::string sp = jr::child(path, "shape");
    const Vector shape = jr::vector(jr::member(s, "shape", path), sp, 2);
    if (shape.size() != 2) bad_request("bad_shape", sp, "shape is [|S|, |U|]");
    for (long i = 0; i < 2; ++i)
      if (shape(i) != std::floor(shape(i)) || shape(i) < 1 || shape(i) > 64)
        bad_request("out_of_range", jr::child(sp, static_cast<std::size_t>(i)),
                    "alphabet sizes are whole numbers from 1 to 64");
    const long ns = static_cast<long>(shape(0)), nu = static_cast<long>(shape(1));
    if (ns * nu > kLimits.max_x) bad_request("too_large", sp, "|S||U| is at most 256");
    const Vector flat = random::dirichlet(engine, ns * nu, prior);
    truth.resize(ns, nu);
    for (long x = 0; x < ns * nu; ++x) truth(x / nu, x % nu) = flat(x);
  }
  const long ns = truth.rows(), nu = truth.cols();
  Vector flat(ns * nu);
  for (long x = 0; x < ns * nu; ++x) flat(x) = truth(x / nu, x % nu);
  const std::vector<long long> counts = random::multinomial(engine, flat, n);
  Matrix c(ns, nu);
  for (long x = 0; x < ns * nu; ++x) c(x / nu, x % nu) = static_cast<double>(counts[static_cast<std::size_t>(x)]);
  nlohmann::json out = {{"family", "rldp"},
                        {"true_joint", jw::matrix(truth)},
                        {"counts", jw::matrix(c)},
                        {"joint", jw::matrix(c / static_cast<double>(n))},
                        {"n", n},
                        {"seed", read_seed(s, path)}};
  if (!s.contains("true_joint")) out["prior"] = prior;
  return out;
}
}  // namespace

namespace {
/// The metrics of a mechanism the response reports (designed or evaluated, one place):
/// I, NMI and realized epsilon under P-hat, the robust epsilon over F, and "true" under P*.
nlohmann::json measure(const Matrix& q, const JointDistribution& joint, const UncertaintySet& set,
                       const std::optional<JointDistribution>& truth, const RobustEpsilon& robust) {
  nlohmann::json out = to_json(evaluate(q, joint));
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

/**
 * {"evaluate":[[..]], "joint", "uncertainty", "n"?, "true_joint"?, "epsilon"?, "compare_optimal"?}:
 * the metrics of a given mechanism on X = (S, U), plus its LDP epsilon (Definition 2) and its
 * simplex-RLDP epsilon (Proposition 3). compare_optimal designs PolyOpt (NR for F = {P-hat}) at
 * `epsilon` or, absent, at the matrix's robust epsilon, and reports I(given) / I(optimal).
 */
nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context) {
  const JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const std::string nx = std::to_string(joint.num_x());
  const Matrix q = evaluated::read(
      request, {{joint.num_x()}, "the joint (|X| = |S||U| = " + nx + " inputs, x = s*|U| + u)", 1024, 0, ""},
      "mechanism");
  const auto n = sample_size(request, joint);
  const UncertaintySet set = parse_uncertainty(request, joint.num_x(), n);
  const auto truth = true_joint(request, joint, kLimits);
  const bool compare = evaluated::compare_requested(request);
  std::optional<double> epsilon;
  if (request.contains("epsilon")) epsilon = jr::number(request, "epsilon", "", 0, arguments::kMaxEpsilon);

  context.report(0.0, "robust epsilon");
  const RobustEpsilon robust = robust_epsilon(q, joint, set);
  nlohmann::json out = measure(q, joint, set, truth, robust);
  out["family"] = "rldp";
  out["ldp_epsilon"] = jw::real(metrics::ldp_epsilon(q));
  out["simplex_epsilon"] = jw::real(metrics::simplex_rldp_epsilon(q, joint.num_s(), joint.num_u()));
  if (n) out["n"] = *n;
  evaluated::describe(out, q,
                      {robust.exact ? "rldp (evaluated)" : "rldp-upper-bound (evaluated)", robust.value, robust.value});
  if (compare) {
    context.report(0.5, "optimal design");
    const std::string name = set.kind == UncertaintySet::Kind::kPoint ? "nr" : "polyopt";
    const nlohmann::json cmp =
        evaluated::compare(request, {{{"mechanism", name}}, "epsilon", 50, "mutual_information", "utility_ratio"},
                           epsilon ? *epsilon : robust.value, out["mutual_information"].get<double>(), &handle_request);
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}
}  // namespace

nlohmann::json handle_request(const nlohmann::json& request, const Context& context) {
  if (request.contains("sample")) return handle_sample(request);
  if (request.contains("experiment")) return run_experiment(request, context);
  if (evaluated::requested(request)) return handle_evaluate(request, context);

  const auto name = jr::one_of(request, "mechanism", "", mechanism_names());
  const JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const double epsilon = jr::number(request, "epsilon", "", 0, arguments::kMaxEpsilon);
  const auto n = sample_size(request, joint);
  const UncertaintySet set = parse_uncertainty(request, joint.num_x(), n);
  const auto truth = true_joint(request, joint, kLimits);
  DesignOptions options;
  options.same_s_rows = read_bool(request, "same_s_rows", "", true);
  options.allow_large = read_bool(request, "allow_large", "", false);

  context.report(0.0, "designing " + name);
  // The typed API's design (privlab/rldp.h): design_mechanism, the audit, the robust epsilon.
  const Design designed = design(joint, mechanism_from_name(name), epsilon, set, options);
  context.report(0.9, "measuring");

  nlohmann::json out = measure(designed.mechanism, joint, set, truth, designed.metrics.robust);
  out["family"] = "rldp";
  out["mechanism_name"] = name;
  out["mechanism"] = jw::matrix(designed.mechanism);
  out["output_size"] = designed.mechanism.rows();
  out["epsilon_design"] = epsilon;
  if (n) out["n"] = *n;
  out["audit"] = audit::to_json(designed.audit);
  out["details"] = to_json(designed.details);
  context.report(1.0, "done");
  return out;
}

}  // namespace privlab::rldp
