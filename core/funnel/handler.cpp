/**
 * @file handler.cpp
 * @brief family "funnel", the JSON edge: read the request, call the typed design / measure
 *        (funnel/design.cpp, privlab/funnel.h), write the response.
 */
#include "funnel/handler.h"

#include <cmath>

#include "audit/audit_json.h"
#include "common/arguments.h"
#include "common/error.h"
#include "evaluate/evaluated_mechanism.h"
#include "funnel/experiments.h"
#include "funnel/simplex_view_json.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "model/joint.h"
#include "model/joint_json.h"
#include "model/request_fields.h"
#include "privlab/funnel.h"

namespace privlab::funnel {

namespace jr = json_read;
namespace jw = json_write;

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

/// The response's metrics of a protocol under one distribution.
nlohmann::json metrics_json(const Metrics& m) {
  nlohmann::json out = {{"mutual_information", m.mutual_information},
                        {"nmi", m.nmi},
                        {"entropy_x", m.entropy_x},
                        {"leakage", m.leakage},
                        {"lip", jw::real(m.lip)},
                        {"ldp", jw::real(m.ldp)},
                        {"ldp_input", jw::real(m.ldp_input)}};
  if (m.srlip) {
    const SrlipWitness& w = *m.srlip;
    out["srlip"] = jw::real(w.value);
    out["srlip_witness"] = {{"attributes", w.attributes}, {"values", w.values}, {"s", w.s}, {"y", w.y}};
  }
  return out;
}

/// What the design adds to the metrics: the polytope, the calibration, OUE's output sets, the
/// per-attribute factors.
nlohmann::json design_details_json(const Design& d) {
  nlohmann::json out = nlohmann::json::object();
  if (d.polytope) {
    const Polytope& p = *d.polytope;
    out["polytope"] = {{"name", p.name}, {"dimension", p.dimension}, {"vertices", p.vertices}, {"outputs", p.outputs}};
    if (p.lp_rows) out["polytope"]["lp_rows"] = *p.lp_rows;
    if (p.lp_columns) out["polytope"]["lp_columns"] = *p.lp_columns;
  }
  if (d.calibration) {
    out["alpha"] = jw::real(d.calibration->alpha);
    out["alpha_reaches_target"] = d.calibration->reaches_target;
    out["calibrated_privacy"] = d.calibration->achieved;
  }
  if (!d.output_sets.empty()) out["output_sets"] = d.output_sets;
  if (!d.per_attribute.empty()) {
    nlohmann::json parts = nlohmann::json::array();
    for (const AttributePart& part : d.per_attribute)
      parts.push_back(
          {{"mechanism", jw::matrix(part.mechanism)}, {"vertices", part.vertices}, {"epsilon", part.epsilon}});
    out["per_attribute"] = parts;
  }
  return out;
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

  nlohmann::json out = metrics_json(d.metrics);
  out.update(design_details_json(d));
  out["family"] = "funnel";
  out["mechanism_name"] = name;
  out["mechanism"] = jw::matrix(d.mechanism);
  out["input"] = reads_secret(d.mechanism, joint) ? "s,x" : "x";
  out["epsilon"] = epsilon;
  out["metric"] = name == "opt-lip" ? "lip" : name == "opt-ldp" ? "ldp" : name == "srlip-product" ? "srlip" : metric;
  if (name == "srlip-product") {
    const double measured =
        d.metrics.srlip && std::isfinite(d.metrics.srlip->value) ? d.metrics.srlip->value : INFINITY;
    out["srlip_target"] = epsilon;
    out["srlip_exceeds_target"] = measured > epsilon + 1e-9;
    out["notes"] = {
        "Theorem 4 of the paper is false (docs/errata.md): the product of per-attribute "
        "protocols that each meet (25)-(26) at eps/m need not be eps-SRLIP. "
        "\"srlip\" is measured from definition (22), never certified."};
  }
  if (name == "cr")
    out["notes"] = {
        "Conditional Reporting reads (S, X): mechanism columns are indexed s*|X| + x. "
        "It is not a protocol of X alone, so it can exceed the optimal protocols of X."};
  for (const std::string& note : d.notes) out["notes"].push_back(note);
  if (d.simplex) out["simplex"] = to_json(*d.simplex);
  out["audit"] = audit::to_json(d.audit);
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
