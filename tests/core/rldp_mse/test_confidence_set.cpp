// Tests of core/rldp_mse/confidence_set.cpp: eq. (2)-(3) and Theorem 2 against brute force.
#include <doctest/doctest.h>

#include "core/rldp_mse/brute_force.h"
#include "rldp_mse/confidence_set.h"
#include "common/random.h"

using namespace privlab;
using namespace privlab::rldp_mse;

namespace {
ChiSquareSet flat_set(const Vector& p_hat, double radius) {
  ChiSquareSet set;
  set.p_hat = Matrix(1, p_hat.size());
  set.p_hat.row(0) = p_hat.transpose();
  set.radius = radius;
  return set;
}
}  // namespace

TEST_CASE("rldp-mse/radius_from_confidence: eq. (3) with the chi-square quantile") {
  // chi2 quantile (0.95, 14 dof) = 23.6847913048... (tables); |S||U| = 15, n = 75.
  CHECK(radius_from_confidence(0.95, 75, 15) == doctest::Approx(23.684791304840 / 75).epsilon(1e-10));
  // 2 dof: quantile = -2 ln(alpha) exactly.
  CHECK(radius_from_confidence(0.9, 10, 3) == doctest::Approx(-2 * std::log(0.1) / 10).epsilon(1e-12));
}

TEST_CASE("rldp-mse/neyman_chi2: definition of eq. (2)") {
  Vector p_hat(3), p(3);
  p_hat << 0.2, 0.3, 0.5;
  p << 0.25, 0.25, 0.5;
  CHECK(neyman_chi2(p_hat, p) == doctest::Approx(0.0025 / 0.25 * 2));
  p << 0.5, 0.5, 0.0;
  CHECK(std::isinf(neyman_chi2(p_hat, p)));
  p_hat << 0.5, 0.5, 0.0;
  p << 0.4, 0.4, 0.2;
  CHECK(neyman_chi2(p_hat, p) == doctest::Approx(0.01 / 0.4 * 2 + 0.2));
}

TEST_CASE("rldp-mse/support_function: B = 0 gives P-hat.v") {
  Vector p_hat(3), v(3);
  p_hat << 0.2, 0.3, 0.5;
  v << 1.0, -2.0, 0.5;
  const Support s = support_function(flat_set(p_hat, 0.0), v);
  CHECK(s.value == doctest::Approx(p_hat.dot(v)));
  CHECK(s.upper == doctest::Approx(p_hat.dot(v)));
}

TEST_CASE("rldp-mse/support_function: Theorem 2 matches brute force on random instances") {
  random::Engine engine(20240611);
  int checked = 0;
  for (int trial = 0; trial < 24; ++trial) {
    const long n = 3 + trial % 4;
    Vector p_hat = random::dirichlet(engine, n, 1.0);
    if (trial % 3 == 2) {  // a zero cell in the estimate
      p_hat(trial % n) = 0;
      p_hat /= p_hat.sum();
    }
    const double radius = std::vector<double>{0.02, 0.2, 1.5}[trial % 3];
    Vector v(n);
    for (long x = 0; x < n; ++x) v(x) = random::normal(engine);
    const ChiSquareSet set = flat_set(p_hat, radius);
    const Support s = support_function(set, v);
    CAPTURE(trial);
    // The maximiser is a member of F and attains `value`; the dual bound is tight.
    CHECK(contains(set, s.p, 1e-10));
    CHECK(s.p.dot(v) == doctest::Approx(s.value).epsilon(1e-12));
    CHECK(s.upper - s.value <= 1e-10);
    // Independent search over F never beats the dual bound and reaches the closed form.
    const double brute = testing::brute_force_max(
        set, [&](const Vector& p) { return v.dot(p); }, 1000 + trial, 1500, 6000);
    CHECK(brute <= s.upper + 1e-9);
    CHECK(brute >= s.value - 1e-7);
    // Weak duality: any eta >= max v gives an upper bound (eq. (21) reduced).
    for (double extra : {1e-6, 0.1, 1.0, 10.0}) CHECK(support_dual(set, v, v.maxCoeff() + extra) >= s.value - 1e-12);
    ++checked;
  }
  CHECK(checked == 24);
}

TEST_CASE("rldp-mse/support_function: the maximum of v on a cell with P-hat = 0 (boundary eta)") {
  // v is largest on a cell the estimate never saw: the worst case moves mass there; with a
  // large radius the optimum is at eta = max v (residual mass on that cell).
  Vector p_hat(3), v(3);
  p_hat << 0.5, 0.5, 0.0;
  v << 0.0, 0.1, 1.0;
  for (double radius : {0.05, 3.0}) {
    const ChiSquareSet set = flat_set(p_hat, radius);
    const Support s = support_function(set, v);
    CHECK(contains(set, s.p, 1e-10));
    CHECK(s.p(2) > 0);
    CHECK(s.upper - s.value <= 1e-10);
    const double brute = testing::brute_force_max(
        set, [&](const Vector& p) { return v.dot(p); }, 77, 1500, 2500);
    CHECK(brute <= s.upper + 1e-9);
    CHECK(brute >= s.value - 1e-7);
  }
}

TEST_CASE("rldp-mse/solve_block: degenerate blocks") {
  Vector a(3), v(3);
  a << 0.0, 0.0, 0.0;
  v << 1.0, 3.0, 2.0;
  CHECK(solve_block(a, v, 0.5).value == 3.0);  // no estimate mass: the whole simplex
  a << 0.3, 0.0, 0.0;
  v << 3.0, 1.0, 1.0;
  const BlockSolution b = solve_block(a, v, 0.5);  // the estimate already sits at the max
  CHECK(b.value == 3.0);
  CHECK(b.r(0) == 1.0);
  a << 0.1, 0.2, 0.3;
  v << 1.0, 2.0, 0.0;
  const BlockSolution tight = solve_block(a, v, 0.6);  // k = sum a: only R = a / sum a
  CHECK(tight.value == doctest::Approx((0.1 + 0.4) / 0.6));
}
