/**
 * @file block_pricing.cpp
 * @brief Vertices of the blocks B_s of Gamma and pricing over choices of one vertex per block
 *        (block_pricing.h).
 */
#include "rldp/block_pricing.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/random.h"

namespace privlab::rldp {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kRandomStarts = 4;
constexpr double kPhi = 0.6180339887498949;
constexpr std::size_t kExactStarts = 4;  ///< starts improved by the exact block-by-block pass

double tlogt(double t) { return t > 0 ? t * std::log(t) : 0.0; }

/// The best few choices by ratio, distinct.
struct Best {
  std::size_t k;
  std::vector<std::pair<double, std::vector<int>>> items;
  /// Once k are kept, the least kept ratio: an offer at or below it cannot enter, and leaves
  /// before the O(k |S|) duplicate scan (exhaustive pricing offers every choice above the
  /// tolerance: the scan was 63 % of rldp/nr column generation at |X| = 30 natively, 79 % in WASM).
  double least = -kInf;
  void offer(double r, const std::vector<int>& idx) {
    if (items.size() >= k && !(r > least)) return;
    for (const auto& it : items)
      if (it.second == idx) return;
    const auto by_ratio = [](const auto& a, const auto& b) { return a.first < b.first; };
    if (items.size() < k)
      items.emplace_back(r, idx);
    else
      *std::min_element(items.begin(), items.end(), by_ratio) = {r, idx};
    if (items.size() >= k) least = std::min_element(items.begin(), items.end(), by_ratio)->first;
  }
};
}  // namespace

Matrix block_vertices(const GammaHat& g, long s, long cap, bool& complete) {
  const long nu = g.nu;
  const double inv_e = 1.0 / g.e, c = g.c(s);
  const Vector lower = g.lower.row(s).transpose();
  std::vector<Vector> out;
  complete = true;
  const auto push = [&](const Vector& v) {
    if (static_cast<long>(out.size()) >= cap) {
      complete = false;
      return false;
    }
    out.push_back(v.cwiseMax(0.0));
    return true;
  };
  if (!g.active[static_cast<std::size_t>(s)]) {
    push(Vector::Zero(nu));
  } else if (c <= 1e-12) {
    for (long u = 0; u < nu; ++u)  // NR: top = bottom = L.v in [1/E, 1]
      if (lower(u) > 0)
        for (double t : {inv_e, 1.0}) push(Vector::Unit(nu, u) * (t / lower(u)));
  } else if (nu > 24) {
    complete = false;
  } else {
    const unsigned long full = (1UL << nu) - 1;
    for (unsigned long mask = 0; mask <= full && complete; ++mask) {
      Vector w(nu);
      double lh = 0;
      for (long u = 0; u < nu; ++u) {
        const bool in = (mask >> u) & 1UL;
        w(u) = in ? 1.0 : inv_e;
        if (in) lh += lower(u);
      }
      const double ell_a = lower.dot(w);  // (a): corners of the A.v box
      if (mask == full || ell_a <= inv_e) push((w.array() - ell_a).matrix() / c);
      if (mask != 0 && mask != full) {  // (b): v in {0, (1 - ell)/c}
        const double ell_b = lh / (c + lh);
        if (ell_b > inv_e) {
          Vector v = Vector::Zero(nu);
          for (long u = 0; u < nu; ++u)
            if ((mask >> u) & 1UL) v(u) = (1 - ell_b) / c;
          push(v);
        }
      }
    }
    const double hi = (1 - inv_e) / c;  // (c): ell = 1/E, one coordinate in between
    for (long u0 = 0; u0 < nu && complete; ++u0) {
      if (lower(u0) <= 0) continue;
      for (unsigned long mask = 0; mask <= full && complete; ++mask) {
        if ((mask >> u0) & 1UL) continue;
        const unsigned long zeros = full & ~mask & ~(1UL << u0);
        if (zeros == 0) continue;
        double lh = 0;
        for (long u = 0; u < nu; ++u)
          if ((mask >> u) & 1UL) lh += lower(u);
        const double val = (inv_e - lh * hi) / lower(u0);
        if (!(val > 0 && val < hi)) continue;
        Vector v = Vector::Zero(nu);
        for (long u = 0; u < nu; ++u)
          if ((mask >> u) & 1UL) v(u) = hi;
        v(u0) = val;
        push(v);
      }
    }
  }
  Matrix m(static_cast<long>(out.size()), nu);
  for (std::size_t i = 0; i < out.size(); ++i) m.row(static_cast<long>(i)) = out[i].transpose();
  return m;
}

BlockPricing::BlockPricing(const GammaHat& g, const Vector& px, long cap, double exhaustive_limit)
    : g_(&g), px_(px), free_x_(Vector::Zero(g.num_x())) {
  applies_ = g.same_s_rows;
  if (!applies_) {  // NR: c_s = 0 makes the same-s rows empty
    applies_ = true;
    for (long s = 0; s < g.ns; ++s)
      if (g.active[static_cast<std::size_t>(s)] && g.c(s) > 1e-12) applies_ = false;
  }
  if (!applies_) return;
  double product = 1;
  bool complete_all = true;
  for (long s = 0; s < g.ns; ++s) {
    Block b;
    b.s = s;
    bool complete = true;
    b.v = block_vertices(g, s, cap, complete);
    complete_all = complete_all && complete;
    const bool active = g.active[static_cast<std::size_t>(s)];
    for (long u = 0; u < g.nu; ++u)  // rays of Gamma: unit vectors no row constrains
      if (!active || (g.c(s) <= 1e-12 && g.lower(s, u) <= 0)) free_x_(s * g.nu + u) = 1;
    const Vector p = px.segment(s * g.nu, g.nu);
    b.a.resize(b.v.rows());
    for (long i = 0; i < b.v.rows(); ++i) {
      double a = 0;
      for (long u = 0; u < g.nu; ++u)
        if (p(u) > 0 && b.v(i, u) > 0) a += p(u) * b.v(i, u) * std::log(b.v(i, u));
      b.a(i) = a;
    }
    b.tau = b.v * p;
    b.n = b.v.rowwise().sum();
    if (b.v.rows() == 0) {
      applies_ = false;
      return;
    }
    product *= static_cast<double>(b.v.rows());
    total_ += b.v.rows();
    blocks_.push_back(std::move(b));
  }
  complete_ = complete_all;
  exhaustive_ = complete_all && product <= exhaustive_limit;
}

void BlockPricing::improve_exactly(const std::vector<Vector>& b, std::vector<int>& idx, double& bsum, double& t,
                                   double& n, double& r) const {
  const auto ratio = [](double bs, double tt, double nn) { return nn > 0 ? (bs - tlogt(tt)) / nn : -kInf; };
  for (int pass = 0; pass < 2; ++pass) {  // block by block on the exact ratio
    bool moved = false;
    for (std::size_t k = 0; k < blocks_.size(); ++k) {
      const Block& blk = blocks_[k];
      const double b0 = bsum - b[k](idx[k]), t0 = t - blk.tau(idx[k]), n0 = n - blk.n(idx[k]);
      int arg = idx[k];
      double rb = r;
      for (long i = 0; i < blk.v.rows(); ++i) {
        const double ri = ratio(b0 + b[k](i), t0 + blk.tau(i), n0 + blk.n(i));
        if (ri > rb + 1e-15) {
          rb = ri;
          arg = static_cast<int>(i);
        }
      }
      if (arg != idx[k]) {
        idx[k] = arg;
        bsum = b0 + b[k](arg);
        t = t0 + blk.tau(arg);
        n = n0 + blk.n(arg);
        r = rb;
        moved = true;
      }
    }
    if (!moved) break;
  }
}

BlockPricing::Found BlockPricing::price(const Vector& lambda, double tolerance, std::size_t max_columns) const {
  Found found;
  const long nu = g_->nu;
  std::vector<Vector> b(blocks_.size());
  for (std::size_t k = 0; k < blocks_.size(); ++k)
    b[k] = blocks_[k].a - blocks_[k].v * lambda.segment(blocks_[k].s * nu, nu);
  const auto ratio = [](double bsum, double t, double n) { return n > 0 ? (bsum - tlogt(t)) / n : -kInf; };
  Best best{max_columns, {}};
  double max_ratio = -kInf;
  const std::size_t nb = blocks_.size();
  std::vector<int> idx(nb, 0);
  if (exhaustive_) {
    // Every choice, depth first with running sums.
    std::vector<double> bs(nb + 1, 0), ts(nb + 1, 0), ns(nb + 1, 0);
    std::size_t depth = 0;
    idx.assign(nb, -1);
    while (true) {
      if (++idx[depth] >= static_cast<int>(blocks_[depth].v.rows())) {
        idx[depth] = -1;
        if (depth == 0) break;
        --depth;
        continue;
      }
      const int i = idx[depth];
      bs[depth + 1] = bs[depth] + b[depth](i);
      ts[depth + 1] = ts[depth] + blocks_[depth].tau(i);
      ns[depth + 1] = ns[depth] + blocks_[depth].n(i);
      if (depth + 1 < nb) {
        ++depth;
        continue;
      }
      const double r = ratio(bs[nb], ts[nb], ns[nb]);
      max_ratio = std::max(max_ratio, r);
      if (r > tolerance) best.offer(r, idx);
    }
  } else {
    // Starts: the previous rounds' best choices, the Lagrangian choice per block for tangents
    // beta of -T ln T and ratios r (argmax of b - beta tau - r n, Dinkelbach), and seeded random
    // choices. Each is improved by the linearised ascent (vertex to vertex: re-linearise at the
    // new choice while the exact ratio rises); the best kExactStarts then by block-by-block
    // passes on the exact ratio.
    random::Engine rng(static_cast<std::uint64_t>(lambda.size()) * 7919u + calls_++);
    const auto linear_choice = [&](double beta, double rr, std::vector<int>& out) {
      for (std::size_t k = 0; k < nb; ++k) {
        Eigen::Index i = 0;
        (b[k] - beta * blocks_[k].tau - rr * blocks_[k].n).maxCoeff(&i);
        out[k] = static_cast<int>(i);
      }
    };
    const auto totals = [&](const std::vector<int>& c, double& bsum, double& t, double& n) {
      bsum = t = n = 0;
      for (std::size_t k = 0; k < nb; ++k) {
        bsum += b[k](c[k]);
        t += blocks_[k].tau(c[k]);
        n += blocks_[k].n(c[k]);
      }
    };
    std::vector<std::vector<int>> starts = memory_;
    const int betas = 13;
    double met = 0;  // the best ratio of the r = 0 starts: the Dinkelbach r of the second set
    for (int pass = 0; pass < 2; ++pass) {
      for (int j = 0; j < betas; ++j) {
        std::vector<int> c(nb);
        linear_choice(-6 + 9.0 * j / (betas - 1), pass == 0 ? 0.0 : met, c);
        double bsum, t, n;
        totals(c, bsum, t, n);
        met = std::max(met, ratio(bsum, t, n));
        starts.push_back(std::move(c));
      }
    }
    for (int j = 0; j < kRandomStarts; ++j) {
      std::vector<int> c(nb);
      for (std::size_t k = 0; k < nb; ++k)
        c[k] = static_cast<int>(random::uniform_index(rng, static_cast<long>(blocks_[k].v.rows())));
      starts.push_back(c);
    }
    // Linearised ascent from every start, then the exact pass from the best few distinct ones.
    struct Met {
      double r, bsum, t, n;
      std::vector<int> c;
    };
    std::vector<Met> ends;
    for (std::vector<int>& c : starts) {
      double bsum, t, n;
      totals(c, bsum, t, n);
      double r = ratio(bsum, t, n);
      for (int it = 0; it < 12; ++it) {  // re-linearise at the new choice (Dinkelbach on the tangent)
        std::vector<int> next(nb);
        linear_choice(std::log(std::max(t, 1e-300)) + 1, r, next);
        if (next == c) break;
        double b2, t2, n2;
        totals(next, b2, t2, n2);
        const double r2 = ratio(b2, t2, n2);
        if (!(r2 > r + 1e-15)) break;
        c = next;
        bsum = b2;
        t = t2;
        n = n2;
        r = r2;
      }
      bool dup = false;
      for (const Met& m : ends) dup = dup || m.c == c;
      if (!dup) ends.push_back({r, bsum, t, n, c});
    }
    std::sort(ends.begin(), ends.end(), [](const Met& x, const Met& y) { return x.r > y.r; });
    for (std::size_t j = 0; j < ends.size(); ++j) {
      Met& m = ends[j];
      if (j < kExactStarts) improve_exactly(b, m.c, m.bsum, m.t, m.n, m.r);
      if (m.r > tolerance) best.offer(m.r, m.c);
      // Neighbours: the same choice with one block moved to its best other vertex by the
      // linearised score (many improving columns per round keep the master from crawling
      // through degenerate pivots).
      const double beta = std::log(std::max(m.t, 1e-300)) + 1;
      for (std::size_t k = 0; k < nb; ++k) {
        const Block& blk = blocks_[k];
        if (blk.v.rows() < 2) continue;
        const double b0 = m.bsum - b[k](m.c[k]), t0 = m.t - blk.tau(m.c[k]), n0 = m.n - blk.n(m.c[k]);
        Vector lin = b[k] - beta * blk.tau - m.r * blk.n;
        lin(m.c[k]) = -kInf;
        Eigen::Index arg = 0;
        lin.maxCoeff(&arg);
        const double ri = ratio(b0 + b[k](arg), t0 + blk.tau(arg), n0 + blk.n(arg));
        if (!(ri > tolerance)) continue;
        std::vector<int> other = m.c;
        other[k] = static_cast<int>(arg);
        best.offer(ri, other);
      }
    }
    memory_.clear();
    for (const auto& item : best.items)
      if (memory_.size() < 8) memory_.push_back(item.second);
  }
  for (const auto& [r, choice] : best.items) {
    Vector v(g_->num_x());
    for (std::size_t k = 0; k < nb; ++k) v.segment(blocks_[k].s * nu, nu) = blocks_[k].v.row(choice[k]).transpose();
    found.columns.push_back(v / v.sum());
  }
  // Rays of Gamma (unit vectors of x no row constrains): reduced cost -lambda_x.
  for (long x = 0; x < free_x_.size(); ++x)
    if (free_x_(x) > 0) {
      max_ratio = std::max(max_ratio, -lambda(x));
      if (-lambda(x) > tolerance) found.columns.push_back(Vector::Unit(g_->num_x(), x));
    }
  if (exhaustive_) found.max_ratio = max_ratio;
  return found;
}

std::optional<double> BlockPricing::ratio_bound(const Vector& lambda, double met) const {
  if (!complete_) return std::nullopt;
  const long nu = g_->nu;
  const std::size_t nb = blocks_.size();
  std::vector<Vector> b(nb);
  double n_lo = 0;  // min over choices of N = 1.v: U falls at least this fast in r
  for (std::size_t k = 0; k < nb; ++k) {
    b[k] = blocks_[k].a - blocks_[k].v * lambda.segment(blocks_[k].s * nu, nu);
    n_lo += blocks_[k].n.minCoeff();
  }
  if (!(n_lo > 0)) return std::nullopt;
  double rays = -kInf;  // rays of Gamma: ratio -lambda_x
  for (long x = 0; x < free_x_.size(); ++x)
    if (free_x_(x) > 0) rays = std::max(rays, -lambda(x));
  // U(beta, r) = e^(beta-1) + sum_s max_i (b_i - beta tau_i - r n_i) bounds B - T ln T - r N
  // (tangent of -T ln T); U <= 0 proves every choice's ratio <= r. r*(beta) by Newton from
  // below (U is convex, piecewise linear and decreasing in r), then certified by one step of
  // slope n_lo; beta by golden section (r* is convex in beta).
  const auto u_at = [&](double beta, double r, double& n_arg) {
    double total = std::exp(beta - 1);
    n_arg = 0;
    for (std::size_t k = 0; k < nb; ++k) {
      Eigen::Index i = 0;
      total += (b[k] - beta * blocks_[k].tau - r * blocks_[k].n).maxCoeff(&i);
      n_arg += blocks_[k].n(i);
    }
    return total;
  };
  const auto r_star = [&](double beta) {
    double r = met, n_arg = 0, u = u_at(beta, r, n_arg);
    for (int it = 0; it < 30 && u > 0; ++it) {
      const double next = r + u / n_arg;
      if (!(next > r)) break;
      r = next;
      u = u_at(beta, r, n_arg);
    }
    if (u > 0) r += u / n_lo;  // certified: U(beta, r) <= U(before) - n_lo * step <= 0
    return r;
  };
  double lo = -10, hi = 12, best = std::min(r_star(lo), r_star(hi));
  double x1 = hi - kPhi * (hi - lo), x2 = lo + kPhi * (hi - lo), f1 = r_star(x1), f2 = r_star(x2);
  for (int i = 0; i < 28; ++i) {
    best = std::min({best, f1, f2});
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - kPhi * (hi - lo);
      f1 = r_star(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + kPhi * (hi - lo);
      f2 = r_star(x2);
    }
  }
  best = std::min({best, f1, f2});
  // Round-off of the sums (|X| terms of the size of lambda and P v ln v).
  const double margin = 1e-12 * (1.0 + lambda.cwiseAbs().maxCoeff()) * static_cast<double>(lambda.size());
  return std::max(best + margin, rays);
}

std::optional<double> BlockPricing::dual_bound(const Vector& pi, double met) const {
  const auto r_ub = ratio_bound(pi, met);
  if (!r_ub) return std::nullopt;
  const long nu = g_->nu;
  const std::size_t nb = blocks_.size();
  const double nx = static_cast<double>(pi.size());
  std::vector<Vector> b(nb);
  for (std::size_t k = 0; k < nb; ++k) b[k] = blocks_[k].a - blocks_[k].v * pi.segment(blocks_[k].s * nu, nu);
  double rays = -kInf;
  for (long x = 0; x < free_x_.size(); ++x)
    if (free_x_(x) > 0) rays = std::max(rays, -pi(x));
  // lambda' = pi + delta P-hat + rho 1 is dual feasible for (46) once B - T ln T - delta T - rho N
  // <= 0 for every choice; with -T ln T <= e^(beta-1) - beta T and sigma = beta + delta that holds
  // when e^(beta-1) + G(sigma, rho) <= 0, G = sum_s max_i (b_i - sigma tau_i - rho n_i): the least
  // beta gives delta = sigma - 1 - ln(-G), so 1.lambda' = 1.pi + F(sigma, rho) with F below
  // (jointly convex). Rays of Gamma (P-hat_x = 0) need rho >= -pi_x.
  const auto f_at = [&](double sigma, double rho) {
    if (rho < rays) return kInf;
    double g = 0;
    for (std::size_t k = 0; k < nb; ++k) g += (b[k] - sigma * blocks_[k].tau - rho * blocks_[k].n).maxCoeff();
    return g < 0 ? nx * rho + sigma - 1 - std::log(-g) : kInf;
  };
  // Golden section of a convex function that is +infinity left of its domain.
  const auto golden = [](auto f, double lo, double hi, int steps, double& arg) {
    double x1 = hi - kPhi * (hi - lo), x2 = lo + kPhi * (hi - lo), f1 = f(x1), f2 = f(x2);
    double best = std::min(f1, f2);
    arg = f1 <= f2 ? x1 : x2;
    for (int i = 0; i < steps; ++i) {
      if (f1 <= f2 && f1 < kInf) {
        hi = x2;
        x2 = x1;
        f2 = f1;
        x1 = hi - kPhi * (hi - lo);
        f1 = f(x1);
      } else {
        lo = x1;
        x1 = x2;
        f1 = f2;
        x2 = lo + kPhi * (hi - lo);
        f2 = f(x2);
      }
      if (f1 < best) {
        best = f1;
        arg = x1;
      }
      if (f2 < best) {
        best = f2;
        arg = x2;
      }
    }
    return best;
  };
  const auto inner = [&](double rho) {
    double arg = 0;
    return golden([&](double sigma) { return f_at(sigma, rho); }, -30, 40, 28, arg);
  };
  double rho_arg = *r_ub;
  const double best = std::min(nx * *r_ub, golden(inner, *r_ub - 1, *r_ub + 0.25, 16, rho_arg));
  // Round-off of the sums (|X| terms of the size of pi and P v ln v).
  const double margin = 1e-12 * (1.0 + pi.cwiseAbs().maxCoeff()) * nx * 4;
  return pi.sum() + best + margin;
}

}  // namespace privlab::rldp
