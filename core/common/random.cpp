/**
 * @file random.cpp
 * @brief Portable random variates on the raw std::mt19937_64 output (the guarantee: random.h).
 */
#include "common/random.h"

#include <algorithm>
#include <cmath>

namespace privlab::random {

namespace {
constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 split so that e * kLn2Hi is exact
constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi
constexpr double kPi = 3.14159265358979323846;
}  // namespace

double uniform01(Engine& engine) { return static_cast<double>(engine() >> 11) * 0x1.0p-53; }

double uniform_open(Engine& engine) {
  const std::uint64_t bits = engine() >> 11;  // 53 random bits
  return (static_cast<double>(bits) + 0.5) * 0x1.0p-53;
}

long uniform_index(Engine& engine, long n) {
  const std::uint64_t un = static_cast<std::uint64_t>(n);
  const std::uint64_t limit = (~std::uint64_t{0} / un) * un;  // reject the biased tail
  std::uint64_t x;
  do x = engine();
  while (x >= limit);
  return static_cast<long>(x % un);
}

bool bernoulli(Engine& engine, double p) { return uniform01(engine) < p; }

double log(double x) {
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
  return e * kLn2Hi + (e * kLn2Lo + 2.0 * z * series);
}

double exp(double x) {
  const double k = std::nearbyint(x / (kLn2Hi + kLn2Lo));
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= ~0.347
  double term = 1, sum = 1;
  for (int i = 1; i < 22; ++i) {
    term *= r / i;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

double cos_2pi(double u) {
  double t = std::abs(u - std::floor(u + 0.5));  // in [0, 1/2]; cos is even
  double sign = 1;
  if (t > 0.25) {  // cos(2 pi t) = -cos(2 pi (1/2 - t))
    t = 0.5 - t;
    sign = -1;
  }
  const double a = 2 * kPi * t, a2 = a * a;  // a in [0, pi/2]
  double term = 1, sum = 1;
  for (int k = 1; k < 14; ++k) {
    term *= -a2 / ((2 * k - 1) * (2 * k));
    sum += term;
  }
  return sign * sum;
}

double normal(Engine& engine) {
  // Polar Box-Muller (Marsaglia's form): no trigonometric functions, only log and sqrt.
  for (;;) {
    const double a = 2.0 * uniform_open(engine) - 1.0;
    const double b = 2.0 * uniform_open(engine) - 1.0;
    const double s = a * a + b * b;
    if (s >= 1.0 || s <= 0.0) continue;
    return a * std::sqrt(-2.0 * log(s) / s);
  }
}

double normal(Engine& engine, double mean, double sd) { return mean + sd * normal(engine); }

double exponential(Engine& engine, double rate) { return -log(uniform_open(engine)) / rate; }

double gamma(Engine& engine, double shape) {
  if (shape < 1.0) {
    // Gamma(shape) = Gamma(shape + 1) * U^{1/shape}. For 1/shape a whole number (the Jeffreys
    // prior has 1/shape = 2) the power is a product of exact multiplications.
    const double g = gamma(engine, shape + 1.0);
    const double u = uniform_open(engine);
    const double inv = 1.0 / shape;
    if (inv == std::floor(inv) && inv <= 64) {
      double p = 1.0;
      for (int i = 0; i < static_cast<int>(inv); ++i) p *= u;
      return g * p;
    }
    return g * exp(log(u) * inv);
  }
  // Marsaglia & Tsang (2000), "A simple method for generating gamma variables".
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    const double x = normal(engine);
    double v = 1.0 + c * x;
    if (v <= 0) continue;
    v = v * v * v;
    const double u = uniform_open(engine);
    const double x2 = x * x;
    if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
    if (log(u) < 0.5 * x2 + d * (1.0 - v + log(v))) return d * v;
  }
}

namespace {
/// g / sum(g), summed left to right; all-underflowed draws give the uniform distribution.
Vector normalise(Vector g) {
  double total = 0;
  for (long i = 0; i < g.size(); ++i) total += g(i);
  if (!(total > 0)) return Vector::Constant(g.size(), 1.0 / static_cast<double>(g.size()));
  return g / total;
}
}  // namespace

Vector dirichlet(Engine& engine, long size, double concentration) {
  Vector g(size);
  for (long i = 0; i < size; ++i) g(i) = gamma(engine, concentration);
  return normalise(std::move(g));
}

Vector dirichlet(Engine& engine, const Vector& alpha) {
  Vector g(alpha.size());
  for (long i = 0; i < alpha.size(); ++i) g(i) = gamma(engine, alpha(i));
  return normalise(std::move(g));
}

namespace {
/// Running sums of p, left to right (the last is the total).
std::vector<double> running_sums(const Vector& p) {
  std::vector<double> cdf(static_cast<std::size_t>(p.size()));
  double acc = 0;
  for (long i = 0; i < p.size(); ++i) cdf[static_cast<std::size_t>(i)] = (acc += p(i));
  return cdf;
}

long draw_from(Engine& engine, const Vector& p, const std::vector<double>& cdf) {
  const double target = uniform_open(engine) * cdf.back();
  long i = static_cast<long>(std::upper_bound(cdf.begin(), cdf.end(), target) - cdf.begin());
  i = std::min<long>(i, p.size() - 1);  // target rounded up to the total
  while (i > 0 && p(i) <= 0) --i;       // never a zero weight
  return i;
}
}  // namespace

long categorical(Engine& engine, const Vector& p) { return draw_from(engine, p, running_sums(p)); }

std::vector<long long> multinomial(Engine& engine, const Vector& p, long long n) {
  const std::vector<double> cdf = running_sums(p);
  std::vector<long long> counts(static_cast<std::size_t>(p.size()), 0);
  for (long long t = 0; t < n; ++t) ++counts[static_cast<std::size_t>(draw_from(engine, p, cdf))];
  return counts;
}

}  // namespace privlab::random
