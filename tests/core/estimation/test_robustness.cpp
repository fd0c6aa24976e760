// Tests of core/estimation/robustness.cpp: Example 5's printed constants (9/49, 12) and its
// inequality, Lemma 5 on random pairs, Theorem 6's formula, the seeded sampler.
#include <doctest/doctest.h>

#include <cmath>

#include "estimation/pics.h"
#include "estimation/robustness.h"
#include "estimation/tradeoff.h"
#include "fixtures/paper_examples.h"
#include "test_helpers.h"

using namespace privlab;
using namespace privlab::estimation;
using namespace privlab::estimation::testing;

namespace {
Matrix z_channel(double a) { return (Matrix(2, 2) << 1, 1 - a, 0, a).finished(); }      // [y][x]
Matrix diag_joint(double p1) { return (Matrix(2, 2) << 1 - p1, 0, 0, p1).finished(); }  // S = X
}  // namespace

TEST_CASE("estimation/example5: a = 2/3, p = 1/3 gives 9 eps/49 <= Delta <= 12 eps") {
  const auto [lo, hi] = example5_constants(2.0 / 3, 1.0 / 3);
  CHECK(lo == doctest::Approx(9.0 / 49).epsilon(1e-14));
  CHECK(hi == doctest::Approx(12.0).epsilon(1e-14));
  // The chi^2 formula of Example 5 equals chi^2 measured from the joint.
  for (double q : {0.1, 1.0 / 3, 0.45}) {
    const auto [cs, cx] = chi2_of_mechanism(diag_joint(q), z_channel(2.0 / 3));
    CHECK(cs == doctest::Approx(example5_chi2(2.0 / 3, q)).epsilon(1e-12));
    CHECK(cx == doctest::Approx(cs).epsilon(1e-12));
  }
}

TEST_CASE("estimation/example5: inequality (40) and Lemma 5 for small eps") {
  for (double a : {0.3, 2.0 / 3, 0.9})
    for (double p : {0.1, 1.0 / 3, 0.45})
      for (double eps : {1e-3, 1e-2}) {
        const Matrix p1 = diag_joint(p), p2 = diag_joint(p + eps / 2);
        CHECK((p1 - p2).cwiseAbs().sum() == doctest::Approx(eps));  // ||P1 - P2||_1 = eps
        const double delta =
            std::abs(chi2_of_mechanism(p1, z_channel(a)).first - chi2_of_mechanism(p2, z_channel(a)).first);
        const auto [lo, hi] = example5_constants(a, p);
        CHECK(delta >= lo * eps * (1 - 0.1));  // first order: "for sufficiently small eps"
        CHECK(delta <= hi * eps);
        CHECK(delta <= lemma5_bounds(p1, p2).first);
      }
}

TEST_CASE("estimation/lemma5_bounds: hold for random joints and channels") {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 50; ++trial) {
    const Matrix p1 = random_joint(3, 4, rng);
    Matrix p2 = p1;
    for (long i = 0; i < p2.size(); ++i) p2.data()[i] *= 0.8 + 0.4 * random::uniform01(rng);
    p2 /= p2.sum();
    const Matrix q = random_channel(3, 4, rng);
    const auto [s1, x1] = chi2_of_mechanism(p1, q);
    const auto [s2, x2] = chi2_of_mechanism(p2, q);
    const auto [bs, bx] = lemma5_bounds(p1, p2);
    CHECK(std::abs(s1 - s2) <= bs);
    CHECK(std::abs(x1 - x2) <= bx);
  }
}

TEST_CASE("estimation/theorem6_bound: eq. (41)-(44)") {
  const Matrix j = parity_joint();
  const auto t = theorem6_bound(j, 100000, 0.05);
  const double radius = std::sqrt(2.0 / 100000 * (16 - std::log(0.05)));
  CHECK(t.radius == doctest::Approx(radius));
  CHECK(t.m_s == doctest::Approx(j.rowwise().sum().minCoeff() - radius));
  CHECK(t.bound_x == doctest::Approx(4 / t.m_x * radius));
  CHECK(std::isinf(theorem6_bound(j, 50, 0.05).bound_s));  // m_S = 0: no guarantee
}

TEST_CASE("estimation/sample_empirical: seeded, normalised, and concentrates (Theorem 6 radius)") {
  const Matrix j = parity_joint();
  std::mt19937_64 a(42), b(42);
  const Matrix e1 = sample_empirical(j, 5000, a), e2 = sample_empirical(j, 5000, b);
  CHECK(e1 == e2);
  CHECK(e1.sum() == doctest::Approx(1.0));
  int inside = 0;
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 40; ++trial) {
    const Matrix e = sample_empirical(j, 2000, rng);
    if ((e - j).cwiseAbs().sum() <= theorem6_bound(j, 2000, 0.05).radius) ++inside;
  }
  CHECK(inside >= 38);  // (64) holds with probability >= 0.95 (in fact far more often)
  std::mt19937_64 first(5489);
  CHECK(first() == 14514284786278117030ULL);  // the raw mt19937_64 stream we build on
}
