// Tests of core/rldp_mse/experiments.cpp (the 1.5 IQR summary) and sampling.cpp.
#include <doctest/doctest.h>

#include <cmath>

#include "rldp_mse/experiments.h"
#include "rldp_mse/sampling.h"

using namespace privlab;
using namespace privlab::rldp_mse;

TEST_CASE("rldp-mse/summarize_iqr: outliers and infinities are removed") {
  // quartiles of 1..8 (linear interpolation): Q1 = 2.75, Q3 = 6.25, fences -2.5 and 11.5
  std::vector<double> v{1, 2, 3, 4, 5, 6, 7, 8, 100, INFINITY};
  const Summary s = summarize_iqr(v);
  CHECK(s.non_finite == 1);
  CHECK(s.kept == 8);  // with 100 included Q3 = 7.25: fence 14.75 still excludes it
  CHECK(s.mean == doctest::Approx(4.5));
  CHECK(s.sd == doctest::Approx(std::sqrt(6.0)));
}

TEST_CASE("rldp-mse/sampling: portable log, moments and reproducibility") {
  for (double x : {1e-300, 1e-10, 0.3, 0.70710678, 1.0, 2.5, 1e10})
    CHECK(sampling::portable_log(x) == doctest::Approx(std::log(x)).epsilon(2e-16));
  sampling::Engine a(42);
  double sum = 0, sum2 = 0, g = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    const double z = sampling::normal(a);
    sum += z;
    sum2 += z * z;
    g += sampling::gamma(a, 0.5);
  }
  CHECK(std::abs(sum / n) < 0.03);
  CHECK(std::abs(sum2 / n - 1) < 0.04);
  CHECK(std::abs(g / n - 0.5) < 0.03);  // E Gamma(1/2) = 1/2
  sampling::Engine c(7), d(7);
  const Vector p = sampling::dirichlet(c, 15, 0.5);
  CHECK(p.sum() == doctest::Approx(1.0));
  CHECK(sampling::dirichlet(d, 15, 0.5) == p);
  Vector q(3);
  q << 0.2, 0.0, 0.8;
  const auto counts = sampling::multinomial(c, q, 10000);
  CHECK(counts[1] == 0);
  CHECK(std::abs(counts[0] - 2000) < 200);
}
