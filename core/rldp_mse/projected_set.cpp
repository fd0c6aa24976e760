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
/**
 * g(lambda) = min over eta >= max v of eta - kappa lambda^{2/3} A(eta)^{2/3}, kappa = 3 2^{-2/3}:
 * one block of the Lagrange dual of Theorem 4 at a fixed multiplier lambda of the budget
 * (eq. (29) after the c-minimisation). The derivative 1 - mu I(d) / (3 A(d)^{1/3}) (eta = max v + d,
 * I = sum a / sqrt(g + d)) is increasing in d: geometric bisection on its sign.
 */
double block_dual_term(const Vector& a, const Vector& v, double lambda) {
  const double vmax = v.maxCoeff();
  const double mu = 3.0 * std::cbrt(lambda * lambda / 4.0);  // kappa lambda^{2/3}
  if (!(mu > 0) || a.sum() <= 0) return vmax;
  const Vector gap = (Vector::Constant(v.size(), vmax) - v).cwiseMax(0.0);
  auto slope_excess = [&](double d, double& value) {  // returns mu I / (3 A^{1/3}) - 1
    double big_a = 0, inv = 0;
    for (long u = 0; u < a.size(); ++u) {
      if (a(u) <= 0) continue;
      const double root = std::sqrt(gap(u) + d);
      big_a += a(u) * root;
      inv += a(u) / root;
    }
    value = vmax + d - mu * std::cbrt(big_a * big_a);
    return mu * inv / (3.0 * std::cbrt(big_a)) - 1.0;
  };
  double at_zero = 0;
  const double t0 = slope_excess(0.0, at_zero);
  if (std::isfinite(t0) && t0 <= 0) return at_zero;  // minimum at eta = max v
  double hi = std::max(gap.maxCoeff(), 1e-12), value = 0;
  for (int i = 0; i < 2000 && slope_excess(hi, value) > 0; ++i) hi *= 4;
  double lo = hi * 1e-300;
  for (int it = 0; it < 120; ++it) {
    const double mid = std::sqrt(lo * hi);
    if (!(mid > lo && mid < hi)) break;
    if (slope_excess(mid, value) > 0)
      lo = mid;
    else
      hi = mid;
  }
  double best = 0;
  slope_excess(hi, best);
  double other = 0;
  slope_excess(lo, other);
  return std::min(best, other);
}
}  // namespace

double projected_budget(const ChiSquareSet& set, long s1, long s2) {
  // Eq. (28), right-hand side.
  return std::sqrt(set.radius + 1.0) - 1.0 + set.p_hat.row(s1).sum() + set.p_hat.row(s2).sum();
}

double projected_statistic(const ChiSquareSet& set, long s1, long s2, const Vector& r1, const Vector& r2) {
  // Eq. (28), left-hand side.
  return k_term(set.p_hat.row(s1).transpose(), r1) + k_term(set.p_hat.row(s2).transpose(), r2);
}

bool in_projected_set(const ChiSquareSet& set, long s1, long s2, const Vector& r1, const Vector& r2, double slack) {
  for (const Vector* r : {&r1, &r2})
    if (r->size() != set.num_u() || r->minCoeff() < -1e-12 || std::abs(r->sum() - 1.0) > 1e-9) return false;
  return projected_statistic(set, s1, s2, r1.cwiseMax(0.0), r2.cwiseMax(0.0)) <= projected_budget(set, s1, s2) + slack;
}

double support_pair_dual(const ChiSquareSet& set, long s1, long s2, const Vector& v1, const Vector& v2, double eta1,
                         double eta2) {
  // Eq. (29) with c and w eliminated: eta1 + eta2 - (A1^{2/3} + A2^{2/3})^3 / C^2.
  const double c = projected_budget(set, s1, s2);
  const double a1 = block_a_term(set.p_hat.row(s1).transpose(), v1, eta1);
  const double a2 = block_a_term(set.p_hat.row(s2).transpose(), v2, eta2);
  const double s = std::cbrt(a1 * a1) + std::cbrt(a2 * a2);
  return eta1 + eta2 - s * s * s / (c * c);
}

PairSupport support_pair(const ChiSquareSet& set, long s1, long s2, const Vector& v1, const Vector& v2) {
  const Vector a1 = set.p_hat.row(s1).transpose();
  const Vector a2 = set.p_hat.row(s2).transpose();
  const double m1 = a1.sum(), m2 = a2.sum();
  const double c = projected_budget(set, s1, s2);

  // max over k1 in [m1, C - m2] of phi1(k1) + phi2(C - k1): concave, with derivative
  // rate1(k1) - rate2(C - k1) decreasing. Root of g = ln rate1 - ln rate2 by the Illinois
  // variant of regula falsi (bisection while an end value is infinite).
  auto g_of = [](const BlockSolution& x, const BlockSolution& y) {
    if (x.rate == y.rate) return 0.0;
    if (std::isinf(x.rate) || y.rate <= 0) return kInf;
    if (std::isinf(y.rate) || x.rate <= 0) return -kInf;
    return std::log(x.rate) - std::log(y.rate);
  };
  double lo = m1, hi = std::max(m1, c - m2);
  BlockSolution b1 = solve_block(a1, v1, lo), b2 = solve_block(a2, v2, c - lo);
  double k1 = lo, g_lo = g_of(b1, b2);
  if (hi > lo && g_lo > 0) {
    BlockSolution h1 = solve_block(a1, v1, hi), h2 = solve_block(a2, v2, c - hi);
    double g_hi = g_of(h1, h2);
    if (g_hi >= 0) {
      k1 = hi;
      b1 = std::move(h1);
      b2 = std::move(h2);
    } else {
      int side = 0;  // which end was retained last (Illinois halves its value)
      for (int it = 0; it < kMaxSplitIterations && hi - lo > kSplitTolerance * c; ++it) {
        double mid = lo + 0.5 * (hi - lo);
        if (std::isfinite(g_lo) && std::isfinite(g_hi)) {
          mid = (lo * g_hi - hi * g_lo) / (g_hi - g_lo);
          if (!(mid > lo && mid < hi)) mid = lo + 0.5 * (hi - lo);
        }
        BlockSolution t1 = solve_block(a1, v1, mid), t2 = solve_block(a2, v2, c - mid);
        const double g = g_of(t1, t2);
        k1 = mid;
        b1 = std::move(t1);
        b2 = std::move(t2);
        if (g == 0) break;
        if (g > 0) {
          lo = mid;
          g_lo = g;
          if (side == -1) g_hi *= 0.5;
          side = -1;
        } else {
          hi = mid;
          g_hi = g;
          if (side == 1) g_lo *= 0.5;
          side = 1;
        }
        if (std::abs(g) <= 1e-13) break;
      }
    }
  }
  // A degenerate block (its estimate already at max v) is optimal at every eta; the joint dual
  // of Theorem 4 needs the eta that matches the common rate lambda: min over d of
  // d - kappa lambda^{2/3} (m sqrt d)^{2/3} gives d = lambda m / 2.
  const double lambda = std::max(b1.degenerate ? 0.0 : b1.rate, b2.degenerate ? 0.0 : b2.rate);
  if (b1.degenerate && std::isfinite(lambda)) b1.eta = v1.maxCoeff() + lambda * m1 / 2;
  if (b2.degenerate && std::isfinite(lambda)) b2.eta = v2.maxCoeff() + lambda * m2 / 2;
  // Upper bounds: the reduced form of (29) at the blocks' etas, and the Lagrange dual
  // lambda C + g1(lambda) + g2(lambda) at the blocks' rates (robust when a block is nearly
  // degenerate and its eta is not resolvable from its budget).
  double dual_bound = kInf;
  if (std::isfinite(b1.eta) && std::isfinite(b2.eta))
    dual_bound = support_pair_dual(set, s1, s2, v1, v2, b1.eta, b2.eta);
  for (double lam : {b1.rate, b2.rate}) {
    if (!std::isfinite(lam) || lam < 0) continue;
    dual_bound = std::min(dual_bound, lam * c + block_dual_term(a1, v1, lam) + block_dual_term(a2, v2, lam));
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
  } else {
    out.upper = std::max(out.value, dual_bound);  // +inf: no finite dual point at hand
  }
  return out;
}

Vector lift_to_joint(const ChiSquareSet& set, long s1, long s2, const Vector& r1, const Vector& r2) {
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
