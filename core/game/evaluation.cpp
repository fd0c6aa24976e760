/**
 * @file evaluation.cpp
 * @brief Cost, optimal and Bayesian attack errors, achieved epsilon; prior mismatch (Section 9.2).
 */
#include "game/evaluation.h"

#include "common/arguments.h"
#include "game/attack.h"
#include "game/dp_measure.h"
#include "game/mechanisms.h"

namespace privlab::game {

namespace {
void check_mechanism(const Matrix& p, const GameInputs& in) {
  check_inputs(in);
  arguments::shape(p, "/p", in.num_observables(), in.num_secrets(), "a mechanism [o][s] of these inputs:");
  arguments::finite(p, "/p");
}
}  // namespace

Evaluation evaluate(const Matrix& p, const GameInputs& in) {
  check_mechanism(p, in);
  Evaluation e;
  e.cost = utility_cost(p, in.prior, in.loss);
  e.worst_cost = worst_utility_cost(p, in.loss);
  const DeterministicAttack a = optimal_attack(p, in.prior, in.distance);
  e.attack = a.guess;
  e.adversary_error = a.error;
  e.bayes_error = attack_error(p, in.prior, in.distance, bayes_attack(p, in.prior));
  e.epsilon = metric_dp_epsilon(p, in.dp_distance);
  return e;
}

MismatchEvaluation evaluate_mismatch(const Matrix& p, const GameInputs& in, const Vector& adversary_prior) {
  check_mechanism(p, in);
  MismatchEvaluation e;
  const DeterministicAttack a = optimal_attack(p, adversary_prior, in.distance);
  e.attack = a.guess;
  e.error_adversary_prior = a.error;
  e.error_design_prior = attack_error(p, in.prior, in.distance, attack_matrix(a.guess, in.num_secrets()));
  e.bayes_error_adversary_prior = attack_error(p, adversary_prior, in.distance, bayes_attack(p, adversary_prior));
  e.adversary_entropy = entropy(adversary_prior);
  e.design_entropy = entropy(in.prior);
  return e;
}

}  // namespace privlab::game
