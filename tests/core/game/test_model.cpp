// Tests of core/game/model.cpp: grid distances, Hamming loss, the d_m threshold, utility cost.
#include <doctest/doctest.h>

#include <cmath>

#include "game/model.h"

using namespace privlab;
using namespace privlab::game;

TEST_CASE("game/grid_distances: Euclidean distances between cell centres") {
  const Matrix d = grid_distances({2, 3, 1.5});  // 2 rows x 3 cols, 1.5 km cells
  REQUIRE(d.rows() == 6);
  CHECK(d(0, 0) == 0);
  CHECK(d(0, 1) == doctest::Approx(1.5));                   // same row, next column
  CHECK(d(0, 3) == doctest::Approx(1.5));                   // next row, same column
  CHECK(d(0, 5) == doctest::Approx(1.5 * std::sqrt(5.0)));  // (0,0) -> (1,2)
  CHECK((d - d.transpose()).cwiseAbs().maxCoeff() == 0);
}

TEST_CASE("game/hamming_loss: zero on the diagonal, one elsewhere") {
  const Matrix c = hamming_loss(3);
  CHECK(c.trace() == 0);
  CHECK(c.sum() == 6);
}

TEST_CASE("game/feasibility_threshold: the best blind guess, by brute force") {
  // Three secrets on a line at 0, 1, 3 with pi = (0.2, 0.5, 0.3).
  Matrix d(3, 3);
  d << 0, 1, 3, 1, 0, 2, 3, 2, 0;
  const Vector pi = (Vector(3) << 0.2, 0.5, 0.3).finished();
  // guess 0: 0.5 + 0.9 = 1.4; guess 1: 0.2 + 0.6 = 0.8; guess 2: 0.6 + 1.0 = 1.6.
  CHECK(feasibility_threshold(pi, d) == doctest::Approx(0.8));
  CHECK(prior_only_guess(pi, d) == 1);
}

TEST_CASE("game/utility_cost: identity costs nothing, a constant mechanism costs 1 - pi(o)") {
  const Vector pi = (Vector(3) << 0.2, 0.5, 0.3).finished();
  const Matrix c = hamming_loss(3);
  CHECK(utility_cost(Matrix::Identity(3, 3), pi, c) == 0);
  Matrix constant = Matrix::Zero(3, 3);
  constant.row(1).setOnes();
  CHECK(utility_cost(constant, pi, c) == doctest::Approx(0.5));
  CHECK(worst_utility_cost(constant, c) == doctest::Approx(1.0));
  CHECK(entropy((Vector(2) << 0.5, 0.5).finished()) == doctest::Approx(std::log(2.0)));
}

TEST_CASE("game/grid_distances: rectangular cells: width between columns, height between rows") {
  const Grid g{2, 3, 0.75, 0.5};  // cells 0 1 2 / 3 4 5
  const Matrix d = grid_distances(g);
  CHECK(d(0, 1) == doctest::Approx(0.75));
  CHECK(d(0, 3) == doctest::Approx(0.5));
  CHECK(d(0, 5) == doctest::Approx(std::sqrt(1.5 * 1.5 + 0.5 * 0.5)));
  CHECK(d(5, 0) == d(0, 5));
  CHECK_FALSE(g.square());
  const Grid sq{2, 3, 0.75};
  CHECK(sq.square());
  CHECK(grid_distances(sq)(0, 3) == doctest::Approx(0.75));
}
