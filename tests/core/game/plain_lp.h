/**
 * @file plain_lp.h
 * @brief The independent reference of the game family's exact solvers: LPs (21)/(22)/(24)
 *        written from the paper with every row, and seeded grid instances.
 */
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "game/dual_lp.h"
#include "game/mechanisms.h"
#include "game/model.h"
#include "game/priors.h"
#include "solvers/lp.h"

namespace privlab::game::testing {

/// The plain full LP of (21)/(22)/(24), written here from the paper without any of design()'s
/// row dropping, lazy rows or repairs: every ordered pair's DP rows, every (21b) row; objective
/// (11) or (12). Solved in its dual form (same optimum; far fewer basis rows).
inline double plain_lp_optimum(const GameInputs& in, MechanismKind kind, double eps, double dm, bool worst) {
  const long m = in.num_observables(), n = in.num_secrets();
  const bool dist = kind != MechanismKind::kDp, dp = kind != MechanismKind::kDistortion;
  const long nv = m * n + (dist ? m : 0) + (worst ? 1 : 0);
  lp::LinearProgram prog;
  prog.objective = Vector::Zero(nv);
  prog.lower = Vector::Zero(nv);
  prog.upper = Vector::Constant(nv, lp::kInf);
  const auto p = [&](long o, long s) { return static_cast<int>(s * m + o); };
  const auto x = [&](long o) { return static_cast<int>(m * n + o); };
  for (long s = 0; s < n; ++s) {
    lp::Row r;
    for (long o = 0; o < m; ++o) r.coeffs.emplace_back(p(o, s), 1.0);
    r.lower = r.upper = 1;
    prog.add_row(r);
  }
  if (worst) {
    prog.objective(nv - 1) = 1;
    for (long s = 0; s < n; ++s) {
      lp::Row r;
      for (long o = 0; o < m; ++o) r.coeffs.emplace_back(p(o, s), in.loss(o, s));
      r.coeffs.emplace_back(static_cast<int>(nv - 1), -1.0);
      r.upper = 0;
      prog.add_row(r);
    }
  } else {
    for (long s = 0; s < n; ++s)
      for (long o = 0; o < m; ++o) prog.objective(p(o, s)) = in.prior(s) * in.loss(o, s);
  }
  if (dist) {
    lp::Row budget;
    for (long o = 0; o < m; ++o) {
      prog.lower(x(o)) = -lp::kInf;
      budget.coeffs.emplace_back(x(o), 1.0);
      for (long g = 0; g < n; ++g) {
        lp::Row r;
        for (long s = 0; s < n; ++s) r.coeffs.emplace_back(p(o, s), in.prior(s) * in.distance(g, s));
        r.coeffs.emplace_back(x(o), -1.0);
        r.lower = 0;
        prog.add_row(r);
      }
    }
    budget.lower = dm;
    prog.add_row(budget);
  }
  if (dp)
    for (long s = 0; s < n; ++s)
      for (long t = 0; t < n; ++t)
        if (s != t)
          for (long o = 0; o < m; ++o)
            prog.add_row({{{p(o, s), 1.0}, {p(o, t), -std::exp(eps * in.dp_distance(s, t))}}, -lp::kInf, 0.0});
  const lp::Solution sol = solve_via_dual(prog);
  REQUIRE(sol.status == lp::Status::kOptimal);
  return sol.objective;
}

/// The game on a grid with the Hamming loss and the given prior.
inline GameInputs grid_game(const Grid& grid, const Vector& prior) {
  GameInputs in;
  in.distance = in.dp_distance = grid_distances(grid);
  in.obs_distance = in.distance;
  in.loss = hamming_loss(grid.cells());
  in.prior = prior;
  return in;
}

/// The game on a grid with a spread prior: 3 places with Dirichlet shares, 10 % background,
/// blur 0.7 km, drawn from the seed.
inline GameInputs spread_grid_game(const Grid& grid, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return grid_game(grid, generate_prior(grid, {3, 0.1, 0.7, PlaceWeights::Dirichlet}, rng));
}

inline GameInputs grid_game(const Grid& grid, std::mt19937_64& rng) {
  return grid_game(grid, generate_prior(grid, {3, 0.05, 0.0}, rng));
}

}  // namespace privlab::game::testing
