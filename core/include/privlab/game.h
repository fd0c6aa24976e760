/**
 * @file game.h
 * @brief privlab's typed API, family game: Stackelberg privacy games [game] (Shokri et al.).
 *        The JSON family "game" (core/game/handler.cpp) runs these computations.
 *
 * Mechanisms are p [o][s] (column s is p(.|s)); attacks are q [shat][o].
 *   GameInputs, Grid,     the types a caller builds (privlab/game_types.h): prior pi (eq. 1),
 *   DesignOptions, ...    utility loss c(o,s), distortion distance d(shat,s), DP distance
 *                         d_eps(s,s') (Sections 3-4); make_inputs() below, grid_distances(grid)
 *   optimal_attack        the optimal inference attack (19) as a pure best response (App. B)
 *   optimal_attack_lp     the LP (19a); bayes_attack (25); attack_sum_conditional (27), ...
 *   design                the optimal mechanisms (21) distortion, (22)/(23) DP, (24) joint as
 *                         LPs with a certified lower bound (Designed::gap); checks its
 *                         arguments first (check_design_arguments: shapes, levels the kind needs)
 *   design_audited        design + the audits of the JSON family + the evaluation
 *   evaluate              cost (11)/(12), attack (19) and its error (7), Bayes error (25), eps
 *   metric_dp_epsilon     (10)/(15); threshold_dp_epsilon (14)/(23)
 */
#pragma once
#include <optional>
#include <vector>

#include "game/attack.h"
#include "game/audits.h"
#include "game/dp_measure.h"
#include "game/evaluation.h"
#include "game/mechanisms.h"
#include "game/model.h"
#include "privlab/audit.h"
#include "privlab/game_types.h"
#include "privlab/model.h"

namespace privlab::game {

/// Inputs with O = S: prior pi, distortion distance d; the utility loss defaults to the Hamming
/// loss (Section 9) and the DP distance to d. Validates shapes and signs (bad_request).
GameInputs make_inputs(const Vector& prior, const Matrix& distance, const std::optional<Matrix>& loss = std::nullopt,
                       const std::optional<Matrix>& dp_distance = std::nullopt);

/// A designed game mechanism with everything the JSON response audits and reports about it.
struct AuditedDesign {
  Designed design;        ///< p [o][s], cost, LP certificate (lower_bound, gap), sizes
  Evaluation evaluation;  ///< measured from p only
  /// The DP audit of (22)/(23)/(24) (absent for (21)).
  std::optional<DpAudit> dp_audit;
  /// The distortion audit of (21)/(24) (absent for (22)/(23)).
  std::optional<audit::Report> distortion_audit;
};
/// design(in, opt), then its audits (throwing solver_failure "audit_failed" when one fails) and
/// its evaluation.
AuditedDesign design_audited(const GameInputs& in, const DesignOptions& opt);

}  // namespace privlab::game
