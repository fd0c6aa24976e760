/**
 * @file optimal_ldp.cpp
 * @brief Theorem 2: vertex enumeration of Gamma (5)-(7) and the best vertex for I(X;Y).
 */
#include "funnel/optimal_ldp.h"

#include <cmath>

#include "common/error.h"
#include "funnel/protocol_metrics.h"
#include "funnel/vertex_polish.h"
#include "metrics/information.h"

namespace privlab::funnel {

vertex_enum::Polyhedron ldp_polytope(const Matrix& joint, double epsilon) {
  const long a = joint.cols(), c = joint.rows();
  const long d = a * a;
  const Vector px = x_marginal(joint), ps = s_marginal(joint);
  vertex_enum::PolyhedronBuilder builder;
  auto add = [&](const Eigen::RowVectorXd& r, double b, bool equality) { builder.add(r, b, equality); };
  for (long x = 0; x < a; ++x) {  // (5): sum_y Q_{y|x} = 1
    Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(d);
    for (long y = 0; y < a; ++y) r(y * a + x) = 1;
    add(r, 1.0, true);
  }
  for (long y = 0; y < a; ++y)  // (6): Q >= 0 (unused columns: Q_{y|x} = 0 for y > 0)
    for (long x = 0; x < a; ++x) {
      Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(d);
      r(y * a + x) = -1;
      add(r, 0.0, px(x) <= 0 && y > 0);
    }
  const double bound = std::exp(epsilon);
  for (long s = 0; s < c; ++s)  // (7): (Q p_{X|s})_y - e^eps (Q p_{X|s'})_y <= 0
    for (long s2 = 0; s2 < c; ++s2) {
      if (s == s2 || ps(s) <= 0 || ps(s2) <= 0) continue;
      for (long y = 0; y < a; ++y) {
        Eigen::RowVectorXd r = Eigen::RowVectorXd::Zero(d);
        for (long x = 0; x < a; ++x) r(y * a + x) = joint(s, x) / ps(s) - bound * joint(s2, x) / ps(s2);
        if (r.cwiseAbs().maxCoeff() > 0) add(r, 0.0, false);
      }
    }
  return builder.build();  // rows scaled to unit max-norm for cddlib
}

Matrix drop_empty_outputs(const Matrix& q, double tol) {
  std::vector<long> keep;
  for (long y = 0; y < q.rows(); ++y)
    if (q.row(y).maxCoeff() > tol) keep.push_back(y);
  Matrix out(static_cast<long>(keep.size()), q.cols());
  for (std::size_t k = 0; k < keep.size(); ++k) out.row(static_cast<long>(k)) = q.row(keep[k]);
  for (long x = 0; x < out.cols(); ++x) {  // clip round-off, renormalise columns
    out.col(x) = out.col(x).cwiseMax(0.0);
    out.col(x) /= out.col(x).sum();
  }
  return out;
}

OptimalLdp optimal_ldp(const Matrix& joint, double epsilon, long max_vertices) {
  const long a = joint.cols();
  const Vector px = x_marginal(joint);
  const vertex_enum::Polyhedron poly = ldp_polytope(joint, epsilon);
  OptimalLdp out;
  vertex_enum::Result enumerated;
  try {
    enumerated = enumerate_robust(poly, 1e-9, max_vertices);
  } catch (const Error& e) {
    if (e.code() != "vertex_enumeration_failed") throw;
  }
  out.vertices = enumerated.vertices.rows();
  if (out.vertices == 0) {  // Gamma always holds the constant protocol: never a failure (issue 28)
    out.mechanism = Matrix::Ones(1, a);
    out.utility = 0;
    out.fallback = true;
    return out;
  }
  long best = -1;
  double best_value = -1;
  Matrix q(a, a);
  for (long i = 0; i < out.vertices; ++i) {
    for (long y = 0; y < a; ++y)
      for (long x = 0; x < a; ++x) q(y, x) = enumerated.vertices(i, y * a + x);
    const double value = metrics::mutual_information(px, q.cwiseMax(0.0));
    if (value > best_value + 1e-12) {
      best_value = value;
      best = i;
    }
  }
  const Vector polished = polish_vertex(poly, enumerated.vertices.row(best).transpose());
  for (long y = 0; y < a; ++y)
    for (long x = 0; x < a; ++x) q(y, x) = polished(y * a + x);
  out.mechanism = drop_empty_outputs(q);
  out.utility = utility(out.mechanism, joint);
  return out;
}

}  // namespace privlab::funnel
