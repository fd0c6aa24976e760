// Tests of core/rldp/projections.cpp: Theorem 1, Proposition 1, Lemma 1 / Proposition 2, the
// Renyi-ball support function; paper Example 2 (both the printed fixed-marginal numbers and the
// Theorem 1 numbers of docs/errata.md).
#include <doctest/doctest.h>

#include <random>

#include "fixtures/paper_examples.h"
#include "model/joint.h"
#include "rldp/projections.h"
#include "rldp/uncertainty.h"

using namespace privlab;
using fixtures::matches_printed;

namespace {
double example_radius() { return rldp::renyi_radius_from_confidence(2.0, 0.95, 100, 4); }
JointDistribution example_estimate() { return joint_from_matrix(fixtures::rldp_example1_estimate()); }
}  // namespace

TEST_CASE("rldp/projected_radius: Theorem 1 values for Example 1 (docs/errata.md)") {
  const auto j = example_estimate();
  const Vector ps = j.s_marginal();
  CHECK(matches_printed(rldp::projected_radius(2.0, example_radius(), ps(0)), 0.4067, 4));
  CHECK(matches_printed(rldp::projected_radius(2.0, example_radius(), ps(1)), 0.0903, 4));
  // alpha = 1: B / P_s.
  CHECK(rldp::projected_radius(1.0, 0.1, 0.25) == doctest::Approx(0.4));
  CHECK(std::isinf(rldp::projected_radius(2.0, 0.1, 0.0)));
}

TEST_CASE("rldp/projected_radius_fixed_marginal: Example 2 as printed") {
  const auto j = example_estimate();
  const Vector ps = j.s_marginal();
  const double b = example_radius();
  const double b1 = rldp::projected_radius_fixed_marginal(2.0, b, ps(0));
  const double b2 = rldp::projected_radius_fixed_marginal(2.0, b, ps(1));
  CHECK(matches_printed(b1, 0.3782, 4));
  CHECK(matches_printed(b2, 0.0900, 4));
  const Vector l1 = rldp::lower_bounds(2.0, b1, j.conditional_u_given_s(0));
  const Vector l2 = rldp::lower_bounds(2.0, b2, j.conditional_u_given_s(1));
  CHECK(matches_printed(l1(0), 0.1620, 4));
  CHECK(matches_printed(l1(1), 0.2829, 4));
  CHECK(matches_printed(l2(0), 0.1923, 4));
  CHECK(matches_printed(l2(1), 0.5337, 4));
  CHECK(matches_printed(rldp::l1_radius(2.0, b1, j.conditional_u_given_s(0)).value, 0.6107, 4));
  CHECK(matches_printed(rldp::l1_radius(2.0, b2, j.conditional_u_given_s(1)).value, 0.3061, 4));
  // It is smaller than Theorem 1's radius: not an envelope of F_{U|s}.
  CHECK(b1 < rldp::projected_radius(2.0, b, ps(0)));
}

TEST_CASE("rldp/project: Theorem 1 L and rad of Example 1 (docs/errata.md)") {
  rldp::UncertaintySet set;
  set.kind = rldp::UncertaintySet::Kind::kRenyiBall;
  set.alpha = 2;
  set.radius = example_radius();
  const auto pr = rldp::project(example_estimate(), set);
  CHECK(matches_printed(pr.lower(0, 0), 0.1552, 4));
  CHECK(matches_printed(pr.lower(0, 1), 0.2727, 4));
  CHECK(matches_printed(pr.lower(1, 0), 0.1921, 4));
  CHECK(matches_printed(pr.lower(1, 1), 0.5334, 4));
  CHECK(matches_printed(pr.rad(0), 0.6310, 4));
  CHECK(matches_printed(pr.rad(1), 0.3067, 4));
  CHECK(pr.rad_exact);
}

TEST_CASE("rldp/lower_bounds: numeric Proposition 1 equals the alpha = 2 closed forms") {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unif(0.02, 0.98), bs(0.001, 2.0);
  for (int k = 0; k < 200; ++k) {
    const double rho = unif(rng), b = bs(rng);
    Vector one(1);
    one << rho;
    CHECK(rldp::lower_bounds(2.0, b, one)(0) == doctest::Approx(rldp::lower_bound_alpha2(b, rho)).epsilon(1e-9));
    if (rldp::lower_bound_alpha2(b, rho) > 0)
      CHECK(rldp::xi_minus(2.0, b, rho) == doctest::Approx(rldp::xi_minus_alpha2(b, rho)).epsilon(1e-9));
    const double xp = rldp::xi_plus_alpha2(b, rho);
    if (rho * xp < 1) CHECK(rldp::xi_plus(2.0, b, rho) == doctest::Approx(xp).epsilon(1e-9));
    // xi+- solve (26): the binary divergence equals b at both roots.
    CHECK(rldp::binary_divergence(2.0, rho, rldp::xi_minus(2.0, b, rho)) >= b - 1e-9);
  }
}

TEST_CASE("rldp/l1_radius: Proposition 2.2 (with erratum) and 2.3 against Proposition 1") {
  std::mt19937_64 rng(11);
  std::gamma_distribution<double> g(1.0);
  int closed_checked = 0;
  for (int k = 0; k < 300; ++k) {
    const long nu = 2 + static_cast<long>(k % 4);
    Vector cond(nu);
    for (long u = 0; u < nu; ++u) cond(u) = g(rng) + 1e-3;
    cond /= cond.sum();
    const double b = std::exp(std::uniform_real_distribution<double>(-6, 1)(rng));
    const auto r = rldp::l1_radius(2.0, b, cond);
    CHECK(r.exact);
    CHECK(r.value <= rldp::radius_alpha2_bound(b) + 1e-9);  // Prop 2.3 with the sqrt erratum
    if (const auto c = rldp::radius_alpha2_closed(b, cond)) {
      CHECK(r.value == doctest::Approx(*c).epsilon(1e-8));
      ++closed_checked;
    }
  }
  CHECK(closed_checked > 20);
}

TEST_CASE("rldp/ball_support: agrees with dense sampling of the ball and is attained") {
  std::mt19937_64 rng(3);
  std::gamma_distribution<double> g(0.7);
  for (double alpha : {0.5, 1.0, 2.0, 4.0}) {
    for (int k = 0; k < 12; ++k) {
      const long n = 2 + k % 3;
      Vector p(n), c(n);
      for (long u = 0; u < n; ++u) {
        p(u) = g(rng);
        c(u) = g(rng);
      }
      if (k % 4 == 3) p(0) = 0;  // a zero coordinate that can still gain mass
      p /= p.sum();
      const double d = 0.05 + 0.1 * (k % 5);
      Vector arg;
      const double h = rldp::ball_support(alpha, p, d, c, &arg);
      CHECK(arg.minCoeff() >= -1e-12);
      CHECK(arg.sum() == doctest::Approx(1.0));
      CHECK(rldp::renyi_divergence(alpha, p, arg) <= d + 1e-9);
      CHECK(c.dot(arg) == doctest::Approx(h).epsilon(1e-9));
      // No sampled point of the ball does better.
      double best = c.dot(p);
      for (int t = 0; t < 4000; ++t) {
        Vector r(n);
        for (long u = 0; u < n; ++u) r(u) = g(rng);
        r /= r.sum();
        // move towards r until the boundary of the ball (the ball is convex)
        double lo = 0, hi = 1;
        for (int it = 0; it < 40; ++it) {
          const double mid = 0.5 * (lo + hi);
          if (rldp::renyi_divergence(alpha, p, Vector((1 - mid) * p + mid * r)) <= d)
            lo = mid;
          else
            hi = mid;
        }
        best = std::max(best, c.dot((1 - lo) * p + lo * r));
      }
      CHECK(best <= h + 1e-9);
      CHECK(best >= h - 0.05 * (c.maxCoeff() - c.minCoeff()));
    }
  }
}

TEST_CASE("rldp/project: point and simplex sets") {
  const auto j = example_estimate();
  rldp::UncertaintySet point;
  const auto pp = rldp::project(j, point);
  CHECK(pp.lower(0, 0) == doctest::Approx(0.07 / 0.17));
  CHECK(pp.rad.maxCoeff() == 0.0);
  rldp::UncertaintySet simplex;
  simplex.kind = rldp::UncertaintySet::Kind::kSimplex;
  const auto ps = rldp::project(j, simplex);
  CHECK(ps.lower.maxCoeff() == 0.0);
  CHECK(ps.rad.minCoeff() == 2.0);
}
