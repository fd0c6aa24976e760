// Tests of core/game/evaluation.cpp: the report of a mechanism and the prior-mismatch evaluation.
#include <doctest/doctest.h>

#include <random>

#include "game/attack.h"
#include "game/evaluation.h"
#include "random_game.h"

using namespace privlab;
using namespace privlab::game;
using namespace privlab::game::testing;

TEST_CASE("game/evaluate_mismatch: with pi-hat = pi it is the designed evaluation") {
  std::mt19937_64 rng(41);
  const GameInputs in = random_game(5, rng);
  const Matrix p = random_mechanism(5, 5, rng);
  const Evaluation e = evaluate(p, in);
  const MismatchEvaluation m = evaluate_mismatch(p, in, in.prior);
  CHECK(m.error_adversary_prior == doctest::Approx(e.adversary_error));
  CHECK(m.error_design_prior == doctest::Approx(e.adversary_error));
  CHECK(m.bayes_error_adversary_prior == doctest::Approx(e.bayes_error));
  CHECK(m.attack == e.attack);
}

TEST_CASE("game/evaluate_mismatch: the pi-hat attack is optimal under pi-hat, not under pi") {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 10; ++trial) {
    const GameInputs in = random_game(4, rng);
    const Matrix p = random_mechanism(4, 4, rng);
    const Vector hat = random_prior(4, rng);
    const MismatchEvaluation m = evaluate_mismatch(p, in, hat);
    // Under pi the attack designed for pi-hat can only do worse than pi's own optimal attack.
    CHECK(m.error_design_prior >= optimal_attack(p, in.prior, in.distance).error - 1e-12);
    CHECK(m.error_adversary_prior == doctest::Approx(optimal_attack(p, hat, in.distance).error));
  }
}

TEST_CASE("game/evaluate: cost, worst cost and epsilon of the identity") {
  std::mt19937_64 rng(43);
  const GameInputs in = random_game(4, rng);
  const Evaluation e = evaluate(Matrix::Identity(4, 4), in);
  CHECK(e.cost == 0);
  CHECK(e.worst_cost == 0);
  CHECK(e.adversary_error == doctest::Approx(0));
  CHECK(e.bayes_error == doctest::Approx(0));
  CHECK(std::isinf(e.epsilon));
}
