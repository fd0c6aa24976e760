/**
 * @file optimal_lip.h
 * @brief The optimal eps-LIP protocol of Theorem 3: vertices of the polytope Delta (15) and the
 *        entropy LP (17) [funnel Section V].
 */
#pragma once
#include "common/linalg.h"
#include "solvers/vertex_enum.h"

namespace privlab::funnel {

/**
 * Delta of eq. (15) in R^a: sum_x v_x = 1, v >= 0, e^{-eps} p_s <= p_{s|X} v <= e^{eps} p_s for
 * every s with p_s > 0 (the two sides become one equality at eps = 0). Coordinates x with
 * p_x = 0 are fixed to 0 (no posterior can put mass there). Dimension a-1; every vertex has
 * support <= min(a, c) (docs/errata.md).
 */
vertex_enum::Polyhedron lip_polytope(const Matrix& joint, double epsilon);

struct OptimalLip {
  Matrix mechanism;               ///< Q [y][x], outputs = vertices used (b <= a)
  Matrix vertices;                ///< all vertices of Delta, one per row
  std::vector<long> chosen;       ///< row of `vertices` for each output y (vertices.rows(): the prior
                                  ///< p_X; beyond it GRR's posteriors, only when `fallback`)
  Vector weights;                 ///< q_y = alpha-hat of (17)-(19), one per output
  double lp_objective = 0;        ///< sum_i H(v_i) alpha_i = H(X|Y)
  long lp_rows = 0, lp_cols = 0;  ///< (17) as solved: rows x with p_x > 0; the vertices + the prior
  /// cddlib failed on Delta or returned vertices whose hull misses p_X (floating point): the LP
  /// then also combines p_X and GRR's posteriors at LIP epsilon (>= GRR), not proven optimal
  bool fallback = false;
};

/**
 * Theorem 3: enumerate Delta, solve min sum H(v_i) alpha_i s.t. alpha >= 0, sum alpha_i v_i = p_X
 * by the simplex method (a basic solution: at most a outputs), and set R_{x|y} = v_{y,x},
 * q_y = alpha_y (18)-(20), i.e. Q_{y|x} = q_y v_{y,x} / p_x (columns with p_x = 0 get q).
 */
OptimalLip optimal_lip(const Matrix& joint, double epsilon, long max_vertices = 200000);

/// Q_{y|x} from posteriors R (rows = outputs) and output probabilities q, as in (18)-(20).
Matrix protocol_from_posteriors(const Matrix& posteriors, const Vector& q, const Vector& px);

}  // namespace privlab::funnel
