/**
 * @file design_json.cpp
 * @brief A game mechanism's evaluation and audited design as response fields
 *        (core/game/README.md).
 */
#include "game/design_json.h"

#include "audit/audit_json.h"
#include "game/attack.h"
#include "game/dp_measure.h"
#include "json/json_write.h"

namespace privlab::game {

namespace jw = json_write;

nlohmann::json size_json(const LpSize& s) {
  return {{"variables", s.variables}, {"constraints", s.constraints}, {"nonzeros", s.nonzeros}};
}

nlohmann::json measure_json(const Matrix& p, const GameInputs& in, const Evaluation& ev) {
  nlohmann::json out = {{"family", "game"}};
  out["mechanism"] = jw::matrix(p);
  out["cost"] = ev.cost;
  out["worst_cost"] = ev.worst_cost;
  out["attack"] = ev.attack;
  out["adversary_error"] = ev.adversary_error;
  out["bayes_error"] = ev.bayes_error;
  out["epsilon"] = jw::real(ev.epsilon);
  out["feasibility_threshold"] = feasibility_threshold(in.prior, in.distance);
  out["prior"] = jw::vector(in.prior);
  const Vector pr_o = p * in.prior;
  out["observation_probability"] = jw::vector(pr_o);
  out["posterior"] = jw::matrix(bayes_attack(p, in.prior).transpose());  // [o][s]
  return out;
}

nlohmann::json design_json(const AuditedDesign& audited, const DesignOptions& opt, const GameInputs& in) {
  const Designed& d = audited.design;
  const Evaluation& ev = audited.evaluation;
  nlohmann::json out;
  out["mechanism_name"] = mechanism_name(opt.kind);
  out["objective"] = opt.worst_case ? "worst" : "expected";
  out["lp"] = size_json(d.size);
  out["lp"]["dp_rows"] = d.dp_rows;
  out["lp"]["distortion_rows"] = d.distortion_rows;
  out["lp"]["objective"] = d.lp_objective;
  out["lp"]["rounds"] = d.rounds;
  out["lp"]["lower_bound"] = jw::real(d.lower_bound);
  out["lp"]["gap"] = jw::real(d.gap);
  out["lp"]["exact"] = d.gap <= kExactGap;
  out["lp"]["stopped_early"] = d.stopped_early;
  out["lp"]["method"] = d.method;
  if (!d.phase.empty()) {
    out["lp"]["phase"] = d.phase;
    if (d.phase == "observables") out["lp"]["observables"] = d.observables;
  }
  out["repair_mix"] = d.repair_mix;
  if (opt.kind != MechanismKind::kDp) {
    out["min_distortion"] = opt.min_distortion;
    out["shadow_price"] = d.shadow_price;
  } else {
    out["shadow_price"] = nullptr;
  }
  if (opt.kind != MechanismKind::kDistortion) {
    out["epsilon_target"] = opt.epsilon;
    if (opt.dp_threshold) {
      out["dp_threshold"] = *opt.dp_threshold;
      out["threshold_epsilon"] = jw::real(threshold_dp_epsilon(d.p, in.dp_distance, *opt.dp_threshold));
    }
    // The DP claim(s) of a dp/joint mechanism (game/audits.h).
    out["audit"] = audit::to_json(audited.dp_audit->audit);
    if (audited.dp_audit->within_threshold)
      out["audit_within_threshold"] = audit::to_json(*audited.dp_audit->within_threshold);
  }
  if (opt.approx_threshold) {
    out["approximation"] = {
        {"threshold", *opt.approx_threshold},
        {"epsilon_within_threshold", jw::real(metric_dp_epsilon(d.p, in.dp_distance, *opt.approx_threshold))},
        {"epsilon_achieved", jw::real(ev.epsilon)},
        {"distortion_rows_dropped", opt.approx_distortion_rows},
        {"distortion_guaranteed", opt.kind == MechanismKind::kDp || ev.adversary_error >= opt.min_distortion - 1e-9}};
  }
  if (opt.kind == MechanismKind::kDistortion) out["audit"] = audit::to_json(*audited.distortion_audit);
  if (opt.kind == MechanismKind::kJoint) out["audit_distortion"] = audit::to_json(*audited.distortion_audit);
  return out;
}

}  // namespace privlab::game
