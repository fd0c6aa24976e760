// Tests of core/rldp_mse/experiments.cpp (the 1.5 IQR summary); the variates: tests/core/common/test_random.cpp.
#include <doctest/doctest.h>

#include <cmath>

#include "rldp_mse/experiments.h"

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
