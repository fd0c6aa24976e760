/**
 * @file decomposition_pricing.cpp
 * @brief The free functions of the decomposition's pricing side (decomposition_pricing.h).
 */
#include "game/decomposition_pricing.h"

#include <algorithm>
#include <cmath>

namespace privlab::game::decomposition {

Matrix dp_log_factors(const GameInputs& in, const DesignOptions& opt) {
  const long n = in.num_secrets();
  Matrix lf = Matrix::Zero(n, n);
  for (long s = 0; s < n; ++s)
    for (long t = 0; t < n; ++t)
      if (s != t) lf(s, t) = opt.approx_threshold && !(in.dp_distance(s, t) <= *opt.approx_threshold) ? lp::kInf : log_factor(in, opt, s, t);
  if (opt.approx_threshold)  // Floyd-Warshall
    for (long r = 0; r < n; ++r)
      for (long t = 0; t < n; ++t)
        for (long s = 0; s < n; ++s) lf(s, t) = std::min(lf(s, t), lf(s, r) + lf(r, t));
  return lf;
}

double master_bound(const Vector& lambda, double mu, double d_m, long n, double min_pricing_bound) {
  long double sum = 0;
  double mag = 0;
  for (long s = 0; s < lambda.size(); ++s) sum += lambda(s), mag += std::abs(lambda(s));
  sum += static_cast<long double>(mu) * d_m + static_cast<long double>(n) * min_pricing_bound;
  mag += std::abs(mu * d_m) + std::abs(n * min_pricing_bound);
  return static_cast<double>(sum) - 4 * (lambda.size() + 2) * 0x1.0p-53 * mag;
}

}  // namespace privlab::game::decomposition
