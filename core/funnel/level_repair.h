/**
 * @file level_repair.h
 * @brief Repair of a designed funnel protocol whose re-measured privacy level is above its
 *        design level by round-off (issue 28), by mixing with the constant channel.
 */
#pragma once
#include "common/linalg.h"

namespace privlab::funnel {

/// Relative round-off allowed above epsilon before a protocol is repaired (as rldp's repair).
constexpr double kRoundOff = 1e-12;

struct LevelRepair {
  Matrix mechanism;   ///< (1 - w) Q + w P_Y 1^T
  double weight = 0;  ///< w in [0, 1]; 0 when Q already measured within epsilon
  double before = 0;  ///< the level Q measured before the repair
};

/**
 * Q [y][x] on P(S,X) mixed with the constant channel that reports y with Q's own output
 * probability P_Y(y) = sum_x Q(y|x) p_x, by the smallest weight w (bisection to 2^-200) with the
 * re-measured level <= epsilon (+ kRoundOff max(1, epsilon); a Q within that is returned as is): LIP (Definition 3) when `lip` is true, else LDP w.r.t. S
 * (Definition 1). P_Y is unchanged and every ratio P(y|s)/P(y) (resp. P(y|s)/P(y|s')) moves
 * monotonically towards 1 as w grows, to level 0 at w = 1 (the constant channel), so the search
 * always ends. At eps = 50 a vertex's tight bound e^{-50} p_s underflows in the posteriors and a
 * protocol re-measured LIP Infinity; the weight needed is then ~e^{-50}.
 */
LevelRepair repair_level(const Matrix& q, const Matrix& joint, double epsilon, bool lip);

}  // namespace privlab::funnel
