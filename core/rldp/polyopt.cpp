/**
 * @file polyopt.cpp
 * @brief Definition 3 rows, vertex enumeration of Gamma-hat, the LP (46) over its vertices.
 */
#include "rldp/polyopt.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/error.h"
#include "rldp/column_bound.h"
#include "rldp/column_generation.h"
#include "rldp/gamma_hat.h"
#include "solvers/lp.h"
#include "solvers/vertex_enum.h"

namespace privlab::rldp {

Matrix definition3_rows(const Matrix& lower, double epsilon, const PolyOptOptions& options, const Vector& ps) {
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
            if ((o - r).cwiseAbs().maxCoeff() <= 1e-12) {
              dup = true;
              break;
            }
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

void set_proven_bound(Optimality& o, double bound, double utility) {
  o.status = "proven";
  o.upper_bound = std::max(bound, utility);
  o.gap = *o.upper_bound - utility;
}

namespace {

/// A proven gap on (46) below this (relative from utility 1) counts as optimal.
constexpr double kProvenGap = 1e-9;

/// Q_v = theta_v v over the columns with positive weight; columns renormalised (each by one
/// positive factor near 1; the audit re-measures privacy on the final matrix).
Matrix mechanism_of(const Matrix& points, const Vector& theta) {
  std::vector<long> used;
  const double tmax = theta.maxCoeff();
  for (long i = 0; i < points.rows(); ++i)
    if (theta(i) > 1e-12 * tmax) used.push_back(i);
  Matrix q(static_cast<long>(used.size()), points.cols());
  for (std::size_t j = 0; j < used.size(); ++j) q.row(static_cast<long>(j)) = theta(used[j]) * points.row(used[j]);
  for (long x = 0; x < q.cols(); ++x) q.col(x) /= q.col(x).sum();
  return q;
}

/// (46) by column generation over the compact Gamma-hat (gamma_hat.h).
PolyOptResult polyopt_columns(const JointDistribution& joint, double epsilon, const Matrix& lower,
                              const PolyOptOptions& options) {
  std::vector<char> active;
  if (options.skip_unseen_s) {
    const Vector ps = joint.s_marginal();
    for (long s = 0; s < joint.num_s(); ++s) active.push_back(ps(s) > 0 ? 1 : 0);
  }
  const GammaHat g = make_gamma_hat(lower, epsilon, options.same_s_rows, active);
  ColumnGenerationOptions cg;
  cg.seconds = options.seconds;
  const ColumnGenerationResult r = column_generation(g, joint.flat(), cg);
  PolyOptResult res;
  res.vertices = r.columns;
  res.mu = r.mu;
  res.theta = r.theta;
  res.utility = r.utility;
  res.mechanism = mechanism_of(r.columns, r.theta);
  res.optimality.method = "column_generation";
  res.optimality.status = "no_bound";
  std::optional<double> ub = r.upper_bound;
  if (const auto lagrangian = lp46_upper_bound(g, joint.flat(), r.duals))
    ub = ub ? std::min(*ub, *lagrangian) : *lagrangian;
  if (ub) set_proven_bound(res.optimality, *ub, res.utility);
  res.optimality.columns = r.columns.rows();
  res.optimality.rounds = r.rounds;
  res.optimality.stopped = r.stopped;
  return res;
}

/// (46) over the vertices of Gamma-hat that cddlib lists, its optimum certified by the bound of
/// `certificate` (column generation on the same LP).
PolyOptResult polyopt_vertices(const JointDistribution& joint, double epsilon, const Matrix& lower,
                               const PolyOptOptions& options, const PolyOptResult& certificate) {
  const long a = joint.num_x();
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
    solver_failure("lp_failed", std::string("the LP (46) over the vertices returned ") + lp::status_name(sol.status));
  res.theta = sol.x;
  res.utility = sol.objective;
  res.mechanism = mechanism_of(res.vertices, res.theta);
  // Were every vertex listed, this LP's optimum would be (46)'s (Theorem 3). But the enumeration
  // runs in floating point and can miss vertices: on a 2 x 3 table of Adult's size cddlib in
  // exact arithmetic finds 88 distinct vertices (at 1e-5) where it finds 78 (README section 6).
  // So the list proves nothing: the optimum is certified independently, by column generation's
  // proven bound on (46) over all of Gamma-hat (exhaustive block pricing at these sizes).
  res.optimality.method = "vertex_enumeration";
  res.optimality.columns = k;
  if (certificate.optimality.upper_bound)
    set_proven_bound(res.optimality, *certificate.optimality.upper_bound, res.utility);
  else
    res.optimality.status = "no_bound";  // without same-s rows the pricing is a local ascent
  return res;
}

}  // namespace

PolyOptResult polyopt(const JointDistribution& joint, double epsilon, const Matrix& lower,
                      const PolyOptOptions& options) {
  const long a = joint.num_x();
  if (a > options.max_x)
    bad_request("too_large", "/joint",
                "PolyOpt/NR solve an LP over the points of a polytope that grows with |X|; "
                "|X| = " +
                    std::to_string(a) + " exceeds the limit " + std::to_string(options.max_x) +
                    " (use ir, srr or grr; the command line "
                    "accepts up to " +
                    std::to_string(kMaxPolyOptXLarge) + " with \"allow_large\": true)");
  if (options.method == LpMethod::kColumns || (options.method == LpMethod::kAuto && a > options.vertex_max_x))
    return polyopt_columns(joint, epsilon, lower, options);
  PolyOptResult columns = polyopt_columns(joint, epsilon, lower, options);  // the certificate
  if (options.method == LpMethod::kVertices) return polyopt_vertices(joint, epsilon, lower, options, columns);
  // Vertex enumeration in floating point can fail on near-degenerate polytopes, or miss a vertex
  // the optimum needs; the column generation needs no vertex list, so it answers then.
  try {
    PolyOptResult listed = polyopt_vertices(joint, epsilon, lower, options, columns);
    if (columns.utility > listed.utility + kProvenGap * std::max(1.0, listed.utility)) return columns;
    return listed;
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::kSolverFailure) throw;
    return columns;
  }
}

bool non_robust_vertices_fit(long num_s, long num_u) {
  const long a = num_s * num_u;
  if (a <= kMaxVertexEnumX) return true;
  double estimate = 1;
  for (long s = 1; s <= num_s; ++s) estimate *= static_cast<double>(s * num_u);
  return a <= 32 && estimate <= 1e4;
}

PolyOptResult non_robust(const JointDistribution& joint, double epsilon, bool allow_large, LpMethod method) {
  Matrix lower = Matrix::Zero(joint.num_s(), joint.num_u());
  const Vector ps = joint.s_marginal();
  for (long s = 0; s < joint.num_s(); ++s)
    if (ps(s) > 0) lower.row(s) = joint.conditional_u_given_s(s).transpose();
  PolyOptOptions options;
  options.same_s_rows = false;  // with L = P_{U|s}, same-s rows read (1 - e^eps) P.v <= 0
  options.skip_unseen_s = true;
  options.max_x = allow_large ? kMaxPolyOptXLarge : kMaxPolyOptX;
  options.seconds = allow_large ? kColumnGenerationSecondsLarge : kColumnGenerationSeconds;
  options.method = method;
  // Vertex enumeration where NR's vertex count is small (non_robust_vertices_fit), else columns.
  options.vertex_max_x = non_robust_vertices_fit(joint.num_s(), joint.num_u()) ? joint.num_x() : 0;
  return polyopt(joint, epsilon, lower, options);
}

}  // namespace privlab::rldp
