/**
 * @file mechanisms.cpp
 * @brief Name -> mechanism, with each mechanism's claim measured by an independent metric.
 */
#include "rldp/mechanisms.h"

#include "api/json_write.h"
#include "common/error.h"
#include "metrics/privacy_loss.h"
#include "rldp/independent_reporting.h"
#include "rldp/polyopt.h"
#include "rldp/projections.h"
#include "rldp/randomized_response.h"
#include "rldp/robust_epsilon.h"

namespace privlab::rldp {

namespace jw = json_write;

const std::vector<std::string>& mechanism_names() {
  static const std::vector<std::string> names{"grr", "srr", "ir", "nr", "polyopt"};
  return names;
}

Designed design_mechanism(const std::string& name, const JointDistribution& joint, double epsilon,
                          const UncertaintySet& set, const DesignOptions& options) {
  Designed d;
  if (name == "grr") {
    d.mechanism = grr(joint.num_x(), epsilon);
    d.claim = {"ldp", epsilon, metrics::ldp_epsilon(d.mechanism)};
  } else if (name == "srr") {
    d.mechanism = srr(joint.num_s(), joint.num_u(), epsilon);
    d.claim = {"rldp-simplex", epsilon,
               metrics::simplex_rldp_epsilon(d.mechanism, joint.num_s(), joint.num_u())};
  } else if (name == "nr") {
    const PolyOptResult r =
        non_robust(joint, epsilon, options.allow_large);
    d.mechanism = r.mechanism;
    d.claim = {"rldp-point", epsilon, metrics::realized_epsilon(d.mechanism, joint)};
    d.details = {{"vertices", r.vertices.rows()}, {"constraints", r.num_constraints},
                 {"lp_utility", r.utility}};
  } else if (name == "ir" || name == "polyopt") {
    const Projection pr = project(joint, set);
    if (name == "ir") {
      const IrResult r = independent_reporting(joint, epsilon, pr.rad);
      d.mechanism = r.mechanism;
      d.details = {{"d", r.d}, {"epsilon1", r.eps1}, {"epsilon2", r.eps2},
                   {"delta2", jw::real(r.delta2)}, {"rad", jw::vector(pr.rad)},
                   {"rad_exact", pr.rad_exact}};
    } else {
      PolyOptOptions po;
      po.same_s_rows = options.same_s_rows;
      po.max_x = options.allow_large ? kMaxPolyOptXLarge : kMaxPolyOptX;
      const PolyOptResult r = polyopt(joint, epsilon, pr.lower, po);
      d.mechanism = r.mechanism;
      d.details = {{"vertices", r.vertices.rows()}, {"constraints", r.num_constraints},
                   {"lp_utility", r.utility}, {"same_s_rows", options.same_s_rows},
                   {"lower", jw::matrix(pr.lower)}};
    }
    d.robust = robust_epsilon(d.mechanism, joint, set);
    d.claim = {d.robust->exact ? "rldp" : "rldp-upper-bound", epsilon, d.robust->value};
  } else {
    bad_request("unknown_value", "/mechanism", "unknown mechanism '" + name + "'");
  }
  return d;
}

}  // namespace privlab::rldp
