/**
 * @file mechanisms.cpp
 * @brief Name -> mechanism, with each mechanism's claim measured by an independent metric.
 */
#include "rldp/mechanisms.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "common/error.h"
#include "metrics/information.h"
#include "metrics/privacy_loss.h"
#include "rldp/independent_reporting.h"
#include "rldp/polyopt.h"
#include "rldp/projections.h"
#include "rldp/randomized_response.h"
#include "rldp/repair.h"
#include "rldp/robust_epsilon.h"

namespace privlab::rldp {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Relative excess of a re-measured epsilon over its design that is round-off of the measure
/// itself (sums of a few products in double precision), not a property of the mechanism.
constexpr double kRoundOff = 1e-12;

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
  // Issue 28: above the design by more than round-off (not only beyond the audit's tolerance),
  // so that the reported guarantee holds as stated: measured <= designed after the repair.
  if (failure.empty() && measured <= epsilon + kRoundOff * std::max(1.0, epsilon)) return false;
  if (d.mechanism.size() == 0) {
    d.mechanism = Matrix::Identity(num_x, num_x);
    d.details.repair_base = "identity";
  }
  if (!d.details.repair_base) d.details.repair_base = "computed";
  const MixRepair r = repair_by_uniform_mix(d.mechanism, epsilon, measure);
  d.mechanism = r.mechanism;
  Repair repair;
  repair.uniform_weight = r.weight;
  repair.reason = failure.empty() ? "the computed mechanism re-measured above epsilon (double precision)" : failure;
  repair.note =
      "mixed with the uniform channel by the smallest weight on a fixed grid that passes the audit; "
      "a valid mechanism for epsilon, not necessarily the optimum";
  d.details.repair = repair;
  return true;
}
/// The mechanism of a PolyOpt-type LP (PolyOpt, NR) and its LP's size and utility, into d.
void take_result(Designed& d, const PolyOptResult& r) {
  d.mechanism = r.mechanism;
  if (r.optimality.method == "vertex_enumeration") {
    d.details.vertices = r.vertices.rows();
    d.details.constraints = r.num_constraints;
  }
  d.details.lp_utility = r.utility;
  d.details.optimality = r.optimality;
}

/**
 * PolyOpt over F. When double precision cannot compute it (near-degenerate polytopes: tiny
 * radii, i.e. large samples), the better in I(X;Y) under P-hat of (a) PolyOpt over the smallest
 * Renyi ball of radius 10^k > B it can compute (a superset of F, so valid for F) and (b) NR
 * mixed with the uniform channel until it passes for F. Both are non-increasing in B, so the
 * answer tends to the point solution monotonically as B -> 0. A computed mechanism that
 * re-measures above epsilon (entries near e^-eps lost to tolerances) is repaired by the mix.
 */
void design_polyopt(Designed& d, const JointDistribution& joint, double epsilon, const UncertaintySet& set,
                    const Projection& pr, const DesignOptions& options) {
  PolyOptOptions po;
  po.same_s_rows = options.same_s_rows;
  po.max_x = options.allow_large ? kMaxPolyOptXLarge : kMaxPolyOptX;
  po.seconds = options.allow_large ? kColumnGenerationSecondsLarge : kColumnGenerationSeconds;
  const auto robust_value = [&](const Matrix& q) { return robust_epsilon(q, joint, set).value; };
  std::string failure;
  try {
    take_result(d, polyopt(joint, epsilon, pr.lower, po));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kSolverFailure) throw;
    failure = e.what();
  }
  d.details.same_s_rows = options.same_s_rows;
  d.details.lower = pr.lower;
  if (failure.empty()) {
    d.robust = robust_epsilon(d.mechanism, joint, set);
    if (repair_if_needed(d, joint.num_x(), epsilon, "", d.robust->value, robust_value)) d.robust.reset();
    return;
  }
  // (a) PolyOpt over a larger ball on the fixed grid 10^k (k <= -1).
  Matrix wider;
  double wider_radius = 0;
  if (set.kind == UncertaintySet::Kind::kRenyiBall && set.radius > 0) {
    for (int k = static_cast<int>(std::ceil(std::log10(set.radius) + 1e-9)); k <= -1 && wider.size() == 0; ++k) {
      UncertaintySet big = set;
      big.radius = std::pow(10.0, k);
      big.confidence.reset();
      if (!(big.radius > set.radius)) continue;
      try {
        const Matrix q = polyopt(joint, epsilon, project(joint, big).lower, po).mechanism;
        if (robust_value(q) <= epsilon + kRoundOff * std::max(1.0, epsilon)) {
          wider = q;
          wider_radius = big.radius;
        }
      } catch (const Error& e) {
        if (e.kind() != ErrorKind::kSolverFailure) throw;
      }
    }
  }
  // (b) NR (the limit B -> 0) repaired for F.
  Designed nr;
  try {
    nr.mechanism = non_robust(joint, epsilon, options.allow_large).mechanism;
    nr.details.repair_base = "nr";
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kSolverFailure) throw;
  }
  repair_if_needed(nr, joint.num_x(), epsilon, failure, kInf, robust_value);
  const Vector px = joint.flat();
  if (wider.size() > 0 && metrics::mutual_information(px, wider) >= metrics::mutual_information(px, nr.mechanism)) {
    d.mechanism = wider;
    d.details.repair_base = "polyopt_wider";
    Repair repair;
    repair.polyopt_radius = wider_radius;
    repair.reason = failure;
    repair.note =
        "PolyOpt over the Renyi ball of radius polyopt_radius, a superset of F (so valid for F), "
        "which gave more utility than NR mixed with the uniform channel; not necessarily the optimum";
    d.details.repair = repair;
  } else {
    d.mechanism = nr.mechanism;
    d.details.repair_base = nr.details.repair_base;
    d.details.repair = nr.details.repair;
  }
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
    d.claim = {"rldp-simplex", epsilon, metrics::simplex_rldp_epsilon(d.mechanism, joint.num_s(), joint.num_u())};
  } else if (name == "nr") {
    auto measure = [&](const Matrix& q) { return metrics::realized_epsilon(q, joint); };
    std::string failure;
    try {
      take_result(d, non_robust(joint, epsilon, options.allow_large));
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
      d.details.ir = r;
      d.details.rad = pr.rad;
      d.details.rad_exact = pr.rad_exact;
    } else {
      design_polyopt(d, joint, epsilon, set, pr, options);
    }
    if (!d.robust) d.robust = robust_epsilon(d.mechanism, joint, set);
    d.claim = {d.robust->exact ? "rldp" : "rldp-upper-bound", epsilon, d.robust->value};
  } else {
    bad_request("unknown_value", "/mechanism", "unknown mechanism '" + name + "'");
  }
  return d;
}

}  // namespace privlab::rldp
