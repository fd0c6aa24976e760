/**
 * @file projections.cpp
 * @brief Theorem 1, Proposition 1, Lemma 1 / Proposition 2 and the Renyi-ball support function.
 */
#include "rldp/projections.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "rldp/search.h"

namespace privlab::rldp {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
bool is_one(double alpha) { return std::abs(alpha - 1.0) < 1e-12; }
}  // namespace

double renyi_phi(double alpha, double d) {
  if (std::isinf(d)) return alpha >= 1 ? kInf : 1.0 / (1.0 - alpha);
  if (is_one(alpha)) return d;
  return std::expm1((alpha - 1.0) * d / alpha) / (alpha - 1.0);
}

double renyi_phi_inverse(double alpha, double z) {
  if (std::isinf(z)) return kInf;
  if (is_one(alpha)) return z;
  const double arg = (alpha - 1.0) * z;  // > -1 required
  if (arg <= -1.0) return kInf;
  return alpha / (alpha - 1.0) * std::log1p(arg);
}

double projected_radius(double alpha, double b, double ps) {
  if (ps <= 0 || std::isinf(b)) return kInf;
  // Theorem 1 (24) is phi(B_s) = phi(B) / P_s, written through phi.
  return renyi_phi_inverse(alpha, renyi_phi(alpha, b) / ps);
}

double projected_radius_fixed_marginal(double alpha, double b, double ps) {
  if (ps <= 0 || std::isinf(b)) return kInf;
  if (is_one(alpha)) return b / ps;
  const double arg = std::expm1((alpha - 1.0) * b) / ps;
  if (arg <= -1.0) return kInf;
  return std::log1p(arg) / (alpha - 1.0);
}

double binary_divergence(double alpha, double rho, double xi) {
  Vector p(2), r(2);
  p << rho, 1.0 - rho;
  r << std::clamp(rho * xi, 0.0, 1.0), std::clamp(1.0 - rho * xi, 0.0, 1.0);
  return renyi_divergence(alpha, p, r);
}

namespace {
/// D((rho,1-rho) || (r,1-r)) as a function of the mass r itself (defined also for rho = 0).
double binary_in_r(double alpha, double rho, double r) {
  Vector p(2), q(2);
  p << rho, 1.0 - rho;
  q << r, 1.0 - r;
  return renyi_divergence(alpha, p, q);
}
/// Smallest r in [0, rho] with divergence <= b_s (returned on the outer side of the root).
double r_minus(double alpha, double b_s, double rho) {
  if (rho <= 0) return 0.0;
  if (std::isinf(b_s) || binary_in_r(alpha, rho, 0.0) <= b_s) return 0.0;
  return search::bisect([&](double r) { return binary_in_r(alpha, rho, r) <= b_s; }, 0.0, rho).first;
}
/// Largest r in [rho, 1] with divergence <= b_s (outer side of the root).
double r_plus(double alpha, double b_s, double rho) {
  if (rho >= 1) return 1.0;
  if (std::isinf(b_s) || binary_in_r(alpha, rho, 1.0) <= b_s) return 1.0;
  return search::bisect([&](double r) { return binary_in_r(alpha, rho, r) > b_s; }, rho, 1.0).second;
}
}  // namespace

double xi_minus(double alpha, double b_s, double rho) { return rho > 0 ? r_minus(alpha, b_s, rho) / rho : 0.0; }
double xi_plus(double alpha, double b_s, double rho) { return rho > 0 ? r_plus(alpha, b_s, rho) / rho : kInf; }

Vector lower_bounds(double alpha, double b_s, const Vector& cond) {
  Vector l(cond.size());
  for (long u = 0; u < cond.size(); ++u) l(u) = r_minus(alpha, b_s, cond(u));  // (29)
  return l;
}

Radius l1_radius(double alpha, double b_s, const Vector& cond) {
  const long k = cond.size();
  if (std::isinf(b_s)) return {2.0, true};
  if (b_s <= 0 || k < 2) return {0.0, true};
  if (k > kMaxExactRadiusU) {
    // Pinsker for Renyi divergences (van Erven & Harremoes 2014, Thm 31):
    // D_alpha >= min(alpha,1)/2 ||P - R||_1^2.
    return {std::min(2.0, std::sqrt(2.0 * b_s / std::min(alpha, 1.0))), false};
  }
  // (30), written with r = rho xi so that sets of P-hat mass 0 (which can still gain mass) count:
  // ||R - P||_1 = 2 max_{U1} (R(U1) - P(U1)), and max R(U1) over the ball is r+(P(U1)) by
  // reduction to the binary pair (U1, complement) (Lemma A6).
  std::set<long long> seen;  // subset masses already evaluated (to 1e-13)
  double best = 0;
  for (unsigned long mask = 1; mask + 1 < (1UL << k); ++mask) {
    double rho = 0;
    for (long u = 0; u < k; ++u)
      if (mask & (1UL << u)) rho += cond(u);
    rho = std::clamp(rho, 0.0, 1.0);
    if (!seen.insert(std::llround(rho * 1e13)).second) continue;
    best = std::max(best, r_plus(alpha, b_s, rho) - rho);
  }
  return {std::min(2.0, 2.0 * best), true};
}

double xi_minus_alpha2(double b_s, double rho) {
  const double e = std::exp(b_s), t = 2 * rho - 1;
  return (e + t - std::sqrt(std::max(0.0, (e - 1) * (e - t * t)))) / (2 * e * rho);  // Lemma 1
}
double xi_plus_alpha2(double b_s, double rho) {
  const double e = std::exp(b_s), t = 2 * rho - 1;
  return (e + t + std::sqrt(std::max(0.0, (e - 1) * (e - t * t)))) / (2 * e * rho);  // Lemma 1
}
double lower_bound_alpha2(double b_s, double rho) {
  const double e = std::exp(b_s), t = 2 * rho - 1;
  // Proposition 2.1; the root can be negative when the ball reaches the face: L = 0 there.
  return std::max(0.0, (e + t - std::sqrt(std::max(0.0, (e - 1) * (e - t * t)))) / (2 * e));
}
std::optional<double> radius_alpha2_closed(double b_s, const Vector& cond) {
  const double pmin = cond.minCoeff();
  if (b_s < std::log1p((1 - pmin) * (1 - pmin))) return std::nullopt;
  const double e = std::exp(b_s), t = 2 * pmin - 1;
  // ERRATUM (docs/errata.md): Proposition 2.2 lost the final "- 2 P_{u_min|s}".
  const double r = (e + t + std::sqrt(std::max(0.0, (e - 1) * (e - t * t)))) / e - 2 * pmin;
  return std::min(2.0, r);
}
double radius_alpha2_bound(double b_s) { return std::sqrt(std::expm1(b_s)); }

namespace {
/// max c.R over R supported on supp(p) with D(p||R) <= d; p sums to 1 on its support.
double support_on_support(double alpha, const Vector& p, const std::vector<long>& supp, double d, const Vector& c,
                          Vector* r_out) {
  double cmax = -kInf, cmin = kInf;
  for (long u : supp) {
    cmax = std::max(cmax, c(u));
    cmin = std::min(cmin, c(u));
  }
  Vector r = Vector::Zero(p.size());
  const double gap = cmax - cmin;
  if (gap <= 1e-15 * (1.0 + std::abs(cmax)) || d <= 0) {
    for (long u : supp) r(u) = p(u);
    if (r_out) *r_out = r;
    return c.dot(r);
  }
  // R_u = p_u k (mu - c_u)^{-1/alpha}, mu = cmax + tau: computed in logs for stability.
  const long k = static_cast<long>(supp.size());
  std::vector<double> log_p(static_cast<std::size_t>(k)), lw(static_cast<std::size_t>(k));
  for (long i = 0; i < k; ++i) log_p[static_cast<std::size_t>(i)] = std::log(p(supp[static_cast<std::size_t>(i)]));
  // lw[i] = ln R_u + ln(normaliser) for u = supp[i]; returns ln of the normaliser sum_u e^{lw}.
  auto log_weights = [&](double log_tau) {
    const double tau = std::exp(log_tau);
    double mx = -kInf;
    for (long i = 0; i < k; ++i) {
      const auto j = static_cast<std::size_t>(i);
      lw[j] = log_p[j] - std::log((cmax - c(supp[j])) + tau) / alpha;
      mx = std::max(mx, lw[j]);
    }
    double sum = 0;
    for (long i = 0; i < k; ++i) sum += std::exp(lw[static_cast<std::size_t>(i)] - mx);
    return mx + std::log(sum);
  };
  auto build = [&](double log_tau) {
    const double log_norm = log_weights(log_tau);
    Vector w = Vector::Zero(p.size());
    for (long i = 0; i < k; ++i)
      w(supp[static_cast<std::size_t>(i)]) = std::exp(lw[static_cast<std::size_t>(i)] - log_norm);
    return w;
  };
  // D_alpha(p || R) from the logs (issue 28: the bisection below is the robust epsilon's inner
  // loop; two pow per term made rldp "adult" spend half its time here): ln R_u - ln p_u =
  // lw - ln p - log_norm, so sum_u p_u^alpha R_u^{1-alpha} = sum_u p_u e^{(1-alpha)(ln R_u - ln p_u)}.
  auto divergence = [&](double log_tau) {
    const double log_norm = log_weights(log_tau);
    const bool kl = std::abs(alpha - 1.0) < 1e-12;
    double sum = 0;
    for (long i = 0; i < k; ++i) {
      const auto j = static_cast<std::size_t>(i);
      const double log_ratio = lw[j] - log_p[j] - log_norm;  // ln(R_u / p_u)
      const double pu = p(supp[j]);
      sum += kl ? -pu * log_ratio : pu * std::exp((1.0 - alpha) * log_ratio);
    }
    return kl ? sum : std::log(sum) / (alpha - 1.0);
  };
  const double lo = std::log(gap) - 90.0, hi = std::log(gap) + 90.0;
  auto feasible = [&](double log_tau) { return divergence(log_tau) <= d; };
  double at = hi;
  if (feasible(lo))
    at = lo;  // alpha < 1: the limit concentration on argmax c is within reach
  else
    at = search::bisect(feasible, lo, hi, 64).second;
  r = build(at);
  if (r_out) *r_out = r;
  return c.dot(r);
}
}  // namespace

double ball_support(double alpha, const Vector& p, double d, const Vector& c, Vector* argmax) {
  const long n = p.size();
  long imax = 0;
  for (long u = 1; u < n; ++u)
    if (c(u) > c(imax)) imax = u;
  if (std::isinf(d)) {
    if (argmax) {
      *argmax = Vector::Zero(n);
      (*argmax)(imax) = 1.0;
    }
    return c(imax);
  }
  std::vector<long> supp;
  long zero_best = -1;
  for (long u = 0; u < n; ++u) {
    if (p(u) > 0)
      supp.push_back(u);
    else if (zero_best < 0 || c(u) > c(zero_best))
      zero_best = u;
  }
  if (zero_best < 0 || d <= 0) return support_on_support(alpha, p, supp, d, c, argmax);
  // Mass m on the best coordinate outside supp(p): D(p || (1-m)R') = D(p||R') - ln(1-m),
  // and the value m c0 + (1-m) h(d + ln(1-m)) is concave in m (a convex program's value).
  const double c0 = c(zero_best);
  auto value = [&](double m) {
    return m * c0 + (1 - m) * support_on_support(alpha, p, supp, d + std::log1p(-m), c, nullptr);
  };
  const double mmax = -std::expm1(-d);
  const auto [m, v] = search::maximize(value, 0.0, mmax, 8, 60);
  if (argmax) {
    Vector r;
    support_on_support(alpha, p, supp, d + std::log1p(-m), c, &r);
    r *= (1 - m);
    r(zero_best) += m;
    *argmax = r;
  }
  return v;
}

Projection project(const JointDistribution& joint, const UncertaintySet& set) {
  const long ns = joint.num_s(), nu = joint.num_u();
  Projection pr;
  pr.b_s = Vector::Zero(ns);
  pr.lower = Matrix::Zero(ns, nu);
  pr.rad = Vector::Zero(ns);
  const Vector ps = joint.s_marginal();
  for (long s = 0; s < ns; ++s) {
    const bool seen = ps(s) > 0;
    switch (set.kind) {
      case UncertaintySet::Kind::kPoint:
        if (seen) pr.lower.row(s) = joint.conditional_u_given_s(s).transpose();
        break;
      case UncertaintySet::Kind::kSimplex:
        pr.b_s(s) = kInf;
        pr.rad(s) = 2.0;
        break;
      case UncertaintySet::Kind::kRenyiBall: {
        pr.b_s(s) = projected_radius(set.alpha, set.radius, ps(s));
        if (!seen) {
          pr.rad(s) = 2.0;
          break;
        }
        const Vector cond = joint.conditional_u_given_s(s);
        pr.lower.row(s) = lower_bounds(set.alpha, pr.b_s(s), cond).transpose();
        const Radius r = l1_radius(set.alpha, pr.b_s(s), cond);
        pr.rad(s) = r.value;
        pr.rad_exact = pr.rad_exact && r.exact;
        break;
      }
    }
  }
  return pr;
}

}  // namespace privlab::rldp
