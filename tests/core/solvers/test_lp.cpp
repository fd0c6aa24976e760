// Tests of core/solvers/lp.cpp on small LPs with known optima and multipliers.
#include <doctest/doctest.h>

#include "solvers/lp.h"

using namespace privlab;

namespace {
/// max 3x + 2y  s.t.  x + y <= 4,  x + 3y <= 7,  x <= 3,  x, y >= 0 (non-degenerate).
/// Optimum (3, 1), value 11; active rows 0 and 2 with multipliers 2 and 1 (3x+2y = 2(x+y) + x).
lp::LinearProgram textbook_lp() {
  lp::LinearProgram p;
  p.maximize = true;
  p.objective = (Vector(2) << 3, 2).finished();
  p.add_row({{{0, 1}, {1, 1}}, -lp::kInf, 4});
  p.add_row({{{0, 1}, {1, 3}}, -lp::kInf, 7});
  p.add_row({{{0, 1}}, -lp::kInf, 3});
  return p;
}
}  // namespace

TEST_CASE("solvers/lp: textbook maximum, primal and duals") {
  const auto sol = lp::solve_lp(textbook_lp());
  REQUIRE(sol.status == lp::Status::kOptimal);
  CHECK(sol.objective == doctest::Approx(11));
  CHECK(sol.x(0) == doctest::Approx(3));
  CHECK(sol.x(1) == doctest::Approx(1));
  CHECK(sol.row_duals(0) == doctest::Approx(2));
  CHECK(sol.row_duals(1) == doctest::Approx(0));
  CHECK(sol.row_duals(2) == doctest::Approx(1));
}

TEST_CASE("solvers/lp: minimisation with equality and free variables") {
  // min x - y  s.t.  x + y = 2, x - y >= -1, y free, x in [0, 5]  -> x = 0.5, y = 1.5, value -1.
  lp::LinearProgram p;
  p.objective = (Vector(2) << 1, -1).finished();
  p.lower = (Vector(2) << 0, -lp::kInf).finished();
  p.upper = (Vector(2) << 5, lp::kInf).finished();
  p.add_row({{{0, 1}, {1, 1}}, 2, 2});
  p.add_row({{{0, 1}, {1, -1}}, -1, lp::kInf});
  const auto sol = lp::solve_lp(p);
  REQUIRE(sol.status == lp::Status::kOptimal);
  CHECK(sol.objective == doctest::Approx(-1));
  CHECK(sol.x(0) == doctest::Approx(0.5));
  CHECK(sol.x(1) == doctest::Approx(1.5));
}

TEST_CASE("solvers/lp: infeasible and unbounded are reported, not thrown") {
  auto infeasible = textbook_lp();
  infeasible.add_row({{{0, 1}, {1, 1}}, 5, lp::kInf});  // x + y >= 5 contradicts x + y <= 4
  CHECK(lp::solve_lp(infeasible).status == lp::Status::kInfeasible);

  lp::LinearProgram unbounded;
  unbounded.maximize = true;
  unbounded.objective = (Vector(1) << 1).finished();
  CHECK(lp::solve_lp(unbounded).status == lp::Status::kUnbounded);
}

TEST_CASE("solvers/lp: with and without presolve the answers agree") {
  for (bool presolve : {false, true}) {
    auto p = textbook_lp();
    p.presolve = presolve;
    const auto sol = lp::solve_lp(p);
    REQUIRE(sol.status == lp::Status::kOptimal);
    CHECK(sol.objective == doctest::Approx(11));
    auto infeasible = textbook_lp();
    infeasible.presolve = presolve;
    infeasible.add_row({{{0, 1}, {1, 1}}, 5, lp::kInf});
    CHECK(lp::solve_lp(infeasible).status == lp::Status::kInfeasible);
  }
}

TEST_CASE("solvers/lp: IncrementalLp re-solved after each cut equals a fresh solve") {
  // Start from the textbook LP without rows 1-2, add them one at a time.
  auto full = textbook_lp();
  lp::LinearProgram start = full;
  start.rows.resize(1);
  lp::IncrementalLp inc(start);
  auto first = inc.solve();
  REQUIRE(first.status == lp::Status::kOptimal);
  CHECK(first.objective == doctest::Approx(12));  // max 3x + 2y with only x + y <= 4: x = 4
  for (std::size_t k = 1; k < full.rows.size(); ++k) {
    inc.add_row(full.rows[k]);
    lp::LinearProgram prefix = full;
    prefix.rows.resize(k + 1);
    const auto warm = inc.solve();
    const auto fresh = lp::solve_lp(prefix);
    REQUIRE(warm.status == fresh.status);
    CHECK(warm.objective == doctest::Approx(fresh.objective));
    CHECK(inc.num_rows() == static_cast<int>(k + 1));
  }
  inc.add_row({{{0, 1}, {1, 1}}, 5, lp::kInf});  // contradicts x + y <= 4
  CHECK(inc.solve().status == lp::Status::kInfeasible);
}

TEST_CASE("solvers/lp: IncrementalLp restores a basis taken before an objective change and a cut") {
  // The decomposition's pricing starts each observable from the basis its own last pricing
  // ended at (decomposition_pricing.h). max 3x + 2y over rows 0-1 ends at (4, 0) with row 0
  // tight; max x + 5y at (0, 7/3) with row 1 tight: two different bases.
  auto full = textbook_lp();
  lp::LinearProgram start = full;
  start.rows.resize(2);
  lp::IncrementalLp inc(start);
  REQUIRE(inc.solve().status == lp::Status::kOptimal);
  const lp::Basis first = inc.basis();
  inc.set_objective((Vector(2) << 1, 5).finished());
  const auto other = inc.solve();
  REQUIRE(other.status == lp::Status::kOptimal);
  CHECK(other.objective == doctest::Approx(35.0 / 3));
  const lp::Basis second = inc.basis();
  REQUIRE(first.nonbasic_rows != second.nonbasic_rows);
  REQUIRE(first.columns != second.columns);
  inc.add_row(full.rows[2]);  // x <= 3, added after `first` was taken: basic (its slack)
  inc.set_objective(full.objective);
  inc.set_basis(first);
  const lp::Basis restored = inc.basis();
  CHECK(restored.columns == first.columns);
  CHECK(restored.nonbasic_rows == first.nonbasic_rows);
  // (4, 0) violates the new row: the solve goes on from there to the whole LP's optimum.
  const auto warm = inc.solve();
  REQUIRE(warm.status == lp::Status::kOptimal);
  CHECK(warm.objective == doctest::Approx(11));
  CHECK(warm.x(0) == doctest::Approx(3));
  CHECK(warm.x(1) == doctest::Approx(1));
}

TEST_CASE("solvers/lp: an exhausted iteration limit is a failure, not a hang or a wrong optimum") {
  auto p = textbook_lp();
  p.iteration_limit = 1;  // the optimum needs two pivots from the slack basis
  const auto sol = lp::solve_lp(p);
  CHECK(sol.status == lp::Status::kFailed);
  p.iteration_limit = 0;  // automatic
  CHECK(lp::solve_lp(p).status == lp::Status::kOptimal);
}

TEST_CASE("solvers/lp: a time limit stops solve_lp short of optimal (kTimeLimit); without it the same LP solves") {
  // A dense 600 x 600 covering LP (the game's packing bound on a large grid is of this kind):
  // min sum b, E b >= 1, with E(o,s) = e^{-|o-s|/50}. Seconds of simplex; 2 ms are not enough.
  const int n = 600;
  lp::LinearProgram prog;
  prog.objective = Vector::Ones(n);
  for (int o = 0; o < n; ++o) {
    lp::Row row;
    for (int s = 0; s < n; ++s)
      row.coeffs.emplace_back(s, std::exp(-std::abs(o - s) / 50.0) * (1 + 0.1 * ((o * 7 + s * 13) % 11)));
    row.lower = 1.0;
    prog.rows.push_back(std::move(row));
  }
  prog.time_limit = 1e-3;
  // Said as such, not as a failure: callers with a deadline read it (the game's budget).
  CHECK(lp::solve_lp(prog).status == lp::Status::kTimeLimit);
  prog.time_limit = 0;
  CHECK(lp::solve_lp(prog).status == lp::Status::kOptimal);
  // lp::testing scales every limit: 10 s scaled by 1e-4 is 1 ms.
  prog.time_limit = 10;
  lp::testing::scale_time_limits(1e-4);
  const lp::Status scaled = lp::solve_lp(prog).status;
  lp::testing::scale_time_limits(1.0);
  CHECK(scaled == lp::Status::kTimeLimit);
}
