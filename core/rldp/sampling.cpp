/**
 * @file sampling.cpp
 * @brief Platform-independent normal, gamma, Dirichlet and multinomial sampling.
 */
#include "rldp/sampling.h"

#include <algorithm>
#include <cmath>

#include "rldp/det_math.h"

namespace privlab::rldp {

// Only det_math (IEEE arithmetic) and sqrt (correctly rounded by IEEE 754) are used, so the
// numbers are bit-identical natively and in WASM.
double Sampler::normal() {
  const double u1 = uniform_open0(), u2 = uniform();
  return std::sqrt(-2.0 * det_math::log(u1)) * det_math::cos_2pi(u2);
}

double Sampler::gamma(double shape) {
  if (shape < 1.0) {
    const double g = gamma(shape + 1.0);
    return g * det_math::exp(det_math::log(uniform_open0()) / shape);  // U^{1/shape}
  }
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = normal();
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = uniform_open0();
    if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
    if (det_math::log(u) < 0.5 * x * x + d * (1.0 - v + det_math::log(v))) return d * v;
  }
}

Vector Sampler::dirichlet(long k, double a) {
  Vector g(k);
  for (long i = 0; i < k; ++i) g(i) = gamma(a);
  double total = 0;  // a plain left-to-right sum: Eigen's vectorised order differs across targets
  for (long i = 0; i < k; ++i) total += g(i);
  if (total <= 0) return Vector::Constant(k, 1.0 / static_cast<double>(k));  // all underflowed
  return g / total;
}

Vector Sampler::multinomial(const Vector& p, long long n) {
  const long k = p.size();
  std::vector<double> cdf(static_cast<std::size_t>(k));
  double acc = 0;
  for (long i = 0; i < k; ++i) cdf[static_cast<std::size_t>(i)] = (acc += p(i));
  Vector counts = Vector::Zero(k);
  for (long long t = 0; t < n; ++t) {
    const double u = uniform() * acc;
    auto it = std::upper_bound(cdf.begin(), cdf.end(), u);
    long i = std::min<long>(k - 1, static_cast<long>(it - cdf.begin()));
    while (i > 0 && p(i) <= 0) --i;  // never land on a zero-probability symbol
    counts(i) += 1;
  }
  return counts;
}

}  // namespace privlab::rldp
