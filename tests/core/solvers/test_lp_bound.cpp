// Tests of core/solvers/lp_bound.cpp: weak duality against the solver's optimum, with exact,
// perturbed and wrong-signed multipliers.
#include <doctest/doctest.h>

#include <random>

#include "solvers/lp.h"
#include "solvers/lp_bound.h"

using namespace privlab;

namespace {
/// min sum_j c_j x_j over two simplices {x0..x2}, {x3..x5} with x0 + x3 >= 0.7, x1 - 2 x4 <= 0.1.
lp::LinearProgram two_simplices() {
  lp::LinearProgram p;
  p.objective = (Vector(6) << 0.1, 0.4, 0.9, 0.3, 0.2, 0.8).finished();
  p.add_row({{{0, 1}, {1, 1}, {2, 1}}, 1, 1});
  p.add_row({{{3, 1}, {4, 1}, {5, 1}}, 1, 1});
  p.add_row({{{0, 1}, {3, 1}}, 0.7, lp::kInf});
  p.add_row({{{1, 1}, {4, -2}}, -lp::kInf, 0.1});
  return p;
}
}  // namespace

TEST_CASE("solvers/lp_bound: the optimal duals certify the optimum, with or without simplices") {
  const auto p = two_simplices();
  const auto sol = lp::solve_lp(p);
  REQUIRE(sol.status == lp::Status::kOptimal);
  lp::BoundDomain all_relaxed;  // every row relaxed; the box [0, 1] holds every feasible point
  all_relaxed.box_lower = Vector::Zero(6);
  all_relaxed.box_upper = Vector::Ones(6);
  CHECK(lp::lagrangian_bound(p, sol.row_duals, all_relaxed) == doctest::Approx(sol.objective).epsilon(1e-12));
  CHECK(lp::lagrangian_bound(p, sol.row_duals, all_relaxed) <= sol.objective);
  lp::BoundDomain simplices;
  simplices.simplex_rows = {0, 1};
  CHECK(lp::lagrangian_bound(p, sol.row_duals, simplices) == doctest::Approx(sol.objective).epsilon(1e-12));
  CHECK(lp::lagrangian_bound(p, sol.row_duals, simplices) <= sol.objective);
}

TEST_CASE("solvers/lp_bound: any multipliers give a bound below the optimum (weak duality)") {
  const auto p = two_simplices();
  const auto sol = lp::solve_lp(p);
  REQUIRE(sol.status == lp::Status::kOptimal);
  std::mt19937_64 rng(7);
  std::normal_distribution<double> noise(0, 0.3);
  lp::BoundDomain simplices;
  simplices.simplex_rows = {0, 1};
  lp::BoundDomain box;  // every variable of a feasible point lies in [0, 1]
  box.box_lower = Vector::Zero(6);
  box.box_upper = Vector::Ones(6);
  for (int trial = 0; trial < 200; ++trial) {
    Vector y = sol.row_duals;
    for (int i = 0; i < y.size(); ++i) y(i) += noise(rng);  // also wrong signs: clamped to 0
    CHECK(lp::lagrangian_bound(p, y, simplices) <= sol.objective);
    CHECK(lp::lagrangian_bound(p, y, box) <= sol.objective);
  }
  // Without the simplices or a box, a negative reduced cost on x >= 0 leaves no bound.
  Vector y = Vector::Zero(4);
  y(0) = 5;  // the equality row 0 with multiplier 5: reduced cost of x0 = 0.1 - 5 < 0
  CHECK(lp::lagrangian_bound(p, y, lp::BoundDomain{}) == -lp::kInf);
  CHECK(lp::lagrangian_bound(p, y, box) <= sol.objective);
}
