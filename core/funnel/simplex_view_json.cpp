/**
 * @file simplex_view_json.cpp
 * @brief The funnel's simplex view as JSON.
 */
#include "funnel/simplex_view_json.h"

#include <cmath>

#include "json/json_write.h"

namespace privlab::funnel {

nlohmann::json to_json(const SimplexView& v) {
  return {{"epsilon", v.epsilon},
          {"delta_vertices", json_write::matrix(v.delta_vertices)},
          {"p_x", json_write::vector(v.p_x)},
          {"posteriors", json_write::matrix(v.posteriors)},
          {"weights", json_write::vector(v.weights)},
          {"chosen", nlohmann::json(v.chosen)},
          {"corners", {{0.0, 0.0}, {1.0, 0.0}, {0.5, std::sqrt(3.0) / 2}}},
          {"delta_xy", json_write::matrix(simplex_plane(v.delta_vertices))},
          {"posteriors_xy", json_write::matrix(simplex_plane(v.posteriors))},
          {"p_x_xy", json_write::matrix(simplex_plane(v.p_x.transpose()))}};
}

}  // namespace privlab::funnel
