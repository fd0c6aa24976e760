/**
 * @file box_bound.cpp
 * @brief The box bound of the decomposition (box_bound.h).
 */
#include "game/box_bound.h"

#include <algorithm>
#include <cmath>

#include "solvers/lp_bound.h"

namespace privlab::game::decomposition {

double row_box_bound(const lp::LinearProgram& pricing, const Vector& duals, long n, double x_row_upper) {
  Vector y = duals;
  y(0) = 0.0;  // the normalisation sum v = 1 holds for shapes, not for the rows of a mechanism
  lp::BoundDomain box;
  box.box_lower = Vector::Zero(pricing.num_vars());
  box.box_upper = Vector::Ones(pricing.num_vars());
  if (pricing.num_vars() > n) box.box_upper(n) = x_row_upper;
  return std::min(0.0, lp::lagrangian_bound(pricing, y, box));  // v = 0 is in the box: beta <= 0
}

}  // namespace privlab::game::decomposition
