/**
 * @file simplex_view.h
 * @brief What the page needs to draw, for |X| = 3, the probability simplex with the LIP polygon
 *        Delta (15), p_X, and the posteriors R_{X|y} a protocol realises (Theorem 3: p_X is their
 *        convex combination with weights q_y; for the optimal LIP protocol they are vertices).
 */
#pragma once
#include <vector>

#include "common/linalg.h"

namespace privlab::funnel {

/// Vertices of a convex polygon in the 2-simplex ordered counter-clockwise (for drawing).
Matrix order_polygon(const Matrix& vertices);

/// Barycentric points (rows p0,p1,p2) -> the plane (rows x,y), corners (0,0), (1,0), (1/2, sqrt(3)/2).
Matrix simplex_plane(const Matrix& points);

struct SimplexView {
  double epsilon = 0;
  Matrix delta_vertices;     ///< Delta's vertices, ordered around the polygon
  Vector p_x;                ///< the X-marginal
  Matrix posteriors;         ///< R_{X|y} of each output y emitted with positive probability
  Vector weights;            ///< P(Y = y) of those outputs
  std::vector<long> chosen;  ///< per posterior: its index in delta_vertices, or -1
};

/// The view of protocol q for a joint with three columns (JSON: funnel/simplex_view_json.h).
SimplexView simplex_view(const Matrix& joint, double epsilon, const Matrix& q, const Matrix& delta_vertices);

}  // namespace privlab::funnel
