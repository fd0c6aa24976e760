/**
 * @file design_json.cpp
 * @brief A funnel protocol's metrics and design as response fields (core/funnel/README.md).
 */
#include "funnel/design_json.h"

#include <cmath>
#include <string>

#include "audit/audit_json.h"
#include "funnel/simplex_view_json.h"
#include "json/json_write.h"

namespace privlab::funnel {

namespace jw = json_write;

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

namespace {
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
}  // namespace

nlohmann::json design_json(const Design& d, Mechanism mechanism, double epsilon, Target target, const Matrix& joint) {
  const std::string name = mechanism_name(mechanism);
  nlohmann::json out = metrics_json(d.metrics);
  out.update(design_details_json(d));
  out["family"] = "funnel";
  out["mechanism_name"] = name;
  out["mechanism"] = jw::matrix(d.mechanism);
  out["input"] = reads_secret(d.mechanism, joint) ? "s,x" : "x";
  out["epsilon"] = epsilon;
  const std::string metric = target == Target::kLip ? "lip" : "ldp";
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
  return out;
}

}  // namespace privlab::funnel
