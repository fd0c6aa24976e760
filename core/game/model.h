/**
 * @file model.h
 * @brief The inputs of a Stackelberg privacy game [game] (Sections 3-4): prior pi over secrets,
 *        utility loss c(o,s), distortion distance d(shat,s), distinguishability d_eps(s,s').
 *
 * Secrets and guesses shat range over the same set S (|S| = n); observables O (|O| = m) default
 * to S. Every mechanism is a Matrix p indexed [o][s]: column s is the distribution p(.|s).
 */
#pragma once
#include <optional>

#include "common/linalg.h"

namespace privlab::game {

struct GameInputs {
  Vector prior;         ///< pi(s), n entries summing to 1 (eq. 1)
  Matrix loss;          ///< c(o,s), m x n (Section 3.2)
  Matrix distance;      ///< d(shat,s), n x n: distortion privacy (Section 3.4)
  Matrix dp_distance;   ///< d_eps(s,s'), n x n: metric DP (eq. 10/15)
  /// d(o,shat) between observables and guesses, m x n, when observables are places too (grid
  /// or O = S). Only the Appendix C approximation needs it.
  std::optional<Matrix> obs_distance;
  /// dp_distance is known to be a metric (a grid's Euclidean distances), so the decomposition
  /// need not check the triangle inequality (O(n^3): 16 billion steps at 2,500 cells).
  bool dp_distance_is_metric = false;

  long num_secrets() const { return static_cast<long>(prior.size()); }
  long num_observables() const { return static_cast<long>(loss.rows()); }
};

/// Size of a linear program as built (reported to the user and used by the size guards).
struct LpSize {
  long variables = 0;
  long constraints = 0;
  long nonzeros = 0;
};

/// A rows x cols grid of cells (Section 9: locations are grid cells), cell index = row * cols +
/// col. Cells are cell_km wide (the distance between neighbouring columns) and cell_height_km
/// high (between neighbouring rows); cell_height_km <= 0 means square cells.
struct Grid {
  long rows = 0, cols = 0;
  double cell_km = 1;
  double cell_height_km = 0;
  long cells() const { return rows * cols; }
  double width() const { return cell_km; }
  double height() const { return cell_height_km > 0 ? cell_height_km : cell_km; }
  bool square() const { return height() == width(); }
};

/// Euclidean distance (km) between the centres of cells i and j (cell index = row * cols + col).
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
