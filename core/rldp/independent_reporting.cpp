/**
 * @file independent_reporting.cpp
 * @brief IR: privacy split (Theorem 5), utility (Theorem 6) and the eps2 search.
 */
#include "rldp/independent_reporting.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "metrics/information.h"
#include "rldp/randomized_response.h"
#include "rldp/search.h"

namespace privlab::rldp {

double ir_distance(const JointDistribution& joint, const Vector& rad) {
  const Vector ps = joint.s_marginal();
  double max_rad = 0, max_gap = 0;
  for (long s = 0; s < joint.num_s(); ++s) {
    max_rad = std::max(max_rad, ps(s) > 0 ? rad(s) : 2.0);
    if (ps(s) <= 0) continue;
    for (long t = s + 1; t < joint.num_s(); ++t)
      if (ps(t) > 0)
        max_gap = std::max(max_gap, (joint.conditional_u_given_s(s) - joint.conditional_u_given_s(t)).lpNorm<1>());
  }
  return std::min(2.0, 2.0 * max_rad + max_gap);  // Theorem 5
}

double ir_delta2(double eps2, double d) {
  if (eps2 <= 0) return 0.0;
  if (d <= 0) return std::numeric_limits<double>::infinity();
  return std::log1p(2.0 * std::expm1(eps2) / d);
}

Matrix ir_matrix(long num_s, long num_u, double eps1, double delta2) {
  const Matrix r1 = grr(num_s, eps1);
  const Matrix r2 = std::isinf(delta2) ? Matrix(Matrix::Identity(num_u, num_u)) : grr(num_u, delta2);
  Matrix q(num_s * num_u, num_s * num_u);
  for (long y1 = 0; y1 < num_s; ++y1)
    for (long s = 0; s < num_s; ++s) q.block(y1 * num_u, s * num_u, num_u, num_u) = r1(y1, s) * r2;  // Definition 5
  return q;
}

IrResult independent_reporting(const JointDistribution& joint, double epsilon, const Vector& rad) {
  IrResult res;
  res.d = ir_distance(joint, rad);
  const Vector px = joint.flat();
  auto utility = [&](double eps2) {
    const Matrix q = ir_matrix(joint.num_s(), joint.num_u(), epsilon - eps2, ir_delta2(eps2, res.d));
    return metrics::mutual_information(px, q);
  };
  const auto [eps2, u] = search::maximize(utility, 0.0, epsilon, 40, 60);
  res.eps2 = eps2;
  res.eps1 = std::max(0.0, epsilon - eps2);
  res.delta2 = ir_delta2(eps2, res.d);
  res.mechanism = ir_matrix(joint.num_s(), joint.num_u(), res.eps1, res.delta2);
  res.utility = u;
  return res;
}

}  // namespace privlab::rldp
