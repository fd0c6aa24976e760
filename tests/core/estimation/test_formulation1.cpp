// Tests of core/estimation/formulation1.cpp: feasibility, every reported MMSE against the
// formula of Section 4.2 and a direct computation, Lemma 3, and the optimum against a
// brute-force grid over sigma (an independent method) in 2 and 3 dimensions.
#include <doctest/doctest.h>

#include <cmath>

#include "estimation/formulation1.h"
#include "estimation/pics.h"
#include "test_helpers.h"

using namespace privlab;
using namespace privlab::estimation;
using namespace privlab::estimation::testing;

namespace {
Formulation1Input parity_input(double theta, Objective obj) {
  Formulation1Input in;
  in.joint_sx = parity_joint();
  // s_1(S) = S_1, u_1(X) = X_1 X_2, u_2(X) = X_2 (Section 7.1); bit index 1 -> +1.
  Vector s1(4), u1(4), u2(4);
  for (long v = 0; v < 4; ++v) {
    const double b1 = v / 2 ? 1 : -1, b2 = v % 2 ? 1 : -1;
    s1(v) = b1;
    u1(v) = b1 * b2;
    u2(v) = b2;
  }
  in.private_functions = {s1};
  in.useful_functions = {u1, u2};
  in.theta = {theta};
  in.objective = obj;
  return in;
}

/// Checks everything a caller may read off a result.
void check_result(const Formulation1Input& in, const Formulation1Result& r) {
  const Vector px = in.joint_sx.colwise().sum().transpose();
  CHECK(formulation1_feasible(r.basis, px, r.alpha, in.theta, r.sigma, 1e-12));
  CHECK((r.mechanism.array() >= 0).all());
  CHECK((r.mechanism.colwise().sum().array() - 1).abs().maxCoeff() < 1e-12);
  CHECK(r.objective <= r.objective_upper + 1e-12);
  if (r.converged) CHECK(r.objective_upper - r.objective <= in.tolerance * std::max(1.0, r.objective_upper) + 1e-12);
  // Basis (16): F^T D_X F = I.
  const Matrix gram = r.basis.transpose() * px.asDiagonal() * r.basis;
  CHECK((gram - Matrix::Identity(gram.rows(), gram.cols())).cwiseAbs().maxCoeff() < 1e-9);
  // Every MMSE: the Section 4.2 formula = the direct computation from the mechanism.
  const Matrix p_sy = in.joint_sx * r.mechanism.transpose();
  const Matrix p_xy = px.asDiagonal() * r.mechanism.transpose();
  for (std::size_t i = 0; i < r.privates.size(); ++i) {
    const auto& p = r.privates[i];
    CHECK(p.mmse_projected == doctest::Approx(p.mmse_projected_formula).epsilon(1e-9));
    CHECK(p.mmse == doctest::Approx(mmse_direct(p_sy, p.values)).epsilon(1e-12));
    CHECK(p.mmse >= p.mmse_projected - 1e-9);  // Lemma 3
    CHECK(p.mmse >= in.theta[i] - 1e-9);       // the privacy constraint holds for s_i itself
  }
  for (const auto& u : r.usefuls) {
    CHECK(u.mmse == doctest::Approx(u.mmse_formula).epsilon(1e-9));
    CHECK(u.mmse == doctest::Approx(mmse_direct(p_xy, u.values)).epsilon(1e-12));
  }
  CHECK(r.chi2_xy == doctest::Approx(r.sigma.squaredNorm()).epsilon(1e-9));  // PICs = sigma^2
  CHECK(r.chi2_sy == doctest::Approx(chi_square_information(p_sy)).epsilon(1e-12));
}

/// Brute force: the best objective over a grid of sigma in [0,1]^(|X|-1) that is feasible.
double grid_optimum(const Formulation1Input& in, const Formulation1Result& r, int steps) {
  const Vector px = in.joint_sx.colwise().sum().transpose();
  const long dim = r.sigma.size();
  long total = 1;
  for (long k = 0; k < dim; ++k) total *= steps + 1;
  double best = -1;
  Vector s(dim);
  for (long idx = 0; idx < total; ++idx) {
    long rest = idx;
    for (long k = 0; k < dim; ++k) {
      s(k) = static_cast<double>(rest % (steps + 1)) / steps;
      rest /= steps + 1;
    }
    if (!formulation1_feasible(r.basis, px, r.alpha, in.theta, s, 0)) continue;
    best = std::max(best, objective_value(s, r.n_prime, in.objective, r.weights));
  }
  return best;
}
}  // namespace

TEST_CASE("estimation/solve_formulation1: parity example (Section 7.1) over a theta sweep") {
  for (Objective obj : {Objective::kSum, Objective::kMin})
    for (double theta : {0.0, 0.3, 0.6, 0.9, 0.97, 1.0}) {
      const auto in = parity_input(theta, obj);
      const auto r = solve_formulation1(in);
      CHECK(r.converged);
      CHECK(r.n_prime == 2);
      check_result(in, r);
    }
}

TEST_CASE("estimation/solve_formulation1: theta = 0 reveals everything, theta = 1 hides s_1") {
  const auto open = solve_formulation1(parity_input(0.0, Objective::kSum));
  CHECK(open.objective == doctest::Approx(2.0));
  CHECK(open.usefuls[0].mmse == doctest::Approx(0).scale(1));
  const auto closed = solve_formulation1(parity_input(1.0, Objective::kSum));
  CHECK(closed.privates[0].mmse == doctest::Approx(1.0));
  CHECK(closed.privates[0].mmse_projected == doctest::Approx(1.0));
}

TEST_CASE("estimation/solve_formulation1: optimum matches a brute-force grid in 2-D") {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 4; ++trial) {
    Formulation1Input in;
    in.joint_sx = random_joint(3, 3, rng);
    in.private_functions = {(Vector(3) << 1, 0, 0).finished()};
    in.useful_functions = {(Vector(3) << 0, 1, 0).finished(), (Vector(3) << 0, 0, 1).finished()};
    in.theta = {0.6 + 0.1 * trial};
    in.objective = trial % 2 ? Objective::kMin : Objective::kSum;
    const auto r = solve_formulation1(in);
    check_result(in, r);
    const double grid = grid_optimum(in, r, 400);
    CHECK(r.objective >= grid - 1e-9);           // never worse than any feasible grid point
    CHECK(r.objective <= grid + 2 * 2.0 / 400);  // within the grid's resolution
  }
}

TEST_CASE("estimation/solve_formulation1: optimum matches a brute-force grid in 3-D") {
  std::mt19937_64 rng(23);
  Formulation1Input in;
  in.joint_sx = random_joint(3, 4, rng);
  in.private_functions = {(Vector(3) << 1, 0, 0).finished(), (Vector(3) << 0, 1, 0).finished()};
  in.useful_functions = {(Vector(4) << 1, 0, 0, 0).finished(), (Vector(4) << 0, 1, 1, 0).finished()};
  in.theta = {0.7, 0.8};
  in.objective = Objective::kSum;
  in.weights = {1.0, 0.5};
  const auto r = solve_formulation1(in);
  check_result(in, r);
  const double grid = grid_optimum(in, r, 40);
  CHECK(r.objective >= grid - 1e-9);
  CHECK(r.objective <= grid + 3 * 1.5 / 40);
}

TEST_CASE("estimation/solve_formulation1: the basis follows the explicit order (17)") {
  auto in = parity_input(0.5, Objective::kMin);
  for (std::vector<long> order : {std::vector<long>{0, 1}, std::vector<long>{1, 0}}) {
    in.order = order;
    const auto r = solve_formulation1(in);
    const Vector px = in.joint_sx.colwise().sum().transpose();
    // f_1 is the first useful function in the order (up to sign).
    const double c = px.dot(r.basis.col(1).cwiseProduct(r.usefuls[order[0]].values));
    CHECK(std::abs(c) == doctest::Approx(1.0));
    check_result(in, r);
  }
  // A dependent useful function is dropped from the basis but still reported.
  in.order = {};
  in.useful_functions.push_back(in.useful_functions[1] * 3.0);
  const auto r = solve_formulation1(in);
  CHECK(r.n_prime == 2);
  CHECK_FALSE(r.usefuls[2].in_basis);
  check_result(in, r);
}

TEST_CASE("estimation/solve_formulation1: zero-probability symbols of X") {
  Matrix j = parity_joint();
  j.col(3).setZero();
  j /= j.sum();
  auto in = parity_input(0.4, Objective::kSum);
  in.joint_sx = j;
  const auto r = solve_formulation1(in);
  CHECK(r.sigma.size() == 2);
  check_result(in, r);
}

TEST_CASE("estimation/solve_formulation1: Adult-sized problem beats every random feasible point") {
  // 10 x 32 with empty cells; random directions scaled to the boundary of (21)-(25) are feasible
  // points: none may exceed the certified value (nor, a fortiori, the LP bound).
  std::mt19937_64 rng(77);
  Matrix j = random_joint(10, 32, rng);
  j.col(1).setZero();
  j.col(17).setZero();
  j /= j.sum();
  Formulation1Input in;
  in.joint_sx = j;
  for (long i = 0; i < 5; ++i) in.private_functions.push_back(Vector::Unit(10, i));
  for (long k = 0; k < 16; ++k) {
    Vector u = Vector::Zero(32);
    u(2 * k) = u(2 * k + 1) = 1;
    in.useful_functions.push_back(u);
  }
  Vector income(32);
  for (long x = 0; x < 32; ++x) income(x) = x % 2;
  in.useful_functions.push_back(income);
  in.theta.assign(5, 0.6);
  for (Objective obj : {Objective::kMin, Objective::kSum}) {
    in.objective = obj;
    const auto r = solve_formulation1(in);
    CHECK(r.converged);
    CHECK(r.lp_failure.empty());
    CHECK(r.n_prime == 16);  // the 16th education indicator is dependent
    check_result(in, r);
    const Vector px = j.colwise().sum().transpose();
    double best_random = 0;
    for (int trial = 0; trial < 600; ++trial) {
      Vector s(r.sigma.size());
      for (long k = 0; k < s.size(); ++k) s(k) = random::uniform01(rng);
      double lo = 0, hi = 1;  // largest feasible scale along s, by bisection
      for (int it = 0; it < 40; ++it) {
        const double mid = 0.5 * (lo + hi);
        (formulation1_feasible(r.basis, px, r.alpha, in.theta, mid * s, 0) ? lo : hi) = mid;
      }
      best_random = std::max(best_random, objective_value(lo * s, r.n_prime, obj, r.weights));
    }
    CHECK(best_random <= r.objective + 1e-9);
    CHECK(best_random > 0);
  }
}
