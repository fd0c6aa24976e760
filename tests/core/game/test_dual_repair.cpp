// Tests of core/game/dual_repair.cpp: the repaired dual bound of the decomposition of LPs (22)
// and (24), against the plain full LP written from the paper (plain_lp.h).
#include <doctest/doctest.h>

#include <random>

#include "game/decomposition_pricing.h"
#include "game/dual_repair.h"
#include "game/priors.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::decomposition;
using namespace privlab::game::testing;

namespace {
struct Bounds {
  double repaired, unrepaired, n_times;
};

/// Prices every observable at (lambda, mu) and returns the three bounds.
Bounds bounds_at(const Problem& pb, const Vector& lambda, double mu) {
  Pricing pricing(pb);
  std::vector<Violation> violations;
  double min_bound = lp::kInf;
  for (long o = 0; o < pb.m; ++o) {
    double b = -lp::kInf, box = -lp::kInf;
    const auto v = pricing.price(pb.cost.row(o).transpose() - lambda, mu, b, box);
    REQUIRE(v);
    min_bound = std::min(min_bound, b);
    if (b < 0) violations.push_back(violation_at_peak(o, pb.shape(*v)));
  }
  const auto repaired = repaired_dual_bound(pb, lambda, mu, violations);
  REQUIRE(repaired);
  return {*repaired, master_bound(lambda, mu, pb.opt.min_distortion, pb.n, 0.0),
          master_bound(lambda, mu, pb.opt.min_distortion, pb.n, min_bound)};
}
}  // namespace

TEST_CASE("game/dual_repair: a proven lower bound at any multipliers, (22) and (24), spread priors") {
  long needed = 0, sharper = 0, total = 0;
  for (const auto& [rows, cols] : {std::pair{3, 4}, std::pair{4, 4}})
    for (std::uint64_t seed = 1; seed <= 2; ++seed)
      for (double eps : {0.3, 1.0, 2.0}) {
        const GameInputs in = spread_grid_game({rows, cols, 1.0}, seed);
        const Vector& prior = in.prior;
        std::mt19937_64 rng(seed);
        const double threshold = feasibility_threshold(in.prior, in.distance);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        for (MechanismKind kind : {MechanismKind::kDp, MechanismKind::kJoint}) {
          const double dm = kind == MechanismKind::kJoint ? 0.6 * threshold : 0.0;
          const DesignOptions o = design_options(kind, eps, dm);
          const Problem pb(in, o);
          const double optimum = plain_lp_optimum(in, kind, eps, dm, false);
          // Multipliers of the rows (16) near the prior (as a restricted LP's are), some above
          // it; mu >= 0 for (24c).
          for (int trial = 0; trial < 3; ++trial) {
            Vector lambda(pb.n);
            for (long s = 0; s < pb.n; ++s) lambda(s) = prior(s) * (0.6 + 0.8 * u(rng));
            const double mu = kind == MechanismKind::kJoint ? 0.5 * u(rng) : 0.0;
            const Bounds b = bounds_at(pb, lambda, mu);
            CHECK(b.repaired <= optimum + 1e-9);
            ++total;
            needed += b.unrepaired > optimum + 1e-6;  // without delta it would claim too much
            sharper += b.repaired > b.n_times + 1e-9;
          }
        }
      }
  // The multipliers are infeasible for the dual often enough that the repair is doing the work
  // (dropping delta would break the first CHECK). Against the n-times bound it wins when few
  // observables are violated (as at a restricted LP's duals), not at these random multipliers
  // (seen: 18 of 72).
  CHECK(needed > total / 4);
  CHECK(sharper > 0);
}

TEST_CASE("game/dual_repair: does not apply without DP rows or with too many violations") {
  const Grid grid{3, 3, 1.0};
  std::mt19937_64 rng(1);
  const GameInputs in = grid_game(grid, generate_prior(grid, {2, 0.1, 0.5}, rng));
  const Problem distortion(in, design_options(MechanismKind::kDistortion, 0, 0.1));
  CHECK_FALSE(repaired_dual_bound(distortion, in.prior, 0.0, {}));
  const Problem dp(in, design_options(MechanismKind::kDp, 1.0, 0));
  CHECK_FALSE(repaired_dual_bound(dp, in.prior, 0.0, std::vector<Violation>(kMaxRepaired + 1)));
  // No violation: the bound is sum lambda (+ mu d_m), rounded down.
  const auto none = repaired_dual_bound(dp, 0.5 * in.prior, 0.0, {});
  REQUIRE(none);
  CHECK(*none == doctest::Approx(0.5).epsilon(1e-12));
  CHECK(*none <= 0.5);
}
