/**
 * @file pair_pricing.cpp
 * @brief Two-point shapes for the distortion LP (21) (pair_pricing.h).
 */
#include "game/pair_pricing.h"

namespace privlab::game::decomposition {

std::vector<std::pair<long, Shape>> pair_columns(const Problem& pb, const Vector& duals) {
  const long n = pb.n;
  const Vector& pi = pb.in.prior;
  const double mu = duals(n);
  std::vector<std::pair<long, Shape>> out;
  for (long o = 0; o < pb.m && !pb.over_budget(); ++o) {          // O(n^2) each: 2,500 cells take seconds
    const Vector r = pb.cost.row(o).transpose() - duals.head(n);  // reduced cost per unit of v(s)
    double best = -kEnter;
    long bs = -1, bt = -1;
    for (long s = 0; s < n; ++s) {
      if (r(s) < best) best = r(s), bs = s, bt = -1;  // the point mass e_s: x = 0
      const double ps = pi(s), rs = r(s);
      if (!(ps > 0)) continue;
      for (long t = s + 1; t < n; ++t) {
        const double pt = pi(t);
        if (!(pt > 0)) continue;
        // The pair's value per unit of mass is num / w; with w > 0, num / w < best iff
        // num < best w, which spares a division per pair (most pairs lose).
        const double w = ps + pt;
        const double num = pt * rs + ps * r(t) - mu * ps * pt * pb.in.distance(s, t);
        if (num < best * w) best = num / w, bs = s, bt = t;
      }
    }
    if (bs < 0) continue;
    Vector v = Vector::Zero(n);
    if (bt < 0)
      v(bs) = 1.0;
    else
      v(bs) = pi(bt), v(bt) = pi(bs);
    Shape sh = pb.shape(v);  // x measured over every guess, not the formula's
    if (reduced_cost(pb, o, sh, duals) < -kEnter) out.emplace_back(o, std::move(sh));
  }
  return out;
}

}  // namespace privlab::game::decomposition
