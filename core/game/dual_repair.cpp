/**
 * @file dual_repair.cpp
 * @brief The repaired dual bound of the decomposition (dual_repair.h).
 */
#include "game/dual_repair.h"

#include <algorithm>
#include <cmath>

#include "game/packing_bound.h"

namespace privlab::game::decomposition {

std::optional<double> repaired_dual_bound(const Problem& pb, const Vector& lambda, double mu,
                                          const std::vector<Violation>& violations) {
  if (!pb.dp || violations.size() > kMaxRepaired) return std::nullopt;
  const long n = pb.n, k = static_cast<long>(violations.size());
  Matrix E = Matrix::Zero(std::max(1L, k), n);
  Vector g = Vector::Zero(std::max(1L, k));
  for (long i = 0; i < k; ++i) {
    if (pb.over_budget()) return std::nullopt;
    const Violation& v = violations[static_cast<size_t>(i)];
    Pricing anchored(pb, v.anchor);
    double bound = -lp::kInf, unused = 0;
    if (!anchored.price(pb.cost.row(v.observable).transpose() - lambda, mu, bound, unused) || !std::isfinite(bound))
      return std::nullopt;
    g(i) = std::max(0.0, -bound);
    E.row(i) = pb.inverse_factor.row(v.anchor);
  }
  double delta_total = 0;
  if (g.maxCoeff() > 0) {
    const auto cover = certified_covering(E, g);
    if (!cover) return std::nullopt;
    delta_total = cover->total;
  }
  const double base = master_bound(lambda, mu, pb.opt.min_distortion, n, 0.0);
  return base - delta_total * (1 + 0x1.0p-50) - std::abs(base) * 0x1.0p-52;
}

}  // namespace privlab::game::decomposition
