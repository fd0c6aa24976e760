/**
 * @file column_bound.h
 * @brief A proven upper bound on the optimum of Theorem 3's LP (46) from any multipliers lambda
 *        (weak duality), for column generation (column_generation.h), which finds no bound itself.
 *
 * The dual of (46) is min 1.lambda' s.t. lambda'.v >= mu(v) on Gamma-hat. With lambda' =
 * lambda + delta P-hat (P-hat on unseen x raised to lambda_x >= 0) the bound is
 * 1.lambda' + delta once h(v) = mu(v) - lambda'.v <= 0 on the cone Gamma. That is checked on a
 * relaxation: when every pair (s1, s2) including s1 = s2 carries top_{s1} <= e^eps bottom_{s2}
 * (the paper's Definition 3, or NR, whose same-s rows are empty), Gamma = union over z > 0 of
 * z * prod_s B_s, B_s = {v_s >= 0 : top_s <= 1, bottom_s >= e^-eps} (gamma_hat.h). mu's coupling
 * term -T ln T (T = P-hat.v) is bounded by its tangents e^(beta-1) - beta T, so the blocks
 * separate; NR's blocks are maximised over their 2|U| vertices exactly, PolyOpt's with
 * ell = L.v dualised by gamma on intervals of ell (the rest is convex in ell on each interval,
 * so its maximum is at the ends). Every beta, gamma gives a valid bound; the searches only
 * tighten it. Not available for PolyOpt without same-s rows (Gamma is not such a union).
 */
#pragma once
#include <optional>

#include "common/linalg.h"
#include "rldp/gamma_hat.h"

namespace privlab::rldp {

/// The bound, or nullopt where the decomposition does not apply or no finite bound was found.
std::optional<double> lp46_upper_bound(const GammaHat& g, const Vector& px, const Vector& lambda);

}  // namespace privlab::rldp
