// Tests of core/game/dp_measure.cpp: metric and thresholded DP epsilons from the matrix.
#include <doctest/doctest.h>

#include <cmath>

#include "game/dp_measure.h"

using namespace privlab;
using namespace privlab::game;

TEST_CASE("game/metric_dp_epsilon: randomized response on two points at distance 2") {
  const double e = std::exp(1.0);
  const Matrix p = (Matrix(2, 2) << e / (1 + e), 1 / (1 + e), 1 / (1 + e), e / (1 + e)).finished();
  const Matrix d = (Matrix(2, 2) << 0, 2, 2, 0).finished();
  CHECK(metric_dp_epsilon(p, d) == doctest::Approx(0.5));  // ln(e) / 2
  CHECK(threshold_dp_epsilon(p, d, 2.0) == doctest::Approx(1.0));
  CHECK(threshold_dp_epsilon(p, d, 1.0) == 0);  // no pair within the threshold
  CHECK(metric_dp_epsilon(p, d, 1.0) == 0);
}

TEST_CASE("game/metric_dp_epsilon: the ratio is divided by the pair's own distance") {
  // Three points; the worst ratio is on the closest pair.
  Matrix d(3, 3);
  d << 0, 1, 4, 1, 0, 3, 4, 3, 0;
  Matrix p(2, 3);
  p << 0.6, 0.3, 0.1, 0.4, 0.7, 0.9;
  const double expect = std::max({std::log(0.6 / 0.3) / 1, std::log(0.6 / 0.1) / 4, std::log(0.3 / 0.1) / 3,
                                  std::log(0.7 / 0.4) / 1, std::log(0.9 / 0.4) / 4, std::log(0.9 / 0.7) / 3});
  CHECK(metric_dp_epsilon(p, d) == doctest::Approx(expect));
}

TEST_CASE("game/metric_dp_epsilon: zeros follow the contract (0/0 ignored, a/0 infinite)") {
  const Matrix d = (Matrix(2, 2) << 0, 1, 1, 0).finished();
  CHECK(metric_dp_epsilon((Matrix(2, 2) << 1, 1, 0, 0).finished(), d) == 0);
  CHECK(std::isinf(metric_dp_epsilon(Matrix::Identity(2, 2), d)));
  const Matrix zero = Matrix::Zero(2, 2);  // indistinguishable pair: only equal columns are private
  CHECK(metric_dp_epsilon((Matrix(2, 2) << 0.5, 0.5, 0.5, 0.5).finished(), zero) == 0);
  CHECK(std::isinf(metric_dp_epsilon((Matrix(2, 2) << 0.6, 0.5, 0.4, 0.5).finished(), zero)));
}

TEST_CASE("game/metric_dp_epsilon: rows that report nothing change nothing; every other row is read") {
  // Reference: every (row, pair) read, written out here. Points on a line at 0, 1, 3, 4, 7, 8.
  const double x[6] = {0, 1, 3, 4, 7, 8};
  Matrix d(6, 6);
  for (int s = 0; s < 6; ++s)
    for (int t = 0; t < 6; ++t) d(s, t) = std::abs(x[s] - x[t]);
  Matrix p = Matrix::Zero(7, 6);  // rows 1 and 4 report nothing
  const double rows[5][6] = {{0.30, 0.20, 0.10, 0.10, 0.05, 0.05},
                             {0.20, 0.30, 0.20, 0.10, 0.05, 0.05},
                             {0.20, 0.20, 0.30, 0.30, 0.10, 0.10},
                             {0.20, 0.20, 0.30, 0.40, 0.30, 0.20},
                             {0.10, 0.10, 0.10, 0.10, 0.50, 0.60}};
  const int at[5] = {0, 2, 3, 5, 6};
  for (int k = 0; k < 5; ++k)
    for (int s = 0; s < 6; ++s) p(at[k], s) = rows[k][s];
  const auto reference = [&](double within, bool metric) {
    double worst = 0;
    for (int o = 0; o < 7; ++o)
      for (int s = 0; s < 6; ++s)
        for (int t = 0; t < 6; ++t)
          if (s != t && d(s, t) <= within && p(o, s) > 0)
            worst = std::max(worst, std::log(p(o, s) / p(o, t)) / (metric ? d(s, t) : 1.0));
    return worst;
  };
  CHECK(metric_dp_epsilon(p, d) == reference(1e300, true));
  CHECK(metric_dp_epsilon(p, d, 3.0) == reference(3.0, true));
  CHECK(threshold_dp_epsilon(p, d, 3.0) == reference(3.0, false));
  // A reported row with a zero where a neighbour is positive is still read: a/0 is infinite.
  p(4, 0) = 0.1;
  CHECK(std::isinf(metric_dp_epsilon(p, d)));
}
