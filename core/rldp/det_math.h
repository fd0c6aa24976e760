/**
 * @file det_math.h
 * @brief log, exp and cos(2 pi u) from IEEE arithmetic only (frexp, ldexp, nearbyint, + - * /),
 *        so the sampler gives bit-identical numbers natively (glibc) and in WASM (musl), whose
 *        libm functions differ in the last bit. Accurate to a few ulp; not for general use.
 */
#pragma once
#include <cmath>

namespace privlab::rldp::det_math {

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // high bits of ln 2 (exact in k * hi)
constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi
constexpr double kPi = 3.14159265358979323846;

/// Natural logarithm of a positive finite x.
inline double log(double x) {
  int e = 0;
  double m = std::frexp(x, &e);  // x = m 2^e, m in [1/2, 1)
  if (m < 0.70710678118654752440) { m *= 2; --e; }  // m in [sqrt(1/2), sqrt(2))
  const double s = (m - 1) / (m + 1), s2 = s * s;   // |s| < 0.172
  double term = s, sum = 0;
  for (int k = 0; k < 16; ++k) { sum += term / (2 * k + 1); term *= s2; }  // atanh series
  return e * kLn2Hi + (e * kLn2Lo + 2 * sum);
}

/// e^x for |x| < 700.
inline double exp(double x) {
  const double k = std::nearbyint(x / (kLn2Hi + kLn2Lo));
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= ~0.347
  double term = 1, sum = 1;
  for (int i = 1; i < 22; ++i) { term *= r / i; sum += term; }
  return std::ldexp(sum, static_cast<int>(k));
}

/// cos(2 pi u) for u in [0, 1].
inline double cos_2pi(double u) {
  double t = u - std::floor(u + 0.5);  // [-1/2, 1/2)
  t = std::abs(t);                     // cos is even
  double sign = 1;
  if (t > 0.25) { t = 0.5 - t; sign = -1; }  // cos(2 pi t) = -cos(2 pi (1/2 - t))
  const double a = 2 * kPi * t, a2 = a * a;  // a in [0, pi/2]
  double term = 1, sum = 1;
  for (int k = 1; k < 14; ++k) { term *= -a2 / ((2 * k - 1) * (2 * k)); sum += term; }
  return sign * sum;
}

}  // namespace privlab::rldp::det_math
