/**
 * @file model.h
 * @brief The inputs of a Stackelberg privacy game [game] (Sections 3-4): prior pi over secrets,
 *        utility loss c(o,s), distortion distance d(shat,s), distinguishability d_eps(s,s').
 *
 * Secrets and guesses shat range over the same set S (|S| = n); observables O (|O| = m) default
 * to S. Every mechanism is a Matrix p indexed [o][s]: column s is the distribution p(.|s).
 */
#pragma once
#include "common/linalg.h"
#include "privlab/game_types.h"  // GameInputs, LpSize, Grid (public types)

namespace privlab::game {

/// Euclidean distance (km) between the centres of cells i and j (cell index = row * cols + col).
/// The helpers below check sizes against each other (shape_mismatch naming the argument), not
/// the entries (make_inputs / check_inputs do).
Matrix grid_distances(const Grid& grid);

/// Hamming loss: 0 when o == s, 1 otherwise (n x n). Section 9's utility loss.
Matrix hamming_loss(long n);

/// The feasibility threshold of (21)/(24) (docs/errata.md): the adversary's error when he ignores
/// the observation and guesses the best fixed shat, min_shat sum_s pi(s) d(shat,s). (21) and (24)
/// are feasible iff d_m <= this; a constant mechanism attains it.
double feasibility_threshold(const Vector& prior, const Matrix& distance);

/// Index of the guess attaining feasibility_threshold (smallest index on ties).
long prior_only_guess(const Vector& prior, const Matrix& distance);

/// Expected utility loss (eq. 11 / 3): sum_s pi(s) sum_o p(o|s) c(o,s).
double utility_cost(const Matrix& p, const Vector& prior, const Matrix& loss);

/// Worst-case utility loss over secrets (eq. 4 / 12): max_s sum_o p(o|s) c(o,s).
double worst_utility_cost(const Matrix& p, const Matrix& loss);

/// Shannon entropy of a distribution in nats.
double entropy(const Vector& distribution);

}  // namespace privlab::game
