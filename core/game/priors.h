/**
 * @file priors.h
 * @brief Seeded synthetic location priors over a grid [game] (Section 9 uses users' location
 *        traces, which are not available: we generate priors with a few hot cells such as home
 *        and work) and the better-informed adversary prior pi-hat of Section 9.2.
 *
 * All randomness comes from common/random.h (the same draws natively and in WASM).
 */
#pragma once
#include "common/linalg.h"
#include "common/random.h"
#include "game/model.h"

namespace privlab::game {

// The uniforms the priors draw (and the game tests use), from the one random module.
using random::uniform01;
using random::uniform_index;

/// How the places' weights are drawn.
enum class PlaceWeights {
  Ordered,   ///< 0.2 + U(0,1) each, sorted so that the first place ("home") is the heaviest
  Dirichlet  ///< uniform on the simplex (Dirichlet(1, ..., 1)), from sorted uniform spacings
};

struct PriorShape {
  long hot_cells = 3;        ///< places: home, work and other frequent places
  double background = 0.05;  ///< total mass spread uniformly over all cells
  double spread_km = 0.0;    ///< places leak mass to neighbours: weight exp(-d^2 / (2 s^2)); 0 = none
  PlaceWeights weights = PlaceWeights::Ordered;
};

/// A user's prior: `hot_cells` distinct random cells (places) with random weights, each
/// optionally blurred over `spread_km`, plus a uniform `background` share.
/// Ordered weights (the original generator, kept for its seeded outputs): a place adds its
/// weight times exp(-d^2 / 2 s^2) to every cell. Dirichlet weights: each place's blur is
/// normalised first, so the weights are the places' shares of the non-background mass (the
/// user-like family of build/bench/game-priors.json).
Vector generate_prior(const Grid& grid, const PriorShape& shape, std::mt19937_64& rng);

/// Section 9.2: the adversary gets more evidence about the most frequent cells:
/// pi-hat = (1 - lambda) pi + lambda * (pi restricted to its `top` largest cells, renormalised).
/// Its entropy is not larger than pi's for lambda in [0, 1].
Vector informed_prior(const Vector& prior, double lambda, long top);

}  // namespace privlab::game
