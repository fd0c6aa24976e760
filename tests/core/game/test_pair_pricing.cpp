// Tests of core/game/pair_pricing.cpp: the distortion LP (21)'s two-point shapes are the best
// pair shapes of every observable, against a brute force over pairs and weights.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "game/pair_pricing.h"
#include "game/priors.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::decomposition;
using namespace privlab::game::testing;

TEST_CASE("game/pair_pricing: the kink shape of each observable beats every pair at every weight (21)") {
  long found = 0, total = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const GameInputs in = spread_grid_game({3, 4, 1.0}, seed);
    const double threshold = feasibility_threshold(in.prior, in.distance);
    const DesignOptions o = design_options(MechanismKind::kDistortion, 0.0, 0.6 * threshold);
    const Problem pb(in, o);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int trial = 0; trial < 4; ++trial) {
      Vector duals(pb.n + 1);
      for (long s = 0; s < pb.n; ++s) duals(s) = in.prior(s) * (0.2 + 0.8 * u(rng));
      duals(pb.n) = 2.0 * u(rng);
      const auto columns = pair_columns(pb, duals);
      std::vector<double> returned(pb.m, 0.0);
      for (const auto& [obs, sh] : columns) {
        returned[obs] = reduced_cost(pb, obs, sh, duals);
        CHECK(returned[obs] < -kEnter);
        CHECK((sh.r.array() > 0).count() <= 2);
      }
      found += static_cast<long>(columns.size());
      // Brute force: every pair (s, t) at weights a = 0, 1/200, ..., 1, with x measured over
      // every guess; none beats the returned shape (nor -kEnter where nothing was returned).
      for (long obs = 0; obs < pb.m; ++obs)
        for (long s = 0; s < pb.n; ++s)
          for (long t = s + 1; t < pb.n; ++t)
            for (int k = 0; k <= 200; ++k) {
              Vector v = Vector::Zero(pb.n);
              v(s) = k / 200.0, v(t) = 1 - k / 200.0;
              ++total;
              CHECK(reduced_cost(pb, obs, pb.shape(v), duals) >= std::min(returned[obs], -kEnter) - 1e-12);
            }
    }
  }
  CHECK(found > 0);  // the multipliers leave columns to find
  MESSAGE("pair columns found: ", found, ", brute-force shapes: ", total);
}

TEST_CASE("game/pair_pricing: pricing the shared pairs once equals scanning every observable's pairs (21)") {
  // Under the Hamming loss every observable's cost row is pi but for its own cell, so the pairs
  // avoiding that cell are priced once; a loss without that structure (the distance), and a
  // Hamming loss with one row changed in two cells, take the full scan for those observables.
  long compared = 0, columns = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    for (const Grid& grid : {Grid{3, 4, 1.0}, Grid{5, 5, 0.7}}) {
      std::mt19937_64 rng(seed);
      const GameInputs spread = spread_grid_game(grid, seed);
      GameInputs concentrated = grid_game(grid, rng);  // zero prior off its three cells
      GameInputs by_distance = spread;
      by_distance.loss = spread.distance;
      GameInputs one_row_changed = spread;
      one_row_changed.loss(1, 2) = 0.5, one_row_changed.loss(1, 3) = 0.25;
      const std::vector<const GameInputs*> inputs = {&spread, &concentrated, &by_distance, &one_row_changed};
      for (const GameInputs* in : inputs) {
        const double threshold = feasibility_threshold(in->prior, in->distance);
        const Problem pb(*in, design_options(MechanismKind::kDistortion, 0.0, 0.6 * threshold));
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (int trial = 0; trial < 6; ++trial) {
          Vector duals(pb.n + 1);
          for (long s = 0; s < pb.n; ++s) duals(s) = in->prior(s) * (0.2 + 1.6 * u(rng)) + 0.02 * u(rng);
          duals(pb.n) = 3.0 * u(rng);
          std::vector<double> fast(pb.m, 0.0), scanned(pb.m, 0.0);
          for (const auto& [o, sh] : pair_columns(pb, duals)) fast[o] = reduced_cost(pb, o, sh, duals);
          for (const auto& [o, sh] : pair_columns(pb, duals, true)) scanned[o] = reduced_cost(pb, o, sh, duals);
          for (long o = 0; o < pb.m; ++o) {
            CHECK(fast[o] == doctest::Approx(scanned[o]).epsilon(1e-12));
            columns += scanned[o] < 0;
          }
          compared += pb.m;
        }
      }
    }
  CHECK(columns > compared / 4);  // the multipliers leave columns to find for most observables
  MESSAGE("observables compared: ", compared, ", with a column: ", columns);
}
