/**
 * @file design.cpp
 * @brief The typed rldp API (privlab/rldp.h): design = design_mechanism + audit + metrics, the
 *        same steps as the JSON handler, without JSON.
 */
#include "privlab/rldp.h"

#include "common/arguments.h"
#include "common/error.h"
#include "metrics/privacy_loss.h"

namespace privlab::rldp {

namespace {
constexpr Mechanism kAll[] = {Mechanism::kGrr, Mechanism::kSrr, Mechanism::kIr, Mechanism::kNr, Mechanism::kPolyOpt};

/// A set built by hand (not by the functions below) is checked like one read from a request.
void check_set(const UncertaintySet& set) {
  if (set.kind != UncertaintySet::Kind::kRenyiBall) return;
  arguments::in_range(set.alpha, "/uncertainty/alpha", 1e-6, 1e6);
  arguments::in_range(set.radius, "/uncertainty/radius", 0, 1e6);
}
}  // namespace

const char* mechanism_name(Mechanism m) {
  switch (m) {
    case Mechanism::kGrr: return "grr";
    case Mechanism::kSrr: return "srr";
    case Mechanism::kIr: return "ir";
    case Mechanism::kNr: return "nr";
    case Mechanism::kPolyOpt: return "polyopt";
  }
  return "";
}

Mechanism mechanism_from_name(const std::string& name) {
  for (Mechanism m : kAll)
    if (name == mechanism_name(m)) return m;
  bad_request("unknown_value", "/mechanism", "unknown mechanism '" + name + "'");
}

UncertaintySet point_set() { return {}; }

UncertaintySet simplex_set() {
  UncertaintySet set;
  set.kind = UncertaintySet::Kind::kSimplex;
  return set;
}

UncertaintySet renyi_ball(double alpha, double radius) {
  if (!(alpha >= 1e-6 && alpha <= 1e6))
    bad_request("out_of_range", "/uncertainty/alpha", "alpha must lie in [1e-6, 1e6]");
  if (!(radius >= 0 && radius <= 1e6))
    bad_request("out_of_range", "/uncertainty/radius", "radius must lie in [0, 1e6]");
  UncertaintySet set;
  set.kind = UncertaintySet::Kind::kRenyiBall;
  set.alpha = alpha;
  set.radius = radius;
  return set;
}

UncertaintySet renyi_ball_confidence(double alpha, double confidence, long long n, long num_x) {
  if (!(confidence >= 1e-9 && confidence <= 1 - 1e-12))
    bad_request("out_of_range", "/uncertainty/confidence", "confidence must lie in (0, 1)");
  if (n < 1) bad_request("out_of_range", "/n", "n must be a positive integer");
  if (num_x < 1) bad_request("out_of_range", "/num_x", "num_x (|S||U|) must be a positive integer");
  UncertaintySet set = renyi_ball(alpha, 0);
  set.confidence = confidence;
  set.n = n;
  set.radius = renyi_radius_from_confidence(alpha, confidence, n, num_x);
  return set;
}

Metrics measure(const Matrix& q, const Joint& joint, const UncertaintySet& set) {
  arguments::mechanism(q, "/q");
  arguments::input_count(q, "/q", joint.num_x(), "the joint's |S||U|");
  check_set(set);
  Metrics m;
  m.under_hat = evaluate(q, joint);
  m.robust = robust_epsilon(q, joint, set);
  m.ldp_epsilon = metrics::ldp_epsilon(q);
  m.simplex_epsilon = metrics::simplex_rldp_epsilon(q, joint.num_s(), joint.num_u());
  return m;
}

Design design(const Joint& joint, Mechanism m, double epsilon, const UncertaintySet& set,
              const DesignOptions& options) {
  if (!(epsilon >= 0 && epsilon <= 50)) bad_request("out_of_range", "/epsilon", "epsilon must lie in [0, 50]");
  check_set(set);
  const Designed designed = design_mechanism(mechanism_name(m), joint, epsilon, set, options);
  Design out;
  out.audit = audit::audit_mechanism(designed.mechanism, designed.claim);
  out.mechanism = designed.mechanism;
  out.metrics.under_hat = evaluate(out.mechanism, joint);
  // The robust epsilon measured for the claim when the design has one (ir, polyopt): the
  // handler reports the same value.
  out.metrics.robust = designed.robust ? *designed.robust : robust_epsilon(out.mechanism, joint, set);
  out.metrics.ldp_epsilon = metrics::ldp_epsilon(out.mechanism);
  out.metrics.simplex_epsilon = metrics::simplex_rldp_epsilon(out.mechanism, joint.num_s(), joint.num_u());
  out.details = designed.details;
  return out;
}

}  // namespace privlab::rldp
