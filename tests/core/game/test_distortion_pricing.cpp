// Tests of core/game/distortion_pricing.cpp: the double oracle's row, value and proven bounds
// for the distortion LP (21), against the full box LP over every cell and every guess.
#include <doctest/doctest.h>

#include <random>

#include "game/decomposition_pricing.h"
#include "game/distortion_pricing.h"
#include "game/priors.h"
#include "plain_lp.h"
#include "solvers/box_minimax.h"
#include "solvers/lp.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::decomposition;
using namespace privlab::game::testing;

namespace {
/// The plain LP over every cell and every guess: min y s.t. y >= (z - mu W(g,.)).v for every g,
/// over the box v in [0,1]^n (beta), or over shapes v >= 0, sum v = 1 (`shapes`).
double full_lp(const Matrix& W, const Vector& z, double mu, bool shapes) {
  const long n = z.size();
  lp::LinearProgram prog;
  prog.objective = Vector::Zero(n + 1);
  prog.objective(n) = 1.0;
  prog.lower = Vector::Zero(n + 1);
  prog.upper = Vector::Constant(n + 1, shapes ? lp::kInf : 1.0);
  prog.lower(n) = -lp::kInf, prog.upper(n) = lp::kInf;
  if (shapes) {
    lp::Row simplex;
    for (long s = 0; s < n; ++s) simplex.coeffs.emplace_back(static_cast<int>(s), 1.0);
    simplex.lower = simplex.upper = 1.0;
    prog.rows.push_back(simplex);
  }
  for (long g = 0; g < W.rows(); ++g) {
    lp::Row row;
    row.coeffs.emplace_back(static_cast<int>(n), 1.0);
    for (long s = 0; s < n; ++s) row.coeffs.emplace_back(static_cast<int>(s), -(z(s) - mu * W(g, s)));
    row.lower = 0.0;
    prog.rows.push_back(row);
  }
  const lp::Solution sol = lp::solve_lp(prog);
  REQUIRE(sol.status == lp::Status::kOptimal);
  return sol.objective;
}
}  // namespace

TEST_CASE("game/distortion_pricing: the double oracle's row is optimal over the box and its bounds are proven (21)") {
  long exact = 0, total = 0, negative = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const GameInputs in = spread_grid_game({4, 5, 1.0}, seed);
    const double threshold = feasibility_threshold(in.prior, in.distance);
    const Problem pb(in, design_options(MechanismKind::kDistortion, 0.0, 0.7 * threshold));
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (int trial = 0; trial < 6; ++trial) {
      Vector lambda(pb.n);
      for (long s = 0; s < pb.n; ++s) lambda(s) = in.prior(s) * (0.1 + 0.9 * u(rng));
      const double mu = trial == 0 ? 0.0 : 4.0 * u(rng);
      for (long o = 0; o < pb.m; ++o) {
        const Vector z = pb.cost.row(o).transpose() - lambda;
        const auto d = price_distortion_row(pb.weighted_distance, z, mu, 1e-13, 200, 0.0);
        REQUIRE(d);
        const double beta = full_lp(pb.weighted_distance, z, mu, false);
        const double shape_min = full_lp(pb.weighted_distance, z, mu, true);
        ++total;
        // The row is in the box and its value is its own z.v - mu x(v) over every guess.
        CHECK(d->v.minCoeff() >= 0.0);
        CHECK(d->v.maxCoeff() <= 1.0 + 1e-12);
        CHECK(d->v.sum() > 0);
        const double x = (pb.weighted_distance * d->v).minCoeff();
        CHECK(d->value == doctest::Approx(z.dot(d->v) - mu * x).epsilon(1e-12));
        // Proven bounds never above the true minima; the value never below beta.
        CHECK(d->box_bound <= beta + 1e-12);
        CHECK(d->bound <= shape_min + 1e-12);
        CHECK(d->value >= beta - 1e-10);
        // Exact: value, bound and beta agree.
        if (std::abs(d->value - beta) <= 1e-10 && std::abs(d->box_bound - beta) <= 1e-10) ++exact;
        negative += beta < -1e-9;
      }
    }
  }
  CHECK(exact == total);
  CHECK(negative > total / 4);  // the multipliers leave rows that price below 0
  MESSAGE("observables priced: ", total, ", beta < 0: ", negative);
}

TEST_CASE("game/distortion_pricing: GLPK's small LPs, where the dense simplex gives up, reach the same optimum (21)") {
  struct RestoreCap {
    ~RestoreCap() { lp::testing::cap_box_minimax_pivots(-1); }
  } restore;
  long compared = 0, with_lp = 0;
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const GameInputs in = spread_grid_game({4, 5, 1.0}, seed);
    const double threshold = feasibility_threshold(in.prior, in.distance);
    const Problem pb(in, design_options(MechanismKind::kDistortion, 0.0, 0.7 * threshold));
    std::mt19937_64 rng(seed + 10);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    Vector lambda(pb.n);
    for (long s = 0; s < pb.n; ++s) lambda(s) = in.prior(s) * (0.1 + 0.9 * u(rng));
    const double mu = 1.0 + 3.0 * u(rng);
    for (long o = 0; o < pb.m; ++o) {
      const Vector z = pb.cost.row(o).transpose() - lambda;
      lp::testing::cap_box_minimax_pivots(-1);
      const auto dense = price_distortion_row(pb.weighted_distance, z, mu, 1e-13, 200, 0.0);
      lp::testing::cap_box_minimax_pivots(0);  // every small LP that needs a pivot goes to GLPK
      const auto glpk = price_distortion_row(pb.weighted_distance, z, mu, 1e-13, 200, 0.0);
      REQUIRE(dense);
      REQUIRE(glpk);
      const double beta = full_lp(pb.weighted_distance, z, mu, false);
      CHECK(glpk->value == doctest::Approx(beta).epsilon(1e-10));
      CHECK(glpk->box_bound <= beta + 1e-12);
      CHECK(glpk->box_bound == doctest::Approx(dense->box_bound).epsilon(1e-10));
      ++compared;
      with_lp += glpk->iterations > 0;
    }
  }
  CHECK(with_lp > compared / 4);  // the fallback was exercised, not skipped
  MESSAGE("observables priced both ways: ", compared, ", with small LPs: ", with_lp);
}

TEST_CASE("game/distortion_pricing: a reused work space and W's transpose give what a fresh call gives (21)") {
  // One DistortionWork carried across observables, multipliers and two grid sizes (as a
  // pricing group carries it between rounds) must leave nothing behind: every call equals a
  // fresh one bit for bit, with the mixtures evolving the same way.
  DistortionWork work;
  long calls = 0;
  for (const Grid& grid : {Grid{4, 5, 1.0}, Grid{3, 3, 1.0}, Grid{4, 5, 1.0}}) {
    const GameInputs in = spread_grid_game(grid, 3);
    const Problem pb(
        in, design_options(MechanismKind::kDistortion, 0.0, 0.7 * feasibility_threshold(in.prior, in.distance)));
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<GuessMixture> fresh_mixtures(pb.m), reused_mixtures(pb.m);
    for (int trial = 0; trial < 5; ++trial) {
      Vector lambda(pb.n);
      for (long s = 0; s < pb.n; ++s) lambda(s) = in.prior(s) * (0.1 + 0.9 * u(rng));
      const double mu = 4.0 * u(rng);
      for (long o = 0; o < pb.m; ++o) {
        const Vector z = pb.cost.row(o).transpose() - lambda;
        const auto fresh = price_distortion_row(pb.weighted_distance, z, mu, 1e-13, 200, 0.0, &fresh_mixtures[o]);
        const auto reused = price_distortion_row(pb.weighted_distance, z, mu, 1e-13, 200, 0.0, &reused_mixtures[o],
                                                 &pb.weighted_distance_t, &work);
        REQUIRE(fresh);
        REQUIRE(reused);
        CHECK(reused->value == fresh->value);
        CHECK(reused->bound == fresh->bound);
        CHECK(reused->box_bound == fresh->box_bound);
        CHECK(reused->iterations == fresh->iterations);
        CHECK(reused->v == fresh->v);
        CHECK(reused_mixtures[o].guesses == fresh_mixtures[o].guesses);
        ++calls;
      }
    }
  }
  MESSAGE("calls: ", calls);
}
