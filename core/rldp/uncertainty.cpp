/**
 * @file uncertainty.cpp
 * @brief The confidence radius of an uncertainty set and the Renyi divergence.
 */
#include "rldp/uncertainty.h"

#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

namespace privlab::rldp {

double renyi_radius_from_confidence(double alpha, double confidence, long long n, long num_x) {
  const long dof = std::max(1L, num_x - 1);
  const double q = boost::math::quantile(boost::math::chi_squared(static_cast<double>(dof)), confidence);
  const double nn = static_cast<double>(n);
  if (std::abs(alpha - 1.0) < 1e-12) return q / (2.0 * nn);
  return std::log1p(alpha * (alpha - 1.0) * q / (2.0 * nn)) / (alpha - 1.0);
}

double renyi_divergence(double alpha, const Vector& p, const Vector& q) {
  const double inf = std::numeric_limits<double>::infinity();
  if (std::abs(alpha - 1.0) < 1e-12) {  // Kullback-Leibler
    double d = 0;
    for (long i = 0; i < p.size(); ++i) {
      if (p(i) <= 0) continue;
      if (q(i) <= 0) return inf;
      d += p(i) * std::log(p(i) / q(i));
    }
    return d;
  }
  double sum = 0;
  for (long i = 0; i < p.size(); ++i) {
    if (p(i) <= 0) continue;
    if (q(i) <= 0) {
      if (alpha > 1) return inf;
      continue;  // P^alpha Q^(1-alpha) = 0 for alpha < 1
    }
    sum += std::pow(p(i), alpha) * std::pow(q(i), 1.0 - alpha);
  }
  return std::log(sum) / (alpha - 1.0);
}

}  // namespace privlab::rldp
