/**
 * @file attack.h
 * @brief Inference attacks against a mechanism p [o][s] [game]: the optimal attack (19) as a
 *        deterministic best response and as the LP, the Bayesian posterior-sampling attack (25),
 *        and the attacks without a prior (27)-(29) of Appendix A.
 *
 * An attack q is a Matrix indexed [shat][o]: column o is the distribution q(.|o) of guesses.
 */
#pragma once
#include <vector>

#include "common/linalg.h"
#include "game/model.h"

namespace privlab::game {

/// W(o,shat) = sum_s pi(s) p(o|s) d(shat,s): the adversary's expected error when he answers shat
/// to o (unnormalised by Pr(o)). Returned [o][shat].
Matrix guess_errors(const Matrix& p, const Vector& prior, const Matrix& distance);

struct DeterministicAttack {
  std::vector<long> guess;  ///< guess[o] = argmin_shat W(o,shat) (smallest index on ties)
  double error = 0;         ///< sum_o min_shat W(o,shat): expected distortion privacy (eq. 7)
};

/// The optimal inference attack (19). Its optimum is attained by a pure strategy (Appendix B,
/// eq. 33-34): for each o pick argmin_shat W(o,shat). Reads only p, pi and d.
DeterministicAttack optimal_attack(const Matrix& p, const Vector& prior, const Matrix& distance);

/// The attack matrix [shat][o] of a deterministic attack.
Matrix attack_matrix(const std::vector<long>& guess, long num_secrets);

/// Expected error (18) of an arbitrary attack q [shat][o]:
/// sum_{s,o,shat} pi(s) p(o|s) q(shat|o) d(shat,s).
double attack_error(const Matrix& p, const Vector& prior, const Matrix& distance, const Matrix& q);

struct LpAttack {
  Matrix q;  ///< [shat][o]
  double objective = 0;
  LpSize size;
};

/// LP (19a) over all mixed attacks q (for checking the deterministic best response).
LpAttack optimal_attack_lp(const Matrix& p, const Vector& prior, const Matrix& distance);

/// The Bayesian inference attack (25): q(shat|o) = pi(shat) p(o|shat) / Pr(o). Observations
/// with Pr(o) = 0 get q(.|o) = pi (they never occur, so the error does not depend on it).
Matrix bayes_attack(const Matrix& p, const Vector& prior);

/// (27): min sum_{s,o,shat} p(o|s) q(shat|o) d(shat,s), no prior: a pure best response per o.
LpAttack attack_sum_conditional(const Matrix& p, const Matrix& distance);

/// (28): min y s.t. E_s = sum_{o,shat} p(o|s) q(shat|o) d(shat,s) <= y for every s.
LpAttack attack_minmax_secret(const Matrix& p, const Matrix& distance);

/// (29): min y s.t. sum_o p(o|s) q(shat|o) d(shat,s) <= y for every s and shat.
LpAttack attack_minmax_secret_guess(const Matrix& p, const Matrix& distance);

}  // namespace privlab::game
