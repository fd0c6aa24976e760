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
 * proven bound), otherwise from the Lagrangian choice of each block for several tangents of
 * mu's coupling term -T ln T and from seeded random choices, each improved block by block.
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

 private:
  struct Block {
    long s = 0;
    Matrix v;  ///< one vertex of B_s per row
    Vector a;  ///< sum_u P v ln v per vertex
    Vector tau, n;  ///< P.v and 1.v per vertex
  };
  const GammaHat* g_;
  Vector px_;
  std::vector<Block> blocks_;
  Vector free_x_;  ///< 1 for x whose unit vector is a ray of Gamma (priced as -lambda_x)
  bool applies_ = false, exhaustive_ = false;
  long total_ = 0;  ///< vertices over all blocks
  mutable std::uint64_t calls_ = 0;  ///< seeds the random starts (deterministic per run)
};

/// The vertices of B_s (the file comment's families), at most cap rows; complete = all of them.
Matrix block_vertices(const GammaHat& g, long s, long cap, bool& complete);

}  // namespace privlab::rldp
