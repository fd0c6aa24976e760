/**
 * @file decomposition_pricing.cpp
 * @brief The free functions of the decomposition's pricing side (decomposition_pricing.h).
 */
#include "game/decomposition_pricing.h"

#include <algorithm>
#include <cmath>

namespace privlab::game::decomposition {

Matrix dp_log_factors(const GameInputs& in, const DesignOptions& opt) {
  Matrix lf = log_factors(in, opt);
  if (!opt.approx_threshold) return lf;
  const long n = lf.rows();
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (s != t && !(in.dp_distance(s, t) <= *opt.approx_threshold)) lf(s, t) = lp::kInf;
  for (long r = 0; r < n; ++r)  // Floyd-Warshall
    for (long t = 0; t < n; ++t)
      for (long s = 0; s < n; ++s) lf(s, t) = std::min(lf(s, t), lf(s, r) + lf(r, t));
  return lf;
}

namespace {
/// sum_s lambda(s) + mu d_m + tail, rounded down: the tail's `tail_terms` summands have absolute
/// sum tail_magnitude (recursive summation, generous).
double rounded_dual_objective(const Vector& lambda, double mu, double d_m, long double tail, double tail_magnitude,
                              long tail_terms) {
  long double sum = tail;
  double mag = tail_magnitude;
  for (long s = 0; s < lambda.size(); ++s) sum += lambda(s), mag += std::abs(lambda(s));
  sum += static_cast<long double>(mu) * d_m;
  mag += std::abs(mu * d_m);
  return static_cast<double>(sum) - 4 * (lambda.size() + 2 + tail_terms) * 0x1.0p-53 * mag;
}
}  // namespace

double master_bound(const Vector& lambda, double mu, double d_m, long n, double min_pricing_bound) {
  const long double tail = static_cast<long double>(n) * min_pricing_bound;
  return rounded_dual_objective(lambda, mu, d_m, tail, std::abs(n * min_pricing_bound), 0);
}

double box_master_bound(const Vector& lambda, double mu, double d_m, const std::vector<double>& betas) {
  long double tail = 0;
  double magnitude = 0;
  for (double b : betas) {
    if (!(b > -lp::kInf)) return -lp::kInf;
    tail += std::min(0.0, b), magnitude += std::abs(b);
  }
  return rounded_dual_objective(lambda, mu, d_m, tail, magnitude, static_cast<long>(betas.size()));
}

}  // namespace privlab::game::decomposition
