/**
 * @file column_bound.cpp
 * @brief Weak-duality bound on (46): lambda + delta P-hat made dual feasible on a block relaxation
 *        of Gamma (column_bound.h).
 */
#include "rldp/column_bound.h"

#include "rldp/block_pricing.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace privlab::rldp {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kIntervals = 4;    ///< intervals of ell per piece [0, e^-eps], [e^-eps, 1]
constexpr int kGammaSteps = 60;  ///< golden-section steps of the gamma search
constexpr double kPhi = 0.6180339887498949;

/// P v ln v (0 at v = 0).
double plogp(double p, double v) { return p > 0 && v > 0 ? p * v * std::log(v) : 0.0; }

/// Golden-section minimum of a convex function on [lo, hi] (returns the least value met).
template <class F>
double golden_min(F f, double lo, double hi, int steps) {
  double a = lo, b = hi, best = std::min(f(lo), f(hi));
  double x1 = b - kPhi * (b - a), x2 = a + kPhi * (b - a), f1 = f(x1), f2 = f(x2);
  for (int i = 0; i < steps; ++i) {
    best = std::min({best, f1, f2});
    if (f1 <= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - kPhi * (b - a);
      f1 = f(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + kPhi * (b - a);
      f2 = f(x2);
    }
  }
  return std::min({best, f1, f2});
}

/// One block s of prod_s B_s: max over B_s of F_s(v) = sum_u P_{s,u} v_u ln v_u - kappa_u v_u,
/// with everything that does not depend on kappa precomputed.
struct Block {
  long s = 0;
  enum class Kind { kFree, kPoint, kBox, kVertices } kind = Kind::kBox;
  Matrix verts;  ///< kVertices: every vertex of B_s (block_pricing.h), with P v ln v in va
  Vector va;
  Vector p, lower;
  // kPoint (c_s = 0): vertices t e_u / L_u, t in {e^-eps, 1}: v and P v ln v per (u, t).
  std::vector<int> pu;
  std::vector<double> pv, pa;
  bool unbounded = false;  ///< a recession direction on which F grows superlinearly
  // kBox: per ell end point, the lo and hi of every v_u and P v ln v there.
  std::vector<double> ell;                 ///< 2 kIntervals + 1 end points over [0, 1]
  std::vector<Vector> vlo, vhi, alo, ahi;  ///< per end point, per u

  double max(const Vector& kappa) const {
    if (unbounded) return kInf;
    if (kind == Kind::kFree) {
      for (long u = 0; u < kappa.size(); ++u)
        if (kappa(u) < 0) return kInf;
      return 0;
    }
    if (kind == Kind::kVertices) return (va - verts * kappa).maxCoeff();
    if (kind == Kind::kPoint) {
      for (long u = 0; u < p.size(); ++u)
        if (lower(u) <= 0 && kappa(u) < 0) return kInf;  // ray e_u (P_{s,u} = 0 here)
      double best = -kInf;
      for (std::size_t i = 0; i < pu.size(); ++i) best = std::max(best, pa[i] - kappa(pu[i]) * pv[i]);
      return best;
    }
    double best = -kInf;
    for (std::size_t k = 0; k + 1 < ell.size(); ++k) {
      // max over ell in [ell_k, ell_{k+1}] <= min_gamma max over its two ends (convex in ell).
      auto at = [&](double gamma) {
        double m = -kInf;
        for (std::size_t e : {k, k + 1}) {
          double total = -gamma * ell[e];
          for (long u = 0; u < p.size(); ++u) {
            const double slope = gamma * lower(u) - kappa(u);
            total += std::max(alo[e](u) + slope * vlo[e](u), ahi[e](u) + slope * vhi[e](u));
          }
          m = std::max(m, total);
        }
        return m;
      };
      double scale = 1;
      for (long u = 0; u < kappa.size(); ++u) scale = std::max(scale, std::abs(kappa(u)));
      best = std::max(best, std::min(at(0.0), golden_min(at, -1e3 * scale, 1e3 * scale, kGammaSteps)));
    }
    return best;
  }
};

std::vector<Block> make_blocks(const GammaHat& g, const Vector& px) {
  std::vector<Block> blocks;
  const double inv_e = 1.0 / g.e;
  for (long s = 0; s < g.ns; ++s) {
    Block b;
    b.s = s;
    b.p = px.segment(s * g.nu, g.nu);
    b.lower = g.lower.row(s).transpose();
    if (!g.active[static_cast<std::size_t>(s)]) {
      b.kind = Block::Kind::kFree;
      b.unbounded = b.p.maxCoeff() > 0;
    } else if (g.c(s) <= 1e-12) {
      b.kind = Block::Kind::kPoint;
      for (long u = 0; u < g.nu; ++u) {
        if (b.lower(u) <= 0) {
          if (b.p(u) > 0) b.unbounded = true;
          continue;
        }
        for (double t : {inv_e, 1.0}) {
          b.pu.push_back(static_cast<int>(u));
          b.pv.push_back(t / b.lower(u));
          b.pa.push_back(plogp(b.p(u), t / b.lower(u)));
        }
      }
    } else if (bool complete = false; (b.verts = block_vertices(g, s, 20000, complete)), complete) {
      b.kind = Block::Kind::kVertices;
      b.va.resize(b.verts.rows());
      for (long i = 0; i < b.verts.rows(); ++i) {
        double a = 0;
        for (long u = 0; u < g.nu; ++u) a += plogp(b.p(u), b.verts(i, u));
        b.va(i) = a;
      }
    } else {
      b.kind = Block::Kind::kBox;
      for (int k = 0; k <= kIntervals; ++k) b.ell.push_back(inv_e * k / kIntervals);
      for (int k = 1; k <= kIntervals; ++k) b.ell.push_back(inv_e + (1 - inv_e) * k / kIntervals);
      for (double l : b.ell) {
        const double lo = std::max(0.0, (inv_e - l) / g.c(s)), hi = (1 - l) / g.c(s);
        Vector vl = Vector::Constant(g.nu, lo), vh = Vector::Constant(g.nu, hi), al(g.nu), ah(g.nu);
        for (long u = 0; u < g.nu; ++u) {
          al(u) = plogp(b.p(u), lo);
          ah(u) = plogp(b.p(u), hi);
        }
        b.vlo.push_back(vl);
        b.vhi.push_back(vh);
        b.alo.push_back(al);
        b.ahi.push_back(ah);
      }
    }
    blocks.push_back(std::move(b));
  }
  return blocks;
}

}  // namespace

std::optional<double> lp46_upper_bound(const GammaHat& g, const Vector& px, const Vector& lambda) {
  bool same_s_implied = g.same_s_rows;
  if (!same_s_implied) {
    same_s_implied = true;  // NR: c_s = 0, so top_s = bottom_s and the same-s rows are empty
    for (long s = 0; s < g.ns; ++s)
      if (g.active[static_cast<std::size_t>(s)] && g.c(s) > 1e-12) same_s_implied = false;
  }
  if (!same_s_implied) return std::nullopt;
  // lambda' = lambda, raised to 0 on unseen x (any multipliers give a valid bound).
  Vector lam = lambda;
  for (long x = 0; x < lam.size(); ++x)
    if (px(x) <= 0) lam(x) = std::max(lam(x), 0.0);
  const std::vector<Block> blocks = make_blocks(g, px);
  // S(sigma) = sum_s max_{B_s} F_s(lambda' + sigma P): with -T ln T <= e^(beta-1) - beta T and
  // sigma = delta + beta, h <= 0 on Gamma once e^(sigma-delta-1) + S(sigma) <= 0, i.e.
  // delta >= sigma - 1 - ln(-S(sigma)): every sigma with S(sigma) < 0 gives a valid delta.
  const auto delta_at = [&](double sigma) {
    double total = 0;
    for (const Block& b : blocks) {
      const Vector kappa = lam.segment(b.s * g.nu, g.nu) + sigma * b.p;
      total += b.max(kappa);
      if (!(total < kInf)) return kInf;
    }
    return total < 0 ? sigma - 1 - std::log(-total) : kInf;
  };
  double best_sigma = 0, best = kInf;
  for (double sigma = -40; sigma <= 40; sigma += 0.5) {
    const double d = delta_at(sigma);
    if (d < best) {
      best = d;
      best_sigma = sigma;
    }
  }
  if (!(best < kInf)) return std::nullopt;
  best = std::min(best, golden_min(delta_at, best_sigma - 0.5, best_sigma + 0.5, 60));
  // Round-off of the block values (sums of |U| |S| terms of size <= the multipliers').
  const double margin = 1e-12 * (1.0 + lam.cwiseAbs().sum());
  return lam.sum() + best + margin;
}

}  // namespace privlab::rldp
