/**
 * @file gamma_hat.h
 * @brief A compact description of Theorem 3's polytope Gamma-hat [rldp Definition 3, (43)] for
 *        methods that never enumerate its vertices (column_generation.h).
 *
 * Every Definition 3 row reads A_{s1,u1}.v_{s1} <= e^eps A_{s2,u2}.v_{s2} with
 * A_{s,u} = L_{.|s} + c_s e_u, c_s = 1 - sum_u L_{u|s} (docs/errata.md). Over all (u1, u2) the
 * rows of one pair (s1, s2) say top_{s1} <= e^eps bottom_{s2}, where
 * top_s = L_{.|s}.v_s + c_s max_u v_{s,u} and bottom_s = L_{.|s}.v_s + c_s min_u v_{s,u}.
 * With one variable M_s >= v_{s,u} and one m_s <= v_{s,u} per s the |S|^2 |U|^2 rows become
 * |S|^2 + 2|X| rows over |X| + 2|S| variables; their projection onto v is Gamma-hat exactly.
 */
#pragma once
#include <vector>

#include "common/linalg.h"
#include "solvers/lp.h"

namespace privlab::rldp {

struct GammaHat {
  long ns = 0, nu = 0;
  double e = 1;              ///< e^eps
  Matrix lower;              ///< L_{u|s}, [s][u]
  Vector c;                  ///< c_s = 1 - sum_u L_{u|s}
  bool same_s_rows = true;   ///< Definition 3 rows with s1 = s2 (the paper's PolyOpt)
  std::vector<char> active;  ///< s taking part in the rows (NR leaves out unseen s)

  long num_x() const { return ns * nu; }
  /// top_s and bottom_s of the file comment.
  double top(const Vector& v, long s) const;
  double bottom(const Vector& v, long s) const;
  /// max over the Definition 3 pairs of (top_{s1} - e^eps bottom_{s2}) / sum(v): <= 0 on Gamma.
  double violation(const Vector& v) const;
};

/// Gamma-hat of PolyOpt (lower = Theorem 1's L) or NR (lower = P-hat_{U|s}, same_s_rows false,
/// unseen s inactive); `active` empty = every s.
GammaHat make_gamma_hat(const Matrix& lower, double epsilon, bool same_s_rows, std::vector<char> active = {});

/**
 * The rows of Gamma-hat over variables (v_0..v_{|X|-1}, M_0, m_0, M_1, m_1, ...): v, M, m >= 0,
 * v_{s,u} <= M_s, v_{s,u} >= m_s, top_{s1} - e^eps bottom_{s2} <= 0 per pair, sum v = 1.
 * The objective is left zero (the pricing sets it).
 */
lp::LinearProgram gamma_hat_program(const GammaHat& g);

}  // namespace privlab::rldp
