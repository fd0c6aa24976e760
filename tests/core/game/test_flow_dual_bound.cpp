// Tests of core/game/flow_dual_bound.cpp: the flow form of the dual of (22) on the cells an
// optimal mechanism names, against the plain full LPs (22) and (24) written from the paper
// (plain_lp.h).
#include <doctest/doctest.h>

#include <random>

#include "game/decomposition_pricing.h"
#include "game/flow_dual_bound.h"
#include "game/mechanisms.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::decomposition;
using namespace privlab::game::testing;

TEST_CASE("game/flow_dual_bound: exact at an optimal mechanism where the packing bound is not; spread priors") {
  long beats_packing = 0, exact = 0, total = 0;
  for (const auto& [rows, cols] : {std::pair{4, 5}, std::pair{5, 5}})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      for (double eps : {0.6, 1.5}) {
        const GameInputs in = spread_grid_game({rows, cols, 1.0}, seed);
        const DesignOptions o = design_options(MechanismKind::kDp, eps, 0);
        const Problem pb(in, o);
        REQUIRE(pb.packing);
        const double optimum = plain_lp_optimum(in, MechanismKind::kDp, eps, 0, false);
        if (pb.packing->lower_bound >= optimum - 1e-7) continue;  // nothing to prove beyond it
        const Designed best = design(in, o);
        REQUIRE(best.gap <= kExactGap);
        const auto flow = flow_dual_bound(pb, best.p, 0);
        ++total;
        if (!flow) continue;                         // no cell named: counted as not exact below
        CHECK(flow->lower_bound <= optimum + 1e-9);  // proven: never above the optimum
        beats_packing += flow->lower_bound > pb.packing->lower_bound + 1e-7;
        exact += flow->lower_bound >= optimum - 1e-7;
      }
  // The packing bound falls short on most of these; the flow dual closes every such gap
  // (seen: all of them; dropping the flows leaves the packing bound and fails both checks).
  REQUIRE(total >= 4);
  CHECK(exact == total);
  CHECK(beats_packing == total);
}

TEST_CASE("game/flow_dual_bound: a proven bound at any mechanism, the uniform mix of an optimum included") {
  const GameInputs in = spread_grid_game({4, 5, 1.0}, 2);
  for (double eps : {0.6, 1.5}) {
    const DesignOptions o = design_options(MechanismKind::kDp, eps, 0);
    const Problem pb(in, o);
    const double optimum = plain_lp_optimum(in, MechanismKind::kDp, eps, 0, false);
    const Designed best = design(in, o);
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int trial = 0; trial < 4; ++trial) {
      // Feasible but not optimal: mixed with the uniform mechanism and randomly re-weighted
      // rows, so that the cells it names are wrong ones.
      Matrix p = best.p;
      for (long r = 0; r < p.rows(); ++r) p.row(r) *= 0.5 + u(rng);
      p = 0.7 * p + 0.3 * Matrix::Constant(p.rows(), p.cols(), 1.0 / static_cast<double>(p.rows()));
      const auto flow = flow_dual_bound(pb, p, 0);
      if (flow) CHECK(flow->lower_bound <= optimum + 1e-9);
    }
  }
}

TEST_CASE("game/flow_dual_bound: on (24) a proven bound of the relaxation (22), exact where d_m is slack") {
  long slack = 0, exact = 0, binding = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    for (double eps : {0.6, 1.5})
      for (double fraction : {0.05, 0.95}) {
        const GameInputs in = spread_grid_game({4, 5, 1.0}, seed);
        const double dm = fraction * feasibility_threshold(in.prior, in.distance);
        const DesignOptions o = design_options(MechanismKind::kJoint, eps, dm);
        const Problem pb(in, o);
        REQUIRE(pb.packing);
        const double optimum = plain_lp_optimum(in, MechanismKind::kJoint, eps, dm, false);
        const double relaxed = plain_lp_optimum(in, MechanismKind::kDp, eps, 0, false);
        const Designed best = design(in, o);
        REQUIRE(best.gap <= kExactGap);
        const auto flow = flow_dual_bound(pb, best.p, 0);
        if (flow) CHECK(flow->lower_bound <= std::min(optimum, relaxed) + 1e-9);  // proven
        if (relaxed < optimum - 1e-7) {
          ++binding;  // d_m binds: the relaxation is below, and so is the bound
          continue;
        }
        if (pb.packing->lower_bound >= optimum - 1e-7) continue;  // nothing to prove beyond it
        ++slack;
        exact += flow && flow->lower_bound >= optimum - 1e-7;
      }
  // Both kinds occur on these grids (d_m at 5 % of the threshold is slack, at 95 % it binds).
  REQUIRE(slack >= 2);
  REQUIRE(binding >= 2);
  CHECK(exact == slack);
}

TEST_CASE("game/flow_dual_bound: needs the packing bound (Hamming loss, DP rows) and a square mechanism") {
  const GameInputs in = spread_grid_game({3, 4, 1.0}, 1);
  const double threshold = feasibility_threshold(in.prior, in.distance);
  const DesignOptions distortion = design_options(MechanismKind::kDistortion, 1.0, 0.5 * threshold);
  const Problem distortion_pb(in, distortion);
  CHECK_FALSE(flow_dual_bound(distortion_pb, design(in, distortion).p, 0));  // no DP rows
  const DesignOptions dp = design_options(MechanismKind::kDp, 1.0, 0);
  const Problem dp_pb(in, dp);
  CHECK_FALSE(flow_dual_bound(dp_pb, Matrix::Ones(2, 2), 0));  // wrong shape
}
