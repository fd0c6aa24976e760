/**
 * @file handler.cpp
 * @brief family "funnel": parse, design (optimal LIP/LDP, calibrated GRR/OUE/CR, per-attribute
 *        product), audit with LIP/LDP re-measured from the matrix, evaluate.
 */
#include "funnel/handler.h"

#include <cmath>

#include "audit/audit.h"
#include "audit/audit_json.h"
#include "common/error.h"
#include "evaluate/evaluated_mechanism.h"
#include "funnel/attributes.h"
#include "funnel/experiments.h"
#include "funnel/explicit_protocols.h"
#include "funnel/optimal_ldp.h"
#include "funnel/optimal_lip.h"
#include "funnel/protocol_metrics.h"
#include "funnel/simplex_view_json.h"
#include "funnel/size_guards.h"
#include "json/json_read.h"
#include "json/json_write.h"
#include "metrics/information.h"
#include "model/joint.h"
#include "model/joint_json.h"
#include "model/request_fields.h"

namespace privlab::funnel {

namespace jr = json_read;
namespace jw = json_write;

namespace {
const JointLimits kLimits{64, 256, 64 * 256};
constexpr long kMaxOueAlphabet = 10;  // 2^10 outputs

struct Designed {
  Matrix mechanism;
  audit::Claim claim;
  nlohmann::json extra = nlohmann::json::object();
  Matrix delta_vertices;  ///< filled by opt-lip (reused by the simplex view)
};

std::vector<long> parse_attributes(const nlohmann::json& request, long a) {
  if (!request.contains("attributes")) return {};
  const auto& value = request.at("attributes");
  if (!value.is_array() || value.empty() || value.size() > 12)
    bad_request("invalid_attributes", "/attributes", "attributes must be a list of 1 to 12 alphabet sizes");
  std::vector<long> sizes;
  long product = 1;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!value[i].is_number_integer() || value[i].get<long long>() < 1 || value[i].get<long long>() > 256)
      bad_request("invalid_attributes", jr::child("/attributes", i), "an attribute size must be an integer in [1, 256]");
    sizes.push_back(value[i].get<long>());
    product *= sizes.back();
    if (product > a) break;
  }
  if (product != a)
    bad_request("attributes_mismatch", "/attributes",
                "the product of the attribute sizes must equal |X| = " + std::to_string(a) + " (the joint's columns)");
  return sizes;
}

audit::Claim claim_for(Target target, double epsilon, const Matrix& q, const Matrix& joint) {
  if (target == Target::kLip) return {"lip", epsilon, lip(q, joint)};
  return {"ldp", epsilon, ldp_secret(q, joint)};
}

Designed design(const std::string& name, const Matrix& joint, double epsilon, Target target,
                const std::vector<long>& sizes) {
  Designed d;
  if (name == "opt-lip") {
    require_lip(joint, "/joint");
    const OptimalLip opt = optimal_lip(joint, epsilon);
    d.mechanism = opt.mechanism;
    d.delta_vertices = opt.vertices;
    d.claim = claim_for(Target::kLip, epsilon, d.mechanism, joint);
    d.extra["polytope"] = {{"name", "Delta (15)"}, {"dimension", joint.cols() - 1},
                           {"vertices", opt.vertices.rows()}, {"lp_rows", opt.lp_rows},
                           {"lp_columns", opt.lp_cols}, {"outputs", opt.mechanism.rows()}};
    return d;
  }
  if (name == "opt-ldp") {
    require_ldp(joint, "/joint");
    const OptimalLdp opt = optimal_ldp(joint, epsilon);
    d.mechanism = opt.mechanism;
    d.claim = claim_for(Target::kLdp, epsilon, d.mechanism, joint);
    d.extra["polytope"] = {{"name", "Gamma (5)-(7)"}, {"dimension", joint.cols() * (joint.cols() - 1)},
                           {"vertices", opt.vertices}, {"outputs", opt.mechanism.rows()}};
    return d;
  }
  if (name == "srlip-product") {
    if (sizes.empty()) bad_request("missing_field", "/attributes", "srlip-product needs \"attributes\"");
    if (!attribute_product_allowed(sizes))
      bad_request("too_large", "/attributes", "the per-attribute polytopes (23)-(26) are enumerated in "
                  "a_j(a_j-1) dimensions: at most 6 attributes of size <= 3");
    const AttributeProduct prod = attribute_product(joint, sizes, epsilon);
    d.mechanism = prod.mechanism;
    // ERRATUM (paper-notes.md): Theorem 4 is false, so the target eps is not certified: the
    // claim is the SRLIP measured from (22) on the product matrix, reported next to the target.
    const double measured = srlip(d.mechanism, joint, sizes).value;
    d.claim = {"srlip-measured", measured, measured};
    nlohmann::json parts = nlohmann::json::array();
    for (std::size_t j = 0; j < prod.parts.size(); ++j)
      parts.push_back({{"mechanism", jw::matrix(prod.parts[j])}, {"vertices", prod.vertices[j]},
                       {"epsilon", epsilon / static_cast<double>(sizes.size())}});
    d.extra["per_attribute"] = parts;
    return d;
  }
  const Protocol protocol = name == "grr" ? Protocol::kGrr : name == "oue" ? Protocol::kOue : Protocol::kCr;
  if (protocol == Protocol::kOue && joint.cols() > kMaxOueAlphabet)
    bad_request("too_large", "/joint", "OUE has 2^|X| outputs: its matrix is returned for |X| <= 10");
  if (protocol == Protocol::kCr) {
    if (joint.rows() * joint.cols() * joint.cols() > (1L << 20))
      bad_request("too_large", "/joint", "the CR matrix has |X| x |S||X| entries: at most 2^20");
    const Vector ps = s_marginal(joint);
    for (long s = 0; s < joint.rows(); ++s)
      if (ps(s) <= 0)
        bad_request("zero_secret", jr::child("/joint", static_cast<std::size_t>(s)),
                    "Conditional Reporting draws from p(x|s') for every secret s': each row needs positive mass");
  }
  const Calibration cal = calibrate(protocol, target, joint, epsilon);
  d.mechanism = protocol_matrix(protocol, joint, cal.alpha);
  d.claim = claim_for(target, epsilon, d.mechanism, joint);
  d.extra["alpha"] = jw::real(cal.alpha);
  d.extra["alpha_reaches_target"] = cal.reaches_target;
  d.extra["calibrated_privacy"] = cal.achieved;
  if (protocol == Protocol::kOue) {
    nlohmann::json labels = nlohmann::json::array();
    for (long y = 0; y < d.mechanism.rows(); ++y) {
      nlohmann::json set = nlohmann::json::array();
      for (long x = 0; x < joint.cols(); ++x)
        if (y >> x & 1) set.push_back(x);
      labels.push_back(set);
    }
    d.extra["output_sets"] = labels;
  }
  return d;
}

std::string read_metric(const nlohmann::json& request) {
  return request.contains("metric") ? jr::one_of(request, "metric", "", {"lip", "ldp"}) : "lip";
}

/// Utility and privacy of q under one distribution.
nlohmann::json evaluate(const Matrix& q, const Matrix& joint, const std::vector<long>& sizes) {
  const double info = utility(q, joint);
  const double hx = metrics::entropy(x_marginal(joint));
  nlohmann::json out = {{"mutual_information", info},
                        {"nmi", hx > 0 ? info / hx : 0.0},
                        {"entropy_x", hx},
                        {"leakage", leakage(q, joint)},
                        {"lip", jw::real(lip(q, joint))},
                        {"ldp", jw::real(ldp_secret(q, joint))},
                        {"ldp_input", jw::real(ldp_input(q))}};
  if (!sizes.empty()) {
    const SrlipWitness w = srlip(q, joint, sizes);
    out["srlip"] = jw::real(w.value);
    out["srlip_witness"] = {{"attributes", w.attributes}, {"values", w.values}, {"s", w.s}, {"y", w.y}};
  }
  return out;
}

nlohmann::json handle_evaluate(const nlohmann::json& request, const Context& context);
}  // namespace

nlohmann::json handle_request(const nlohmann::json& request, const Context& context) {
  if (request.contains("experiment")) return run_experiment(request, context);
  if (evaluated::requested(request)) return handle_evaluate(request, context);
  const auto name = jr::one_of(request, "mechanism", "",
                               {"opt-ldp", "opt-lip", "grr", "oue", "cr", "srlip-product"});
  const JointDistribution parsed = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const Matrix& joint = parsed.p;
  const double epsilon = jr::number(request, "epsilon", "", 0, 50);
  const std::string metric = read_metric(request);
  const Target target = metric == "lip" ? Target::kLip : Target::kLdp;
  const std::vector<long> sizes = parse_attributes(request, joint.cols());
  if (sizes.size() > 10) bad_request("too_large", "/attributes", "SRLIP (22) visits 2^m subsets: at most 10 attributes");
  const auto truth = true_joint(request, parsed, kLimits);

  context.report(0.0, "designing " + name);
  Designed d = design(name, joint, epsilon, target, sizes);
  const audit::Report report = audit::audit_mechanism(d.mechanism, d.claim);
  context.report(0.9, "evaluating");

  nlohmann::json out = evaluate(d.mechanism, joint, sizes);
  out.update(d.extra);
  out["family"] = "funnel";
  out["mechanism_name"] = name;
  out["mechanism"] = jw::matrix(d.mechanism);
  out["input"] = reads_secret(d.mechanism, joint) ? "s,x" : "x";
  out["epsilon"] = epsilon;
  out["metric"] = name == "opt-lip" ? "lip" : name == "opt-ldp" ? "ldp" : name == "srlip-product" ? "srlip" : metric;
  if (name == "srlip-product") {
    const double measured = out["srlip"].is_number() ? out["srlip"].get<double>() : INFINITY;
    out["srlip_target"] = epsilon;
    out["srlip_exceeds_target"] = measured > epsilon + 1e-9;
    out["notes"] = {"Theorem 4 of the paper is false (paper-notes.md): the product of per-attribute "
                    "protocols that each meet (25)-(26) at eps/m need not be eps-SRLIP. "
                    "\"srlip\" is measured from definition (22), never certified."};
  }
  if (name == "cr")
    out["notes"] = {"Conditional Reporting reads (S, X): mechanism columns are indexed s*|X| + x. "
                    "It is not a protocol of X alone, so it can exceed the optimal protocols of X."};
  if (joint.cols() == 3) {
    Matrix delta = d.delta_vertices;
    if (delta.rows() == 0) delta = optimal_lip(joint, epsilon).vertices;  // Delta at eps: tiny at a = 3
    out["simplex"] = to_json(simplex_view(joint, epsilon, d.mechanism, delta));
  }
  out["audit"] = audit::to_json(report);
  if (parsed.from_counts) out["n"] = static_cast<long long>(parsed.total);
  if (truth) out["true"] = evaluate(d.mechanism, truth->p, sizes);
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
  const Matrix q = evaluated::read(
      request,
      {{a, c * a}, "the joint (|X| = " + std::to_string(a) + " inputs, or |S||X| = " +
                       std::to_string(c * a) + " for a protocol that reads (s, x))", 1024, 0, ""},
      "mechanism");
  const std::string metric = read_metric(request);
  const Target target = metric == "lip" ? Target::kLip : Target::kLdp;
  const std::vector<long> sizes = parse_attributes(request, a);
  if (sizes.size() > 10) bad_request("too_large", "/attributes", "SRLIP (22) visits 2^m subsets: at most 10 attributes");
  const auto truth = true_joint(request, parsed, kLimits);
  const bool compare = evaluated::compare_requested(request);
  std::optional<double> epsilon;
  if (request.contains("epsilon")) epsilon = jr::number(request, "epsilon", "", 0, 50);

  context.report(0.0, "evaluating");
  nlohmann::json out = evaluate(q, joint, sizes);
  out["family"] = "funnel";
  out["input"] = reads_secret(q, joint) ? "s,x" : "x";
  out["metric"] = metric;
  const double measured = target == Target::kLip ? lip(q, joint) : ldp_secret(q, joint);
  evaluated::describe(out, q, {metric + " (evaluated)", measured, measured});
  if (parsed.from_counts) out["n"] = static_cast<long long>(parsed.total);
  if (truth) out["true"] = evaluate(q, truth->p, sizes);
  if (compare) {
    context.report(0.5, "optimal design");
    const std::string name = target == Target::kLip ? "opt-lip" : "opt-ldp";
    const nlohmann::json cmp = evaluated::compare(
        request, {{{"mechanism", name}}, "epsilon", 50, "mutual_information", "utility_ratio"},
        epsilon ? *epsilon : measured, out["mutual_information"].get<double>(), &handle_request);
    out["comparison"] = cmp;
  }
  context.report(1.0, "done");
  return out;
}
}  // namespace

}  // namespace privlab::funnel
