/**
 * @file brute_force.h
 * @brief Direct numerical maximisation over the chi-square set F, for the tests of the closed
 *        forms (Theorems 2-4). Knows nothing of the dual formulas: a target T = softmax(z) in the
 *        simplex is pulled towards P-hat until it lies in F (root of the Neyman statistic on the
 *        segment), random targets are sampled, and the best ones are refined with a (1+1)
 *        evolution strategy (1/5 success rule) on z.
 */
#pragma once
#include <cmath>
#include <functional>

#include "rldp_mse/confidence_set.h"
#include "common/random.h"

namespace privlab::rldp_mse::testing {

/// The point of F on the segment from P-hat to softmax(z) that is closest to softmax(z).
inline Vector member_towards(const ChiSquareSet& set, const Vector& p_hat, const Vector& z) {
  Vector target = (z.array() - z.maxCoeff()).exp();
  target /= target.sum();
  const Vector d = target - p_hat;
  auto stat = [&](double t) { return neyman_chi2(p_hat, p_hat + t * d); };
  if (stat(1.0) <= set.radius) return target;
  double lo = 0, hi = 1;  // the statistic is convex in t with value 0 at t = 0
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (stat(mid) <= set.radius)
      lo = mid;
    else
      hi = mid;
  }
  return p_hat + lo * d;
}

/// The Neyman point of the segment P-hat -> q that is closest to q while inside F.
inline Vector pull_into_set(const ChiSquareSet& set, const Vector& p_hat, const Vector& q) {
  const Vector d = q - p_hat;
  auto stat = [&](double t) { return neyman_chi2(p_hat, p_hat + t * d); };
  if (stat(1.0) <= set.radius) return q;
  double lo = 0, hi = 1;
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (stat(mid) <= set.radius)
      lo = mid;
    else
      hi = mid;
  }
  return p_hat + lo * d;
}

/**
 * Local ascent of f from p over F in log coordinates y = ln P: a numerical gradient projected on
 * the tangent space of the simplex and (on the boundary) of the level set of sum P-hat^2/P, a
 * trial step, retraction into F along the segment to P-hat, accept-if-better with step-size
 * adaptation. Log coordinates let tiny probabilities move on their own scale.
 */
inline double refine_log(const ChiSquareSet& set, const std::function<double(const Vector&)>& f, Vector& p,
                         int iterations, const std::vector<bool>& zero) {
  const Vector p_hat = set.flat();
  const long n = p.size();
  p = p.cwiseMax(1e-30);
  for (long x = 0; x < n; ++x)
    if (zero[x]) p(x) = 0;
  p /= p.sum();
  p = pull_into_set(set, p_hat, p);
  double cur = f(p), step = 0.5;
  for (int it = 0; it < iterations && step > 1e-15; ++it) {
    Vector grad(n);  // d f / d y_x = P_x d f / d P_x
    for (long x = 0; x < n; ++x) {
      const double h = 1e-6;
      Vector a = p, b = p;
      a(x) *= std::exp(h);
      b(x) *= std::exp(-h);
      grad(x) = (f(a) - f(b)) / (2 * h);
    }
    const Vector ones = p;  // d (sum P) / d y
    Vector normal(n);       // d (sum P-hat^2 / P) / d y
    for (long x = 0; x < n; ++x) normal(x) = p(x) > 0 ? -p_hat(x) * p_hat(x) / p(x) : 0.0;
    const bool boundary = neyman_chi2(p_hat, p) >= set.radius * (1 - 1e-9);
    Vector d = grad;
    if (boundary && normal.squaredNorm() > 0) {
      Eigen::Matrix2d g;
      g << ones.dot(ones), ones.dot(normal), normal.dot(ones), normal.dot(normal);
      const Eigen::Vector2d rhs(ones.dot(d), normal.dot(d));
      const Eigen::Vector2d c = g.completeOrthogonalDecomposition().solve(rhs);
      d -= c(0) * ones + c(1) * normal;
    } else {
      d -= (ones.dot(d) / ones.dot(ones)) * ones;
    }
    const double norm = d.norm();
    if (!(norm > 0)) break;
    Vector q = p.array() * (step * d.array() / norm).exp();
    q /= q.sum();
    q = pull_into_set(set, p_hat, q);
    const double val = f(q);
    if (val > cur) {
      cur = val;
      p = q;
      step *= 1.5;
    } else {
      step *= 0.5;
    }
  }
  return cur;
}

/// max over P in F of f(P): random members (targets softmax(z) pulled into F), then local ascent.
inline double brute_force_max(const ChiSquareSet& set, const std::function<double(const Vector&)>& f,
                              std::uint64_t seed, int samples = 3000, int refine = 3000) {
  random::Engine engine(seed);
  const Vector p_hat = set.flat();
  const long n = p_hat.size();
  double best = f(p_hat);
  Vector best_p = p_hat;
  for (int i = 0; i < samples; ++i) {
    Vector z(n);
    const double spread = 1.0 + 4.0 * random::uniform_open(engine);
    for (long x = 0; x < n; ++x) z(x) = spread * random::normal(engine);
    const Vector p = member_towards(set, p_hat, z);
    const double val = f(p);
    if (val > best) {
      best = val;
      best_p = p;
    }
  }
  // Refine on every face {P_x = 0 for x in Z'} with Z' a subset of the unseen cells (log
  // coordinates cannot reach 0; the optimum may sit on such a face).
  std::vector<long> unseen;
  for (long x = 0; x < n; ++x)
    if (p_hat(x) <= 0) unseen.push_back(x);
  for (long mask = 0; mask < (1L << unseen.size()); ++mask) {
    std::vector<bool> zero(n, false);
    for (std::size_t i = 0; i < unseen.size(); ++i)
      if (mask & (1L << i)) zero[unseen[i]] = true;
    Vector p = best_p;
    best = std::max(best, refine_log(set, f, p, refine, zero));
  }
  return best;
}

}  // namespace privlab::rldp_mse::testing
