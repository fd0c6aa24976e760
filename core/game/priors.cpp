/**
 * @file priors.cpp
 * @brief Seeded location priors with hot cells, and the informed adversary prior.
 */
#include "game/priors.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace privlab::game {

Vector generate_prior(const Grid& grid, const PriorShape& shape, std::mt19937_64& rng) {
  const long n = grid.cells();
  const long k = std::min(shape.hot_cells, n);
  std::vector<long> cells(n);
  std::iota(cells.begin(), cells.end(), 0L);
  for (long i = 0; i < k; ++i) std::swap(cells[i], cells[i + uniform_index(rng, n - i)]);  // partial Fisher-Yates
  const bool dirichlet = shape.weights == PlaceWeights::Dirichlet;
  std::vector<double> weight(k);
  if (dirichlet) {
    // Dirichlet(1, ..., 1): the gaps between k - 1 sorted uniforms on [0, 1] (no logarithm, so
    // native and WASM draw the same weights bit for bit).
    std::vector<double> cut(k + 1, 0.0);
    for (long i = 1; i < k; ++i) cut[i] = uniform01(rng);
    cut[k] = 1.0;
    std::sort(cut.begin() + 1, cut.end() - 1);
    for (long i = 0; i < k; ++i) weight[i] = cut[i + 1] - cut[i];
  } else {
    for (long i = 0; i < k; ++i) weight[i] = 0.2 + uniform01(rng);
    std::sort(weight.begin(), weight.end(), std::greater<>());  // home is the heaviest
  }
  Vector hot = Vector::Zero(n);
  const Matrix dist = grid_distances(grid);
  for (long i = 0; i < k; ++i) {
    if (shape.spread_km > 0) {
      Vector blur(n);
      for (long j = 0; j < n; ++j) {
        const double r = dist(cells[i], j) / shape.spread_km;
        blur(j) = std::exp(-0.5 * r * r);
      }
      hot += weight[i] * (dirichlet ? Vector(blur / blur.sum()) : blur);
    } else {
      hot(cells[i]) += weight[i];
    }
  }
  const double bg = std::clamp(shape.background, 0.0, 1.0);
  return (1 - bg) * hot / hot.sum() + Vector::Constant(n, bg / static_cast<double>(n));
}

Vector informed_prior(const Vector& prior, double lambda, long top) {
  const long n = prior.size();
  std::vector<long> order(n);
  std::iota(order.begin(), order.end(), 0L);
  std::stable_sort(order.begin(), order.end(), [&](long a, long b) { return prior(a) > prior(b); });
  Vector focus = Vector::Zero(n);
  for (long i = 0; i < std::min(top, n); ++i) focus(order[i]) = prior(order[i]);
  if (focus.sum() <= 0) return prior;
  return (1 - lambda) * prior + lambda * focus / focus.sum();
}

}  // namespace privlab::game
