/**
 * @file random_game.h
 * @brief Seeded random small game instances for the property tests of family "game".
 */
#pragma once
#include <random>

#include "game/model.h"
#include "game/priors.h"

namespace privlab::game::testing {

/// A random prior with every entry > 0.
inline Vector random_prior(long n, std::mt19937_64& rng) {
  Vector p(n);
  for (long i = 0; i < n; ++i) p(i) = 0.05 + uniform01(rng);
  return p / p.sum();
}

/// A random mechanism [o][s] with strictly positive entries.
inline Matrix random_mechanism(long m, long n, std::mt19937_64& rng) {
  Matrix p(m, n);
  for (long o = 0; o < m; ++o)
    for (long s = 0; s < n; ++s) p(o, s) = 0.01 + uniform01(rng);
  for (long s = 0; s < n; ++s) p.col(s) /= p.col(s).sum();
  return p;
}

/// Random points in the plane -> Euclidean distances (a metric with zero diagonal).
inline Matrix random_metric(long n, std::mt19937_64& rng) {
  Matrix xy(n, 2);
  for (long i = 0; i < n; ++i) xy(i, 0) = 3 * uniform01(rng), xy(i, 1) = 3 * uniform01(rng);
  Matrix d(n, n);
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j) d(i, j) = (xy.row(i) - xy.row(j)).norm();
  return d;
}

/// A random instance with O = S: Hamming or random-matrix loss, Euclidean d and d_eps.
inline GameInputs random_game(long n, std::mt19937_64& rng, bool hamming = true) {
  GameInputs in;
  in.prior = random_prior(n, rng);
  in.distance = random_metric(n, rng);
  in.dp_distance = in.distance;
  in.obs_distance = in.distance;
  if (hamming) {
    in.loss = hamming_loss(n);
  } else {
    in.loss.resize(n, n);
    for (long o = 0; o < n; ++o)
      for (long s = 0; s < n; ++s) in.loss(o, s) = o == s ? 0.0 : uniform01(rng);
  }
  return in;
}

}  // namespace privlab::game::testing
