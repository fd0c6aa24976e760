/**
 * @file handler.cpp
 * @brief family "rldp": parse, design, audit, evaluate under P-hat (and P* when given).
 */
#include "rldp/handler.h"

#include "api/json_read.h"
#include "api/json_write.h"
#include "metrics/information.h"
#include "metrics/privacy_loss.h"
#include "model/request_fields.h"
#include "rldp/mechanisms.h"
#include "rldp/robust_epsilon.h"

namespace privlab::rldp {

namespace jr = json_read;
namespace jw = json_write;

namespace {
const JointLimits kLimits{64, 64, 256};

/// I(X;Y), NMI = I / H(X) and realized epsilon of q under one distribution.
nlohmann::json evaluate(const Matrix& q, const JointDistribution& p) {
  const Vector px = p.flat();
  const double info = metrics::mutual_information(px, q);
  const double hx = metrics::entropy(px);
  return {{"mutual_information", info},
          {"nmi", hx > 0 ? info / hx : 0.0},
          {"epsilon", jw::real(metrics::realized_epsilon(q, p))}};
}
}  // namespace

nlohmann::json handle_request(const nlohmann::json& request, const Context& /*context*/) {
  const auto name = jr::one_of(request, "mechanism", "", mechanism_names());
  const JointDistribution joint = parse_joint(jr::member(request, "joint", ""), "/joint", kLimits);
  const double epsilon = jr::number(request, "epsilon", "", 0, 50);
  const auto n = sample_size(request, joint);
  const UncertaintySet set = parse_uncertainty(request, joint.num_x(), n);
  const auto truth = true_joint(request, joint, kLimits);

  const Designed designed = design_mechanism(name, joint, epsilon, set);
  const audit::Report report = audit::audit_mechanism(designed.mechanism, designed.claim);
  const RobustEpsilon robust = robust_epsilon(designed.mechanism, joint, set);

  nlohmann::json out = evaluate(designed.mechanism, joint);
  out["family"] = "rldp";
  out["mechanism_name"] = name;
  out["mechanism"] = jw::matrix(designed.mechanism);
  out["epsilon_design"] = epsilon;
  out["robust_epsilon"] = jw::real(robust.value);
  out["robust_epsilon_exact"] = robust.exact;
  out["uncertainty"] = to_json(set);
  if (n) out["n"] = *n;
  out["audit"] = audit::to_json(report);
  if (truth) out["true"] = evaluate(designed.mechanism, *truth);
  return out;
}

}  // namespace privlab::rldp
