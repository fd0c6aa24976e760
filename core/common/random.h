/**
 * @file random.h
 * @brief The one source of random variates in privlab: seeded, and the same numbers natively
 *        and in WebAssembly.
 *
 * Guarantee: for the same seed, every function below returns bit-identical numbers in the native
 * build (libstdc++, glibc) and in the WASM build (libc++, musl), on any IEEE-754 machine. Why it
 * holds: (1) the engine is std::mt19937_64, whose output sequence the C++ standard fixes; the
 * std:: distributions are not used, because their algorithms are implementation-defined and
 * differ between libstdc++ and libc++. (2) Every variate is computed from the engine's raw 64-bit
 * outputs with correctly rounded IEEE-754 operations only (+ - * /, sqrt, comparisons, and exact
 * scaling by powers of two: frexp, ldexp, floor, nearbyint); logarithm, exponential and cosine
 * are computed here from those operations (`log`, `exp`, `cos_2pi`), because the C libraries'
 * std::log, std::exp and std::pow differ in the last bit. (3) Sums run left to right in plain
 * loops (Eigen's vectorised reductions change order between targets), and the build does not
 * contract a*b+c into FMA (-std=c++20 implies -ffp-contract=off in GCC; WASM has no FMA).
 * Tests: tests/core/common/test_random.cpp (pinned values, moments; the same pinned values were
 * printed by an em++ build under Node, 2026-11-25) and tests/node/random.test.mjs (seeded
 * draws of the WASM module equal the native ones bit for bit).
 *
 * A family seeds one Engine from the request's "seed" (experiments: per unit, units::unit_seed)
 * and draws only through these functions; no other file of core/ draws a variate or computes a
 * portable logarithm: rldp (P* ~ Dirichlet and the multinomial sample of its "sample" request and
 * synthetic experiments; the random starts of its block pricing), rldp-mse (its instances),
 * funnel (uniform and Dirichlet joints of its Section VIII experiments), estimation (its
 * empirical samples) and game (the priors' places and weights).
 */
#pragma once
#include <cstdint>
#include <random>
#include <vector>

#include "common/linalg.h"

namespace privlab::random {

using Engine = std::mt19937_64;

/// Uniform on [0, 1): the top 53 bits of one output, times 2^-53.
double uniform01(Engine& engine);
/// Uniform on the open interval (0, 1): (top 53 bits + 1/2) * 2^-53 (one output; never 0 or 1).
double uniform_open(Engine& engine);
/// Uniform on {0, ..., n-1}, n >= 1, without bias (the outputs beyond the last multiple of n
/// are rejected).
long uniform_index(Engine& engine, long n);
/// true with probability p (one uniform01 draw: u < p).
bool bernoulli(Engine& engine, double p);

/// Standard normal N(0, 1): Marsaglia's polar form of Box-Muller, one value per call.
double normal(Engine& engine);
/// N(mean, sd^2) = mean + sd * normal(engine): Gaussian noise.
double normal(Engine& engine, double mean, double sd);
/// Exponential with the given rate (> 0): -log(U) / rate, U on (0, 1).
double exponential(Engine& engine, double rate);
/// Gamma(shape, 1), shape > 0: Marsaglia and Tsang (2000); shape < 1 via
/// Gamma(shape + 1) * U^{1/shape} (an exact product when 1/shape is a whole number <= 64).
double gamma(Engine& engine, double shape);
/// Symmetric Dirichlet(concentration, ..., concentration) on `size` points (Jeffreys: 1/2).
Vector dirichlet(Engine& engine, long size, double concentration);
/// Dirichlet(alpha_0, ..., alpha_{k-1}): normalised Gamma(alpha_i) (e.g. random prior weights).
Vector dirichlet(Engine& engine, const Vector& alpha);

/// One draw from the weights p (>= 0, not all 0; need not sum to 1): the first index whose
/// running sum exceeds U * sum(p). A zero weight is never drawn.
long categorical(Engine& engine, const Vector& p);
/// Counts of n independent categorical draws from p (each as `categorical`).
std::vector<long long> multinomial(Engine& engine, const Vector& p, long long n);

/// ln x for finite x > 0, from frexp and an atanh series (IEEE operations only; within 2 ulp).
double log(double x);
/// e^x for |x| < 700 (IEEE operations only; within a few ulp).
double exp(double x);
/// cos(2 pi u) for u in [0, 1] (IEEE operations only; within a few ulp).
double cos_2pi(double u);

}  // namespace privlab::random
