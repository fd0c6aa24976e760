/**
 * @file pair_pricing.h
 * @brief The distortion LP (21)'s cheap pricing [game]: two-point shapes, priced for every
 *        observable without an LP (used by the column generation, decomposition.cpp).
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
/// (21) are composed of them. No bound: the pricing LPs still certify.
/// Where an observable's cost row equals the shared row max_o cost(o, .) but for at most one
/// cell (the Hamming loss: cost(o, .) = pi except at o), the pairs avoiding that cell are priced
/// once for all such observables: O(n^2 + m n) per call instead of O(m n^2) (10 x 10 grid: 100
/// scans of the pairs -> 1). `scan_every_observable` prices every observable over every pair
/// (the tests' reference).
/// Returns, per observable, its best pair shape when the reduced cost is below -kEnter.
std::vector<std::pair<long, Shape>> pair_columns(const Problem& pb, const Vector& duals,
                                                 bool scan_every_observable = false);

}  // namespace privlab::game::decomposition
