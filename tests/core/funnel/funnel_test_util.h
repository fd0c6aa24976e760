/**
 * @file funnel_test_util.h
 * @brief Seeded random instances and a brute-force search over protocols for the funnel tests.
 */
#pragma once
#include <functional>
#include <random>

#include "common/linalg.h"
#include "common/random.h"
#include "funnel/protocol_metrics.h"

namespace privlab::funnel::testing {

/// p(s,x) with entries uniform on [0,1], normalised (Section VIII-A).
inline Matrix random_joint(std::mt19937_64& rng, long c, long a) {
  Matrix j(c, a);
  for (long i = 0; i < j.size(); ++i) j.data()[i] = random::uniform01(rng) + 1e-3;
  return j / j.sum();
}

/// A column-stochastic b x a matrix with Dirichlet(conc) columns.
inline Matrix random_protocol(std::mt19937_64& rng, long b, long a, double conc) {
  Matrix q(b, a);
  for (long x = 0; x < a; ++x) q.col(x) = random::dirichlet(rng, b, conc);
  return q;
}

/**
 * Brute force: for `tries` random protocols Q (b = a outputs, sparse and dense Dirichlet
 * columns), mix with the constant protocol, (1-l) Q + l U, with the smallest l making
 * privacy(.) <= eps (found by bisection; every ratio moves monotonically to 1 as l -> 1), then
 * climb by random perturbations that keep privacy <= eps. Returns the best utility seen.
 */
inline double brute_force_utility(std::mt19937_64& rng, const Matrix& joint, double eps,
                                  const std::function<double(const Matrix&)>& privacy, int tries, int climb) {
  const long a = joint.cols();
  const Matrix uniform = Matrix::Constant(a, a, 1.0 / a);
  double best = 0;
  auto feasible_mix = [&](const Matrix& q) {
    if (privacy(q) <= eps) return q;
    double lo = 0, hi = 1;  // hi is feasible (uniform has privacy 0)
    for (int it = 0; it < 40; ++it) {
      const double mid = 0.5 * (lo + hi);
      (privacy((1 - mid) * q + mid * uniform) <= eps ? hi : lo) = mid;
    }
    return Matrix((1 - hi) * q + hi * uniform);
  };
  for (int t = 0; t < tries; ++t) {
    Matrix q = feasible_mix(random_protocol(rng, a, a, t % 2 ? 0.2 : 1.0));
    double value = utility(q, joint);
    for (int k = 0; k < climb; ++k) {
      Matrix cand = q + 0.05 * random_protocol(rng, a, a, 0.5);
      for (long x = 0; x < a; ++x) cand.col(x) /= cand.col(x).sum();
      cand = feasible_mix(cand);
      const double v = utility(cand, joint);
      if (v > value) {
        value = v;
        q = cand;
      }
    }
    best = std::max(best, value);
  }
  return best;
}

}  // namespace privlab::funnel::testing
