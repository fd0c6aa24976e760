/**
 * @file robust_measures.cpp
 * @brief Nominal and robust distortion (eq. (18), (22)) and certified robust epsilon (eq. (4),
 *        Theorem 4 with Dinkelbach's method).
 */
#include "rldp_mse/robust_measures.h"

#include <cmath>
#include <limits>

#include "rldp_mse/projected_set.h"

namespace privlab::rldp_mse {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kMaxDinkelbach = 100;

/// Largest ratio over F_{U|s1,s2} with its certificate: {lower (attained), upper (certified)}.
struct Ratio {
  double lower = 0, upper = 0;
  Vector r1, r2;
};

Ratio max_ratio(const ChiSquareSet& set, long s1, long s2, const Vector& q1, const Vector& q2) {
  Ratio out;
  // Dinkelbach: t_{k+1} = q1.R1 / q2.R2 at the maximiser of q1.R1 - t_k q2.R2 (t_0 = 0).
  double t = 0;
  for (int it = 0; it < kMaxDinkelbach; ++it) {
    const PairSupport sp = support_pair(set, s1, s2, q1, -t * q2);
    const double num = q1.dot(sp.r1), den = q2.dot(sp.r2);
    if (den <= 0) {
      if (num > 0) {  // a member of F makes this output impossible under s2 only: x/0
        out.lower = out.upper = kInf;
        out.r1 = sp.r1;
        out.r2 = sp.r2;
        return out;
      }
      break;  // num = 0 too: the maximum of q1.R1 - t q2.R2 is 0, t is optimal
    }
    const double next = num / den;
    if (!(next > t * (1 + 1e-14))) break;
    t = next;
    out.r1 = sp.r1;
    out.r2 = sp.r2;
  }
  out.lower = t;
  if (out.r1.size() == 0) {  // t = 0: q1.R1 = 0 at the maximiser of q1.R1
    const PairSupport sp = support_pair(set, s1, s2, q1, Vector::Zero(q2.size()));
    out.r1 = sp.r1;
    out.r2 = sp.r2;
  }
  // Certificate: the smallest t_up = t (1 + rho) whose dual bound proves q1.R1 <= t_up q2.R2 on F_U.
  out.upper = kInf;
  for (double rho : {0.0, 1e-13, 1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-4, 1e-2}) {
    const double t_up = t * (1 + rho);
    if (support_pair(set, s1, s2, q1, -t_up * q2).upper <= 0) {
      out.upper = t_up;
      break;
    }
  }
  return out;
}
}  // namespace

Vector distortion_per_input(const Matrix& q, const Vector& values) {
  const long nu = values.size();
  Vector d = Vector::Zero(q.cols());
  for (long x = 0; x < q.cols(); ++x) {
    const double ux = values(x % nu);
    for (long y = 0; y < q.rows(); ++y) {
      const double diff = ux - values(y);
      d(x) += q(y, x) * diff * diff;
    }
  }
  return d;
}

double distortion(const Matrix& q, const Vector& values, const Vector& p) {
  return p.dot(distortion_per_input(q, values));
}

RobustDistortion robust_distortion(const Matrix& q, const Vector& values, const ChiSquareSet& set) {
  const Support s = support_function(set, distortion_per_input(q, values));
  return {s.upper, s.value, s.p};
}

RobustEpsilon robust_epsilon(const Matrix& q, const ChiSquareSet& set) {
  RobustEpsilon out;
  double best_lower_ratio = 1.0, best_upper_ratio = 1.0;  // ln 1 = 0 (s1 = s2 is always allowed)
  for_each_secret_pair(q, set.num_s(), set.num_u(), [&](long y, long s1, long s2, const Vector& q1, const Vector& q2) {
    if (q1.maxCoeff() <= 0) return;  // P(Y=y|S=s1) = 0 for every P: ratio 0 or 0/0 = 1
    const Ratio r = max_ratio(set, s1, s2, q1, q2);
    best_upper_ratio = std::max(best_upper_ratio, r.upper);
    if (r.lower > best_lower_ratio) {
      best_lower_ratio = r.lower;
      out.y = y;
      out.s1 = s1;
      out.s2 = s2;
      out.r1 = r.r1;
      out.r2 = r.r2;
    }
  });
  out.value = std::log(best_upper_ratio);
  out.lower = std::log(best_lower_ratio);
  return out;
}

}  // namespace privlab::rldp_mse
