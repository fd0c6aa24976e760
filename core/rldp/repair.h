/**
 * @file repair.h
 * @brief Repair of a PolyOpt / NR mechanism that double precision could not compute so that it
 *        passes its audit (issue 13: tiny radii, large epsilon): mix it with the uniform channel.
 *
 * For any mechanism Q and weight w, every P(y|s) of (1 - w) Q + w/|Y| lies in
 * [w/|Y|, 1 - w + w/|Y|], so all ratios are at most 1 + |Y| (1 - w) / w: for
 * w >= |Y| / (e^eps - 1 + |Y|) the mix is (eps, simplex)-RLDP whatever Q and P are. Each ratio
 * moves monotonically towards 1 as w grows, so the measured epsilon of the mix is non-increasing
 * in w and the smallest sufficient w is found by bisection on a fixed grid.
 */
#pragma once
#include <functional>

#include "common/linalg.h"

namespace privlab::rldp {

/// (1 - w) Q + w/|Y| column by column.
Matrix mix_uniform(const Matrix& q, double weight);

/// The weight proven to suffice for epsilon (see above), slightly enlarged for rounding, <= 1.
double guaranteed_mix_weight(long outputs, double epsilon);

struct MixRepair {
  Matrix mechanism;
  double weight = 0;  ///< w of the mix
};

/**
 * The smallest weight on the grid w_max 2^-k (k = 0..64, w_max = guaranteed_mix_weight) with
 * measure(mix) <= epsilon. The fixed grid makes the chosen weight monotone in anything that
 * makes `measure` larger (e.g. the radius of F), hence the utility monotone in it.
 */
MixRepair repair_by_uniform_mix(const Matrix& q, double epsilon, const std::function<double(const Matrix&)>& measure);

}  // namespace privlab::rldp
