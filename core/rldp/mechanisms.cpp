/**
 * @file mechanisms.cpp
 * @brief Name -> mechanism, with each mechanism's claim measured by an independent metric.
 */
#include "rldp/mechanisms.h"

#include <functional>
#include <limits>

#include "api/json_write.h"
#include "common/error.h"
#include "metrics/privacy_loss.h"
#include "rldp/independent_reporting.h"
#include "rldp/polyopt.h"
#include "rldp/projections.h"
#include "rldp/randomized_response.h"
#include "rldp/repair.h"
#include "rldp/robust_epsilon.h"

namespace privlab::rldp {

namespace jw = json_write;
constexpr double kInf = std::numeric_limits<double>::infinity();

const std::vector<std::string>& mechanism_names() {
  static const std::vector<std::string> names{"grr", "srr", "ir", "nr", "polyopt"};
  return names;
}

namespace {
/**
 * PolyOpt / NR in double precision can fail (vertex enumeration or LP on near-degenerate
 * polytopes: tiny radii) or lose entries near e^-eps to tolerances (large eps), so that the
 * re-measured epsilon exceeds the design. Then the mechanism (or, when none was computed, the
 * identity) is mixed with the uniform channel by the smallest weight that passes (repair.h);
 * the details say so. Never an internal failure on a valid request.
 */
bool repair_if_needed(Designed& d, long num_x, double epsilon, const std::string& failure, double measured,
                      const std::function<double(const Matrix&)>& measure) {
  if (failure.empty() && measured <= epsilon + audit::kEpsilonTolerance) return false;
  if (d.mechanism.size() == 0) {
    d.mechanism = Matrix::Identity(num_x, num_x);
    d.details["repair_base"] = "identity";
  }
  if (!d.details.contains("repair_base")) d.details["repair_base"] = "computed";
  const MixRepair r = repair_by_uniform_mix(d.mechanism, epsilon, measure);
  d.mechanism = r.mechanism;
  d.details["repair"] = {
      {"uniform_weight", r.weight},
      {"reason", failure.empty() ? "the computed mechanism re-measured above epsilon (double precision)" : failure},
      {"note", "mixed with the uniform channel by the smallest weight on a fixed grid that passes the audit; "
               "a valid mechanism for epsilon, not necessarily the optimum"}};
  return true;
}
}  // namespace

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
    auto measure = [&](const Matrix& q) { return metrics::realized_epsilon(q, joint); };
    std::string failure;
    try {
      const PolyOptResult r = non_robust(joint, epsilon, options.allow_large);
      d.mechanism = r.mechanism;
      d.details = {{"vertices", r.vertices.rows()}, {"constraints", r.num_constraints},
                   {"lp_utility", r.utility}};
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::kSolverFailure) throw;
      failure = e.what();
    }
    const double measured = failure.empty() ? measure(d.mechanism) : kInf;
    const bool repaired = repair_if_needed(d, joint.num_x(), epsilon, failure, measured, measure);
    d.claim = {"rldp-point", epsilon, repaired ? measure(d.mechanism) : measured};
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
      std::string failure;
      try {
        const PolyOptResult r = polyopt(joint, epsilon, pr.lower, po);
        d.mechanism = r.mechanism;
        d.details = {{"vertices", r.vertices.rows()}, {"constraints", r.num_constraints},
                     {"lp_utility", r.utility}};
      } catch (const Error& e) {
        if (e.kind() != ErrorKind::kSolverFailure) throw;
        failure = e.what();
        // The point solution is the limit of PolyOpt as F shrinks to {P-hat}: repair that.
        try {
          d.mechanism = non_robust(joint, epsilon, options.allow_large).mechanism;
          d.details["repair_base"] = "nr";
        } catch (const Error& e2) {
          if (e2.kind() != ErrorKind::kSolverFailure) throw;
        }
      }
      d.details["same_s_rows"] = options.same_s_rows;
      d.details["lower"] = jw::matrix(pr.lower);
      if (failure.empty()) d.robust = robust_epsilon(d.mechanism, joint, set);
      if (repair_if_needed(d, joint.num_x(), epsilon, failure, d.robust ? d.robust->value : kInf,
                           [&](const Matrix& q) { return robust_epsilon(q, joint, set).value; }))
        d.robust.reset();
    }
    if (!d.robust) d.robust = robust_epsilon(d.mechanism, joint, set);
    d.claim = {d.robust->exact ? "rldp" : "rldp-upper-bound", epsilon, d.robust->value};
  } else {
    bad_request("unknown_value", "/mechanism", "unknown mechanism '" + name + "'");
  }
  return d;
}

}  // namespace privlab::rldp
