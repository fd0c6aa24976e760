/**
 * @file distortion_pricing.h
 * @brief The pricing of one observable for the distortion LP (21) [game], where no DP rows
 *        couple the cells: an exact solve over the row's box by a double oracle on small LPs,
 *        with a lower bound proven outside the solver (used by decomposition_pricing.h).
 *
 * With the master's duals lambda and mu >= 0, observable o's row v = p(o|.) (in [0, 1]^n,
 * since columns are distributions) prices at
 *   beta_o = min over v in [0, 1]^n of  z.v - mu x(v),   z = pi(.) c(o,.) - lambda,
 *   x(v) = min_g sum_s W(g,s) v(s),  W(g,s) = pi(s) d(g,s)  (the best guess's error, (21b)),
 * a convex piecewise-linear minimum: the value of the game min over v, max over guesses g of
 * a_g.v with a_g = z - mu W(g,.). For any mixture rho of guesses,
 *   beta_o >= f(rho) = sum_s min(0, z(s) - mu sum_g rho(g) W(g,s))       (the box bound)
 * and, over shapes (sum v = 1), b_o >= min_s (z(s) - mu sum_g rho(g) W(g,s)): both are
 * evaluated directly over every cell, so they are proven whatever the LP solver's tolerance.
 *
 * The double oracle keeps a few cells S and guesses G, solves the small LP
 *   min y  s.t.  y >= sum_{s in S} a_g(s) v(s) for g in G,  0 <= v <= 1
 * (its row multipliers are rho), then adds every cell with a negative a_rho(s) (the box's best
 * response to rho) and the guess of least error on v (the adversary's best response to v),
 * until neither adds anything: then the small LP's optimum is beta_o. Optimal rows of (21) use
 * few cells and guesses, so the LPs stay small (the shared pricing LP, which carries every
 * guess's dense (21b) row for every observable, grew to n x n on the map and took minutes).
 */
#pragma once
#include <optional>
#include <vector>

#include "common/linalg.h"

namespace privlab::game::decomposition {

struct DistortionPrice {
  Vector v;              ///< the best row found (in the box, not all zero)
  double value = 0;      ///< its z.v - mu x(v), over every guess
  double bound = 0;      ///< proven: min over shapes (sum v = 1) >= bound
  double box_bound = 0;  ///< proven: beta_o >= box_bound (<= 0)
  long iterations = 0;   ///< small LPs solved
};

/// The guesses and their weights rho an observable's last pricing ended with: the next
/// round's duals differ little, so its double oracle starts there (two small LPs instead of
/// ten on the map).
struct GuessMixture {
  std::vector<long> guesses;
  std::vector<double> weights;
};

/// price_distortion_row's work space, kept between its calls (one per pricing group, never
/// shared between threads): its O(n) vectors are allocated once, and only the entries a call
/// touched are cleared after it.
struct DistortionWork {
  Vector errors, mixed, rho;  ///< W v over guesses; W^T rho over cells; rho (0 off `guesses`)
  std::vector<char> in_cells, in_guesses;
  std::vector<long> cells, guesses;  ///< the small LPs' cells and guesses
  /// Sized for n cells and `rows` guesses; all marks clear.
  void prepare(long n, long rows);
  /// Clears what a call marked (rho, in_cells, in_guesses over its cells and guesses).
  void clear_marks();
};

/// Prices one observable (z = its reduced cost per cell, mu >= 0, W the n x n weighted
/// distances W(g,s) = pi(s) d(g,s)). Stops when the gap between `value` and `box_bound` is
/// below `tolerance` (absolute), after `max_iterations` small LPs, or when one stops at its
/// time limit (`seconds`, 0 = none): the bounds proven so far stand. nullopt when a small LP
/// fails. `start` (optional): the
/// mixture to start from (empty: the prior-only guess), replaced by the one it ends with.
/// `weighted_distance_t` (optional): W's transpose, whose columns are the guesses' rows in
/// contiguous memory (W's own rows otherwise, read with a stride of n). `work` (optional): the
/// work space to reuse (a fresh one otherwise).
std::optional<DistortionPrice> price_distortion_row(const Matrix& weighted_distance, const Vector& z, double mu,
                                                    double tolerance, long max_iterations, double seconds,
                                                    GuessMixture* start = nullptr,
                                                    const Matrix* weighted_distance_t = nullptr,
                                                    DistortionWork* work = nullptr);

}  // namespace privlab::game::decomposition
