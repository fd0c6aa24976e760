/**
 * @file dp_measure.cpp
 * @brief Metric and thresholded DP epsilons read from a mechanism matrix.
 */
#include "game/dp_measure.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/arguments.h"

namespace privlab::game {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// ln(a/b) / scale with the contract's conventions (scale >= 0; returns -inf for "no evidence").
double scaled_log_ratio(double a, double b, double scale) {
  if (a <= 0) return -kInf;  // 0/x: never the max (0/0 counts as ratio 1 -> 0)
  if (b <= 0) return kInf;   // a/0 with a > 0
  const double r = std::log(a / b);
  if (scale > 0) return r / scale;
  return r > 0 ? kInf : 0.0;  // indistinguishable pair with a strict ratio
}

template <class Scale>
double max_over_pairs(const Matrix& p, const Matrix& dp_distance, double within, Scale scale) {
  double worst = 0;
  const long n = p.cols();
  arguments::shape(dp_distance, "/dp_distance", n, n, "d_eps(s,s') over p's columns (secrets):");
  // A row without a positive entry gives "no evidence" (-inf) for every pair, so only the
  // reported observables are read: a decomposition on the 50 x 50 grid reports 9 of 2,500, and
  // reading every row there is 1.6e10 comparisons (seconds; on the map, milliseconds).
  std::vector<long> reported;
  for (long o = 0; o < p.rows(); ++o)
    if ((p.row(o).array() > 0).any()) reported.push_back(o);
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t) {
      if (s == t || !(dp_distance(s, t) <= within)) continue;
      const double sc = scale(dp_distance(s, t));
      for (long o : reported) {
        worst = std::max(worst, scaled_log_ratio(p(o, s), p(o, t), sc));
        if (worst == kInf) return worst;
      }
    }
  return worst;
}
}  // namespace

double metric_dp_epsilon(const Matrix& p, const Matrix& dp_distance, double within) {
  return max_over_pairs(p, dp_distance, within, [](double d) { return d; });
}

double threshold_dp_epsilon(const Matrix& p, const Matrix& dp_distance, double threshold) {
  return max_over_pairs(p, dp_distance, threshold, [](double) { return 1.0; });
}

}  // namespace privlab::game
