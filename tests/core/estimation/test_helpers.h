// Shared builders for the estimation tests: channels, product joints, seeded random joints.
#pragma once
#include <random>

#include "common/linalg.h"
#include "estimation/robustness.h"

namespace privlab::estimation::testing {

/// Joint [s][x] = P_S(s) W(x|s) for a channel W given as [x][s] (columns distributions).
inline Matrix joint_of(const Vector& ps, const Matrix& w) {
  Matrix j(ps.size(), w.rows());
  for (long s = 0; s < ps.size(); ++s)
    for (long x = 0; x < w.rows(); ++x) j(s, x) = ps(s) * w(x, s);
  return j;
}

/// (eps, q)-ary symmetric channel of Example 2, eq. (35): (1-eps) 1{y=x} + eps/q, as [y][x].
inline Matrix qary_channel(long q, double eps) {
  Matrix w = Matrix::Constant(q, q, eps / q);
  w.diagonal().array() += 1 - eps;
  return w;
}

/// Binary symmetric channel with crossover e, [y][x].
inline Matrix bsc(double e) { return (Matrix(2, 2) << 1 - e, e, e, 1 - e).finished(); }

/// A seeded random joint with entries in (0.05, 1.05], normalised.
inline Matrix random_joint(long rows, long cols, std::mt19937_64& rng) {
  Matrix j(rows, cols);
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) j(r, c) = 0.05 + random::uniform01(rng);
  return j / j.sum();
}

/// A seeded random column-stochastic matrix, [y][x].
inline Matrix random_channel(long outputs, long inputs, std::mt19937_64& rng) {
  Matrix q(outputs, inputs);
  for (long y = 0; y < outputs; ++y)
    for (long x = 0; x < inputs; ++x) q(y, x) = 0.01 + random::uniform01(rng);
  for (long x = 0; x < inputs; ++x) q.col(x) /= q.col(x).sum();
  return q;
}

/// Section 7.1: S = (S1,S2) independent bits, P(S1=1)=0.45, P(S2=1)=0.4; X_i = S_i through
/// BSC(0.2) and BSC(0.15). Index: bit value -1 -> 0, +1 -> 1; s = 2 b1 + b2 (same for x).
inline Matrix parity_joint() {
  const double p1 = 0.45, p2 = 0.4, e1 = 0.2, e2 = 0.15;
  Matrix j(4, 4);
  for (long s = 0; s < 4; ++s)
    for (long x = 0; x < 4; ++x) {
      const long s1 = s / 2, s2 = s % 2, x1 = x / 2, x2 = x % 2;
      const double ps = (s1 ? p1 : 1 - p1) * (s2 ? p2 : 1 - p2);
      const double w = (x1 == s1 ? 1 - e1 : e1) * (x2 == s2 ? 1 - e2 : e2);
      j(s, x) = ps * w;
    }
  return j;
}

}  // namespace privlab::estimation::testing
