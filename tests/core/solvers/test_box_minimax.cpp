// Tests of core/solvers/box_minimax.cpp: min over v in [0,1]^k of max_g (A v)_g against GLPK
// on the same LP, and against its own dual (strong duality through the returned multipliers).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "solvers/box_minimax.h"
#include "solvers/lp.h"

using namespace privlab;

namespace {
/// GLPK on the same LP (box_minimax_lp).
double glpk_value(const Matrix& A) {
  const lp::Solution sol = lp::solve_lp(lp::box_minimax_lp(A, 1e-12));
  REQUIRE(sol.status == lp::Status::kOptimal);
  return sol.objective;
}

/// The dual objective of rho: sum_i min(0, (A^T rho)_i).
double dual_value(const Matrix& A, const Vector& rho) { return (A.transpose() * rho).cwiseMin(0.0).sum(); }

/// Checks one instance: the point is in the box, the value is its own, it equals GLPK's
/// optimum, and rho is a distribution whose dual value equals it (so both are optimal).
void check_instance(const Matrix& A) {
  const lp::BoxMinimax b = lp::solve_box_minimax(A);
  REQUIRE(b.solved);
  const double scale = std::max(1.0, A.cwiseAbs().maxCoeff() * static_cast<double>(A.cols()));
  CHECK(b.v.minCoeff() >= 0.0);
  CHECK(b.v.maxCoeff() <= 1.0);
  CHECK(b.value == doctest::Approx((A * b.v).maxCoeff()).epsilon(1e-15));
  CHECK(b.rho.minCoeff() >= 0.0);
  CHECK(b.rho.sum() == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(std::abs(b.value - glpk_value(A)) <= 1e-11 * scale);
  CHECK(std::abs(b.value - dual_value(A, b.rho)) <= 1e-11 * scale);
}
}  // namespace

TEST_CASE("box_minimax: equals GLPK's optimum and its multipliers prove it, on random matrices of 1-6 rows") {
  std::mt19937_64 rng(20261128);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  long instances = 0;
  for (long m = 1; m <= 6; ++m)
    for (long k : {1L, 2L, 3L, 5L, 12L, 40L})
      for (int trial = 0; trial < 12; ++trial) {
        Matrix A(m, k);
        for (long g = 0; g < m; ++g)
          for (long i = 0; i < k; ++i) A(g, i) = u(rng) * (trial % 3 == 0 ? 1e-4 : 1.0);
        CAPTURE(m);
        CAPTURE(k);
        CAPTURE(trial);
        check_instance(A);
        ++instances;
      }
  CHECK(instances == 6 * 6 * 12);
}

TEST_CASE("box_minimax: degenerate instances (ties, repeated and zero rows, integer entries, signs)") {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> small(-2, 2);
  for (int trial = 0; trial < 300; ++trial) {
    const long m = 1 + trial % 5, k = 1 + (trial / 5) % 9;
    Matrix A(m, k);
    for (long g = 0; g < m; ++g)
      for (long i = 0; i < k; ++i) A(g, i) = small(rng);
    if (m > 1 && trial % 4 == 0) A.row(m - 1) = A.row(0);  // a repeated guess
    if (trial % 7 == 0) A.row(0).setZero();                // a guess that prices nothing
    CAPTURE(trial);
    check_instance(A);
  }
  // Every entry >= 0: v = 0 and value 0. Every entry < 0 in one row only: that row's mass.
  const lp::BoxMinimax zero = lp::solve_box_minimax(Matrix::Constant(3, 4, 0.5));
  CHECK(zero.solved);
  CHECK(zero.value == 0.0);
  CHECK(zero.v.isZero());
  Matrix negative = Matrix::Constant(1, 3, -1.0);
  const lp::BoxMinimax all = lp::solve_box_minimax(negative);
  CHECK(all.value == -3.0);
  CHECK(all.v.isOnes());
  // No columns: the empty row is worth 0.
  CHECK(lp::solve_box_minimax(Matrix::Zero(2, 0)).value == 0.0);
}

TEST_CASE("box_minimax: fractional optima, worked by hand") {
  // max(v0 - 2 v1, -3 v0 + v1) with v1 = 1 is max(v0 - 2, 1 - 3 v0), least where the two meet:
  // v0 = 3/4, value -5/4 (lowering v1 raises the first row by 2 per unit and lowers the second
  // by 1 only). The multipliers (3/4, 1/4) make v0's coefficient in rho^T A zero.
  Matrix A(2, 2);
  A << 1, -2, -3, 1;
  const lp::BoxMinimax b = lp::solve_box_minimax(A);
  REQUIRE(b.solved);
  CHECK(b.value == doctest::Approx(-1.25).epsilon(1e-15));
  CHECK(b.v(0) == doctest::Approx(0.75).epsilon(1e-15));
  CHECK(b.v(1) == 1.0);
  CHECK(b.rho(0) == doctest::Approx(0.75).epsilon(1e-15));
  CHECK(dual_value(A, b.rho) == doctest::Approx(-1.25).epsilon(1e-15));
  // max(-2 v0 + 3 v1 - v2, 3 v0 - 2 v1 + 0.5 v2): v = (0, 0.3, 1), value -0.1 (scipy's HiGHS).
  Matrix F(2, 3);
  F << -2, 3, -1, 3, -2, 0.5;
  const lp::BoxMinimax f = lp::solve_box_minimax(F);
  REQUIRE(f.solved);
  CHECK(f.value == doctest::Approx(-0.1).epsilon(1e-14));
  CHECK(f.v(1) == doctest::Approx(0.3).epsilon(1e-14));
  CHECK(f.value == doctest::Approx(glpk_value(F)).epsilon(1e-13));
}
