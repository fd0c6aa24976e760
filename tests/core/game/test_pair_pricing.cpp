// Tests of core/game/pair_pricing.cpp: the distortion LP (21)'s two-point shapes are the best
// pair shapes of every observable, against a brute force over pairs and weights.
#include <doctest/doctest.h>

#include <random>

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
