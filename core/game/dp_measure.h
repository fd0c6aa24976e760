/**
 * @file dp_measure.h
 * @brief Differential privacy of a mechanism p [o][s] measured from the matrix alone [game].
 *
 * These functions are the audit's independent measurement: they never see an LP.
 * Conventions (docs/json-api.md): a ratio 0/0 counts as 1 (no evidence); a/0 with a > 0 is
 * +infinity. A pair at distinguishability 0 with a ratio above 1 is +infinity.
 */
#pragma once
#include <limits>

#include "common/linalg.h"

namespace privlab::game {

constexpr double kNoThreshold = std::numeric_limits<double>::infinity();

/// Metric DP (eq. 10 / 15): max over o and s != s' with d_eps(s,s') <= within of
/// ln(p(o|s) / p(o|s')) / d_eps(s,s'); 0 when no pair counts. With within = infinity this is
/// the achieved epsilon of the contract; a finite `within` measures only the pairs an
/// Appendix C approximation kept.
double metric_dp_epsilon(const Matrix& p, const Matrix& dp_distance, double within = kNoThreshold);

/// Thresholded DP (eq. 14 / 23): max over o and s != s' with d_eps(s,s') <= threshold of
/// ln(p(o|s) / p(o|s')) (plain epsilon, no distance factor).
double threshold_dp_epsilon(const Matrix& p, const Matrix& dp_distance, double threshold);

}  // namespace privlab::game
