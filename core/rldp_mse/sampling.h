/**
 * @file sampling.h
 * @brief Platform-independent random variates on top of the raw std::mt19937_64 stream.
 *
 * The std:: distributions are implementation-defined (libstdc++ natively, libc++ in WASM), so
 * the experiments draw everything through these functions, which use only the engine's raw
 * 64-bit outputs and IEEE-exact arithmetic (+ - * / sqrt) plus a logarithm computed here from
 * those operations (std::log may differ in the last bit between C libraries). The same seed
 * therefore gives the same instances natively and in WebAssembly.
 */
#pragma once
#include <cstdint>
#include <random>
#include <vector>

#include "common/linalg.h"

namespace privlab::rldp_mse::sampling {

using Engine = std::mt19937_64;

/// Uniform on the open interval (0, 1): ((x >> 11) + 0.5) * 2^-53.
double uniform(Engine& engine);

/// Natural logarithm from frexp and an atanh series (IEEE-exact operations only), x > 0.
double portable_log(double x);

/// Standard normal by the polar form of the Box-Muller transform (one value per call).
double normal(Engine& engine);

/// Gamma(shape, 1) by Marsaglia and Tsang (2000); shape < 1 via Gamma(shape+1) * U^{1/shape}.
double gamma(Engine& engine, double shape);

/// Dirichlet(concentration, ..., concentration) on `size` symbols (normalised gammas).
Vector dirichlet(Engine& engine, long size, double concentration);

/// One draw from the distribution p (inverse CDF over the cumulative sums, in index order).
long categorical(Engine& engine, const Vector& p);

/// Counts of n independent categorical draws from p.
std::vector<long long> multinomial(Engine& engine, const Vector& p, long long n);

}  // namespace privlab::rldp_mse::sampling
