/**
 * @file robust_epsilon.cpp
 * @brief max over F of the realized epsilon, exact where known, else a flagged upper bound.
 */
#include "rldp/robust_epsilon.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

#include "metrics/privacy_loss.h"
#include "rldp/projections.h"
#include "rldp/search.h"
#include "rldp/zero_witness.h"

namespace privlab::rldp {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Row {
  double ps = 0;  ///< P-hat_s
  Vector cond;    ///< P-hat_{U|s} (uniform placeholder when ps = 0: the row is free)
};

/// Budget (in phi units) -> Renyi radius of one row's conditional.
double row_radius(double alpha, double ps, double t) {
  if (ps <= 0) return kInf;
  return renyi_phi_inverse(alpha, std::max(0.0, t) / ps);
}

struct PairResult {
  double value = -kInf;
  Vector r1, r2;
};

/**
 * Numbers the distinct row segments Q(y, s|U| .. s|U| + |U| - 1) of each secret s by their exact
 * bits (issue 28): product mechanisms repeat them across outputs (IR = kron(GRR_S, GRR_U) has 2|U|
 * per s among |S||U| outputs), and the robust epsilon's ball supports depend on y only through
 * them. On Adult native-country/relationship (42 x 6) this cut IR's robust epsilon from 6 s.
 */
class SegmentIds {
 public:
  SegmentIds(const Matrix& q, long ns, long nu) : id_(q.rows(), ns), count_(static_cast<std::size_t>(ns), 0) {
    for (long s = 0; s < ns; ++s) {
      std::map<std::vector<double>, long> seen;
      for (long y = 0; y < q.rows(); ++y) {
        std::vector<double> key(static_cast<std::size_t>(nu));
        for (long u = 0; u < nu; ++u) key[static_cast<std::size_t>(u)] = q(y, s * nu + u);
        const auto [it, added] = seen.emplace(std::move(key), static_cast<long>(seen.size()));
        id_(y, s) = it->second;
      }
      count_[static_cast<std::size_t>(s)] = static_cast<long>(seen.size());
    }
  }
  long operator()(long y, long s) const { return id_(y, s); }
  long count(long s) const { return count_[static_cast<std::size_t>(s)]; }

 private:
  Eigen::Matrix<long, Eigen::Dynamic, Eigen::Dynamic> id_;
  std::vector<long> count_;
};

/// max over reachable (R1, R2) of ln(q1.R1 / q2.R2).
PairResult worst_pair(double alpha, double budget, const Row& a, const Row& b, const Vector& q1, const Vector& q2) {
  auto h1 = [&](double t, Vector* r) { return ball_support(alpha, a.cond, row_radius(alpha, a.ps, t), q1, r); };
  auto m2 = [&](double t, Vector* r) {
    return -ball_support(alpha, b.cond, row_radius(alpha, b.ps, t), Vector(-q2), r);
  };
  PairResult res;
  auto value = [&](double t) { return metrics::log_ratio(h1(t, nullptr), m2(budget - t, nullptr)); };
  const auto [t, v] = search::maximize(value, 0.0, budget, 16, 50);
  h1(t, &res.r1);
  m2(budget - t, &res.r2);
  res.value = v;
  return res;
}

/// The robust epsilon and, where known, the P in F attaining it (the witness without its pair).
RobustEpsilon robust_value(const Matrix& q, const JointDistribution& joint, const UncertaintySet& set,
                           long max_exact_pairs) {
  const long ns = joint.num_s(), nu = joint.num_u();
  switch (set.kind) {
    case UncertaintySet::Kind::kPoint: return {metrics::realized_epsilon(q, joint), true, joint.p};
    case UncertaintySet::Kind::kSimplex:
      return {metrics::simplex_rldp_epsilon(q, ns, nu), true, simplex_witness(q, ns, nu)};
    default: break;
  }
  const double alpha = set.alpha;
  const double budget = renyi_phi(alpha, set.radius);
  if (std::isinf(budget)) return {metrics::simplex_rldp_epsilon(q, ns, nu), true, simplex_witness(q, ns, nu)};
  // alpha < 1: P in F can empty cells of P-hat; an attainable zero of P(y|s2) is Infinity,
  // recognised exactly (the search below would only approach it).
  if (auto witness = zero_witness(q, joint, set)) return {kInf, true, *witness};
  const bool independent = alpha < 0.5;
  const Vector ps = joint.s_marginal();
  std::vector<Row> rows(static_cast<std::size_t>(ns));
  for (long s = 0; s < ns; ++s) {
    rows[s].ps = ps(s);
    rows[s].cond = ps(s) > 0 ? joint.conditional_u_given_s(s) : Vector::Constant(nu, 1.0 / nu);
  }
  // Every (y, s1, s2) is bounded by its independent-projection value (both rows with the whole
  // budget, Theorem 1 radii). Evaluate exactly in decreasing order of that bound and stop when
  // the bound falls below the best exact value, or after `max_exact_pairs` evaluations (then
  // the answer is the larger of the best value and the largest bound left: still an upper bound).
  // Both bounds and worst_pair depend on y only through the row segments Q(y, s, .): they are
  // computed once per distinct segment (SegmentIds; identical bits give identical values).
  const SegmentIds ids(q, ns, nu);
  Matrix h_full(q.rows(), ns), m_full(q.rows(), ns);
  for (long s = 0; s < ns; ++s) {
    const double r = row_radius(alpha, rows[s].ps, budget);
    std::vector<long> first(static_cast<std::size_t>(ids.count(s)), -1);  // id -> first y
    for (long y = 0; y < q.rows(); ++y) {
      long& y0 = first[static_cast<std::size_t>(ids(y, s))];
      if (y0 >= 0) {
        h_full(y, s) = h_full(y0, s);
        m_full(y, s) = m_full(y0, s);
        continue;
      }
      y0 = y;
      const Vector qs = q.row(y).segment(s * nu, nu).transpose();
      h_full(y, s) = ball_support(alpha, rows[s].cond, r, qs);
      m_full(y, s) = -ball_support(alpha, rows[s].cond, r, Vector(-qs));
    }
  }
  struct Candidate {
    double bound;
    long y, s1, s2;
  };
  std::vector<Candidate> cands;
  for (long y = 0; y < q.rows(); ++y)
    for (long s1 = 0; s1 < ns; ++s1)
      for (long s2 = 0; s2 < ns; ++s2)
        if (s1 != s2 && h_full(y, s1) > 0)
          cands.push_back({metrics::log_ratio(h_full(y, s1), m_full(y, s2)), y, s1, s2});
  std::sort(cands.begin(), cands.end(), [](const Candidate& a, const Candidate& b) { return a.bound > b.bound; });
  RobustEpsilon out{0.0, !independent, {}};
  long best_s1 = -1, best_s2 = -1;
  PairResult best;
  long evaluated = 0;
  std::map<std::tuple<long, long, long, long>, PairResult> pairs_done;  // (s1, s2, segment ids)
  if (independent) {
    if (!cands.empty()) out.value = std::max(0.0, cands.front().bound);
    return out;
  }
  for (const Candidate& c : cands) {
    if (c.bound <= out.value) break;
    if (evaluated >= max_exact_pairs) {
      out.value = std::max(out.value, c.bound);
      out.exact = false;
      break;
    }
    ++evaluated;  // counted as before, so that the cap and the answer do not change
    const auto key = std::make_tuple(c.s1, c.s2, ids(c.y, c.s1), ids(c.y, c.s2));
    auto hit = pairs_done.find(key);
    if (hit == pairs_done.end())
      hit = pairs_done
                .emplace(key, worst_pair(alpha, budget, rows[c.s1], rows[c.s2],
                                         q.row(c.y).segment(c.s1 * nu, nu).transpose(),
                                         q.row(c.y).segment(c.s2 * nu, nu).transpose()))
                .first;
    const PairResult& r = hit->second;
    if (r.value > out.value) {
      out.value = r.value;
      best = r;
      best_s1 = c.s1;
      best_s2 = c.s2;
    }
  }
  if (best_s1 >= 0 && out.exact) {
    // The witness: rows s1, s2 replaced, S-marginal P_s ~ P-hat_s e^{(alpha-1) D_s / alpha}.
    Matrix cond(ns, nu);
    Vector weight(ns);
    for (long s = 0; s < ns; ++s) {
      Vector r = rows[s].cond;
      if (s == best_s1) r = best.r1;
      if (s == best_s2) r = best.r2;
      cond.row(s) = r.transpose();
      // an unseen s (P-hat_s = 0) has a free conditional and keeps a tiny weight
      const double d = ps(s) > 0 ? renyi_divergence(alpha, rows[s].cond, r) : 0.0;
      weight(s) = std::max(ps(s), 1e-12) * std::exp((alpha - 1.0) * d / alpha);
    }
    weight /= weight.sum();
    out.witness = weight.asDiagonal() * cond;
  }
  return out;
}
}  // namespace

/**
 * Proposition 3's maximiser as a distribution: the (y, (s,u), (s',u')) of the largest
 * Q(y,(s,u)) / Q(y,(s',u')) with s != s', and P with P_s uniform, row s a point mass on u and
 * row s' one on u' (the other rows uniform). Under it P(y|s) / P(y|s') is that ratio.
 * The pair is the first, in (y, x1, x2) order, whose log_ratio is the largest (ties included),
 * as a scan of every pair finds it; that scan took (|S||U|)^2 |Y| logarithms (4 million for
 * |S||U| = 256, |Y| = 64: most of the request's time, natively and in WebAssembly, issue 29).
 * log_ratio(a, b) cannot fall as a grows or rise as b grows, so for each (y, x1) the best
 * partner is the smallest Q(y, x2) outside x1's group: `bound` = log_ratio(a, that minimum) is
 * a pair's value and, up to the logarithm's rounding (< 1 ulp), no pair of that (y, x1) exceeds
 * it. The (y, x1) whose bound falls short of the largest bound by more than that rounding can
 * hold no pair of the largest value and are skipped; the others are scanned as before.
 */
Matrix simplex_witness(const Matrix& q, long ns, long nu) {
  const long n = ns * nu;
  // Per row y and group s: the smallest entry; the smallest outside group s is the smaller of
  // the two smallest group minima that is not s's own.
  Matrix bound(q.rows(), n);
  std::vector<double> gmin(static_cast<std::size_t>(ns));
  double top = -kInf;
  for (long y = 0; y < q.rows(); ++y) {
    std::fill(gmin.begin(), gmin.end(), kInf);
    for (long x = 0; x < n; ++x) gmin[x / nu] = std::min(gmin[x / nu], q(y, x));
    long arg1 = -1;
    double min1 = kInf, min2 = kInf;
    for (long s = 0; s < ns; ++s) {
      if (gmin[s] < min1) {
        min2 = min1, min1 = gmin[s], arg1 = s;
      } else if (gmin[s] < min2) {
        min2 = gmin[s];
      }
    }
    for (long x1 = 0; x1 < n; ++x1) {
      const double partner = x1 / nu == arg1 ? min2 : min1;
      // No partner (|S| = 1): no pair, as a scan would find none.
      bound(y, x1) = partner < kInf ? metrics::log_ratio(q(y, x1), partner) : -kInf;
      top = std::max(top, bound(y, x1));
    }
  }
  // |value| <= 745 (the logarithm of a double ratio): 1e-12 (1 + |top|) is far above the few
  // ulps by which a rounded logarithm could break monotonicity.
  const double cut = std::isinf(top) ? top : top - 1e-12 * (1 + std::abs(top));
  double best = -kInf;
  long bs = 0, bu = 0, bs2 = std::min<long>(1, ns - 1), bu2 = 0;
  std::vector<double> row(static_cast<std::size_t>(n));  // q(y, .), contiguous (q is column-major)
  for (long y = 0; y < q.rows(); ++y) {
    bool copied = false;
    for (long s1 = 0; s1 < ns; ++s1)
      for (long u1 = 0; u1 < nu; ++u1) {
        const long x1 = s1 * nu + u1;
        if (top == -kInf || bound(y, x1) < cut) continue;  // no pair of this (y, x1) can be the largest
        if (!copied) Eigen::Map<Vector>(row.data(), n) = q.row(y).transpose(), copied = true;
        // Rows of standard mechanisms repeat a few values (SRR: two): the logarithm of the last
        // distinct entry is reused, the same value the call would return. x2 runs in increasing
        // order outside s1's group, as the scan always has (the first of tied maxima is kept).
        double last_q2 = std::numeric_limits<double>::quiet_NaN(), last_r = 0;
        for (long s2 = 0; s2 < ns; ++s2) {
          if (s2 == s1) continue;
          for (long u2 = 0; u2 < nu; ++u2) {
            const double q2 = row[static_cast<std::size_t>(s2 * nu + u2)];
            if (!(q2 == last_q2)) last_q2 = q2, last_r = metrics::log_ratio(row[static_cast<std::size_t>(x1)], q2);
            if (last_r > best) best = last_r, bs = s1, bu = u1, bs2 = s2, bu2 = u2;
          }
        }
      }
  }
  Matrix p = Matrix::Constant(ns, nu, 1.0 / static_cast<double>(ns * nu));
  p.row(bs).setZero();
  p(bs, bu) = 1.0 / static_cast<double>(ns);
  p.row(bs2).setZero();
  p(bs2, bu2) = 1.0 / static_cast<double>(ns);
  return p;
}

WitnessPair locate_worst_pair(const Matrix& q, const Matrix& p) {
  const long ns = p.rows(), nu = p.cols();
  WitnessPair best;
  Matrix given(q.rows(), ns);  // P(y|s)
  const Vector ps = p.rowwise().sum();
  for (long s = 0; s < ns; ++s)
    for (long y = 0; y < q.rows(); ++y)
      given(y, s) = ps(s) > 0 ? q.row(y).segment(s * nu, nu).dot(p.row(s)) / ps(s) : 0.0;
  for (long y = 0; y < q.rows(); ++y)
    for (long s1 = 0; s1 < ns; ++s1)
      for (long s2 = 0; s2 < ns; ++s2) {
        if (s1 == s2 || !(ps(s1) > 0) || !(ps(s2) > 0)) continue;
        const double r = metrics::log_ratio(given(y, s1), given(y, s2));
        if (r > best.value) best = {y, s1, s2, r};
      }
  return best;
}

RobustEpsilon robust_epsilon(const Matrix& q, const JointDistribution& joint, const UncertaintySet& set,
                             long max_exact_pairs) {
  RobustEpsilon out = robust_value(q, joint, set, max_exact_pairs);
  if (!out.exact || out.witness.size() == 0) {
    out.witness.resize(0, 0);
    return out;
  }
  const WitnessPair pair = locate_worst_pair(q, out.witness);
  // A witness must recompute the value by itself; a search's maximiser whose weight on a row
  // underflowed to 0 (a limit point of F) does not, and is not reported.
  const bool reproduces =
      std::isinf(out.value) ? std::isinf(pair.value) : std::abs(pair.value - out.value) <= 1e-6 * (1 + out.value);
  if (pair.y < 0 || !reproduces) {
    out.witness.resize(0, 0);
    return out;
  }
  out.y = pair.y;
  out.s = pair.s;
  out.s_prime = pair.s_prime;
  return out;
}

}  // namespace privlab::rldp
