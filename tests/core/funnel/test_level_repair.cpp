// Tests of core/funnel/level_repair.cpp: a protocol re-measured above epsilon is mixed with the
// constant channel by the smallest weight that brings LIP / LDP w.r.t. S within epsilon.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "funnel/level_repair.h"
#include "funnel/protocol_metrics.h"

using namespace privlab;

TEST_CASE("funnel/level_repair: a zero P(y|s) (LIP Infinity) is repaired by a tiny weight, minimal and within eps") {
  // Output 0 is never reported for s = 1: P(0|s=1) = 0, LIP and LDP Infinity.
  const Matrix joint{{0.3, 0.2, 0.0}, {0.0, 0.0, 0.5}};
  const Matrix q{{0.6, 0.5, 0.0}, {0.4, 0.5, 1.0}};
  for (bool lip : {true, false}) {
    for (double eps : {0.5, 10.0, 50.0}) {
      CAPTURE(lip);
      CAPTURE(eps);
      const auto level = [&](const Matrix& m) { return lip ? funnel::lip(m, joint) : funnel::ldp_secret(m, joint); };
      REQUIRE(std::isinf(level(q)));
      const funnel::LevelRepair r = funnel::repair_level(q, joint, eps, lip);
      CHECK(std::isinf(r.before));
      CHECK(r.weight > 0);
      CHECK(level(r.mechanism) <= eps + funnel::kRoundOff * std::max(1.0, eps));
      // minimal up to the bisection: half the weight is not enough
      Matrix half = (1 - r.weight / 2) * q;
      half.colwise() += r.weight / 2 * (q * funnel::x_marginal(joint));
      CHECK(level(half) > eps);
      for (long x = 0; x < q.cols(); ++x) CHECK(r.mechanism.col(x).sum() == doctest::Approx(1.0).epsilon(1e-15));
      if (eps == 50.0) CHECK(r.weight < 1e-20);  // ~e^{-50}: the utility is untouched
    }
  }
}

TEST_CASE("funnel/level_repair: a protocol within eps (up to round-off) is returned unchanged") {
  std::mt19937_64 rng(28);
  std::uniform_real_distribution<double> u(0.05, 1.0);
  for (int t = 0; t < 20; ++t) {
    Matrix joint(2, 3), q(3, 3);
    for (long i = 0; i < joint.size(); ++i) joint.data()[i] = u(rng);
    joint /= joint.sum();
    for (long i = 0; i < q.size(); ++i) q.data()[i] = u(rng);
    for (long x = 0; x < 3; ++x) q.col(x) /= q.col(x).sum();
    const double measured = funnel::lip(q, joint);
    const funnel::LevelRepair same = funnel::repair_level(q, joint, measured, true);
    CHECK(same.weight == 0);
    CHECK(same.mechanism == q);
    const funnel::LevelRepair halved = funnel::repair_level(q, joint, measured / 2, true);
    CHECK(halved.weight > 0);
    CHECK(halved.weight < 1);
    CHECK(funnel::lip(halved.mechanism, joint) <= measured / 2 + funnel::kRoundOff);
  }
}
