// Tests of core/funnel/simplex_view.cpp: polygon order and the drawing data for |X| = 3.
#include <doctest/doctest.h>

#include "funnel/optimal_lip.h"
#include "funnel/simplex_view.h"
#include "funnel/simplex_view_json.h"

using namespace privlab;
using namespace privlab::funnel;

TEST_CASE("funnel/order_polygon: Delta's vertices come out as a convex counter-clockwise polygon") {
  const Matrix joint = (Matrix(2, 3) << 0.2, 0.1, 0.15, 0.05, 0.3, 0.2).finished();
  const OptimalLip opt = optimal_lip(joint, 0.5);
  const Matrix poly = order_polygon(opt.vertices);
  REQUIRE(poly.rows() >= 3);
  auto xy = [](const Eigen::RowVectorXd& p) { return Eigen::Vector2d(p(1) + 0.5 * p(2), 0.8660254037844386 * p(2)); };
  for (long i = 0; i < poly.rows(); ++i) {
    const Eigen::Vector2d a = xy(poly.row(i)), b = xy(poly.row((i + 1) % poly.rows())),
                          c = xy(poly.row((i + 2) % poly.rows()));
    const double cross = (b - a).x() * (c - b).y() - (b - a).y() * (c - b).x();
    CHECK(cross > -1e-12);
  }
  const auto view = simplex_view(joint, 0.5, opt.mechanism, opt.vertices);
  CHECK(view.delta_vertices.rows() == poly.rows());
  CHECK(view.posteriors.rows() == opt.mechanism.rows());
  CHECK(view.chosen.size() == static_cast<std::size_t>(view.posteriors.rows()));
  const auto j = to_json(view);
  CHECK(j["delta_vertices"].size() == static_cast<std::size_t>(poly.rows()));
  CHECK(j["delta_xy"].size() == static_cast<std::size_t>(poly.rows()));
  CHECK(j["posteriors"].size() == static_cast<std::size_t>(opt.mechanism.rows()));
}
