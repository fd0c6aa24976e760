/**
 * @file simplex_view_json.h
 * @brief The JSON edge of the funnel's simplex view (the response's "simplex" object).
 */
#pragma once
#include <nlohmann/json.hpp>

#include "funnel/simplex_view.h"

namespace privlab::funnel {

/**
 * {"delta_vertices": [[v_0,v_1,v_2],...] (ordered around the polygon), "p_x": [..],
 *  "posteriors": [[R_{0|y},R_{1|y},R_{2|y}],...], "weights": [P(Y=y),..],
 *  "chosen": [index into delta_vertices or -1 per posterior], "corners": Cartesian corners used
 *  by "xy" coordinates, "delta_xy"/"posteriors_xy"/"p_x_xy": the same points in the plane}.
 */
nlohmann::json to_json(const SimplexView& view);

}  // namespace privlab::funnel
