/**
 * @file pair_pricing.cpp
 * @brief Two-point shapes for the distortion LP (21) (pair_pricing.h).
 */
#include "game/pair_pricing.h"

#include <optional>

namespace privlab::game::decomposition {
namespace {

/// A point mass e_s (t < 0) or the two-point shape on s < t, and its reduced cost per unit of
/// mass (the start value, -kEnter, while nothing better has been found).
struct Candidate {
  double value = -kEnter;
  long s = -1, t = -1;
};

/// The pair (s, t), s < t, at reduced costs r(s), r(t): its value per unit of mass is num / w.
/// With w > 0, num / w < best iff num < best w, which spares a division per pair (most pairs
/// lose). The one expression for the pair, wherever it is priced.
inline void try_pair(const Problem& pb, long s, long t, double rs, double rt, double mu, Candidate& best) {
  const double ps = pb.in.prior(s), pt = pb.in.prior(t);
  const double w = ps + pt;
  const double num = pt * rs + ps * rt - mu * ps * pt * pb.in.distance(s, t);
  if (num < best.value * w) best = {num / w, s, t};
}

/// The best point mass or pair shape at reduced costs r. O(n^2): for each t, the cells s < t
/// run down column t of the distance matrix (contiguous in memory).
Candidate best_shape(const Problem& pb, const Vector& r, double mu) {
  const Vector& pi = pb.in.prior;
  Candidate best;
  for (long s = 0; s < pb.n; ++s)
    if (r(s) < best.value) best = {r(s), s, -1};
  for (long t = 0; t < pb.n; ++t) {
    if (!(pi(t) > 0)) continue;
    for (long s = 0; s < t; ++s)
      if (pi(s) > 0) try_pair(pb, s, t, r(s), r(t), mu, best);
  }
  return best;
}

/// Observable o's best shape when its reduced costs r_o equal the shared r_base except at cell e,
/// where r_o(e) < r_base(e): `overall`, the best shape at r_base, or the point mass e_e, or a
/// pair through e at r_o (O(n)). A shape avoiding e costs the same at both; one through e costs
/// less at r_o, so where `overall` passes through e, its pair at r_o is among those tried.
Candidate best_shape_through(const Problem& pb, const Vector& r_base, double mu, long e, double r_e,
                             const Candidate& overall) {
  Candidate best = overall;
  if (r_e < best.value) best = {r_e, e, -1};
  if (!(pb.in.prior(e) > 0)) return best;
  for (long u = 0; u < pb.n; ++u) {
    if (u == e || !(pb.in.prior(u) > 0)) continue;
    if (u < e)
      try_pair(pb, u, e, r_base(u), r_e, mu, best);
    else
      try_pair(pb, e, u, r_e, r_base(u), mu, best);
  }
  return best;
}

}  // namespace

std::vector<std::pair<long, Shape>> pair_columns(const Problem& pb, const Vector& duals, bool scan_every_observable) {
  const long n = pb.n;
  const Vector& pi = pb.in.prior;
  const double mu = duals(n);
  // Problem::shared_cost: the pairs avoiding an observable's one exception cell are priced once
  // for every observable with one: O(n^2 + m n) instead of O(m n^2).
  const Vector r_base = pb.shared_cost - duals.head(n);
  // Each observable's costs are at most the shared row's (its maximum), so the exception
  // lowers them, never raises them.
  std::optional<Candidate> overall;
  std::vector<std::pair<long, Shape>> out;
  for (long o = 0; o < pb.m && !pb.over_budget(); ++o) {
    const long e = scan_every_observable ? -2 : pb.cost_exception[static_cast<size_t>(o)];
    Candidate best;
    if (e == -2) {  // no shared structure: every pair at o's own reduced costs
      best = best_shape(pb, pb.cost.row(o).transpose() - duals.head(n), mu);
    } else {
      if (!overall) overall = best_shape(pb, r_base, mu);
      best = e < 0 ? *overall : best_shape_through(pb, r_base, mu, e, pb.cost(o, e) - duals(e), *overall);
    }
    if (best.s < 0) continue;
    Vector v = Vector::Zero(n);
    if (best.t < 0)
      v(best.s) = 1.0;
    else
      v(best.s) = pi(best.t), v(best.t) = pi(best.s);
    Shape sh = pb.shape(v);  // x measured over every guess, not the formula's
    if (reduced_cost(pb, o, sh, duals) < -kEnter) out.emplace_back(o, std::move(sh));
  }
  return out;
}

}  // namespace privlab::game::decomposition
