/**
 * @file optimal_lip.cpp
 * @brief Theorem 3: vertex enumeration of Delta (15) and the entropy LP (17).
 */
#include "funnel/optimal_lip.h"

#include <cmath>

#include "common/error.h"
#include "funnel/protocol_metrics.h"
#include "funnel/vertex_polish.h"
#include "metrics/information.h"
#include "solvers/lp.h"
#include "solvers/lp_exact.h"

namespace privlab::funnel {

vertex_enum::Polyhedron lip_polytope(const Matrix& joint, double epsilon) {
  const long a = joint.cols(), c = joint.rows();
  const Vector px = x_marginal(joint), ps = s_marginal(joint);
  const bool tight = std::expm1(2 * epsilon) < 1e-12;  // e^{-eps} = e^{eps}: one equality
  vertex_enum::PolyhedronBuilder builder;
  auto add = [&](const Eigen::RowVectorXd& r, double b, bool equality) {
    builder.add(r, b, equality);
  };
  add(Eigen::RowVectorXd::Ones(a), 1.0, true);  // sum_x v_x = 1
  for (long x = 0; x < a; ++x) {                 // v_x >= 0 (= 0 when p_x = 0)
    Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(a);
    r(x) = -1;
    add(r, 0.0, px(x) <= 0);
  }
  for (long s = 0; s < c; ++s) {  // e^{-eps} p_s <= sum_x p(s|x) v_x <= e^{eps} p_s
    if (ps(s) <= 0) continue;
    Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(a);
    for (long x = 0; x < a; ++x)
      if (px(x) > 0) r(x) = joint(s, x) / px(x);
    if (tight) {
      add(r, ps(s), true);
    } else {
      add(r, std::exp(epsilon) * ps(s), false);
      add(-r, -std::exp(-epsilon) * ps(s), false);
    }
  }
  return builder.build();  // rows scaled to unit max-norm for cddlib
}

Matrix protocol_from_posteriors(const Matrix& posteriors, const Vector& q, const Vector& px) {
  const long b = posteriors.rows(), a = posteriors.cols();
  Matrix out(b, a);
  for (long x = 0; x < a; ++x) {
    for (long y = 0; y < b; ++y)
      out(y, x) = px(x) > 0 ? std::max(0.0, q(y) * posteriors(y, x) / px(x)) : q(y);
    const double sum = out.col(x).sum();
    if (sum > 0) out.col(x) /= sum;  // remove LP round-off (the sums are 1 up to ~1e-12)
  }
  return out;
}

OptimalLip optimal_lip(const Matrix& joint, double epsilon, long max_vertices) {
  const long a = joint.cols();
  const Vector px = x_marginal(joint);
  OptimalLip out;
  const vertex_enum::Polyhedron poly = lip_polytope(joint, epsilon);
  out.vertices = enumerate_robust(poly, 1e-9, max_vertices).vertices;
  for (long i = 0; i < out.vertices.rows(); ++i)
    out.vertices.row(i) = polish_vertex(poly, out.vertices.row(i).transpose()).transpose();
  const long m = out.vertices.rows();
  if (m == 0) solver_failure("empty_polytope", "the LIP polytope Delta has no vertices");

  // Eq. (17): min sum_i H(v_i) alpha_i, alpha >= 0, sum_i alpha_i v_i = p_X. Row x is divided
  // by p_x (right-hand side 1), so a count of 1 beside counts of 1e12 is not lost to GLPK's
  // absolute tolerances. Column m is the prior p_X itself (a point of Delta: the constant
  // channel, LIP 0): alpha = e_m is feasible whatever the round-off in the vertices, and by the
  // concavity of H it never beats the vertices it is a mixture of, so the optimum is unchanged.
  lp::LinearProgram program;
  program.objective.resize(m + 1);
  for (long i = 0; i < m; ++i) program.objective(i) = metrics::entropy(out.vertices.row(i).transpose());
  program.objective(m) = metrics::entropy(px);
  for (long x = 0; x < a; ++x) {
    if (px(x) <= 0) continue;  // every vertex has v_x = 0 there (Delta fixes it)
    lp::Row row;
    for (long i = 0; i < m; ++i)
      if (out.vertices(i, x) != 0) row.coeffs.emplace_back(static_cast<int>(i), out.vertices(i, x) / px(x));
    row.coeffs.emplace_back(static_cast<int>(m), 1.0);
    row.lower = row.upper = 1.0;
    program.add_row(row);
  }
  out.lp_rows = static_cast<long>(program.rows.size());
  out.lp_cols = m + 1;
  // As the game's LPs: the floating-point simplex, then GLPK's exact simplex from its basis.
  lp::Solution sol = lp::solve_lp(program);
  if (sol.status != lp::Status::kOptimal) sol = lp::solve_lp_exact(program);
  if (sol.status != lp::Status::kOptimal)
    solver_failure("lp_failed", std::string("the entropy LP (17) ended ") + lp::status_name(sol.status));
  out.lp_objective = sol.objective;
  // Eq. (18)-(20): one output per vertex with positive weight (a basic solution: <= a of them).
  // The prior column, when the basis keeps it, is one more output (its posterior is p_X).
  Matrix all(m + 1, a);
  all.topRows(m) = out.vertices;
  all.row(m) = px.transpose();
  for (long i = 0; i <= m; ++i)
    if (sol.x(i) > 1e-14) out.chosen.push_back(i);
  const long b = static_cast<long>(out.chosen.size());
  Matrix posteriors(b, a);
  out.weights.resize(b);
  for (long y = 0; y < b; ++y) {
    posteriors.row(y) = all.row(out.chosen[y]);
    out.weights(y) = sol.x(out.chosen[y]);
  }
  out.weights /= out.weights.sum();
  out.mechanism = protocol_from_posteriors(posteriors, out.weights, px);
  return out;
}

}  // namespace privlab::funnel
