// Tests of core/rldp_mse/projected_set.cpp: Theorem 3 (membership) and Theorem 4 (support
// function of F_{U|s1,s2}) against a direct maximisation over the joint set F.
#include <doctest/doctest.h>

#include "core/rldp_mse/brute_force.h"
#include "rldp_mse/projected_set.h"
#include "common/random.h"

using namespace privlab;
using namespace privlab::rldp_mse;

namespace {
Vector conditional(const Vector& p, long s, long nu) {
  Vector r = p.segment(s * nu, nu);
  return r / r.sum();
}

ChiSquareSet random_set(random::Engine& engine, long ns, long nu, double radius, bool zero_cell) {
  ChiSquareSet set;
  Vector flat = random::dirichlet(engine, ns * nu, 1.0);
  if (zero_cell) {
    flat(1) = 0;
    flat /= flat.sum();
  }
  set.p_hat = Matrix(ns, nu);
  for (long s = 0; s < ns; ++s)
    for (long u = 0; u < nu; ++u) set.p_hat(s, u) = flat(s * nu + u);
  set.radius = radius;
  return set;
}
}  // namespace

TEST_CASE("rldp-mse/projected_statistic: conditionals of members of F satisfy eq. (28)") {
  random::Engine engine(7);
  const ChiSquareSet set = random_set(engine, 3, 3, 0.3, false);
  const Vector p_hat = set.flat();
  for (int i = 0; i < 300; ++i) {
    Vector z(9);
    for (long x = 0; x < 9; ++x) z(x) = 3 * random::normal(engine);
    const Vector p = testing::member_towards(set, p_hat, z);
    REQUIRE(contains(set, p, 1e-9));
    CHECK(in_projected_set(set, 0, 2, conditional(p, 0, 3), conditional(p, 2, 3), 1e-9));
    CHECK(in_projected_set(set, 1, 0, conditional(p, 1, 3), conditional(p, 0, 3), 1e-9));
  }
}

TEST_CASE("rldp-mse/support_pair: Theorem 4 matches brute force over F on random instances") {
  random::Engine engine(99);
  for (int trial = 0; trial < 16; ++trial) {
    const long ns = 2 + trial % 2, nu = 2 + (trial / 2) % 2;
    const double radius = std::vector<double>{0.05, 0.4, 2.0}[trial % 3];
    const ChiSquareSet set = random_set(engine, ns, nu, radius, trial % 4 == 3);
    const long s1 = trial % ns, s2 = (trial + 1) % ns;
    Vector v1(nu), v2(nu);
    if (trial % 2 == 0) {  // the privacy form of eq. (30): q1, -e^eps q2 with q in [0, 1]
      for (long u = 0; u < nu; ++u) {
        v1(u) = random::uniform_open(engine);
        v2(u) = -std::exp(0.5) * random::uniform_open(engine);
      }
    } else {
      for (long u = 0; u < nu; ++u) {
        v1(u) = random::normal(engine);
        v2(u) = random::normal(engine);
      }
    }
    CAPTURE(trial);
    const PairSupport sp = support_pair(set, s1, s2, v1, v2);
    CHECK(in_projected_set(set, s1, s2, sp.r1, sp.r2, 1e-10));
    CHECK(v1.dot(sp.r1) + v2.dot(sp.r2) == doctest::Approx(sp.value).epsilon(1e-12));
    CHECK(sp.upper - sp.value <= 1e-10);
    // The lift of the worst pair is a member of F with exactly these conditionals.
    const Vector lifted = lift_to_joint(set, s1, s2, sp.r1, sp.r2);
    CHECK(contains(set, lifted, 1e-10));
    CHECK((conditional(lifted, s1, nu) - sp.r1).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((conditional(lifted, s2, nu) - sp.r2).cwiseAbs().maxCoeff() < 1e-12);
    // Brute force over the joint set F (the definition of the projection).
    auto objective = [&](const Vector& p) { return v1.dot(conditional(p, s1, nu)) + v2.dot(conditional(p, s2, nu)); };
    const double brute = testing::brute_force_max(set, objective, 500 + trial, 1500, 6000);
    CHECK(brute <= sp.upper + 1e-9);
    CHECK(brute >= sp.value - 1e-7);
    // Weak duality of the reduced form of (29).
    for (double e1 : {1e-4, 0.5, 3.0})
      for (double e2 : {1e-4, 0.5, 3.0})
        CHECK(support_pair_dual(set, s1, s2, v1, v2, v1.maxCoeff() + e1, v2.maxCoeff() + e2) >= sp.value - 1e-12);
  }
}

TEST_CASE("rldp-mse/support_pair: a conditional the estimate never saw is unconstrained") {
  // Row s = 1 of P-hat is empty: any P_{U|1} is reachable (K_1 = 0), so block 1 contributes
  // max v1 whatever the radius, and block 2 gets the whole budget.
  ChiSquareSet set;
  set.p_hat = (Matrix(2, 3) << 0.0, 0.0, 0.0, 0.2, 0.3, 0.5).finished();
  set.radius = 0.1;
  Vector v1(3), v2(3);
  v1 << 0.1, 0.7, 0.2;
  v2 << 1.0, 0.0, -1.0;
  const PairSupport sp = support_pair(set, 0, 1, v1, v2);
  CHECK(v1.dot(sp.r1) == doctest::Approx(0.7));
  CHECK(sp.k1 == 0.0);
  // block 2 alone: the block problem with k = C = sqrt(1.1) - 1 + 1
  const BlockSolution b = solve_block(set.p_hat.row(1).transpose(), v2, std::sqrt(1.1));
  CHECK(sp.value == doctest::Approx(0.7 + b.value).epsilon(1e-12));
  CHECK(sp.upper - sp.value <= 1e-10);
}

TEST_CASE("rldp-mse/support_pair: B = 0 gives the estimate's conditionals") {
  ChiSquareSet set;
  set.p_hat = (Matrix(2, 2) << 0.1, 0.3, 0.4, 0.2).finished();
  set.radius = 0;
  Vector v1(2), v2(2);
  v1 << 1.0, 0.0;
  v2 << 0.0, -2.0;
  const PairSupport sp = support_pair(set, 0, 1, v1, v2);
  CHECK(sp.value == doctest::Approx(0.25 - 2.0 / 3.0));
  CHECK(sp.upper == sp.value);
}
