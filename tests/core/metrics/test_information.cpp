// Tests of core/metrics/information.cpp against the identity I(X;Y) = H(X) + H(Y) - H(X,Y).
#include <doctest/doctest.h>

#include <random>

#include "metrics/information.h"

using namespace privlab;

TEST_CASE("metrics/entropy: known values") {
  CHECK(metrics::entropy(Vector::Constant(4, 0.25)) == doctest::Approx(std::log(4.0)));
  Vector p(3);
  p << 1, 0, 0;
  CHECK(metrics::entropy(p) == 0.0);
}

TEST_CASE("metrics/mutual_information: equals H(X)+H(Y)-H(X,Y) on random instances") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unif(0.0, 1.0);
  for (int trial = 0; trial < 50; ++trial) {
    const long a = 2 + trial % 5, b = 1 + trial % 4;
    Vector px = Vector::NullaryExpr(a, [&] { return unif(rng); });
    px /= px.sum();
    Matrix q = Matrix::NullaryExpr(b, a, [&] { return unif(rng) < 0.2 ? 0.0 : unif(rng); });
    for (long x = 0; x < a; ++x) {
      if (q.col(x).sum() == 0) q(0, x) = 1;
      q.col(x) /= q.col(x).sum();
    }
    Matrix joint(b, a);
    for (long x = 0; x < a; ++x) joint.col(x) = q.col(x) * px(x);
    Vector flat = Eigen::Map<Vector>(joint.data(), joint.size());
    const double expected = metrics::entropy(px) + metrics::entropy(joint.rowwise().sum()) - metrics::entropy(flat);
    CHECK(metrics::mutual_information(px, q) == doctest::Approx(expected).epsilon(1e-10));
  }
}

TEST_CASE("metrics/mutual_information: zero for a constant mechanism, H(X) for the identity") {
  Vector px(3);
  px << 0.2, 0.3, 0.5;
  CHECK(metrics::mutual_information(px, Matrix::Constant(2, 3, 0.5)) == doctest::Approx(0.0));
  CHECK(metrics::mutual_information(px, Matrix::Identity(3, 3)) == doctest::Approx(metrics::entropy(px)));
}
