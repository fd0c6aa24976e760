/**
 * @file simplex_view.cpp
 * @brief Drawing data of the 2-simplex with Delta and a protocol's posteriors.
 */
#include "funnel/simplex_view.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "json/json_write.h"
#include "funnel/protocol_metrics.h"

namespace privlab::funnel {

namespace {
/// Barycentric (p0,p1,p2) -> plane, corners (0,0), (1,0), (1/2, sqrt(3)/2).
std::pair<double, double> to_xy(const Eigen::RowVectorXd& p) {
  return {p(1) + 0.5 * p(2), std::sqrt(3.0) / 2 * p(2)};
}

nlohmann::json xy_list(const Matrix& points) {
  nlohmann::json out = nlohmann::json::array();
  for (long i = 0; i < points.rows(); ++i) {
    const auto [x, y] = to_xy(points.row(i));
    out.push_back({x, y});
  }
  return out;
}
}  // namespace

Matrix order_polygon(const Matrix& vertices) {
  const long n = vertices.rows();
  if (n < 3) return vertices;
  double cx = 0, cy = 0;
  for (long i = 0; i < n; ++i) {
    const auto [x, y] = to_xy(vertices.row(i));
    cx += x / n;
    cy += y / n;
  }
  std::vector<long> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::vector<double> angle(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    const auto [x, y] = to_xy(vertices.row(i));
    angle[i] = std::atan2(y - cy, x - cx);
  }
  std::sort(order.begin(), order.end(), [&](long l, long r) { return angle[l] < angle[r]; });
  Matrix out(n, vertices.cols());
  for (long i = 0; i < n; ++i) out.row(i) = vertices.row(order[i]);
  return out;
}

nlohmann::json simplex_view(const Matrix& joint, double epsilon, const Matrix& q,
                            const Matrix& delta_vertices) {
  const Matrix polygon = order_polygon(delta_vertices);
  const Matrix pxy = output_data_joint(q, joint);  // [y][x]
  std::vector<long> used;
  for (long y = 0; y < pxy.rows(); ++y)
    if (pxy.row(y).sum() > 1e-15) used.push_back(y);
  Matrix posteriors(static_cast<long>(used.size()), 3);
  Vector weights(static_cast<long>(used.size()));
  nlohmann::json chosen = nlohmann::json::array();
  for (std::size_t k = 0; k < used.size(); ++k) {
    const double py = pxy.row(used[k]).sum();
    posteriors.row(static_cast<long>(k)) = pxy.row(used[k]) / py;
    weights(static_cast<long>(k)) = py;
    long match = -1;
    for (long i = 0; i < polygon.rows(); ++i)
      if ((polygon.row(i) - posteriors.row(static_cast<long>(k))).cwiseAbs().maxCoeff() < 1e-7) match = i;
    chosen.push_back(match);
  }
  const Vector px = x_marginal(joint);
  return {{"epsilon", epsilon},
          {"delta_vertices", json_write::matrix(polygon)},
          {"p_x", json_write::vector(px)},
          {"posteriors", json_write::matrix(posteriors)},
          {"weights", json_write::vector(weights)},
          {"chosen", chosen},
          {"corners", {{0.0, 0.0}, {1.0, 0.0}, {0.5, std::sqrt(3.0) / 2}}},
          {"delta_xy", xy_list(polygon)},
          {"posteriors_xy", xy_list(posteriors)},
          {"p_x_xy", xy_list(px.transpose())}};
}

}  // namespace privlab::funnel
