/**
 * @file projected_set.cpp
 * @brief Theorem 3 (membership in F_{U|s1,s2}) and Theorem 4 (its support function).
 */
#include "rldp_mse/projected_set.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace privlab::rldp_mse {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kMaxSplitIterations = 200;
constexpr double kSplitTolerance = 1e-13;  ///< relative width of the k1 bracket at the end

double k_term(const Vector& a, const Vector& r) {
  double sum = 0;
  for (long u = 0; u < a.size(); ++u) {
    if (a(u) <= 0) continue;
    if (r(u) <= 0) return kInf;
    sum += a(u) * a(u) / r(u);
  }
  return std::sqrt(sum);
}
}  // namespace

double projected_budget(const ChiSquareSet& set, long s1, long s2) {
  // Eq. (28), right-hand side.
  return std::sqrt(set.radius + 1.0) - 1.0 + set.p_hat.row(s1).sum() + set.p_hat.row(s2).sum();
}

double projected_statistic(const ChiSquareSet& set, long s1, long s2, const Vector& r1,
                           const Vector& r2) {
  // Eq. (28), left-hand side.
  return k_term(set.p_hat.row(s1).transpose(), r1) + k_term(set.p_hat.row(s2).transpose(), r2);
}

bool in_projected_set(const ChiSquareSet& set, long s1, long s2, const Vector& r1,
                      const Vector& r2, double slack) {
  for (const Vector* r : {&r1, &r2})
    if (r->size() != set.num_u() || r->minCoeff() < -1e-12 || std::abs(r->sum() - 1.0) > 1e-9)
      return false;
  return projected_statistic(set, s1, s2, r1.cwiseMax(0.0), r2.cwiseMax(0.0)) <=
         projected_budget(set, s1, s2) + slack;
}

double support_pair_dual(const ChiSquareSet& set, long s1, long s2, const Vector& v1,
                         const Vector& v2, double eta1, double eta2) {
  // Eq. (29) with c and w eliminated: eta1 + eta2 - (A1^{2/3} + A2^{2/3})^3 / C^2.
  const double c = projected_budget(set, s1, s2);
  const double a1 = block_a_term(set.p_hat.row(s1).transpose(), v1, eta1);
  const double a2 = block_a_term(set.p_hat.row(s2).transpose(), v2, eta2);
  const double s = std::cbrt(a1 * a1) + std::cbrt(a2 * a2);
  return eta1 + eta2 - s * s * s / (c * c);
}

PairSupport support_pair(const ChiSquareSet& set, long s1, long s2, const Vector& v1,
                         const Vector& v2) {
  const Vector a1 = set.p_hat.row(s1).transpose();
  const Vector a2 = set.p_hat.row(s2).transpose();
  const double m1 = a1.sum(), m2 = a2.sum();
  const double c = projected_budget(set, s1, s2);

  // max over k1 in [m1, C - m2] of phi1(k1) + phi2(C - k1): concave, derivative
  // rate1(k1) - rate2(C - k1) decreasing. Bisection on its sign.
  double lo = m1, hi = std::max(m1, c - m2);
  BlockSolution b1 = solve_block(a1, v1, lo), b2 = solve_block(a2, v2, c - lo);
  double k1 = lo;
  if (hi > lo && b1.rate > b2.rate) {
    BlockSolution h1 = solve_block(a1, v1, hi), h2 = solve_block(a2, v2, c - hi);
    if (h1.rate >= h2.rate) {
      k1 = hi;
      b1 = std::move(h1);
      b2 = std::move(h2);
    } else {
      for (int it = 0; it < kMaxSplitIterations && hi - lo > kSplitTolerance * c; ++it) {
        const double mid = lo + 0.5 * (hi - lo);
        if (!(mid > lo && mid < hi)) break;
        BlockSolution t1 = solve_block(a1, v1, mid), t2 = solve_block(a2, v2, c - mid);
        if (t1.rate > t2.rate) {
          lo = mid;
        } else {
          hi = mid;
        }
        k1 = mid;
        b1 = std::move(t1);
        b2 = std::move(t2);
      }
    }
  }

  PairSupport out;
  out.k1 = k1;
  out.k2 = c - k1;
  out.r1 = b1.r;
  out.r2 = b2.r;
  out.eta1 = b1.eta;
  out.eta2 = b2.eta;
  out.value = v1.dot(out.r1) + v2.dot(out.r2);
  if (set.radius <= 0) {  // F = {P-hat}: the pair is forced, the value is exact
    out.upper = out.value;
  } else if (std::isfinite(b1.eta) && std::isfinite(b2.eta)) {
    out.upper = std::max(out.value, support_pair_dual(set, s1, s2, v1, v2, b1.eta, b2.eta));
  } else {
    out.upper = kInf;  // no finite dual point at hand (budget indistinguishable from minimal)
  }
  return out;
}

Vector lift_to_joint(const ChiSquareSet& set, long s1, long s2, const Vector& r1,
                     const Vector& r2) {
  const long ns = set.num_s(), nu = set.num_u();
  Vector weight(ns);
  for (long s = 0; s < ns; ++s) weight(s) = set.p_hat.row(s).sum();
  weight(s1) = k_term(set.p_hat.row(s1).transpose(), r1);
  weight(s2) = k_term(set.p_hat.row(s2).transpose(), r2);
  weight /= weight.sum();
  Vector p(ns * nu);
  for (long s = 0; s < ns; ++s) {
    const double row_mass = set.p_hat.row(s).sum();
    for (long u = 0; u < nu; ++u) {
      double cond = row_mass > 0 ? set.p_hat(s, u) / row_mass : 1.0 / static_cast<double>(nu);
      if (s == s1) cond = r1(u);
      if (s == s2) cond = r2(u);
      p(s * nu + u) = weight(s) * cond;
    }
  }
  return p;
}

}  // namespace privlab::rldp_mse
