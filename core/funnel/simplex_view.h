/**
 * @file simplex_view.h
 * @brief What the page needs to draw, for |X| = 3, the probability simplex with the LIP polygon
 *        Delta (15), p_X, and the posteriors R_{X|y} a protocol realises (Theorem 3: p_X is their
 *        convex combination with weights q_y; for the optimal LIP protocol they are vertices).
 */
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "common/linalg.h"

namespace privlab::funnel {

/// Vertices of a convex polygon in the 2-simplex ordered counter-clockwise (for drawing).
Matrix order_polygon(const Matrix& vertices);

/**
 * {"delta_vertices": [[v_0,v_1,v_2],...] (ordered around the polygon), "p_x": [..],
 *  "posteriors": [[R_{0|y},R_{1|y},R_{2|y}],...], "weights": [P(Y=y),..],
 *  "chosen": [index into delta_vertices or -1 per posterior], "corners": Cartesian corners used
 *  by "xy" coordinates, "delta_xy"/"posteriors_xy"/"p_x_xy": the same points in the plane}.
 * Only for joints with three columns.
 */
nlohmann::json simplex_view(const Matrix& joint, double epsilon, const Matrix& q,
                            const Matrix& delta_vertices);

}  // namespace privlab::funnel
