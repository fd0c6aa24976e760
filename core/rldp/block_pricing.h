/**
 * @file block_pricing.h
 * @brief Pricing for column generation on (46) (column_generation.h) through the block structure
 *        of Gamma: where every pair (s1, s2), s1 = s2 included, carries top_{s1} <= e^eps
 *        bottom_{s2} (the paper's Definition 3, and NR), Gamma = union over z > 0 of
 *        z * prod_s B_s with B_s = {v_s >= 0 : top_s <= 1, bottom_s >= e^-eps} (gamma_hat.h), so
 *        every vertex of Gamma-hat is a normalised choice of one vertex of each B_s.
 *
 * Vertices of B_s (c_s = 1 - sum_u L_{u|s}, ell = L.v_s, E = e^eps):
 *  (a) every A_{s,u}.v_s at 1 (u in H) or 1/E: ell = L.w, v_u = (w_u - ell)/c_s, if ell <= 1/E;
 *  (b) v_u = (1 - ell)/c_s on H, 0 elsewhere, ell = L(H)/(c_s + L(H)), if ell >= 1/E;
 *  (c) ell = 1/E, v_u in {0, (1 - 1/E)/c_s} with one u0 in between and at least one 0;
 *  NR (c_s = 0): t e_u / L_{u|s}, t in {1/E, 1}; an s outside the rows: v_s = 0 (its unit
 *  vectors are columns of the master from the start).
 * Pricing maximises (mu(v) - lambda.v) / sum(v) over the choices: all of them when their number
 * is small (exhaustive: the maximum is then exact, and lambda + max * 1 is dual feasible, a
 * proven bound). Otherwise by vertex-to-vertex ascent: from the last round's best choices, the
 * Lagrangian choices (argmax per block of b - beta tau - r n for tangents beta of mu's coupling
 * term -T ln T and Dinkelbach ratios r) and seeded random ones, re-linearised at each new choice
 * while the exact ratio rises; the best few are improved block by block on the exact ratio, and
 * their one-block neighbours are offered too (the best max_columns are returned). Where every
 * block list is complete, ratio_bound proves a bound on the maximum from the same relaxation.
 */
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "common/linalg.h"
#include "rldp/gamma_hat.h"

namespace privlab::rldp {

class BlockPricing {
 public:
  /// Block vertex lists of at most `cap` rows each (a block beyond is left incomplete).
  BlockPricing(const GammaHat& g, const Vector& px, long cap = 20000, double exhaustive_limit = 3e5);

  bool applies() const { return applies_; }
  /// Every block's list is complete and their product is small: pricing is exact.
  bool exhaustive() const { return exhaustive_; }

  struct Found {
    std::vector<Vector> columns;      ///< normalised points of Gamma-hat with positive ratio
    std::optional<double> max_ratio;  ///< exhaustive only: max over Gamma-hat of mu(v) - lambda.v
  };
  Found price(const Vector& lambda, double tolerance, std::size_t max_columns = 8) const;

  /// Every block's vertex list is complete (the product may be too large to enumerate).
  bool complete() const { return complete_; }
  /**
   * Where complete(): a proven upper bound on max over Gamma-hat of mu(v) - lambda.v (the
   * pricing's maximum), by the Lagrangian relaxation of the coupling -T ln T (its tangents) and
   * of the ratio (Dinkelbach): for (beta, r) with e^(beta-1) + sum_s max_i (b_i - beta tau_i -
   * r n_i) <= 0 no choice exceeds r. `met` is a ratio some column attains (the search starts
   * there). nullopt when the lists are incomplete.
   */
  std::optional<double> ratio_bound(const Vector& lambda, double met) const;
  /**
   * Where complete(): a proven upper bound on LP (46)'s optimum from multipliers pi (weak
   * duality): 1.lambda' for lambda' = pi + delta P-hat + rho 1, (delta, rho) searched, dual
   * feasibility certified by the same relaxation as ratio_bound. Never above
   * 1.pi + |X| ratio_bound(pi). nullopt when the lists are incomplete.
   */
  std::optional<double> dual_bound(const Vector& pi, double met) const;

 private:
  struct Block {
    long s = 0;
    Matrix v;       ///< one vertex of B_s per row
    Vector a;       ///< sum_u P v ln v per vertex
    Vector tau, n;  ///< P.v and 1.v per vertex
  };
  const GammaHat* g_;
  Vector px_;
  std::vector<Block> blocks_;
  Vector free_x_;  ///< 1 for x whose unit vector is a ray of Gamma (priced as -lambda_x)
  bool applies_ = false, exhaustive_ = false, complete_ = false;
  long total_ = 0;                                ///< vertices over all blocks
  mutable std::uint64_t calls_ = 0;               ///< seeds the random starts (deterministic per run)
  mutable std::vector<std::vector<int>> memory_;  ///< the last round's best choices (starts)

  /// Block-by-block moves on the exact ratio (two passes) from choice idx with its sums.
  void improve_exactly(const std::vector<Vector>& b, std::vector<int>& idx, double& bsum, double& t, double& n,
                       double& r) const;
};

/// The vertices of B_s (the file comment's families), at most cap rows; complete = all of them.
Matrix block_vertices(const GammaHat& g, long s, long cap, bool& complete);

}  // namespace privlab::rldp
