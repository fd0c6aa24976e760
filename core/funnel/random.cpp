/**
 * @file random.cpp
 * @brief Uniform, normal, gamma and Dirichlet variates from raw mt19937_64 output.
 */
#include "funnel/random.h"

#include <cmath>

namespace privlab::funnel {

double uniform01(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

double uniform_open(std::mt19937_64& rng) {
  double u = 0;
  while (u == 0) u = uniform01(rng);
  return u;
}

double standard_normal(std::mt19937_64& rng) {
  for (;;) {
    const double u = 2 * uniform01(rng) - 1, v = 2 * uniform01(rng) - 1;
    const double s = u * u + v * v;
    if (s > 0 && s < 1) return u * std::sqrt(-2 * std::log(s) / s);
  }
}

double gamma_variate(std::mt19937_64& rng, double shape) {
  if (shape < 1) return gamma_variate(rng, shape + 1) * std::pow(uniform_open(rng), 1 / shape);
  const double d = shape - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x = 0, v = 0;
    do {
      x = standard_normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = uniform_open(rng);
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (std::log(u) < 0.5 * x * x + d * (1 - v + std::log(v))) return d * v;
  }
}

Vector dirichlet(std::mt19937_64& rng, long n, double concentration) {
  Vector out(n);
  for (;;) {
    for (long i = 0; i < n; ++i) out(i) = gamma_variate(rng, concentration);
    const double total = out.sum();
    if (total > 0) return out / total;
  }
}

}  // namespace privlab::funnel
