/**
 * @file audits.cpp
 * @brief DP and distortion audits of a game mechanism, re-measured from the matrix.
 */
#include "game/audits.h"

#include <algorithm>
#include <string>

#include "game/attack.h"
#include "game/dp_measure.h"

namespace privlab::game {

DpAudit audit_dp(const Matrix& p, const GameInputs& in, const DesignOptions& opt) {
  const double full = opt.dp_threshold ? threshold_dp_epsilon(p, in.dp_distance, *opt.dp_threshold)
                                       : metric_dp_epsilon(p, in.dp_distance);
  const std::string name = opt.dp_threshold ? "threshold-dp" : "metric-dp";
  if (!opt.approx_threshold) return {audit::audit_mechanism(p, {name, opt.epsilon, full}), std::nullopt};
  // Appendix C: the rows beyond the threshold were dropped, so the target is not guaranteed on
  // all pairs. The audit claims what was measured; the kept pairs are checked against the target.
  DpAudit out{audit::audit_mechanism(p, {name + " (approximation: measured)", full, full}), std::nullopt};
  const double kept = opt.dp_threshold
                          ? threshold_dp_epsilon(p, in.dp_distance, std::min(*opt.dp_threshold, *opt.approx_threshold))
                          : metric_dp_epsilon(p, in.dp_distance, *opt.approx_threshold);
  out.within_threshold =
      audit::audit_mechanism(p, {name + " (pairs within the approximation threshold)", opt.epsilon, kept});
  return out;
}

audit::Report audit_distortion(const Matrix& p, const GameInputs& in, const DesignOptions& opt) {
  const double error = optimal_attack(p, in.prior, in.distance).error;
  const double shortfall = opt.min_distortion - error;
  if (opt.approx_threshold && opt.approx_distortion_rows)  // Appendix C dropped (21b) rows: claim what was measured
    return audit::audit_mechanism(p, {"distortion-shortfall (approximation: measured)", shortfall, shortfall});
  return audit::audit_mechanism(p, {"distortion-shortfall", 0.0, shortfall});
}

}  // namespace privlab::game
