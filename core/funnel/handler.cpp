/**
 * @file handler.cpp
 * @brief family "funnel", the JSON edge: read the request, call the typed design / measure
 *        (funnel/design.cpp, privlab/funnel.h), write the response.
 */
#include "funnel/handler.h"

#include <cmath>

#include "common/arguments.h"
#include "common/error.h"
#include "evaluate/evaluated_mechanism.h"
#include "funnel/design_json.h"
#include "funnel/experiments.h"
#include "json/json_read.h"
#include "model/joint.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/funnel.h"

namespace privlab::funnel {

namespace jr = json_read;

namespace {
const JointLimits kLimits{64, 256, 64 * 256};

std::vector<long> parse_attributes(const nlohmann::json& request, long a) {
  if (!request.contains("attributes")) return {};
  const auto& value = request.at("attributes");
  if (!value.is_array() || value.empty() || value.size() > 12)
    bad_request("invalid_attributes", "/attributes", "attributes must be a list of 1 to 12 alphabet sizes");
  // Read up to the first entry check_attributes refuses (out of range, or the product passing
  // |X|): a later entry that is not an integer is then not the error reported.
  std::vector<long> sizes;
  long product = 1;
  for (std::size_t i = 0; i < value.size() && product <= a; ++i) {
    if (!value[i].is_number_integer())
      bad_request("invalid_attributes", jr::child("/attributes", i),
                  "an attribute size must be an integer in [1, 256]");
    const long long size = value[i].get<long long>();
    if (size < 1 || size > 256)
      product = a + 1;  // refused by check_attributes at this entry
    else
      product *= size;
    sizes.push_back(size >= 1 && size <= 256 ? static_cast<long>(size) : 0);
  }
  check_attributes(sizes, a);
  return sizes;
}

std::string read_metric(const nlohmann::json& request) {
  return request.contains("metric") ? jr::one_of(request, "metric", "", {"lip", "ldp"}) : "lip";
}

nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context);
}  // namespace

nlohmann::json handle_request(const nlohmann::json& request, const Context& context) {
  if (request.contains("experiment")) return run_experiment(request, context);
  if (evaluated::requested(request)) return handle_evaluate(request, context);
  const auto name = jr::one_of(request, "mechanism", "", {"opt-ldp", "opt-lip", "grr", "oue", "cr", "srlip-product"});
  const JointDistribution parsed = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const Matrix& joint = parsed.p;
  const double epsilon = jr::number(request, "epsilon", "", 0, arguments::kMaxEpsilon);
  const std::string metric = read_metric(request);
  const Target target = metric == "lip" ? Target::kLip : Target::kLdp;
  const std::vector<long> sizes = parse_attributes(request, joint.cols());
  const auto truth = true_joint(request, parsed, kLimits);

  context.report(0.0, "designing " + name);
  const Design d = design(parsed, mechanism_from_name(name), epsilon, target, sizes);
  context.report(0.9, "evaluating");

  nlohmann::json out = design_json(d, mechanism_from_name(name), epsilon, target, joint);
  if (parsed.from_counts) out["n"] = static_cast<long long>(parsed.total);
  if (truth) out["true"] = metrics_json(measure(d.mechanism, *truth, sizes));
  context.report(1.0, "done");
  return out;
}

namespace {
/**
 * {"evaluate":[[..]] (|X| inputs, or |S||X| inputs s*|X| + x for a protocol that reads S),
 * joint, metric?, attributes?, true_joint?, epsilon?, compare_optimal?}: utility I(X;Y), leakage
 * I(S;Y), LIP, LDP (and SRLIP) of a given protocol. compare_optimal designs opt-lip (metric
 * "lip", default) or opt-ldp at `epsilon` or, absent, at the matrix's measured LIP / LDP, and
 * reports I(X;Y) (given) / I(X;Y) (optimal).
 */
nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context) {
  const JointDistribution parsed = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const Matrix& joint = parsed.p;
  const long a = joint.cols(), c = joint.rows();
  const Matrix q =
      evaluated::read(request,
                      {{a, c * a},
                       "the joint (|X| = " + std::to_string(a) + " inputs, or |S||X| = " + std::to_string(c * a) +
                           " for a protocol that reads (s, x))",
                       1024,
                       0,
                       ""},
                      "mechanism");
  const std::string metric = read_metric(request);
  const Target target = metric == "lip" ? Target::kLip : Target::kLdp;
  const std::vector<long> sizes = parse_attributes(request, a);
  const auto truth = true_joint(request, parsed, kLimits);
  const bool compare = evaluated::compare_requested(request);
  std::optional<double> epsilon;
  if (request.contains("epsilon")) epsilon = jr::number(request, "epsilon", "", 0, arguments::kMaxEpsilon);

  context.report(0.0, "evaluating");
  nlohmann::json out = metrics_json(measure(q, parsed, sizes));
  out["family"] = "funnel";
  out["input"] = reads_secret(q, joint) ? "s,x" : "x";
  out["metric"] = metric;
  const double measured = target == Target::kLip ? lip(q, joint) : ldp_secret(q, joint);
  evaluated::describe(out, q, {metric + " (evaluated)", measured, measured});
  if (parsed.from_counts) out["n"] = static_cast<long long>(parsed.total);
  if (truth) out["true"] = metrics_json(measure(q, *truth, sizes));
  if (compare) {
    context.report(0.5, "optimal design");
    const std::string name = target == Target::kLip ? "opt-lip" : "opt-ldp";
    const nlohmann::json cmp =
        evaluated::compare(request, {{{"mechanism", name}}, "epsilon", 50, "mutual_information", "utility_ratio"},
                           epsilon ? *epsilon : measured, out["mutual_information"].get<double>(), &handle_request);
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}
}  // namespace

}  // namespace privlab::funnel
