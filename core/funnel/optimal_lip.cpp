/**
 * @file optimal_lip.cpp
 * @brief Theorem 3: vertex enumeration of Delta (15) and the entropy LP (17).
 */
#include "funnel/optimal_lip.h"

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "funnel/explicit_protocols.h"
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
  auto add = [&](const Eigen::RowVectorXd& r, double b, bool equality) { builder.add(r, b, equality); };
  add(Eigen::RowVectorXd::Ones(a), 1.0, true);  // sum_x v_x = 1
  for (long x = 0; x < a; ++x) {                // v_x >= 0 (= 0 when p_x = 0)
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

namespace {
/// The posteriors v_y(x) = P(x|y) of GRR calibrated to LIP epsilon (28)-(29): points of Delta,
/// one per output (issue 28, see optimal_lip).
Matrix grr_posteriors(const Matrix& joint, double epsilon) {
  const Matrix q =
      protocol_matrix(Protocol::kGrr, joint, calibrate(Protocol::kGrr, Target::kLip, joint, epsilon).alpha);
  const Vector px = x_marginal(joint);
  Matrix out(q.rows(), q.cols());
  for (long y = 0; y < q.rows(); ++y) {
    const Eigen::RowVectorXd joint_y = q.row(y).cwiseProduct(px.transpose());
    out.row(y) = joint_y.sum() > 0 ? Eigen::RowVectorXd(joint_y / joint_y.sum()) : Eigen::RowVectorXd(px.transpose());
  }
  return out;
}
}  // namespace

Matrix protocol_from_posteriors(const Matrix& posteriors, const Vector& q, const Vector& px) {
  const long b = posteriors.rows(), a = posteriors.cols();
  Matrix out(b, a);
  for (long x = 0; x < a; ++x) {
    for (long y = 0; y < b; ++y) out(y, x) = px(x) > 0 ? std::max(0.0, q(y) * posteriors(y, x) / px(x)) : q(y);
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
  try {
    out.vertices = enumerate_robust(poly, 1e-9, max_vertices).vertices;
  } catch (const Error& e) {
    // Delta always holds p_X (the constant channel): never a failure (issue 28); the LP below
    // then has the prior column only, and the caller says the optimum was not found.
    if (e.code() != "vertex_enumeration_failed") throw;
    out.vertices.resize(0, a);
    out.fallback = true;
  }
  for (long i = 0; i < out.vertices.rows(); ++i) {
    Vector v = polish_vertex(poly, out.vertices.row(i).transpose());
    for (long x = 0; x < a; ++x)  // round-off: Delta has v >= 0, v_x = 0 where p_x = 0, sum 1
      if (!(px(x) > 0) || v(x) < 0) v(x) = 0;
    if (v.sum() > 0) v /= v.sum();
    out.vertices.row(i) = v.transpose();
  }
  const long m = out.vertices.rows();

  // Eq. (17): min sum_i H(v_i) alpha_i, alpha >= 0, sum_i alpha_i v_i = p_X. Row x is divided
  // by p_x (right-hand side 1), so a count of 1 beside counts of 1e12 is not lost to GLPK's
  // absolute tolerances. After the vertices come points of Delta that are not vertices: the prior
  // p_X itself (the constant channel, LIP 0), so alpha = e_m is feasible whatever the round-off
  // in the vertices. By the concavity of H such a point never beats the vertices it is a mixture
  // of, so the optimum is unchanged when the vertex list is complete.
  // The cost of column i is H(v_i) minus the tangent of H at p_X, i.e. -KL(v_i || p_X): on the
  // feasible set the tangent term sums to a constant, so the optimum is the same, the LP
  // minimises -I(X;Y) = -sum_i alpha_i KL(v_i || p_X) directly, and the costs are scaled to
  // max |cost| = 1 (with a count of 1e9 among hundreds, H(v_i) ~ 3.5e-4 beside gains ~1e-6).
  auto solve_over = [&](const Matrix& points) {
    const long n = points.rows();
    lp::LinearProgram program;
    program.objective = Vector::Zero(n);
    for (long i = 0; i < n; ++i)
      for (long x = 0; x < a; ++x)
        if (points(i, x) > 0) program.objective(i) -= points(i, x) * std::log(points(i, x) / px(x));
    const double cost_scale = std::max(program.objective.cwiseAbs().maxCoeff(), 1e-300);
    program.objective /= cost_scale;
    for (long x = 0; x < a; ++x) {
      if (px(x) <= 0) continue;  // every point has v_x = 0 there (Delta fixes it)
      lp::Row row;
      for (long i = 0; i < n; ++i)
        if (points(i, x) != 0) row.coeffs.emplace_back(static_cast<int>(i), points(i, x) / px(x));
      row.lower = row.upper = 1.0;
      program.add_row(row);
    }
    out.lp_rows = static_cast<long>(program.rows.size());
    out.lp_cols = n;
    // As the game's LPs: the floating-point simplex, then GLPK's exact simplex from its basis.
    lp::Solution sol = lp::solve_lp(program);
    if (sol.status != lp::Status::kOptimal) sol = lp::solve_lp_exact(program);
    if (sol.status != lp::Status::kOptimal)
      solver_failure("lp_failed", std::string("the entropy LP (17) ended ") + lp::status_name(sol.status));
    out.lp_objective = metrics::entropy(px) + sol.objective * cost_scale;  // H(X) - I(X;Y)
    return sol;
  };
  Matrix all(m + 1, a);
  all.topRows(m) = out.vertices;
  all.row(m) = px.transpose();
  lp::Solution sol = solve_over(all);
  if (sol.x(m) > 1e-9) {
    // p_X kept with positive weight: it is not in the hull of the vertices cddlib returned
    // (floating point loses vertices of Delta when p_X spans many orders of magnitude: a count
    // of 1e9 among hundreds gave the constant channel, I = 0, issue 28). Add GRR's posteriors at
    // LIP epsilon (an eps-LIP protocol, so points of Delta): never below GRR, and flagged.
    const Matrix grr = grr_posteriors(joint, epsilon);
    all.conservativeResize(m + 1 + grr.rows(), a);
    all.bottomRows(grr.rows()) = grr;
    sol = solve_over(all);
    out.fallback = true;
  }
  // Eq. (18)-(20): one output per vertex with positive weight (a basic solution: <= a of them).
  // The prior (and GRR's) columns, when the basis keeps them, are outputs too.
  for (long i = 0; i < all.rows(); ++i)
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
