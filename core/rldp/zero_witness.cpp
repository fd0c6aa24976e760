/**
 * @file zero_witness.cpp
 * @brief Exact Infinity of the robust epsilon over a Renyi ball with alpha < 1.
 */
#include "rldp/zero_witness.h"

#include <algorithm>
#include <cmath>

#include "rldp/projections.h"

namespace privlab::rldp {

namespace {

/// The optimal S-marginal for given conditionals, P_s ~ P-hat_s e^{(alpha-1) D_s / alpha}
/// (docs/errata.md), times the conditionals. Unseen rows get a tiny weight so that they count.
Matrix joint_of(double alpha, const Vector& ps, const Matrix& hat_cond, const Matrix& cond) {
  Vector weight(ps.size());
  for (long s = 0; s < ps.size(); ++s) {
    const double d = ps(s) > 0 ? renyi_divergence(alpha, hat_cond.row(s).transpose(), cond.row(s).transpose()) : 0;
    weight(s) = std::max(ps(s), 1e-12) * std::exp((alpha - 1.0) * d / alpha);
  }
  weight /= weight.sum();
  return weight.asDiagonal() * cond;
}

/// The [s][u] table w as the flat vector x = s|U| + u (JointDistribution::flat()'s order).
Vector flat(const Matrix& w) {
  Vector out(w.size());
  for (long s = 0; s < w.rows(); ++s) out.segment(s * w.cols(), w.cols()) = w.row(s).transpose();
  return out;
}

/**
 * A row whose conditional has no P-hat mass left (D_s = Infinity) gets weight 0 from joint_of,
 * the limit of F where P(y|s) is undefined. Give it weight delta (halved until W is in F, checked
 * by the divergence itself); nullopt when no delta down to 1e-300 fits (no slack in the budget:
 * the zero is only approached, not attained).
 */
std::optional<Matrix> with_row_weight(double alpha, double radius, const Vector& hat_flat, const Matrix& w, long s,
                                      const Vector& cond_s) {
  if (w.row(s).sum() > 0) return w;
  Matrix row = Matrix::Zero(w.rows(), w.cols());
  row.row(s) = cond_s.transpose();
  for (double delta = 0.5; delta > 1e-300; delta *= 0.5) {
    const Matrix candidate = (1 - delta) * w + delta * row;
    if (renyi_divergence(alpha, hat_flat, flat(candidate)) <= radius) return candidate;
  }
  return std::nullopt;
}
}  // namespace

double emptying_phi_cost(double alpha, double mass_on_z) {
  return (1.0 - std::clamp(mass_on_z, 0.0, 1.0)) / (1.0 - alpha);
}

std::optional<Matrix> zero_witness(const Matrix& q, const JointDistribution& joint, const UncertaintySet& set) {
  if (set.kind != UncertaintySet::Kind::kRenyiBall || !(set.alpha < 1)) return std::nullopt;
  const double alpha = set.alpha, budget = renyi_phi(alpha, set.radius);
  const long ns = joint.num_s(), nu = joint.num_u();
  const Vector ps = joint.s_marginal();
  Matrix hat(ns, nu);
  for (long s = 0; s < ns; ++s) {
    if (ps(s) > 0)
      hat.row(s) = joint.conditional_u_given_s(s).transpose();
    else
      hat.row(s).setConstant(1.0 / nu);  // an unseen s: its conditional is free
  }
  for (long y = 0; y < q.rows(); ++y)
    for (long s2 = 0; s2 < ns; ++s2) {
      // Z = {u : Q(y|s2,u) = 0}; the cheapest R2 on Z is P-hat_{U|s2} restricted to Z.
      double mass_z = 0;
      bool z_nonempty = false;
      for (long u = 0; u < nu; ++u)
        if (q(y, s2 * nu + u) == 0) {
          z_nonempty = true;
          mass_z += hat(s2, u);
        }
      if (!z_nonempty) continue;
      const double cost2 = ps(s2) > 0 ? ps(s2) * emptying_phi_cost(alpha, mass_z) : 0.0;
      if (!(cost2 <= budget)) continue;
      for (long s1 = 0; s1 < ns; ++s1) {
        if (s1 == s2) continue;
        const Vector q1 = q.row(y).segment(s1 * nu, nu).transpose();
        long best_u = 0;
        for (long u = 1; u < nu; ++u)
          if (q1(u) > q1(best_u)) best_u = u;
        if (!(q1(best_u) > 0)) continue;  // P(y|s1) = 0 for every P
        Matrix cond = hat;
        if (ps(s2) > 0 && mass_z > 0) {
          for (long u = 0; u < nu; ++u) cond(s2, u) = q(y, s2 * nu + u) == 0 ? hat(s2, u) / mass_z : 0.0;
        } else if (ps(s2) > 0) {
          // P-hat puts no mass on Z: any R2 on Z costs the whole row (D = Infinity, phi = 1/(1-alpha)).
          long zs = 0;
          for (long u = 0; u < nu; ++u) zs += q(y, s2 * nu + u) == 0;
          for (long u = 0; u < nu; ++u) cond(s2, u) = q(y, s2 * nu + u) == 0 ? 1.0 / static_cast<double>(zs) : 0.0;
        } else {
          long z = 0;
          while (q(y, s2 * nu + z) != 0) ++z;
          cond.row(s2).setZero();
          cond(s2, z) = 1.0;
        }
        if (!(q1.dot(hat.row(s1).transpose()) > 0)) {
          // P-hat(y|s1) = 0: move mass m to best_u, halving m until the leftover budget pays it.
          const double slack = budget - cost2;
          bool fits = false;
          for (double m = 1.0; m > 1e-300 && !fits; m *= 0.5) {
            Vector r1 = (1 - m) * hat.row(s1).transpose();
            r1(best_u) += m;
            const double cost1 =
                ps(s1) > 0 ? ps(s1) * renyi_phi(alpha, renyi_divergence(alpha, hat.row(s1).transpose(), r1)) : 0.0;
            if (cost1 <= slack) {
              cond.row(s1) = r1.transpose();
              fits = true;
            }
          }
          if (!fits) continue;
        }
        // Rows s2 and s1 (when emptied onto cells P-hat does not use) need a positive weight.
        const auto w2 = with_row_weight(alpha, set.radius, joint.flat(), joint_of(alpha, ps, hat, cond), s2,
                                        cond.row(s2).transpose());
        if (!w2) continue;
        if (auto w = with_row_weight(alpha, set.radius, joint.flat(), *w2, s1, cond.row(s1).transpose())) return w;
      }
    }
  return std::nullopt;
}

}  // namespace privlab::rldp
