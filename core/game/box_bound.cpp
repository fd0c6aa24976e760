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

double box_master_bound(const Vector& lambda, double mu, double d_m, const std::vector<double>& betas) {
  long double sum = 0;
  double mag = 0;
  for (long s = 0; s < lambda.size(); ++s) sum += lambda(s), mag += std::abs(lambda(s));
  sum += static_cast<long double>(mu) * d_m;
  mag += std::abs(mu * d_m);
  for (double b : betas) {
    if (!(b > -lp::kInf)) return -lp::kInf;
    sum += std::min(0.0, b), mag += std::abs(b);
  }
  const long terms = lambda.size() + static_cast<long>(betas.size()) + 2;
  return static_cast<double>(sum) - 4 * terms * 0x1.0p-53 * mag;
}

}  // namespace privlab::game::decomposition
