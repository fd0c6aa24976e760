/**
 * @file confidence_set.cpp
 * @brief F of eq. (2)-(3), the block problem and the support function of Theorem 2.
 */
#include "rldp_mse/confidence_set.h"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>
#include <limits>

#include "common/error.h"

namespace privlab::rldp_mse {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kMaxIterations = 200;
}  // namespace

Vector ChiSquareSet::flat() const {
  Vector out(num_x());
  for (long s = 0; s < num_s(); ++s)
    for (long u = 0; u < num_u(); ++u) out(s * num_u() + u) = p_hat(s, u);
  return out;
}

double radius_from_confidence(double confidence, long long n, long num_x) {
  // Checked here too: the typed API exports it (privlab/rldp_mse.h).
  if (!(confidence >= 1e-9 && confidence <= 1 - 1e-12))
    bad_request("out_of_range", "/confidence", "confidence must lie in (0, 1)");
  if (n < 1) bad_request("out_of_range", "/n", "n must be a positive integer");
  if (num_x < 1) bad_request("out_of_range", "/num_x", "num_x must be a positive integer");
  // Eq. (3): B = F^{-1}_{|S x U| - 1}(1 - alpha) / n, with confidence = 1 - alpha.
  const long dof = std::max(1L, num_x - 1);
  const double q = boost::math::quantile(boost::math::chi_squared(static_cast<double>(dof)), confidence);
  return q / static_cast<double>(n);
}

ChiSquareSet make_set(const JointDistribution& estimate, double radius) {
  ChiSquareSet set;
  set.p_hat = estimate.p;
  set.radius = radius;
  return set;
}

double neyman_chi2(const Vector& p_hat, const Vector& p) {
  double sum = 0;
  for (long x = 0; x < p.size(); ++x) {
    if (p(x) <= 0) {
      if (p_hat(x) > 0) return kInf;
      continue;
    }
    const double d = p_hat(x) - p(x);
    sum += d * d / p(x);
  }
  return sum;
}

bool contains(const ChiSquareSet& set, const Vector& p, double slack) {
  if (p.size() != set.num_x() || p.minCoeff() < -1e-12 || std::abs(p.sum() - 1.0) > 1e-9) return false;
  return neyman_chi2(set.flat(), p.cwiseMax(0.0)) <= set.radius + slack;
}

double block_a_term(const Vector& a, const Vector& v, double eta) {
  double sum = 0;
  for (long u = 0; u < a.size(); ++u)
    if (a(u) > 0) sum += a(u) * std::sqrt(std::max(0.0, eta - v(u)));
  return sum;
}

BlockSolution solve_block(const Vector& a, const Vector& v, double k) {
  const long size = a.size();
  BlockSolution out;
  out.r = Vector::Zero(size);
  long arg_max = 0;
  const double vmax = v.maxCoeff(&arg_max);
  const double m = a.sum();
  double t_min = kInf;  // smallest v_u over the support of a
  for (long u = 0; u < size; ++u)
    if (a(u) > 0) t_min = std::min(t_min, v(u));

  if (m <= 0) {  // no estimate mass: the block is the whole simplex
    out.r(arg_max) = 1;
    out.value = vmax;
    out.eta = vmax;
    return out;
  }
  if (t_min >= vmax) {  // every a_u > 0 already sits at the maximum: R = a/m is optimal
    out.r = a / m;
    out.value = vmax;
    out.eta = vmax;
    out.degenerate = true;
    return out;
  }
  // The block pinned at R = a/m (no room to move): value v.a/m, no finite multiplier.
  auto pinned = [&]() {
    out.r = a / m;
    out.value = v.dot(out.r);
    out.eta = kInf;
    out.a_term = kInf;
    out.rate = kInf;
    return out;
  };
  if (k <= m) return pinned();  // the budget admits only R = a/m (sum a^2/R >= (sum a)^2 / sum R)

  // gaps g_u = vmax - v_u >= 0; eta = vmax + d. Work with gaps to avoid cancellation.
  const Vector gap = (Vector::Constant(size, vmax) - v).cwiseMax(0.0);
  const double k2 = k * k;
  bool touches_max = false;  // some a_u > 0 has v_u = vmax: S(d) -> infinity as d -> 0
  for (long u = 0; u < size; ++u)
    if (a(u) > 0 && gap(u) <= 0) touches_max = true;
  // S(d) = A(d) * sum_u a_u / sqrt(g_u + d) / k^2 = the mass of the stationary R (h'(eta) = 1 - S).
  auto terms = [&](double d, double& a_term, double& inv_sum) {
    a_term = 0;
    inv_sum = 0;
    for (long u = 0; u < size; ++u) {
      if (a(u) <= 0) continue;
      const double root = std::sqrt(gap(u) + d);
      a_term += a(u) * root;
      inv_sum += a(u) / root;
    }
  };

  double a0 = 0, inv0 = 0;
  if (!touches_max) {
    terms(0.0, a0, inv0);
    if (a0 * inv0 / k2 <= 1.0) {
      // Boundary optimum eta = vmax: the stationary R has mass <= 1; the rest goes to the
      // maximiser of v outside the support of a (it exists since no support point is maximal).
      const double scale = a0 / k2;
      for (long u = 0; u < size; ++u)
        if (a(u) > 0) out.r(u) = scale * a(u) / std::sqrt(gap(u));
      long z = -1;
      for (long u = 0; u < size; ++u)
        if (a(u) <= 0 && gap(u) <= 0) {
          z = u;
          break;
        }
      out.r(z) += std::max(0.0, 1.0 - out.r.sum());
      out.value = vmax - out.r.dot(gap);
      out.eta = vmax;
      out.a_term = a0;
      out.rate = 2 * a0 * a0 / (k2 * k);
      return out;
    }
  }

  // Root of S(d) = 1 (S decreasing, S(0+) > 1, S(inf) = m^2/k^2 < 1): bracket first.
  double lo = 0, hi = std::max(gap.maxCoeff(), 1e-300);
  double a_hi = 0, inv_hi = 0;
  terms(hi, a_hi, inv_hi);
  int grow = 0;
  while (a_hi * inv_hi / k2 >= 1.0 && grow < 2000) {
    lo = hi;
    hi *= 4;
    terms(hi, a_hi, inv_hi);
    ++grow;
  }
  if (a_hi * inv_hi / k2 >= 1.0) return pinned();  // k indistinguishable from m in floating point
  // Safeguarded Newton on ln S against ln d (S ~ c d^{-1/2} near 0, ~ m^2/k^2 far out: nearly
  // linear in these coordinates), keeping the bracket S(lo) >= 1 > S(hi).
  auto terms3 = [&](double d, double& a_term, double& inv_sum, double& inv3_sum) {
    a_term = inv_sum = inv3_sum = 0;
    for (long u = 0; u < size; ++u) {
      if (a(u) <= 0) continue;
      const double sq = gap(u) + d, root = std::sqrt(sq);
      a_term += a(u) * root;
      inv_sum += a(u) / root;
      inv3_sum += a(u) / (sq * root);
    }
  };
  double d = hi, last_s = 0;
  for (int it = 0; it < kMaxIterations; ++it) {
    double ad = 0, id = 0, jd = 0;
    terms3(d, ad, id, jd);
    last_s = ad * id / k2;
    if (last_s >= 1.0) {
      lo = std::max(lo, d);
    } else if (d <= hi) {
      hi = d;
      a_hi = ad;
      inv_hi = id;
    }
    if (std::abs(last_s - 1.0) <= 1e-14 || hi - lo <= 1e-14 * hi) break;
    const double slope = d * (id * id - ad * jd) / (2 * k2) / last_s;  // d ln S / d ln d < 0
    double next = slope < 0 ? d * std::exp(-std::log(last_s) / slope) : -1.0;
    if (!(next > lo && next < hi)) next = lo > 0 ? std::sqrt(lo * hi) : hi * 1e-3;
    d = next;
  }
  if (last_s >= 1.0 && hi > d * (1 + 1e-12)) {
    // Converged from below: step just past the root (S(hi) < 1 keeps R feasible).
    for (double rel : {1e-13, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3}) {
      const double up = d * (1 + rel);
      if (up >= hi) break;
      double au = 0, iu = 0;
      terms(up, au, iu);
      if (au * iu / k2 < 1.0) {
        hi = up;
        a_hi = au;
        inv_hi = iu;
        break;
      }
    }
  }
  // R from the feasible side (S(hi) < 1), normalised: sum a^2/R = S(hi) k^2 <= k^2.
  for (long u = 0; u < size; ++u)
    if (a(u) > 0) out.r(u) = a(u) / std::sqrt(gap(u) + hi) / inv_hi;
  out.value = vmax - out.r.dot(gap);
  out.eta = vmax + hi;
  out.a_term = a_hi;
  out.rate = 2 * a_hi * a_hi / (k2 * k);
  return out;
}

double support_dual(const ChiSquareSet& set, const Vector& v, double eta) {
  const double a = block_a_term(set.flat(), v, eta);
  return eta - a * a / (1.0 + set.radius);
}

Support support_function(const ChiSquareSet& set, const Vector& v) {
  const Vector p_hat = set.flat();
  Support out;
  if (set.radius <= 0) {  // F = {P-hat}
    out.p = p_hat;
    out.value = out.upper = p_hat.dot(v);
    out.eta = kInf;
    return out;
  }
  // Theorem 2 reduced (docs/errata.md): the block problem with a = P-hat, k^2 = B + 1.
  const BlockSolution block = solve_block(p_hat, v, std::sqrt(1.0 + set.radius));
  out.p = block.r;
  out.value = block.value;
  out.eta = block.eta;
  out.upper = std::isfinite(block.eta) ? support_dual(set, v, block.eta) : block.value;
  // The dual bound can only be below the attained value by rounding.
  out.upper = std::max(out.upper, out.value);
  return out;
}

}  // namespace privlab::rldp_mse
