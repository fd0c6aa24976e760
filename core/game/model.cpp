/**
 * @file model.cpp
 * @brief Grid distances, Hamming loss, the d_m feasibility threshold and the utility cost.
 */
#include "game/model.h"

#include <cmath>
#include <limits>
#include <string>

#include "common/arguments.h"
#include "common/error.h"

namespace privlab::game {

Matrix grid_distances(const Grid& grid) {
  if (grid.rows < 1 || grid.cols < 1)
    bad_request("out_of_range", "/grid", "a grid needs at least one row and one column");
  arguments::in_range(grid.cell_km, "/grid/cell_km", 0, 1e6);
  if (!(grid.cell_km > 0)) bad_request("out_of_range", "/grid/cell_km", "cells need a positive width");
  arguments::in_range(grid.cell_height_km, "/grid/cell_height_km", -1e6, 1e6);
  const long n = grid.cells();
  Matrix d(n, n);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) {
      const double dy = grid.height() * static_cast<double>(i / grid.cols - j / grid.cols);
      const double dx = grid.width() * static_cast<double>(i % grid.cols - j % grid.cols);
      d(i, j) = std::sqrt(dx * dx + dy * dy);
    }
  return d;
}

Matrix hamming_loss(long n) { return Matrix::Ones(n, n) - Matrix::Identity(n, n); }

long prior_only_guess(const Vector& prior, const Matrix& distance) {
  arguments::non_empty(distance, "/distance");
  arguments::size(prior, "/prior", distance.cols(), "one entry per column (secret) of distance:");
  // (distance * prior)(shat) = sum_s d(shat,s) pi(s)
  const Vector err = distance * prior;
  long best = 0;
  for (long g = 1; g < err.size(); ++g)
    if (err(g) < err(best)) best = g;
  return best;
}

double feasibility_threshold(const Vector& prior, const Matrix& distance) {
  arguments::non_empty(distance, "/distance");
  arguments::size(prior, "/prior", distance.cols(), "one entry per column (secret) of distance:");
  return (distance * prior).minCoeff();
}

double utility_cost(const Matrix& p, const Vector& prior, const Matrix& loss) {
  arguments::shape(loss, "/utility_loss", p.rows(), p.cols(), "c(o,s) has the shape of p [o][s]:");
  arguments::size(prior, "/prior", p.cols(), "one entry per column (secret) of p:");
  // sum_s pi(s) sum_o p(o,s) c(o,s)
  return (p.cwiseProduct(loss).colwise().sum() * prior)(0);
}

double worst_utility_cost(const Matrix& p, const Matrix& loss) {
  arguments::non_empty(p, "/p");
  arguments::shape(loss, "/utility_loss", p.rows(), p.cols(), "c(o,s) has the shape of p [o][s]:");
  return p.cwiseProduct(loss).colwise().sum().maxCoeff();
}

double entropy(const Vector& distribution) {
  double h = 0;
  for (long i = 0; i < distribution.size(); ++i)
    if (distribution(i) > 0) h -= distribution(i) * std::log(distribution(i));
  return h;
}

}  // namespace privlab::game
