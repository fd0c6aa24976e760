/**
 * @file simplex_view.cpp
 * @brief Drawing data of the 2-simplex with Delta and a protocol's posteriors.
 */
#include "funnel/simplex_view.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "funnel/protocol_metrics.h"

namespace privlab::funnel {

namespace {
/// Barycentric (p0,p1,p2) -> plane, corners (0,0), (1,0), (1/2, sqrt(3)/2).
std::pair<double, double> to_xy(const Eigen::RowVectorXd& p) { return {p(1) + 0.5 * p(2), std::sqrt(3.0) / 2 * p(2)}; }
}  // namespace

Matrix simplex_plane(const Matrix& points) {
  Matrix out(points.rows(), 2);
  for (long i = 0; i < points.rows(); ++i) {
    const auto [x, y] = to_xy(points.row(i));
    out(i, 0) = x;
    out(i, 1) = y;
  }
  return out;
}

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

SimplexView simplex_view(const Matrix& joint, double epsilon, const Matrix& q, const Matrix& delta_vertices) {
  SimplexView view;
  view.epsilon = epsilon;
  view.delta_vertices = order_polygon(delta_vertices);
  const Matrix& polygon = view.delta_vertices;
  const Matrix pxy = output_data_joint(q, joint);  // [y][x]
  std::vector<long> used;
  for (long y = 0; y < pxy.rows(); ++y)
    if (pxy.row(y).sum() > 1e-15) used.push_back(y);
  view.posteriors.resize(static_cast<long>(used.size()), 3);
  view.weights.resize(static_cast<long>(used.size()));
  for (std::size_t k = 0; k < used.size(); ++k) {
    const double py = pxy.row(used[k]).sum();
    view.posteriors.row(static_cast<long>(k)) = pxy.row(used[k]) / py;
    view.weights(static_cast<long>(k)) = py;
    long match = -1;
    for (long i = 0; i < polygon.rows(); ++i)
      if ((polygon.row(i) - view.posteriors.row(static_cast<long>(k))).cwiseAbs().maxCoeff() < 1e-7) match = i;
    view.chosen.push_back(match);
  }
  view.p_x = x_marginal(joint);
  return view;
}

}  // namespace privlab::funnel
