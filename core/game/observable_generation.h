/**
 * @file observable_generation.h
 * @brief The first phase of the decomposition of LPs (21), (22), (24) [game]: the full LP over a
 *        few observables (by cutting planes), certified for all of them by pricing every
 *        observable at its duals; observables that price out negative join, until none does.
 */
#pragma once
#include <optional>

#include "game/cutting_planes.h"
#include "game/decomposition_pricing.h"

namespace privlab::game::decomposition {

/// What the observable generation ended with: its answer (audited by the caller like any
/// other), and whether it is final (exact, or out of budget). Not final when more than
/// `max_observables` would be needed or no observable is left to add before the gap closes:
/// the column generation then continues from its mechanism and bound.
struct GeneratedObservables {
  CutResult result;
  bool final = false;
};

/// Optimal mechanisms of these LPs tend to report few observables (3 of 100 on a 10 x 10 grid
/// with a 3-hot-cell prior, 2 of 300 on the paper's map), while the column generation spends
/// hundreds of rounds composing each used row from extreme shapes of C. Here the restricted LP
/// over the chosen observables O' is solved exactly (solve_by_cuts on the game with O' only);
/// its mechanism, zero elsewhere, is feasible for the whole LP, and its duals lambda of (16) and
/// mu of (21c)/(24c) price EVERY observable over C: the bound sum lambda + mu d_m + n min_o b_o
/// (master_bound) certifies it. The answer starts as the best constant report, or the Laplace
/// start where cheaper (with DP: the constant's row beside every other observable's Laplace row,
/// observable_generation.cpp); the restricted LP starts from the constant report and the packing
/// bound's observables, and adds per round the 8 observables of most negative b_o. nullopt when an
/// LP does not solve.
std::optional<GeneratedObservables> generate_observables(const Problem& pb, const PairFilter& pairs,
                                                         PricingGroups& pricing, long max_observables);

}  // namespace privlab::game::decomposition
