/**
 * @file gamma_hat.cpp
 * @brief Gamma-hat [rldp Definition 3] as |S|^2 + 2|X| rows with one max and one min per s.
 */
#include "rldp/gamma_hat.h"

#include <algorithm>
#include <cmath>

namespace privlab::rldp {

double GammaHat::top(const Vector& v, long s) const {
  const auto b = v.segment(s * nu, nu);
  return lower.row(s).dot(b) + c(s) * b.maxCoeff();
}

double GammaHat::bottom(const Vector& v, long s) const {
  const auto b = v.segment(s * nu, nu);
  return lower.row(s).dot(b) + c(s) * b.minCoeff();
}

double GammaHat::violation(const Vector& v) const {
  double worst = -v.sum();
  for (long s1 = 0; s1 < ns; ++s1) {
    if (!active[static_cast<std::size_t>(s1)]) continue;
    const double t = top(v, s1);
    for (long s2 = 0; s2 < ns; ++s2) {
      if (!active[static_cast<std::size_t>(s2)] || (s1 == s2 && !same_s_rows)) continue;
      worst = std::max(worst, t - e * bottom(v, s2));  // (43) over all (u1, u2) at once
    }
  }
  return worst / std::max(v.sum(), 1e-300);
}

GammaHat make_gamma_hat(const Matrix& lower, double epsilon, bool same_s_rows, std::vector<char> active) {
  GammaHat g;
  g.ns = lower.rows();
  g.nu = lower.cols();
  g.e = std::exp(epsilon);
  g.lower = lower;
  g.c.resize(g.ns);
  for (long s = 0; s < g.ns; ++s) g.c(s) = std::max(0.0, 1.0 - lower.row(s).sum());
  g.same_s_rows = same_s_rows;
  g.active = active.empty() ? std::vector<char>(static_cast<std::size_t>(g.ns), 1) : std::move(active);
  return g;
}

lp::LinearProgram gamma_hat_program(const GammaHat& g) {
  const long a = g.num_x();
  const auto big_m = [&](long s) { return static_cast<int>(a + 2 * s); };
  const auto small_m = [&](long s) { return static_cast<int>(a + 2 * s + 1); };
  lp::LinearProgram prog;
  prog.maximize = true;
  prog.objective = Vector::Zero(a + 2 * g.ns);
  for (long s = 0; s < g.ns; ++s)
    for (long u = 0; u < g.nu; ++u) {
      const int x = static_cast<int>(s * g.nu + u);
      prog.add_row({{{x, 1.0}, {big_m(s), -1.0}}, -lp::kInf, 0.0});   // v_{s,u} <= M_s
      prog.add_row({{{x, 1.0}, {small_m(s), -1.0}}, 0.0, lp::kInf});  // v_{s,u} >= m_s
    }
  for (long s1 = 0; s1 < g.ns; ++s1) {
    if (!g.active[static_cast<std::size_t>(s1)]) continue;
    for (long s2 = 0; s2 < g.ns; ++s2) {
      if (!g.active[static_cast<std::size_t>(s2)] || (s1 == s2 && !g.same_s_rows)) continue;
      // Definition 3 (43) for every (u1, u2): L_{s1}.v_{s1} + c_{s1} M_{s1} <= e (L_{s2}.v_{s2} + c_{s2} m_{s2}).
      lp::Row row;
      row.upper = 0.0;
      for (long u = 0; u < g.nu; ++u) {
        const double coef = g.lower(s1, u) - (s1 == s2 ? g.e * g.lower(s2, u) : 0.0);
        if (coef != 0) row.coeffs.emplace_back(static_cast<int>(s1 * g.nu + u), coef);
        if (s1 != s2 && g.lower(s2, u) != 0)
          row.coeffs.emplace_back(static_cast<int>(s2 * g.nu + u), -g.e * g.lower(s2, u));
      }
      if (g.c(s1) > 0) row.coeffs.emplace_back(big_m(s1), g.c(s1));
      if (g.c(s2) > 0) row.coeffs.emplace_back(small_m(s2), -g.e * g.c(s2));
      if (!row.coeffs.empty()) prog.add_row(std::move(row));
    }
  }
  lp::Row sum;
  for (long x = 0; x < a; ++x) sum.coeffs.emplace_back(static_cast<int>(x), 1.0);
  sum.lower = sum.upper = 1.0;
  prog.add_row(std::move(sum));
  return prog;
}

}  // namespace privlab::rldp
