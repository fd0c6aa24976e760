/**
 * @file sampling.h
 * @brief Seeded sampling for the synthetic experiments [rldp Section 8.2]: P* ~ Dirichlet(prior)
 *        (Jeffreys prior 1/2), n i.i.d. samples from P*, the maximum-likelihood estimate P-hat.
 *
 * A seeded engine with the variates of common/random.h, whose guarantee (the same numbers
 * natively and in WASM) it inherits; counts come back as a Vector.
 */
#pragma once
#include <cstdint>

#include "common/linalg.h"
#include "common/random.h"

namespace privlab::rldp {

class Sampler {
 public:
  explicit Sampler(std::uint64_t seed) : engine_(seed) {}
  /// Uniform on [0, 1): 53 random bits.
  double uniform() { return random::uniform01(engine_); }
  /// Standard normal.
  double normal() { return random::normal(engine_); }
  /// Gamma(shape, 1), shape > 0.
  double gamma(double shape) { return random::gamma(engine_, shape); }
  /// Dirichlet(a, ..., a) on k symbols.
  Vector dirichlet(long k, double a) { return random::dirichlet(engine_, k, a); }
  /// Counts of n i.i.d. draws from p.
  Vector multinomial(const Vector& p, long long n) {
    const auto counts = random::multinomial(engine_, p, n);
    Vector out(p.size());
    for (long i = 0; i < p.size(); ++i) out(i) = static_cast<double>(counts[static_cast<std::size_t>(i)]);
    return out;
  }

 private:
  random::Engine engine_;
};

}  // namespace privlab::rldp
