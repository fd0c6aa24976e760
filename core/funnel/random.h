/**
 * @file random.h
 * @brief Portable random variates on the raw output of std::mt19937_64 (the libc++ of the WASM
 *        build and libstdc++ implement the std:: distributions differently; these do not).
 */
#pragma once
#include <random>

#include "common/linalg.h"

namespace privlab::funnel {

/// Uniform on [0, 1): the top 53 bits of one draw.
double uniform01(std::mt19937_64& rng);
/// Uniform on (0, 1).
double uniform_open(std::mt19937_64& rng);
/// Standard normal (Marsaglia polar method).
double standard_normal(std::mt19937_64& rng);
/// Gamma(shape, 1) by Marsaglia-Tsang (2000); shape < 1 via Gamma(shape+1) U^{1/shape}.
double gamma_variate(std::mt19937_64& rng, double shape);
/// Symmetric Dirichlet(concentration) on n points (Jeffreys prior: concentration 1/2).
Vector dirichlet(std::mt19937_64& rng, long n, double concentration);

}  // namespace privlab::funnel
