/**
 * @file optimal_ldp.h
 * @brief The optimal eps-LDP protocol (w.r.t. S) of Theorem 2: the best vertex of the polytope
 *        Gamma of (5)-(7) with b = a [funnel Section IV].
 */
#pragma once
#include "common/linalg.h"
#include "solvers/vertex_enum.h"

namespace privlab::funnel {

/**
 * Gamma in R^{a*a} (variable y*a + x is Q_{y|x}): (5) column sums 1, (6) Q >= 0, (7)
 * (Q p_{X|s})_y <= e^eps (Q p_{X|s'})_y for s != s' with p_s, p_s' > 0. Columns x with p_x = 0
 * play no role in (7) nor in I(X;Y); they are fixed to output 0 (this keeps Gamma's vertex
 * count from multiplying by a per unused x). Dimension a(a-1) otherwise.
 */
vertex_enum::Polyhedron ldp_polytope(const Matrix& joint, double epsilon);

struct OptimalLdp {
  Matrix mechanism;    ///< best vertex, all-zero output rows removed
  long vertices = 0;   ///< vertices of Gamma enumerated
  double utility = 0;  ///< I(X;Y) at the best vertex
  /// Issue 28: cddlib (floating point) failed on Gamma or found no vertex (skewed joints, e.g.
  /// p(x|s) ~ 1e-12 beside 1): the constant protocol (LDP 0, I = 0) is returned, not the optimum.
  bool fallback = false;
};

/// Theorem 2: enumerate Gamma and keep the vertex of largest I(X;Y) (I is convex in Q).
OptimalLdp optimal_ldp(const Matrix& joint, double epsilon, long max_vertices = 200000);

/// Removes output rows whose entries are all <= tol (they are never emitted).
Matrix drop_empty_outputs(const Matrix& q, double tol = 1e-12);

}  // namespace privlab::funnel
