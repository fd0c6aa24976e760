// Tests of core/game/dual_lp.cpp: solving through the dual gives the primal optimum, primal
// values and row multipliers of the direct solve.
#include <doctest/doctest.h>

#include "common/error.h"
#include "game/dual_lp.h"

using namespace privlab;
using namespace privlab::game;

TEST_CASE("game/solve_via_dual: equality, >=, <= rows and a free variable") {
  // min 2a + 3b + c  s.t.  a + b + c = 4,  a - b >= 1,  c - a <= 0.5,  a, b >= 0.
  lp::LinearProgram p;
  p.objective = (Vector(3) << 2, 3, 1).finished();
  p.lower = (Vector(3) << 0, 0, -lp::kInf).finished();
  p.upper = Vector::Constant(3, lp::kInf);
  p.add_row({{{0, 1}, {1, 1}, {2, 1}}, 4, 4});
  p.add_row({{{0, 1}, {1, -1}}, 1, lp::kInf});
  p.add_row({{{2, 1}, {0, -1}}, -lp::kInf, 0.5});
  const lp::Solution direct = lp::solve_lp(p);
  const lp::Solution dual = solve_via_dual(p);
  REQUIRE(direct.status == lp::Status::kOptimal);
  REQUIRE(dual.status == lp::Status::kOptimal);
  CHECK(dual.objective == doctest::Approx(direct.objective));
  for (int j = 0; j < 3; ++j) CHECK(dual.x(j) == doctest::Approx(direct.x(j)));
  for (int i = 0; i < 3; ++i) CHECK(dual.row_duals(i) == doctest::Approx(direct.row_duals(i)));
}

TEST_CASE("game/solve_via_dual: an infeasible primal is reported infeasible") {
  lp::LinearProgram p;  // x >= 2 and x <= 1
  p.objective = (Vector(1) << 1).finished();
  p.add_row({{{0, 1}}, 2, lp::kInf});
  p.add_row({{{0, 1}}, -lp::kInf, 1});
  CHECK(solve_via_dual(p).status == lp::Status::kInfeasible);
}

TEST_CASE("game/solve_via_dual: ranged rows are refused") {
  lp::LinearProgram p;
  p.objective = (Vector(1) << 1).finished();
  p.add_row({{{0, 1}}, 1, 2});
  CHECK_THROWS_AS(solve_via_dual(p), Error);
}
