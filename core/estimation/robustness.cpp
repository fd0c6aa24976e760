/**
 * @file robustness.cpp
 * @brief Lemma 5, Example 5, Theorem 6 and the empirical-joint sampler.
 */
#include "estimation/robustness.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace privlab::estimation {

std::pair<double, double> lemma5_bounds(const Matrix& p1, const Matrix& p2) {
  const double l1 = (p1 - p2).cwiseAbs().sum();
  const double ms = std::min(p1.rowwise().sum().minCoeff(), p2.rowwise().sum().minCoeff());
  const double mx = std::min(p1.colwise().sum().minCoeff(), p2.colwise().sum().minCoeff());
  const double inf = std::numeric_limits<double>::infinity();
  return {ms > 0 ? 4.0 / ms * l1 : inf, mx > 0 ? 4.0 / mx * l1 : inf};
}

double example5_chi2(double a, double q) { return 1.0 - (1.0 - a) / (1.0 - a * q); }

std::pair<double, double> example5_constants(double a, double p) {
  return {(1 - a) * a / (2 * (1 - a * p) * (1 - a * p)), 4.0 / p};  // (40)
}

Theorem6 theorem6_bound(const Matrix& joint_sx, long long n, double beta) {
  Theorem6 out;
  const double m = static_cast<double>(joint_sx.size());  // M = |S||X|
  out.radius = std::sqrt(2.0 / static_cast<double>(n) * (m - std::log(beta)));
  out.m_s = std::max(0.0, joint_sx.rowwise().sum().minCoeff() - out.radius);  // (41)
  out.m_x = std::max(0.0, joint_sx.colwise().sum().minCoeff() - out.radius);  // (42)
  const double inf = std::numeric_limits<double>::infinity();
  out.bound_s = out.m_s > 0 ? 4.0 / out.m_s * out.radius : inf;  // (43)
  out.bound_x = out.m_x > 0 ? 4.0 / out.m_x * out.radius : inf;  // (44)
  return out;
}

Matrix sample_empirical(const Matrix& joint, long long n, std::mt19937_64& rng) {
  Vector cells(joint.size());  // row-major: cell (s, x) = s |X| + x
  for (long c = 0; c < cells.size(); ++c) cells(c) = joint(c / joint.cols(), c % joint.cols());
  const std::vector<long long> counts = random::multinomial(rng, cells, n);
  Matrix out(joint.rows(), joint.cols());
  for (long c = 0; c < cells.size(); ++c)
    out(c / joint.cols(), c % joint.cols()) = static_cast<double>(counts[static_cast<std::size_t>(c)]);
  return out / static_cast<double>(n);
}

}  // namespace privlab::estimation
