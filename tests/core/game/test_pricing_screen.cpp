// Tests of the pricing LP's screening (Pricing::screened_by_last_duals, decomposition_pricing.h):
// an observable whose pricing LP is skipped because the last solve's multipliers already bound
// its minimum from below by >= 0 must indeed have no negative column.
#include <doctest/doctest.h>

#include <random>

#include "game/decomposition_pricing.h"
#include "game/priors.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::decomposition;
using namespace privlab::game::testing;

TEST_CASE("game/pricing screening: a skipped observable's bounds hold, checked against its own LP, (22) and (24)") {
  long screened = 0, checked = 0;
  for (const auto& [rows, cols] : {std::pair{5, 5}, std::pair{6, 7}})
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const GameInputs in = spread_grid_game({rows, cols, 1.0}, seed);
      const double threshold = feasibility_threshold(in.prior, in.distance);
      std::mt19937_64 rng(seed);
      std::uniform_real_distribution<double> u(0.0, 1.0);
      for (MechanismKind kind : {MechanismKind::kDp, MechanismKind::kJoint})
        for (double eps : {0.3, 1.0}) {
          const double dm = kind == MechanismKind::kDp ? 0.0 : 0.6 * threshold;
          const Problem pb(in, design_options(kind, eps, dm));
          // Multipliers as at the end of a decomposition: the cheapest report's loss, raised at
          // two cells (a few observables price out negative), and a small mu.
          Vector lambda = in.loss.colwise().minCoeff().transpose().cwiseProduct(in.prior);
          for (int k = 0; k < 2; ++k) {
            const long s = static_cast<long>(u(rng) * static_cast<double>(pb.n)) % pb.n;
            lambda(s) += in.prior(s) * u(rng);
          }
          const double mu = kind == MechanismKind::kDp ? 0.0 : 0.1 * u(rng);
          Vector duals(pb.n + 1);  // the master's: lambda of (16), then mu of (24c)
          duals << lambda, mu;
          Pricing shared(pb);  // prices the observables in turn, screening where it can
          for (long o = 0; o < pb.m; ++o) {
            const Vector r = pb.cost.row(o).transpose() - lambda;
            double bound = -lp::kInf, box = -lp::kInf;
            const long before = shared.screened();
            const auto v = shared.price(r, mu, bound, box);
            REQUIRE(v.has_value());
            Pricing own(pb);  // this observable alone: its own LP, never screened
            double own_bound = -lp::kInf, own_box = -lp::kInf;
            const auto w = own.price(r, mu, own_bound, own_box);
            REQUIRE(w.has_value());
            CHECK(own.screened() == 0);
            // Both are lower bounds on the same minimum, which the own LP's shape attains to
            // its tolerance: neither may exceed that shape's reduced cost.
            const double attained = reduced_cost(pb, o, pb.priced_shape(*w), duals);
            CHECK(bound <= attained + 1e-9);
            if (shared.screened() == before) continue;
            ++screened;
            // Skipped: its own LP finds no negative column either, and its bounds are >= 0.
            CHECK(bound >= 0);
            CHECK(box >= -kScreenBoxSlack);
            CHECK(box <= 1e-12);
            CHECK(own_bound >= -kEnter);
            CHECK(attained >= -kEnter);
            ++checked;
          }
        }
    }
  CHECK(screened > 20);  // the cases do exercise the screening
  CHECK(checked == screened);
}
