/**
 * @file sampling.h
 * @brief Seeded sampling for the synthetic experiments [rldp Section 8.2]: P* ~ Dirichlet(prior)
 *        (Jeffreys prior 1/2), n i.i.d. samples from P*, the maximum-likelihood estimate P-hat.
 *
 * Everything is built on the raw 64-bit output of std::mt19937_64 (whose sequence the C++
 * standard fixes), never on std:: distributions, whose algorithms differ between libstdc++
 * (native) and libc++ (WASM). Uniforms are (x >> 11) 2^-53, normals Box-Muller, gammas
 * Marsaglia-Tsang, with log/exp/cos from det_math.h (IEEE arithmetic only, because glibc's and
 * musl's libm differ in the last bit). Native and WASM therefore draw bit-identical numbers.
 */
#pragma once
#include <cstdint>
#include <random>

#include "common/linalg.h"

namespace privlab::rldp {

class Sampler {
 public:
  explicit Sampler(std::uint64_t seed) : engine_(seed) {}
  /// Uniform on [0, 1): 53 random bits.
  double uniform() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  /// Uniform on (0, 1].
  double uniform_open0() { return (static_cast<double>(engine_() >> 11) + 1.0) * 0x1.0p-53; }
  /// Standard normal (Box-Muller, one value per pair of uniforms).
  double normal();
  /// Gamma(shape, 1), shape > 0 (Marsaglia & Tsang 2000; shape < 1 via Gamma(shape+1) U^{1/shape}).
  double gamma(double shape);
  /// Dirichlet(a, ..., a) on k symbols.
  Vector dirichlet(long k, double a);
  /// Counts of n i.i.d. draws from p (inverse-CDF with binary search).
  Vector multinomial(const Vector& p, long long n);

 private:
  std::mt19937_64 engine_;
};

}  // namespace privlab::rldp
