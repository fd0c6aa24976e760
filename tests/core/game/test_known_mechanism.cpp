// Tests of core/game/known_mechanism.{h,cpp}: a mechanism known from an earlier design replaces
// an LP's answer stopped by its limit only when it passes that LP's audits and costs less; the
// LP's certificate stands. And LpTally, which offers the last mechanism of each kind.
#include <doctest/doctest.h>

#include "game/attack.h"
#include "game/dp_measure.h"
#include "game/experiment_runs.h"
#include "game/known_mechanism.h"
#include "plain_lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::testing;

namespace {
/// The DP or joint LP at eps on `in`, stopped after `seconds` (0: proven optimal).
Designed designed(const GameInputs& in, MechanismKind kind, double eps, double dm, double seconds) {
  return design_for(in, kind, eps, dm, seconds);
}
}  // namespace

TEST_CASE("game/known_mechanism: a stopped DP LP takes the optimum of a smaller eps, not that of a larger one") {
  const GameInputs in = spread_grid_game({6, 6, 1.0}, 5);
  const DesignOptions at_15 = design_options(MechanismKind::kDp, 1.5, 0);
  // A stopped answer, made deterministic: the eps 1.5 LP's own certificate with the uniform
  // mechanism (feasible, DP-perfect) as its mechanism, as a limit hit before any master gives.
  const Designed optimum_15 = designed(in, MechanismKind::kDp, 1.5, 0, 0);
  Designed stopped = optimum_15;
  stopped.p = Matrix::Constant(36, 36, 1.0 / 36);
  stopped.cost = stopped.lp_objective = utility_cost(stopped.p, in.prior, in.loss);
  stopped.gap = (stopped.cost - stopped.lower_bound) / std::max(1.0, stopped.cost);
  stopped.stopped_early = true;
  REQUIRE(stopped.gap > kExactGap);
  const Designed optimum_10 = designed(in, MechanismKind::kDp, 1.0, 0, 0);
  const Designed optimum_20 = designed(in, MechanismKind::kDp, 2.0, 0, 0);
  REQUIRE(optimum_10.gap <= kExactGap);
  // eps 2's optimum is cheaper than anything DP at 1.5 and is not DP at 1.5: it is refused.
  REQUIRE(optimum_20.cost < optimum_15.cost);
  REQUIRE(metric_dp_epsilon(optimum_20.p, in.dp_distance) > 1.5 + 1e-6);
  CHECK_FALSE(passes_design_audits(optimum_20.p, in, at_15));
  const Designed before = stopped;
  CHECK_FALSE(keep_cheaper_known(stopped, optimum_20.p, in, at_15));
  CHECK(stopped.p == before.p);
  // eps 1's optimum is DP at 1.5 and cheaper than the uniform mechanism: taken.
  CHECK(passes_design_audits(optimum_10.p, in, at_15));
  REQUIRE(optimum_10.cost < stopped.cost);
  CHECK(keep_cheaper_known(stopped, optimum_10.p, in, at_15));
  CHECK(stopped.p == optimum_10.p);
  CHECK(stopped.cost == doctest::Approx(optimum_10.cost).epsilon(1e-12));
  CHECK(stopped.lower_bound == before.lower_bound);  // the eps 1.5 LP's own certificate
  CHECK(stopped.gap == doctest::Approx((stopped.cost - stopped.lower_bound) / std::max(1.0, stopped.cost)));
  CHECK(stopped.gap < before.gap);
  CHECK(stopped.stopped_early);  // the eps 1 optimum does not close the eps 1.5 LP's gap
  // Never below the eps 1.5 optimum, which its bound proves.
  CHECK(stopped.cost >= optimum_15.cost - 1e-9);
  // The eps 1.5 optimum itself closes the gap: the answer is then proven optimal.
  CHECK(keep_cheaper_known(stopped, optimum_15.p, in, at_15));
  CHECK(stopped.gap <= kExactGap);
  CHECK_FALSE(stopped.stopped_early);
}

TEST_CASE("game/known_mechanism: the distortion claim is re-measured; exact answers and other shapes are kept") {
  const GameInputs in = spread_grid_game({5, 5, 1.0}, 7);
  const double threshold = feasibility_threshold(in.prior, in.distance);
  const double dm = 0.8 * threshold;
  const DesignOptions joint = design_options(MechanismKind::kJoint, 1.0, dm);
  Designed stopped = designed(in, MechanismKind::kJoint, 1.0, dm, 1e-4);
  // The DP optimum at eps 1: DP at 1, but its adversary error is below d_m here, so it is no
  // joint mechanism at (1, d_m) although it costs less.
  const Designed dp = designed(in, MechanismKind::kDp, 1.0, 0, 0);
  REQUIRE(optimal_attack(dp.p, in.prior, in.distance).error < dm);
  CHECK_FALSE(passes_design_audits(dp.p, in, joint));
  if (stopped.gap > kExactGap) CHECK_FALSE(keep_cheaper_known(stopped, dp.p, in, joint));
  // The DP optimum is a joint mechanism at d_m = its own error (scenario 1's d_m).
  const double own = optimal_attack(dp.p, in.prior, in.distance).error;
  CHECK(passes_design_audits(dp.p, in, design_options(MechanismKind::kJoint, 1.0, own)));
  // An answer proven optimal is never replaced, even by a feasible mechanism.
  Designed exact = designed(in, MechanismKind::kDp, 1.0, 0, 0);
  REQUIRE(exact.gap <= kExactGap);
  CHECK_FALSE(
      keep_cheaper_known(exact, Matrix::Constant(25, 25, 1.0 / 25), in, design_options(MechanismKind::kDp, 1.0, 0)));
  // A mechanism of another shape is not one for this game.
  Designed again = designed(in, MechanismKind::kDp, 1.0, 0, 1e-4);
  CHECK_FALSE(
      keep_cheaper_known(again, Matrix::Constant(24, 25, 1.0 / 24), in, design_options(MechanismKind::kDp, 1.0, 0)));
}

TEST_CASE("game/known_mechanism: LpTally offers the last mechanism of each kind and counts what it improved") {
  const GameInputs in = spread_grid_game({6, 6, 1.0}, 5);
  LpTally tally{1e-4};
  // Offered the eps 1.5 optimum itself (as a sweep would offer an earlier optimum that is
  // feasible here). Stopped after 0.1 ms the LP's own answer costs more (gap 0.011 when measured:
  // it cannot prove itself optimal that soon), so the tally answers with the offered one.
  const Designed optimum_15 = designed(in, MechanismKind::kDp, 1.5, 0, 0);
  tally.last[MechanismKind::kDp] = optimum_15.p;
  const Designed d = tally.design(in, MechanismKind::kDp, 1.5, 0);
  // (Within the exact gap: on a machine fast enough to prove the LP optimal in its first 2 ms,
  // its own answer stands, within 1e-6 of the optimum.)
  CHECK(d.cost <= optimum_15.cost * (1 + kExactGap) + 1e-12);
  CHECK(tally.improved == (d.p == optimum_15.p ? 1 : 0));
  CHECK(tally.last[MechanismKind::kDp] == d.p);
  CHECK(passes_design_audits(d.p, in, design_options(MechanismKind::kDp, 1.5, 0)));
}
