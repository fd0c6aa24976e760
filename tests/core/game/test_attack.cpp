// Tests of core/game/attack.cpp: the optimal attack (19) against its LP and brute force, the
// Bayesian attack (25), and the prior-free attacks (27)-(29).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "game/attack.h"
#include "random_game.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::testing;

namespace {
/// Minimum of (18) over all n^m pure attacks (brute force).
double brute_force_pure_attack(const Matrix& p, const Vector& pi, const Matrix& d) {
  const long m = p.rows(), n = p.cols();
  std::vector<long> guess(m, 0);
  double best = 1e300;
  while (true) {
    best = std::min(best, attack_error(p, pi, d, attack_matrix(guess, n)));
    long i = 0;
    while (i < m && ++guess[i] == n) guess[i++] = 0;
    if (i == m) return best;
  }
}

double max_conditional_error(const Matrix& p, const Matrix& d, const Matrix& q) {
  double worst = 0;  // max_s sum_{o,shat} p(o|s) q(shat|o) d(shat,s)
  for (long s = 0; s < p.cols(); ++s) {
    double e = 0;
    for (long o = 0; o < p.rows(); ++o)
      for (long g = 0; g < p.cols(); ++g) e += p(o, s) * q(g, o) * d(g, s);
    worst = std::max(worst, e);
  }
  return worst;
}
}  // namespace

TEST_CASE("game/optimal_attack: deterministic best response equals the LP (19) optimum") {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = 2 + uniform_index(rng, 5), m = 2 + uniform_index(rng, 5);
    const Vector pi = random_prior(n, rng);
    const Matrix d = random_metric(n, rng);
    const Matrix p = random_mechanism(m, n, rng);
    const DeterministicAttack a = optimal_attack(p, pi, d);
    const LpAttack lp = optimal_attack_lp(p, pi, d);
    CHECK(a.error == doctest::Approx(lp.objective).epsilon(1e-9));
    CHECK(attack_error(p, pi, d, attack_matrix(a.guess, n)) == doctest::Approx(a.error));
    CHECK(attack_error(p, pi, d, lp.q) == doctest::Approx(lp.objective).epsilon(1e-9));
    CHECK(lp.size.variables == m * n);
    CHECK(lp.size.constraints == m);
  }
}

TEST_CASE("game/optimal_attack: equals the best of all pure attacks (brute force)") {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 10; ++trial) {
    const long n = 3, m = 2 + uniform_index(rng, 3);
    const Vector pi = random_prior(n, rng);
    const Matrix d = random_metric(n, rng);
    const Matrix p = random_mechanism(m, n, rng);
    CHECK(optimal_attack(p, pi, d).error == doctest::Approx(brute_force_pure_attack(p, pi, d)));
  }
}

TEST_CASE("game/optimal_attack: the identity mechanism is fully revealed, a constant one reveals nothing") {
  std::mt19937_64 rng(13);
  const GameInputs in = random_game(5, rng);
  CHECK(optimal_attack(Matrix::Identity(5, 5), in.prior, in.distance).error == doctest::Approx(0));
  Matrix constant = Matrix::Zero(5, 5);
  constant.row(2).setOnes();
  CHECK(optimal_attack(constant, in.prior, in.distance).error ==
        doctest::Approx(feasibility_threshold(in.prior, in.distance)));
}

TEST_CASE("game/bayes_attack: a distribution per observation, never better than the optimal attack") {
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 20; ++trial) {
    const long n = 2 + uniform_index(rng, 6);
    const Vector pi = random_prior(n, rng);
    const Matrix d = random_metric(n, rng);
    const Matrix p = random_mechanism(n, n, rng);
    const Matrix q = bayes_attack(p, pi);
    CHECK((q.colwise().sum().array() - 1).abs().maxCoeff() < 1e-12);
    CHECK(attack_error(p, pi, d, q) >= optimal_attack(p, pi, d).error - 1e-12);
  }
  // Posterior by hand: two secrets, pi = (0.25, 0.75), p(0|.) = (0.8, 0.4) -> q(0|0) = 0.2/0.5.
  const Vector pi = (Vector(2) << 0.25, 0.75).finished();
  const Matrix p = (Matrix(2, 2) << 0.8, 0.4, 0.2, 0.6).finished();
  CHECK(bayes_attack(p, pi)(0, 0) == doctest::Approx(0.4));
}

TEST_CASE("game/attack_sum_conditional: (27) equals the brute-force pure minimum with unit weights") {
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 10; ++trial) {
    const long n = 3, m = 3;
    const Matrix d = random_metric(n, rng);
    const Matrix p = random_mechanism(m, n, rng);
    const LpAttack a = attack_sum_conditional(p, d);
    CHECK(a.objective == doctest::Approx(brute_force_pure_attack(p, Vector::Ones(n), d)));
  }
}

TEST_CASE("game/attack_minmax: (28) and (29) are attained, and (27)/n <= (28), (29) <= (28)") {
  std::mt19937_64 rng(16);
  for (int trial = 0; trial < 10; ++trial) {
    const long n = 2 + uniform_index(rng, 4), m = 2 + uniform_index(rng, 4);
    const Matrix d = random_metric(n, rng);
    const Matrix p = random_mechanism(m, n, rng);
    const LpAttack a27 = attack_sum_conditional(p, d);
    const LpAttack a28 = attack_minmax_secret(p, d);
    const LpAttack a29 = attack_minmax_secret_guess(p, d);
    CHECK(max_conditional_error(p, d, a28.q) == doctest::Approx(a28.objective).epsilon(1e-8));
    CHECK(a28.objective >= a27.objective / n - 1e-9);
    CHECK(a28.objective <= max_conditional_error(p, d, a27.q) + 1e-9);  // a pure attack is feasible
    CHECK(a29.objective <= a28.objective + 1e-9);
    double worst = 0;  // max_{s,shat} sum_o p(o|s) q(shat|o) d(shat,s) at the (29) optimum
    for (long s = 0; s < n; ++s)
      for (long g = 0; g < n; ++g) {
        double e = 0;
        for (long o = 0; o < m; ++o) e += p(o, s) * a29.q(g, o) * d(g, s);
        worst = std::max(worst, e);
      }
    CHECK(worst == doctest::Approx(a29.objective).epsilon(1e-8));
  }
}

TEST_CASE("game/guess_errors: the sparse sum over p's nonzeros equals the dense product p diag(pi) d^T") {
  // Mechanisms with 2-60 % of their entries nonzero take either path; both must equal the sum
  // written out, entry by entry.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  long sparse_cases = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const long m = 3 + trial % 7, n = 4 + trial % 5, guesses = 2 + trial % 6;
    const double density = 0.02 + 0.58 * u(rng);
    Matrix p = Matrix::Zero(m, n), d(guesses, n);
    Vector pi(n);
    for (long s = 0; s < n; ++s) {
      pi(s) = u(rng);
      for (long o = 0; o < m; ++o)
        if (u(rng) < density) p(o, s) = u(rng);
      for (long g = 0; g < guesses; ++g) d(g, s) = 3 * u(rng);
    }
    sparse_cases += 4 * (p.array() != 0.0).count() <= p.size();
    const Matrix w = guess_errors(p, pi, d);
    REQUIRE(w.rows() == m);
    REQUIRE(w.cols() == guesses);
    for (long o = 0; o < m; ++o)
      for (long g = 0; g < guesses; ++g) {
        double sum = 0;
        for (long s = 0; s < n; ++s) sum += p(o, s) * pi(s) * d(g, s);
        CHECK(w(o, g) == doctest::Approx(sum).epsilon(1e-14).scale(1.0));
      }
  }
  CHECK(sparse_cases >= 5);
  CHECK(sparse_cases <= 35);
}
