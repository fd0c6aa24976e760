/**
 * @file pair_pricing.h
 * @brief The distortion LP (21)'s cheap pricing [game]: two-point shapes, priced for every
 *        observable in O(m n^2) without an LP (used by the column generation, decomposition.cpp).
 */
#pragma once
#include <utility>
#include <vector>

#include "game/decomposition_pricing.h"

namespace privlab::game::decomposition {

/// The distortion LP's cheap pricing (no DP rows, so any vector >= 0 is a shape): for every
/// observable, the best two-point shape v = (pi(t) e_s + pi(s) e_t) / (pi(s) + pi(t)), where
/// guessing s or t errs equally, x(v) = pi(s) pi(t) d(s,t) / (pi(s) + pi(t)) (triangle
/// inequality: no guess errs less), or a point mass e_s (x = 0). Along a pair the reduced cost
/// is piecewise linear in the weight with this one kink, so these are the shapes on at most two
/// cells worth trying. A row whose best guess
/// stays at one place g is a sum of pairs (g, s) with the same error, so most of the rows of
/// (21) are composed of them. O(m n^2) per call, no bound: the pricing LPs still certify.
/// Returns, per observable, its best pair shape when the reduced cost is below -kEnter.
std::vector<std::pair<long, Shape>> pair_columns(const Problem& pb, const Vector& duals);

}  // namespace privlab::game::decomposition
