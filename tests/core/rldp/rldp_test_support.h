// Helpers for the rldp tests: seeded random instances and brute-force sampling of F.
#pragma once
#include <random>

#include "metrics/privacy_loss.h"
#include "model/joint.h"
#include "rldp/uncertainty.h"

namespace test_support {
using namespace privlab;

inline JointDistribution random_joint(std::mt19937_64& rng, long ns, long nu, double shape, double floor) {
  std::gamma_distribution<double> g(shape);
  Matrix p(ns, nu);
  for (long i = 0; i < p.size(); ++i) p.data()[i] = g(rng) + floor;
  return joint_from_matrix(p / p.sum());
}

inline Matrix random_mechanism(std::mt19937_64& rng, long rows, long cols) {
  std::gamma_distribution<double> g(1.0);
  Matrix q(rows, cols);
  for (long i = 0; i < q.size(); ++i) q.data()[i] = g(rng) + 0.01;
  for (long x = 0; x < cols; ++x) q.col(x) /= q.col(x).sum();
  return q;
}

/// Largest realized epsilon over P sampled in F: random directions from P-hat, half of them
/// pushed to the boundary of F (F is convex), directions either global or moving two rows.
inline double max_sampled_epsilon(std::mt19937_64& rng, const Matrix& q, const JointDistribution& joint,
                                  const rldp::UncertaintySet& set, int samples) {
  std::gamma_distribution<double> g(0.3);
  std::uniform_real_distribution<double> unif(0, 1);
  const Vector hat = joint.flat();
  const long ns = joint.num_s(), nu = joint.num_u();
  auto inside = [&](const Vector& p) {
    switch (set.kind) {
      case rldp::UncertaintySet::Kind::kPoint: return (p - hat).cwiseAbs().maxCoeff() < 1e-15;
      case rldp::UncertaintySet::Kind::kSimplex: return true;
      default: return rldp::renyi_divergence(set.alpha, hat, p) <= set.radius;
    }
  };
  double worst = metrics::realized_epsilon(q, joint);
  for (int k = 0; k < samples; ++k) {
    Vector target(hat.size());
    for (long i = 0; i < target.size(); ++i) target(i) = g(rng) + 1e-12;
    if (k % 2 == 0) {  // move two rows only (where the worst case lives)
      std::uniform_int_distribution<long> pick(0, ns - 1);
      const long a = pick(rng), b = pick(rng);
      for (long s = 0; s < ns; ++s)
        if (s != a && s != b) target.segment(s * nu, nu) = hat.segment(s * nu, nu) * 5.0;
    }
    target /= target.sum();
    double lo = 0, hi = 1;
    if (inside(target))
      lo = 1;
    else
      for (int it = 0; it < 50; ++it) {
        const double mid = 0.5 * (lo + hi);
        if (inside(Vector((1 - mid) * hat + mid * target)))
          lo = mid;
        else
          hi = mid;
      }
    const double t = (k % 4 < 2) ? lo : lo * unif(rng);
    Vector p = (1 - t) * hat + t * target;
    Matrix pm(ns, nu);
    for (long s = 0; s < ns; ++s) pm.row(s) = p.segment(s * nu, nu).transpose();
    worst = std::max(worst, metrics::realized_epsilon(q, joint_from_matrix(pm / pm.sum())));
  }
  return worst;
}

}  // namespace test_support
