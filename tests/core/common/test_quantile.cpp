// Tests of core/common/quantile.cpp: quantiles by linear interpolation, worked by hand, and the
// five numbers of a box plot.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "common/quantile.h"

using namespace privlab;

TEST_CASE("quantile: linear interpolation between order statistics, in any input order") {
  const std::vector<double> v{4, 1, 3, 2};  // sorted 1 2 3 4: position q * 3
  CHECK(quantile(v, 0) == 1);
  CHECK(quantile(v, 1) == 4);
  CHECK(quantile(v, 0.5) == doctest::Approx(2.5));
  CHECK(quantile(v, 0.25) == doctest::Approx(1.75));
  CHECK(std::isnan(quantile({}, 0.5)));
  CHECK(quantile({1, std::numeric_limits<double>::infinity()}, 0.5) == std::numeric_limits<double>::infinity());
}

TEST_CASE("box_summary: min, quartiles, median, max") {
  const BoxSummary b = box_summary({5, 0, 10, 2.5, 7.5});
  CHECK(b.min == 0);
  CHECK(b.q1 == 2.5);
  CHECK(b.median == 5);
  CHECK(b.q3 == 7.5);
  CHECK(b.max == 10);
}
