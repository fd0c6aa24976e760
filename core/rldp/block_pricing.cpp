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
constexpr int kRandomStarts = 16;

double tlogt(double t) { return t > 0 ? t * std::log(t) : 0.0; }

/// The best few choices by ratio, distinct.
struct Best {
  std::size_t k;
  std::vector<std::pair<double, std::vector<int>>> items;
  void offer(double r, const std::vector<int>& idx) {
    for (const auto& it : items)
      if (it.second == idx) return;
    if (items.size() < k) { items.emplace_back(r, idx); return; }
    auto worst = std::min_element(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    if (r > worst->first) *worst = {r, idx};
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
    if (static_cast<long>(out.size()) >= cap) { complete = false; return false; }
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
    if (b.v.rows() == 0) { applies_ = false; return; }
    product *= static_cast<double>(b.v.rows());
    total_ += b.v.rows();
    blocks_.push_back(std::move(b));
  }
  exhaustive_ = complete_all && product <= exhaustive_limit;
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
      if (depth + 1 < nb) { ++depth; continue; }
      const double r = ratio(bs[nb], ts[nb], ns[nb]);
      max_ratio = std::max(max_ratio, r);
      if (r > tolerance) best.offer(r, idx);
    }
  } else {
    // Starts: the Lagrangian choice per block for tangents beta of -T ln T, and seeded random
    // choices; each improved block by block.
    random::Engine rng(static_cast<std::uint64_t>(lambda.size()) * 7919u + calls_++);
    // Large blocks (e.g. 2^16 vertices each): fewer starts, so that a round stays well under a second.
    const bool large = total_ > 100000;
    const int betas = large ? 7 : 19, randoms = large ? 4 : kRandomStarts;
    const double step = 9.0 / (betas - 1);
    for (int start = 0; start < betas + randoms; ++start) {
      const double beta = -6 + step * start;
      for (std::size_t k = 0; k < nb; ++k) {
        Eigen::Index i = 0;
        if (start < betas) (b[k] - beta * blocks_[k].tau).maxCoeff(&i);
        else i = static_cast<Eigen::Index>(random::uniform_index(rng, static_cast<long>(blocks_[k].v.rows())));
        idx[k] = static_cast<int>(i);
      }
      double bsum = 0, t = 0, n = 0;
      for (std::size_t k = 0; k < nb; ++k) { bsum += b[k](idx[k]); t += blocks_[k].tau(idx[k]); n += blocks_[k].n(idx[k]); }
      double r = ratio(bsum, t, n);
      for (int pass = 0; pass < 20; ++pass) {
        bool moved = false;
        for (std::size_t k = 0; k < nb; ++k) {
          const Block& blk = blocks_[k];
          const double b0 = bsum - b[k](idx[k]), t0 = t - blk.tau(idx[k]), n0 = n - blk.n(idx[k]);
          int arg = idx[k];
          double rb = r;
          for (long i = 0; i < blk.v.rows(); ++i) {
            const double ri = ratio(b0 + b[k](i), t0 + blk.tau(i), n0 + blk.n(i));
            if (ri > rb + 1e-15) { rb = ri; arg = static_cast<int>(i); }
          }
          if (arg != idx[k]) {
            idx[k] = arg;
            bsum = b0 + b[k](arg); t = t0 + blk.tau(arg); n = n0 + blk.n(arg);
            r = rb;
            moved = true;
          }
        }
        if (!moved) break;
      }
      if (r > tolerance) best.offer(r, idx);
      // Neighbours: the same choice with one block moved to its best other vertex (many
      // improving columns per round keep the master from crawling through degenerate pivots).
      for (std::size_t k = 0; k < nb; ++k) {
        const Block& blk = blocks_[k];
        const double b0 = bsum - b[k](idx[k]), t0 = t - blk.tau(idx[k]), n0 = n - blk.n(idx[k]);
        int arg = -1;
        double rb = tolerance;
        for (long i = 0; i < blk.v.rows(); ++i) {
          if (i == idx[k]) continue;
          const double ri = ratio(b0 + b[k](i), t0 + blk.tau(i), n0 + blk.n(i));
          if (ri > rb) { rb = ri; arg = static_cast<int>(i); }
        }
        if (arg < 0) continue;
        std::vector<int> other = idx;
        other[k] = arg;
        best.offer(rb, other);
      }
    }
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

}  // namespace privlab::rldp
