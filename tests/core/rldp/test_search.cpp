// Tests of core/rldp/search.h: the 1-D maximiser and bisection used by IR and robust epsilon.
#include <doctest/doctest.h>

#include <cmath>

#include "rldp/search.h"

using namespace privlab::rldp;

TEST_CASE("rldp/search::maximize: unimodal, boundary and plateau-free cases") {
  const auto [x1, f1] = search::maximize([](double x) { return -(x - 0.3) * (x - 0.3); }, 0, 1);
  CHECK(x1 == doctest::Approx(0.3).epsilon(1e-7));
  CHECK(f1 == doctest::Approx(0.0).epsilon(1e-12));
  const auto [x2, f2] = search::maximize([](double x) { return x; }, 0, 2);  // at the boundary
  CHECK(x2 == 2.0);
  CHECK(f2 == 2.0);
  // quasi-concave but not concave
  const auto [x3, f3] = search::maximize([](double x) { return -std::sqrt(std::abs(x - 0.71)); }, 0, 1);
  CHECK(x3 == doctest::Approx(0.71).epsilon(1e-6));
  (void)f3;
}

TEST_CASE("rldp/search::bisect: brackets the switch of an increasing predicate") {
  const auto [lo, hi] = search::bisect([](double x) { return x * x >= 2; }, 0, 2);
  CHECK(lo * lo < 2);
  CHECK(hi * hi >= 2);
  CHECK(hi - lo < 1e-14);
}
