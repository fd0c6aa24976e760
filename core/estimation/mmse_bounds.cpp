/**
 * @file mmse_bounds.cpp
 * @brief Lemma 4 water-filling and the bounds of Theorems 4-5 and Example 4.
 */
#include "estimation/mmse_bounds.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "common/arguments.h"
#include "common/error.h"
#include "common/field_path.h"

namespace privlab::estimation {

namespace {
/// The hypotheses of Theorems 4-5 and Example 4 on (rho, second): |rho_i| <= 1 and
/// sum rho_i^2 <= 1 (orthonormal phi_i); second_i in [lo, hi] (nu_i in [0, 1], alpha_i in
/// [0, 1/2]), one per rho. Paths name the arguments ("/rho/2"); the JSON reader prefixes them.
void check_bound_input(const Vector& rho, const Vector& second, const std::string& name, double lo, double hi,
                       const std::string& range) {
  arguments::non_empty(rho, "/rho");
  arguments::finite(rho, "/rho");
  arguments::finite(second, "/" + name);
  if (second.size() != rho.size()) bad_request("shape_mismatch", "/" + name, "one " + name + " per rho");
  for (long i = 0; i < rho.size(); ++i) {
    if (std::abs(rho(i)) > 1) bad_request("out_of_range", field_path::child("/rho", i), "|rho_i| <= 1");
    if (second(i) < lo || second(i) > hi)
      bad_request("out_of_range", field_path::child("/" + name, i), name + "_i in " + range);
  }
  if (rho.squaredNorm() > 1 + 1e-9)
    bad_request("out_of_range", "/rho", "sum rho_i^2 must be at most 1 (orthonormal phi_i)");
}
}  // namespace

double lemma4_l(const Vector& a, const Vector& b) {
  const long n = a.size();
  if (n == 0) return 0;
  const double norm2 = a.squaredNorm();
  std::vector<long> pi(n);
  std::iota(pi.begin(), pi.end(), 0L);
  // pi sorts b_i / a_i ascending (Lemma 4).
  std::sort(pi.begin(), pi.end(), [&](long i, long j) { return b(i) * a(j) < b(j) * a(i); });
  // ERRATUM (docs/errata.md): exit when every ratio is at least 1/||a|| (y = a/||a|| feasible).
  if (b(pi[0]) / a(pi[0]) >= 1.0 / std::sqrt(norm2)) return std::sqrt(norm2);
  // Eq. (27): k* = the largest k with b/a <= sqrt((1 - sum_{i<k} b^2)^+ / (||a||^2 - sum_{i<k} a^2)).
  long kstar = 0;
  double sum_b2 = 0, sum_a2 = 0;
  for (long k = 1; k <= n; ++k) {
    const long i = pi[k - 1];
    const double rest = norm2 - sum_a2;
    const double bound = rest > 0 ? std::sqrt(std::max(0.0, 1.0 - sum_b2) / rest) : 0.0;
    if (b(i) / a(i) <= bound) kstar = k;
    sum_b2 += b(i) * b(i);
    sum_a2 += a(i) * a(i);
  }
  double head = 0, tail_a2 = 0, b2 = 0;
  for (long k = 0; k < n; ++k) {
    const long i = pi[k];
    if (k < kstar) {
      head += a(i) * b(i);
      b2 += b(i) * b(i);
    } else {
      tail_a2 += a(i) * a(i);  // ||a||^2 - sum_{i<=k*} a_i^2, summed directly (no cancellation)
    }
  }
  return head + std::sqrt(tail_a2 * std::max(0.0, 1.0 - b2));
}

double rho_zero(const Vector& rho) { return std::sqrt(std::max(0.0, 1.0 - rho.squaredNorm())); }

namespace {
/// Keeps the entries with |rho_i| > 0 (as absolute values) and their nu_i.
void nonzero(const Vector& rho, const Vector& nu, Vector& a, Vector& b) {
  std::vector<double> av, bv;
  for (long i = 0; i < rho.size(); ++i)
    if (std::abs(rho(i)) > 0) {
      av.push_back(std::abs(rho(i)));
      bv.push_back(nu(i));
    }
  a = Eigen::Map<Vector>(av.data(), av.size());
  b = Eigen::Map<Vector>(bv.data(), bv.size());
}
}  // namespace

double theorem4_b(double rho0, const Vector& rho, const Vector& nu) {
  Vector a, b;
  nonzero(rho, nu, a, b);
  if (rho0 > 0) {  // eq. (30), first case: L_{m+1}(rho_0, nu_0)
    Vector a0(a.size() + 1), b0(b.size() + 1);
    a0 << rho0, a;
    b0 << 1.0, b;
    return lemma4_l(a0, b0);
  }
  return lemma4_l(a, b);
}

MmseBound theorem4_bound(const Vector& rho, const Vector& nu) {
  check_bound_input(rho, nu, "nu", 0, 1, "[0,1]");
  MmseBound out;
  out.correlation_bound = std::min(1.0, theorem4_b(rho_zero(rho), rho, nu));  // (29)
  out.mmse_bound = 1.0 - out.correlation_bound * out.correlation_bound;       // (31)
  return out;
}

MmseBound theorem5_bound(const Vector& rho, const Vector& nu, long t) {
  check_bound_input(rho, nu, "nu", 0, 1, "[0,1]");
  if (t < 0 || t > rho.size())
    bad_request("out_of_range", "/t", "t must lie in [0, " + std::to_string(rho.size()) + "]");
  // (32): sqrt(sum_{k<=t} nu_k^2 rho_k^2 + B_{m-t}(rho~, nu~)^2), rho~ = (rho_0, rho_{t+1..m}).
  const long m = rho.size();
  double head = 0;
  for (long k = 0; k < t; ++k) head += nu(k) * nu(k) * rho(k) * rho(k);
  const double tail = theorem4_b(rho_zero(rho), rho.tail(m - t), nu.tail(m - t));
  MmseBound out;
  out.correlation_bound = std::min(1.0, std::sqrt(head + tail * tail));
  out.mmse_bound = 1.0 - out.correlation_bound * out.correlation_bound;  // (34)
  return out;
}

double example4_error_bound(const Vector& rho, const Vector& alpha) {
  check_bound_input(rho, alpha, "alpha", 0, 0.5, "[0, 1/2]");
  const Vector nu = (1.0 - 2.0 * alpha.array()).matrix();
  return 0.5 * (1.0 - std::min(1.0, theorem4_b(rho_zero(rho), rho, nu)));  // (38)
}

}  // namespace privlab::estimation
