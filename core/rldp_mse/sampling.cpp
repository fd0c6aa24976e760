/**
 * @file sampling.cpp
 * @brief Uniform, normal, gamma, Dirichlet, categorical and multinomial variates from the raw
 *        mt19937_64 stream with bit-reproducible arithmetic (native == WebAssembly).
 */
#include "rldp_mse/sampling.h"

#include <cmath>

namespace privlab::rldp_mse::sampling {

double uniform(Engine& engine) {
  const std::uint64_t bits = engine() >> 11;  // 53 random bits
  return (static_cast<double>(bits) + 0.5) * 0x1.0p-53;
}

double portable_log(double x) {
  // x = m 2^e with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(z), z = (m-1)/(m+1), |z| < 0.1716.
  int e = 0;
  double m = std::frexp(x, &e);  // exact: m in [1/2, 1)
  if (m < 0.70710678118654752440) {
    m *= 2;
    --e;
  }
  const double z = (m - 1.0) / (m + 1.0);
  const double z2 = z * z;
  double series = 0;
  for (int k = 14; k >= 0; --k) series = series * z2 + 1.0 / (2.0 * k + 1.0);  // Horner
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 split so e * hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  return e * kLn2Hi + (e * kLn2Lo + 2.0 * z * series);
}

double normal(Engine& engine) {
  // Polar Box-Muller (Marsaglia's form): no trigonometric functions, only log and sqrt.
  for (;;) {
    const double a = 2.0 * uniform(engine) - 1.0;
    const double b = 2.0 * uniform(engine) - 1.0;
    const double s = a * a + b * b;
    if (s >= 1.0 || s <= 0.0) continue;
    return a * std::sqrt(-2.0 * portable_log(s) / s);
  }
}

double gamma(Engine& engine, double shape) {
  if (shape < 1.0) {
    // Gamma(shape) = Gamma(shape + 1) * U^{1/shape}. For 1/shape an integer (the Jeffreys prior
    // has 1/shape = 2) the power is a product of exact multiplications.
    const double g = gamma(engine, shape + 1.0);
    const double u = uniform(engine);
    const double inv = 1.0 / shape;
    if (inv == std::floor(inv) && inv <= 64) {
      double p = 1.0;
      for (int i = 0; i < static_cast<int>(inv); ++i) p *= u;
      return g * p;
    }
    return g * std::pow(u, inv);  // not bit-portable for non-integer 1/shape
  }
  // Marsaglia & Tsang (2000), "A simple method for generating gamma variables".
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double x = normal(engine);
    double v = 1.0 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    const double u = uniform(engine);
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
    if (portable_log(u) < 0.5 * x2 + d * (1.0 - v + portable_log(v))) return d * v;
  }
}

Vector dirichlet(Engine& engine, long size, double concentration) {
  Vector g(size);
  double total = 0;
  for (long i = 0; i < size; ++i) {
    g(i) = gamma(engine, concentration);
    total += g(i);
  }
  return g / total;
}

long categorical(Engine& engine, const Vector& p) {
  double total = 0;
  for (long i = 0; i < p.size(); ++i) total += p(i);
  const double target = uniform(engine) * total;
  double cumulative = 0;
  long last = 0;
  for (long i = 0; i < p.size(); ++i) {
    if (p(i) <= 0) continue;
    cumulative += p(i);
    last = i;
    if (target < cumulative) return i;
  }
  return last;
}

std::vector<long long> multinomial(Engine& engine, const Vector& p, long long n) {
  std::vector<long long> counts(p.size(), 0);
  for (long long i = 0; i < n; ++i) ++counts[categorical(engine, p)];
  return counts;
}

}  // namespace privlab::rldp_mse::sampling
