// Tests of core/game/packing_bound.cpp: the packing lower bound of LPs (22)/(24) with the
// Hamming loss, against the plain full LP written from the paper (plain_lp.h).
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "game/decomposition.h"
#include "game/decomposition_pricing.h"
#include "game/packing_bound.h"
#include "game/priors.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::testing;

TEST_CASE("game/packing_bound: two secrets give the closed form 1 - max(pi0, pi1, e^eps / (1 + e^eps))") {
  GameInputs in;
  in.distance = (Matrix(2, 2) << 0, 1, 1, 0).finished();
  in.dp_distance = in.distance;
  in.obs_distance = in.distance;
  in.loss = hamming_loss(2);
  for (double pi0 : {0.5, 0.7, 0.95})
    for (double eps : {0.1, 1.0, 3.0}) {
      in.prior = (Vector(2) << pi0, 1 - pi0).finished();
      const DesignOptions o = design_options(MechanismKind::kDp, eps, 0);
      const auto b = packing_bound(in, o, decomposition::dp_log_factors(in, o));
      REQUIRE(b);
      const double closed = 1 - std::max({pi0, 1 - pi0, std::exp(eps) / (1 + std::exp(eps))});
      CHECK(b->lower_bound == doctest::Approx(closed).epsilon(1e-12));
      CHECK(b->lower_bound <= closed);  // proven: never above the optimum
    }
}

TEST_CASE("game/packing_bound: never above the full LP's optimum; often equal; spread priors, (22) and (24)") {
  long equal = 0, total = 0;
  for (const auto& [rows, cols] : {std::pair{3, 3}, std::pair{3, 4}, std::pair{4, 4}})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      for (double eps : {0.3, 1.0, 2.0}) {
        const GameInputs in = spread_grid_game({rows, cols, 1.0}, seed);
        const double threshold = feasibility_threshold(in.prior, in.distance);
        for (MechanismKind kind : {MechanismKind::kDp, MechanismKind::kJoint}) {
          const double dm = kind == MechanismKind::kJoint ? 0.5 * threshold : 0.0;
          const DesignOptions o = design_options(kind, eps, dm);
          const auto b = packing_bound(in, o, decomposition::dp_log_factors(in, o));
          REQUIRE(b);
          const double optimum = plain_lp_optimum(in, kind, eps, dm, false);
          CHECK(b->lower_bound <= optimum + 1e-9);
          ++total;
          equal += b->lower_bound >= optimum - 1e-7;
        }
      }
  // It is a relaxation, not a solver: tight on most of these, not all (checked: not zero, not all).
  CHECK(equal > total / 3);
  CHECK(equal < total);
}

TEST_CASE("game/packing_bound: applies to the Hamming loss with DP rows only") {
  const Grid grid{3, 3, 1.0};
  std::mt19937_64 rng(1);
  GameInputs in = grid_game(grid, generate_prior(grid, {2, 0.1, 0.5}, rng));
  CHECK(packing_bound_applies(in, design_options(MechanismKind::kDp, 1, 0)));
  CHECK(packing_bound_applies(in, design_options(MechanismKind::kJoint, 1, 0.1)));
  CHECK_FALSE(packing_bound_applies(in, design_options(MechanismKind::kDistortion, 0, 0.1)));
  DesignOptions worst = design_options(MechanismKind::kDp, 1, 0);
  worst.worst_case = true;
  CHECK_FALSE(packing_bound_applies(in, worst));
  in.loss = in.distance;  // the Euclidean loss
  CHECK_FALSE(packing_bound_applies(in, design_options(MechanismKind::kDp, 1, 0)));
}
