/**
 * @file audits.h
 * @brief The audits of a game mechanism p [o][s] [game], measured from the matrix only: the DP
 *        claim of (22)/(23)/(24) and the distortion claim of (21)/(24).
 */
#pragma once
#include <optional>

#include "audit/audit.h"
#include "game/mechanisms.h"
#include "game/model.h"

namespace privlab::game {

struct DpAudit {
  audit::Report audit;  ///< metric DP (10)/(15) or thresholded DP (14)/(23) over all pairs
  /// Appendix C only: the pairs the approximation kept, checked against the target epsilon
  /// (`audit` then claims what was measured over all pairs).
  std::optional<audit::Report> within_threshold;
};
/// The DP claim(s) of a dp/joint mechanism. Throws solver_failure("audit_failed") on failure.
DpAudit audit_dp(const Matrix& p, const GameInputs& in, const DesignOptions& opt);

/// The distortion claim: d_m minus the adversary error re-measured by the deterministic best
/// response (19) (never the LP's x(o)); <= 0 means the guarantee holds.
audit::Report audit_distortion(const Matrix& p, const GameInputs& in, const DesignOptions& opt);

}  // namespace privlab::game
