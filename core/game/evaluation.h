/**
 * @file evaluation.h
 * @brief Everything the handler and the experiments report about a mechanism p [o][s], measured
 *        from the matrix alone [game]: utility cost (11)/(12), the optimal attack (19) and its
 *        error (7), the Bayesian attack (25), the achieved metric-DP epsilon, the posterior.
 */
#pragma once
#include <vector>

#include "common/linalg.h"
#include "game/model.h"

namespace privlab::game {

struct Evaluation {
  double cost = 0;             ///< (11)
  double worst_cost = 0;       ///< (12)
  std::vector<long> attack;    ///< optimal deterministic guess per observation (19)
  double adversary_error = 0;  ///< expected distortion privacy under that attack (7)
  double bayes_error = 0;      ///< under the posterior-sampling attack (25)
  double epsilon = 0;          ///< max_{o, s != s'} ln(p(o|s)/p(o|s')) / d_eps(s,s')
};

Evaluation evaluate(const Matrix& p, const GameInputs& in);

/// Section 9.2: the adversary attacks with his own prior pi-hat (optimal attack for pi-hat);
/// his error is measured under pi-hat (he is better informed) and, for reference, under pi.
struct MismatchEvaluation {
  std::vector<long> attack;
  double error_adversary_prior = 0;  ///< sum_s pihat(s) sum_o p(o|s) d(a(o), s)
  double error_design_prior = 0;     ///< the same attack, weighted by the designer's pi
  double bayes_error_adversary_prior = 0;
  double adversary_entropy = 0, design_entropy = 0;
};

MismatchEvaluation evaluate_mismatch(const Matrix& p, const GameInputs& in, const Vector& adversary_prior);

}  // namespace privlab::game
