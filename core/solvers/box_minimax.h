/**
 * @file box_minimax.h
 * @brief min over v in [0, 1]^k of max_g (A v)_g for a matrix A of a few rows: a dense
 *        bounded-variable primal simplex without allocation per pivot, for the thousands of
 *        tiny LPs of the distortion LP (21)'s double-oracle pricing (game/distortion_pricing.cpp).
 *
 * The LP is   min y  s.t.  y - (A v)_g >= 0 for every row g,  0 <= v <= 1,  y free,
 * and its dual is max over rho in the simplex of sum_i min(0, (A^T rho)_i). The solver returns
 * both: v and rho (the rows' multipliers). It certifies nothing by itself; callers that need a
 * proven bound evaluate the dual objective of rho outside it (distortion_pricing.cpp does).
 * GLPK solves the same LPs (the fallback where this one reaches its pivot cap); through
 * GLPK's problem object each took about 10 microseconds natively, most of it setting up and
 * freeing, on LPs of 1-5 rows and 1-40 columns.
 */
#pragma once
#include "common/linalg.h"
#include "solvers/lp.h"

namespace privlab::lp {

struct BoxMinimax {
  bool solved = false;  ///< false: the pivot cap was reached (v and rho are then not optimal)
  Vector v;             ///< an optimal point of the box
  Vector rho;           ///< the rows' multipliers: >= 0, summing to 1
  double value = 0;     ///< max_g (A v)_g, evaluated at v
  long pivots = 0;      ///< simplex pivots and bound flips
};

/// Solves min over v in [0,1]^k of max_g (A v)_g (A: m x k, m >= 1, finite entries). Reduced
/// costs count as zero within `tolerance` times the largest |A(g,i)|.
BoxMinimax solve_box_minimax(const Matrix& A, double tolerance = 1e-12);

/// The same LP for GLPK (solve_lp): variables v, then y; row g is y - (A v)_g >= 0, so its
/// multiplier is rho(g). GLPK's tolerance `tolerance`, its time limit `seconds` (0: none).
LinearProgram box_minimax_lp(const Matrix& A, double tolerance, double seconds = 0.0);

namespace testing {
/// Caps every later solve at `pivots` (negative: the automatic cap, 50 per variable), so that
/// tests can drive callers down their fallback path.
void cap_box_minimax_pivots(long pivots);
}  // namespace testing

}  // namespace privlab::lp
