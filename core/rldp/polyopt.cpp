/**
 * @file polyopt.cpp
 * @brief Definition 3 rows, vertex enumeration of Gamma-hat, the LP (46) over its vertices.
 */
#include "rldp/polyopt.h"

#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"
#include "solvers/lp.h"
#include "solvers/vertex_enum.h"

namespace privlab::rldp {

Matrix definition3_rows(const Matrix& lower, double epsilon, const PolyOptOptions& options,
                        const Vector& ps) {
  const long ns = lower.rows(), nu = lower.cols(), a = ns * nu;
  const double e = std::exp(epsilon);
  // Vertices of D_s: A_{s,u} = L_{.|s} + (1 - sum_u L_{u|s}) e_u.
  auto vertex = [&](long s, long u) {
    Vector v = lower.row(s).transpose();
    v(u) += 1.0 - lower.row(s).sum();
    return v;
  };
  std::vector<Vector> rows;
  for (long s1 = 0; s1 < ns; ++s1)
    for (long s2 = 0; s2 < ns; ++s2) {
      if (s1 == s2 && !options.same_s_rows) continue;
      if (options.skip_unseen_s && (ps(s1) <= 0 || ps(s2) <= 0)) continue;
      for (long u1 = 0; u1 < nu; ++u1)
        for (long u2 = 0; u2 < nu; ++u2) {
          Vector r = Vector::Zero(a);
          r.segment(s1 * nu, nu) += vertex(s1, u1);
          r.segment(s2 * nu, nu) -= e * vertex(s2, u2);  // Definition 3 (43)
          const double scale = r.cwiseAbs().maxCoeff();
          if (r.maxCoeff() <= 1e-14 * scale) continue;  // always satisfied by v >= 0
          r /= scale;
          bool dup = false;
          for (const Vector& o : rows)
            if ((o - r).cwiseAbs().maxCoeff() <= 1e-12) { dup = true; break; }
          if (!dup) rows.push_back(r);
        }
    }
  Matrix m(static_cast<long>(rows.size()), a);
  for (std::size_t i = 0; i < rows.size(); ++i) m.row(static_cast<long>(i)) = rows[i].transpose();
  return m;
}

double mu(const Vector& v, const Vector& px) {
  const double py = v.dot(px);
  if (py <= 0) return 0.0;
  double m = 0;
  for (long x = 0; x < v.size(); ++x)
    if (v(x) > 0 && px(x) > 0) m += v(x) * px(x) * std::log(v(x) / py);  // (45)
  return m;
}

PolyOptResult polyopt(const JointDistribution& joint, double epsilon, const Matrix& lower,
                      const PolyOptOptions& options) {
  const long a = joint.num_x();
  if (a > options.max_x)
    bad_request("too_large", "/joint",
                "PolyOpt/NR enumerate the vertices of a polytope whose size explodes with |X|; "
                "|X| = " + std::to_string(a) + " exceeds the limit " +
                    std::to_string(options.max_x) + " (use ir, srr or grr)");
  PolyOptResult res;
  const Matrix rows = definition3_rows(lower, epsilon, options, joint.s_marginal());
  res.num_constraints = rows.rows();

  // Gamma-hat: Definition 3 rows <= 0, -v <= 0, sum v = 1.
  vertex_enum::Polyhedron poly;
  const long m = rows.rows() + a + 1;
  poly.a = Matrix::Zero(m, a);
  poly.b = Vector::Zero(m);
  poly.equality.assign(static_cast<std::size_t>(m), false);
  poly.a.topRows(rows.rows()) = rows;
  poly.a.block(rows.rows(), 0, a, a) = -Matrix::Identity(a, a);
  poly.a.row(m - 1).setOnes();
  poly.b(m - 1) = 1.0;
  poly.equality[static_cast<std::size_t>(m - 1)] = true;
  const auto venum = vertex_enum::enumerate_vertices(poly);
  if (venum.rays != 0 || venum.vertices.rows() == 0)
    solver_failure("vertex_enumeration_failed", "Gamma-hat has no vertices or is unbounded");
  res.vertices = venum.vertices;
  for (long k = 0; k < res.vertices.rows(); ++k)  // clean rounding noise around zero
    for (long x = 0; x < a; ++x)
      if (res.vertices(k, x) < 1e-12) res.vertices(k, x) = 0;

  // LP (46): max sum_v theta_v mu(v) s.t. sum_v theta_v v = 1_X, theta >= 0.
  const Vector px = joint.flat();
  const long k = res.vertices.rows();
  res.mu.resize(k);
  for (long i = 0; i < k; ++i) res.mu(i) = mu(res.vertices.row(i).transpose(), px);
  lp::LinearProgram prog;
  prog.maximize = true;
  prog.objective = res.mu;
  for (long x = 0; x < a; ++x) {
    lp::Row row;
    for (long i = 0; i < k; ++i)
      if (res.vertices(i, x) != 0) row.coeffs.emplace_back(static_cast<int>(i), res.vertices(i, x));
    row.lower = row.upper = 1.0;
    prog.add_row(std::move(row));
  }
  const lp::Solution sol = lp::solve_lp(prog);
  if (sol.status != lp::Status::kOptimal)
    solver_failure("lp_failed", std::string("the LP (46) over the vertices returned ") +
                                    lp::status_name(sol.status));
  res.theta = sol.x;
  res.utility = sol.objective;

  std::vector<long> used;
  const double tmax = res.theta.maxCoeff();
  for (long i = 0; i < k; ++i)
    if (res.theta(i) > 1e-12 * tmax) used.push_back(i);
  res.mechanism.resize(static_cast<long>(used.size()), a);
  for (std::size_t j = 0; j < used.size(); ++j)
    res.mechanism.row(static_cast<long>(j)) = res.theta(used[j]) * res.vertices.row(used[j]);
  // Columns sum to 1 up to the LP's rounding; renormalise (each column by one positive factor
  // near 1; the audit re-measures privacy on the final matrix).
  for (long x = 0; x < a; ++x) res.mechanism.col(x) /= res.mechanism.col(x).sum();
  return res;
}

bool non_robust_within_limits(long num_s, long num_u, bool allow_large) {
  const long a = num_s * num_u;
  if (a <= kMaxPolyOptX) return true;
  double estimate = 1;
  for (long s = 1; s <= num_s; ++s) estimate *= static_cast<double>(s * num_u);
  return allow_large ? (a <= 64 && estimate <= 1e5) : (a <= 32 && estimate <= 1e4);
}

PolyOptResult non_robust(const JointDistribution& joint, double epsilon, bool allow_large) {
  if (!non_robust_within_limits(joint.num_s(), joint.num_u(), allow_large))
    bad_request("too_large", "/joint",
                "NR enumerates the vertices of a polytope whose size grows like |S|! |U|^|S|; " +
                    std::to_string(joint.num_s()) + "x" + std::to_string(joint.num_u()) +
                    " exceeds the limit (see core/rldp/README.md)");
  Matrix lower = Matrix::Zero(joint.num_s(), joint.num_u());
  const Vector ps = joint.s_marginal();
  for (long s = 0; s < joint.num_s(); ++s)
    if (ps(s) > 0) lower.row(s) = joint.conditional_u_given_s(s).transpose();
  PolyOptOptions options;
  options.same_s_rows = false;  // with L = P_{U|s}, same-s rows read (1 - e^eps) P.v <= 0
  options.skip_unseen_s = true;
  options.max_x = joint.num_x();  // guarded above
  return polyopt(joint, epsilon, lower, options);
}

}  // namespace privlab::rldp
