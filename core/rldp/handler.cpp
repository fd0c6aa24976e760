/**
 * @file handler.cpp
 * @brief family "rldp": a mechanism request (parse, design, audit, evaluate under P-hat and P*),
 *        a "sample" request (P* ~ Dirichlet, n samples, P-hat) or an "experiment" request.
 */
#include "rldp/handler.h"

#include <cmath>

#include "common/arguments.h"
#include "common/error.h"
#include "common/random.h"
#include "evaluate/evaluated_mechanism.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/rldp.h"
#include "rldp/design_json.h"
#include "rldp/evaluation.h"
#include "rldp/evaluation_json.h"
#include "rldp/experiments.h"
#include "rldp/mechanisms.h"
#include "rldp/robust_epsilon.h"
#include "rldp/uncertainty_json.h"

namespace privlab::rldp {

namespace jr = json_read;
namespace jw = json_write;

namespace {
const JointLimits kLimits{64, 64, 256};

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
  const Metrics metrics = rldp::measure(q, joint, set);  // the typed API (privlab/rldp.h)
  const RobustEpsilon& robust = metrics.robust;
  nlohmann::json out = metrics_json(q, joint, set, metrics, truth);
  out.update(worst_case_json(metrics));
  out["family"] = "rldp";
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

  nlohmann::json out = design_json(designed, mechanism_from_name(name), epsilon, joint, set, truth);
  if (n) out["n"] = *n;
  context.report(1.0, "done");
  return out;
}

}  // namespace privlab::rldp
